package org.rhcc.actors.sender;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The sender hosts' states of the sessions whose rate updater runs on this node, by session: how a sender entity
 * started by sharding on this node finds where to hand its block.
 */
public final class SenderAgents
{
    private final ConcurrentHashMap<Long, SenderHostState> states = new ConcurrentHashMap<>();

    /**
     * @param state a session's sender host state.
     */
    public void put(final SenderHostState state)
    {
        states.put(state.sessionId(), state);
    }

    /**
     * @param state a session's sender host state, removed if it is still the registered one.
     */
    public void remove(final SenderHostState state)
    {
        states.remove(state.sessionId(), state);
    }

    /**
     * @param sessionId the session.
     * @return its sender host state on this node, or null (none, or the host is in the fail-safe).
     */
    public SenderHostState get(final long sessionId)
    {
        return states.get(sessionId);
    }
}
