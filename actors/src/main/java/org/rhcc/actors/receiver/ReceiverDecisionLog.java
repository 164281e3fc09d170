package org.rhcc.actors.receiver;

import org.agrona.concurrent.OneToOneConcurrentArrayQueue;
import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.actors.journal.EcnMarkingChanged;
import org.rhcc.actors.journal.FailSafeEntered;
import org.rhcc.actors.journal.MbaLevelChanged;
import org.rhcc.actors.journal.SessionEvent;
import org.rhcc.core.receiver.MbaLevelSink;
import org.rhcc.transport.counters.CounterAllocator;

/**
 * Hands the receiver's decisions from its agent to its actor: each applied MBA level change, ECN marking change and
 * the fail-safe become a {@link SessionEvent} on a single-producer queue that the actor drains into the journal.
 * Decisions are rare (at most one per step interval), so one small object per decision is allocated; samples that
 * change nothing allocate nothing.
 * <p>
 * <b>Note:</b> producer side called on the agent's thread only.
 */
public final class ReceiverDecisionLog implements MbaLevelSink
{
    private final OneToOneConcurrentArrayQueue<SessionEvent> queue;
    private final AtomicCounter dropped;

    /**
     * A log whose lost decisions only this process counts (replays, benchmarks).
     *
     * @param capacity decisions the queue holds before the actor drains it.
     */
    public ReceiverDecisionLog(final int capacity)
    {
        this(capacity, CounterAllocator.unpublished().allocate(0, "decisions dropped"));
    }

    /**
     * @param capacity decisions the queue holds before the actor drains it.
     * @param dropped  counts decisions lost because the actor fell a whole queue behind (the caller closes it).
     */
    public ReceiverDecisionLog(final int capacity, final AtomicCounter dropped)
    {
        this.queue = new OneToOneConcurrentArrayQueue<>(capacity);
        this.dropped = dropped;
    }

    @Override
    public void onLevelChange(final int group, final int level, final long nowNs)
    {
        offer(new MbaLevelChanged(group, level, nowNs));
    }

    /**
     * @param on    marking on or off.
     * @param nowNs time of the change, ns.
     */
    public void onEcnMarking(final boolean on, final long nowNs)
    {
        offer(new EcnMarkingChanged(on, nowNs));
    }

    /**
     * @param reason why the fail-safe was entered.
     * @param nowNs  time, ns.
     */
    public void onFailSafe(final String reason, final long nowNs)
    {
        offer(new FailSafeEntered(reason, nowNs));
    }

    private void offer(final SessionEvent event)
    {
        if (!queue.offer(event))
        {
            dropped.incrementRelease();
        }
    }

    /**
     * @return the queue the actor drains.
     */
    public OneToOneConcurrentArrayQueue<SessionEvent> queue()
    {
        return queue;
    }

    /**
     * @return decisions lost because the actor fell a whole queue behind.
     */
    public long dropped()
    {
        return dropped.get();
    }
}
