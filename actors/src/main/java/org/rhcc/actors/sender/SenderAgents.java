package org.rhcc.actors.sender;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The rate-updater agents running on this node, by session: how a sender entity started by sharding on this node
 * finds the agent to hand its block to.
 */
public final class SenderAgents
{
    private final ConcurrentHashMap<Long, RateUpdaterAgent> agents = new ConcurrentHashMap<>();

    /**
     * @param agent a session's agent.
     */
    public void put(final RateUpdaterAgent agent)
    {
        agents.put(agent.sessionId(), agent);
    }

    /**
     * @param agent a session's agent, removed if it is still the registered one.
     */
    public void remove(final RateUpdaterAgent agent)
    {
        agents.remove(agent.sessionId(), agent);
    }

    /**
     * @param sessionId the session.
     * @return its agent on this node, or null.
     */
    public RateUpdaterAgent get(final long sessionId)
    {
        return agents.get(sessionId);
    }
}
