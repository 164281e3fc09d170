package org.rhcc.actors.context;

import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Whether each data-plane role of a node can take a session: its guardian is registered with the receptionist under
 * every key of the role (so that a platform finds it) and is not ending its sessions for a shutdown. Set by the role
 * guardians ({@code RoleGuardian}), read by the node's readiness endpoint from any thread.
 */
public final class RoleReadiness
{
    private final ConcurrentMap<String, Boolean> accepting = new ConcurrentHashMap<>();

    /**
     * @param role      the role's name.
     * @param accepting true once its guardian is registered, false when it stops taking sessions.
     */
    public void accepting(final String role, final boolean accepting)
    {
        this.accepting.put(role, accepting);
    }

    /**
     * @param role a role's name.
     * @return true if its guardian can take a session now.
     */
    public boolean accepting(final String role)
    {
        return Boolean.TRUE.equals(accepting.get(role));
    }

    /**
     * @param roles roles the node has.
     * @return the first of them whose guardian cannot take a session, or null if all can.
     */
    public String firstNotAccepting(final Collection<String> roles)
    {
        for (final String role : roles)
        {
            if (!accepting(role))
            {
                return role;
            }
        }
        return null;
    }
}
