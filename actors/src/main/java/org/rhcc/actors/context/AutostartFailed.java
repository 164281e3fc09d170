package org.rhcc.actors.context;

import org.apache.pekko.actor.CoordinatedShutdown;

/**
 * Why a node shut itself down: the session it opens by itself at start ({@code rhcc.session.autostart}, a real
 * host) failed to open, so the node has nothing to do. The session's role guardian gives it as the reason of the
 * node's shutdown; {@link org.rhcc.actors.node.NodeMain} reports it on one line and exits non-zero.
 *
 * @param role   the role whose session failed.
 * @param reason why, as the session said.
 */
public record AutostartFailed(String role, String reason) implements CoordinatedShutdown.Reason
{
    public String message()
    {
        return "the " + role + "'s configured session (rhcc.session) did not open: " + reason;
    }
}
