package org.rhcc.actors.sender;

import java.util.concurrent.CompletableFuture;

import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;
import org.agrona.concurrent.OneToOneConcurrentArrayQueue;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.journal.WriteAheadMark;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.core.sender.QpStateTable;
import org.rhcc.core.sender.ReceivableRateController;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.RateUpdate;

/**
 * A sender host's state for one session on this node, owned by its {@link RateUpdaterActor} actor and kept outside the
 * thread that runs it: the QP blocks its sender entities handed over (each with its live {@code QpStateTable}, open
 * window and batch queue), the control queue through which entities register, unregister and flush blocks, the queue
 * of blocks with batches waiting, the current journal window and the counters. A {@link RateUpdaterAgent} runs it; a
 * crashed agent is replaced by a new agent over the same state, so no QP state, queued control action or count is
 * lost or copied.
 * <p>
 * Every block's controller hands its decisions to this state as its rate limiter, which passes them to the agent that
 * currently runs the state, and notes which limit bound each ({@link QpLimits}). Every
 * {@link ReceivableRateSampler#SAMPLE_EVERY_ACKS}-th ACK also samples the R_rev of the next QP of a sweep over the
 * registered blocks into the state's {@link ReceivableRateSampler}, read by the metrics endpoint.
 * <p>
 * <b>Note:</b> the blocks, the window and the decisions are touched by the running agent's thread only (or by the actor
 * while no agent runs); {@link #execute}, {@link #register}, {@link #unregister} and {@link #flush} may be called from
 * any thread.
 */
public final class SenderHostState implements RateLimiter, QpBlockSlot.SlotListener
{
    private static final int CONTROL_DRAIN_LIMIT = 64;

    private final long sessionId;
    private final int controllerId;
    private final int blockShift;
    private final int blockMask;
    private final long intervalNs;
    private final QpBlockSlot[] blocks;
    private final ManyToOneConcurrentArrayQueue<Runnable> control = new ManyToOneConcurrentArrayQueue<>(4096);
    private final OneToOneConcurrentArrayQueue<QpBlockSlot> pendingSlots;
    private final AgentCounters.RateUpdater counters;
    /**
     * Per-ACK counts kept here and stored to {@code counters.acksSeen}, {@code delaySumNs} and {@code delaySamples},
     * whose one writer this is: a store per ACK instead of a read and a store.
     */
    private long acksSeen;
    private long delaySumNs;
    private long delaySamples;
    private final WriteAheadMark mark;
    private final QpLimits limits;
    private final ReceivableRateSampler rrevSampler = new ReceivableRateSampler();
    private RateLimiter platform;
    private long window = Long.MIN_VALUE;
    private int ackCount;
    private int sweepQp;

    /**
     * @param sessionId    the session.
     * @param controllerId id answered in {@code ClockDone}.
     * @param qpsPerEntity QPs per block, a power of two.
     * @param blockCount   blocks of the session.
     * @param intervalNs   control interval of the journal batches, ns.
     * @param counters     the counters (closed by the owner).
     * @param mark         the session's write-ahead mark, counting every probe ACK before it is decided on (closed by
     *                     the owner; docs/design.md §7, "Durability").
     */
    public SenderHostState(final long sessionId, final int controllerId, final int qpsPerEntity,
        final int blockCount, final long intervalNs, final AgentCounters.RateUpdater counters,
        final WriteAheadMark mark)
    {
        if (qpsPerEntity < 1 || 0 != (qpsPerEntity & (qpsPerEntity - 1)))
        {
            throw new IllegalArgumentException("QPs per entity " + qpsPerEntity + " must be a power of two " +
                "(set rhcc.sender.qps-per-entity to 1024, for instance)");
        }
        this.sessionId = sessionId;
        this.controllerId = controllerId;
        this.blockShift = Integer.numberOfTrailingZeros(qpsPerEntity);
        this.blockMask = qpsPerEntity - 1;
        this.intervalNs = intervalNs;
        this.blocks = new QpBlockSlot[blockCount];
        this.pendingSlots = new OneToOneConcurrentArrayQueue<>(Math.max(16, blockCount * 2));
        this.counters = counters;
        this.mark = mark;
        this.limits = new QpLimits(blockCount * qpsPerEntity, counters);
    }

