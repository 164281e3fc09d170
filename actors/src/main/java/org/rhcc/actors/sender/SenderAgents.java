package org.rhcc.actors.sender;

import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * The sender hosts' states of the sessions whose rate updater runs on this node, by session: how a sender entity
 * started by sharding on this node finds where to hand its block, and how the metrics endpoint finds their R_rev
 * samples. Once {@link #keepRemoved} is on (a reader of the samples is attached), a removed state is also kept until
 * that reader takes it ({@link #drainRemoved}), so that the samples of a session's last moments are not lost.
 */
public final class SenderAgents
{
    private final ConcurrentHashMap<Long, SenderHostState> states = new ConcurrentHashMap<>();
    private final Queue<SenderHostState> removed = new ConcurrentLinkedQueue<>();
    private volatile boolean keepRemoved;

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
        if (states.remove(state.sessionId(), state) && keepRemoved)
        {
            removed.add(state);
        }
    }

    /**
     * Keeps the states removed from now on until {@link #drainRemoved} takes them.
     */
    public void keepRemoved()
    {
        keepRemoved = true;
    }

    /**
     * @param action given every registered state.
     */
    public void forEach(final Consumer<SenderHostState> action)
    {
        states.values().forEach(action);
    }

    /**
     * @param action given, once, every state removed since the last call (only kept once {@link #keepRemoved} is on).
     */
    public void drainRemoved(final Consumer<SenderHostState> action)
    {
        SenderHostState state;
        while (null != (state = removed.poll()))
        {
            action.accept(state);
        }
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
