package org.rhcc.transport.agent;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import io.aeron.Aeron;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;

/**
 * The agent threads of one node, so that none outlives the node's Aeron client. The agents' counters and streams
 * live in the client's mapping of the media driver's files; when the client closes (the node closes it last, but it
 * also closes itself when its conductor was stalled past the driver's liveness timeout, e.g. after the JVM was
 * paused), an agent still running would touch unmapped memory and bring the JVM down. {@link #closeOn(Aeron)} makes
 * the client stop every running agent before it unmaps anything.
 */
public final class AgentThreads
{
    private final Set<AgentThread> running = ConcurrentHashMap.newKeySet();

    /**
     * Starts an agent on its own thread ({@link AgentThread#start}) as one of this group's.
     *
     * @param agent        to run.
     * @param idleStrategy the agent's own idle strategy.
     * @param onCrash      told the cause of the first exception the agent throws.
     * @return the running agent; closing it removes it from the group.
     */
    public AgentThread start(final Agent agent, final IdleStrategy idleStrategy, final Consumer<Throwable> onCrash)
    {
        final AgentThread thread = AgentThread.start(agent, idleStrategy, onCrash, running::remove);
        running.add(thread);
        return thread;
    }

    /**
     * Stops every agent of the group before the client closes its resources' mappings: the client's close handler,
     * run on its conductor thread after its publications and subscriptions were closed.
     *
     * @param aeron the node's client.
     */
    public void closeOn(final Aeron aeron)
    {
        aeron.addCloseHandler(this::closeAll);
    }

    /**
     * Stops every running agent of the group, joining their threads.
     */
    public void closeAll()
    {
        for (final AgentThread thread : running)
        {
            thread.close();
        }
    }

    /**
     * @return agents running now.
     */
    public int runningCount()
    {
        return running.size();
    }
}