    /**
     * Hands the state to an agent: from now on the blocks' decisions reach the platform through it. Only while no
     * other agent runs the state (before the agent's thread starts).
     *
     * @param platform the agent's rate limiter, with the host's QP numbers.
     */
    void attach(final RateLimiter platform)
    {
        this.platform = platform;
    }

    /**
     * Runs a control action on the running agent's thread at its next duty cycle.
     *
     * @param action to run (control path: may allocate).
     * @throws IllegalStateException if the control queue is full.
     */
    public void execute(final Runnable action)
    {
        if (!control.offer(action))
        {
            throw new IllegalStateException("rate-updater control queue is full");
        }
    }

    /**
     * Runs up to a duty cycle's worth of queued control actions (agent thread).
     *
     * @return actions run.
     */
    int runControl()
    {
        return control.drain(Runnable::run, CONTROL_DRAIN_LIMIT);
    }

    /**
     * Runs every queued control action on the calling thread, while no agent runs the state (registrations and
     * flushes that raced with a crash), so that no entity waits on an agent that will not run again.
     *
     * @return actions run.
     */
    public int runPendingControl()
    {
        return control.drain(Runnable::run);
    }

    /**
     * Hands a block to the state (from an entity's thread).
     *
     * @param slot the block.
     */
    public void register(final QpBlockSlot slot)
    {
        slot.listener(this);
        execute(() -> blocks[slot.block()] = slot);
    }

    /**
     * Takes a block back, if it is still the registered one.
     *
     * @param slot the block.
     */
    public void unregister(final QpBlockSlot slot)
    {
        execute(() ->
        {
            if (blocks[slot.block()] == slot)
            {
                blocks[slot.block()] = null;
                limits.forget(slot.block() << blockShift, blockMask + 1);
            }
        });
    }

    /**
     * Closes a block's current window and completes a future on the agent's thread, once every earlier control action
     * and every ACK polled before it has been processed.
     *
     * @param slot the block, or null for a barrier only.
     * @return completed on the agent's thread.
     */
    public CompletableFuture<Void> flush(final QpBlockSlot slot)
    {
        final CompletableFuture<Void> done = new CompletableFuture<>();
        execute(() ->
        {
            if (null != slot)
            {
                slot.coalescer().flush();
            }
            done.complete(null);
        });
        return done;
    }

    /**
     * Routes one probe ACK to its block (agent thread).
     *
     * @param ack the ACK, its QP the host's number.
     */
    void onProbeAck(final ProbeAck ack)
    {
        counters.acksSeen.setRelease(++acksSeen);
        mark.signalTaken();
        final int qp = ack.qp();
        final int block = qp >>> blockShift;
        final QpBlockSlot slot = qp >= 0 && block < blocks.length ? blocks[block] : null;
        if (null == slot)
        {
            counters.unroutedAcks.incrementRelease();
            return;
        }
        final double rSendGbps = slot.onProbeAck(qp & blockMask, ack);
        if (rSendGbps > 0.0)
        {
            limits.onDecision(qp, slot.table().rateGbps(qp & blockMask), rSendGbps);
        }
        if (rSendGbps == ReceivableRateController.REJECTED_NEGATIVE_DELAY)
        {
            counters.negativeDelayAcks.incrementRelease();
        }
        else if (rSendGbps == ReceivableRateController.REJECTED_BAD_RATE)
        {
            counters.badRateAcks.incrementRelease();
        }
        else
        {
            // Eq. (2)'s sample, summed for the operator's mean D (rhcc tune --native reads it from /metrics)
            delaySumNs += ack.respSendTsNs() - ack.reqRecvTsNs();
            counters.delaySumNs.setRelease(delaySumNs);
            counters.delaySamples.setRelease(++delaySamples);
        }
        if (0 == (++ackCount & (ReceivableRateSampler.SAMPLE_EVERY_ACKS - 1)))
        {
            sampleNextQp();
        }
    }

    /**
     * Records the R_rev of the sweep's next QP and moves the sweep on: to the next QP of its block, or to the first QP
     * of the next block (wrapping), skipping a block that is not registered in one step.
     */
    private void sampleNextQp()
    {
        final int block = sweepQp >>> blockShift;
        final QpBlockSlot slot = block < blocks.length ? blocks[block] : null;
        int next = (block + 1) << blockShift;
        if (null != slot)
        {
            final int qp = sweepQp & blockMask;
            final QpStateTable table = slot.table();
            if (qp < table.capacityQps())
            {
                rrevSampler.record(table.rateGbps(qp));
                if (qp + 1 < table.capacityQps())
                {
                    next = sweepQp + 1;
                }
            }
        }
        sweepQp = (next >>> blockShift) < blocks.length ? next : 0;
    }

    /**
     * Moves the journal window to the one holding {@code advanceToNs}, closing every block's window when it changes
     * (agent thread).
     *
     * @param advanceToNs the platform's clock, ns.
     */
    void onClock(final long advanceToNs)
    {
        final long w = Math.floorDiv(advanceToNs, intervalNs);
        if (w != window)
        {
            window = w;
            for (final QpBlockSlot slot : blocks)
            {
                if (null != slot)
                {
                    slot.coalescer().onClock(advanceToNs);
                }
            }
        }
    }

    /**
     * The fail-safe: closes every block's window (their entities journal them) and lets go of the blocks, so that the
     * agent that keeps answering the platform's lockstep routes no ACK. Only while no agent runs the state.
     */
    public void releaseBlocks()
    {
        for (int block = 0; block < blocks.length; block++)
        {
            final QpBlockSlot slot = blocks[block];
            if (null != slot)
            {
                slot.coalescer().flush();
                blocks[block] = null;
            }
        }
        limits.clear();
    }

    /**
     * The blocks' rate limiter: passes each decision to the agent running the state.
     * <p>
     * {@inheritDoc}
     */
    public void apply(final RateUpdate update)
    {
        platform.apply(update);
    }

    @Override
    public void onBatchPending(final QpBlockSlot slot)
    {
        pendingSlots.offer(slot);
    }

    @Override
    public void onBatchQueued(final QpBlockSlot slot)
    {
        counters.queuedBatches.incrementRelease();
    }

    @Override
    public void onBatchDropped(final QpBlockSlot slot)
    {
        counters.droppedBatches.incrementRelease();
    }

    /**
     * @param block a block index.
     * @return the block's slot, or null; read only while no agent runs the state, or from the agent's thread.
     */
    QpBlockSlot block(final int block)
    {
        return blocks[block];
    }

    /**
     * @return blocks with batches waiting, drained by the rate updater actor.
     */
    public OneToOneConcurrentArrayQueue<QpBlockSlot> pendingSlots()
    {
        return pendingSlots;
    }

    /**
     * @return the R_rev samples of the host's QPs (read by the metrics endpoint, one reader).
     */
    public ReceivableRateSampler rrevSampler()
    {
        return rrevSampler;
    }

    /**
     * @return the session's write-ahead mark.
     */
    public WriteAheadMark mark()
    {
        return mark;
    }

    public AgentCounters.RateUpdater counters()
    {
        return counters;
    }

    public long sessionId()
    {
        return sessionId;
    }

    /**
     * @return id answered in {@code ClockDone}.
     */
    public int controllerId()
    {
        return controllerId;
    }

    /**
     * @return control interval of the journal batches, ns.
     */
    public long intervalNs()
    {
        return intervalNs;
    }
}
