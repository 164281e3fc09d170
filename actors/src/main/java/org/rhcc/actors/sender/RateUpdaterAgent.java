package org.rhcc.actors.sender;

import java.util.concurrent.CompletableFuture;

import io.aeron.Subscription;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;
import org.agrona.concurrent.OneToOneConcurrentArrayQueue;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.OfferResult;

/**
 * The sender's actuator agent ({@code rate-updater}): polls the node's probe-ACK stream and runs every ACK through
 * the block of its QP (core's Eq. (2)-(4) over the block's {@code QpStateTable}, handed over by its sender entity),
 * publishes every rate decision as a {@code RateUpdate} on the platform's command stream, and answers each
 * {@code ClockAdvance(t)} of its session with {@code ClockDone(t)} after the decisions up to t. Per-ACK work never
 * touches a mailbox; entities register and unregister their blocks through a control queue drained at the start of
 * each duty cycle, and hear about pending batches through a queue their rate updater drains.
 * <p>
 * Its counters ({@link AgentCounters.RateUpdater}) live outside it, in the media driver's counters file on a node, so a
 * successor carries on with the same counts and AeronStat reads them.
 * <p>
 * <b>Note:</b> single-threaded; allocation-free and fence-free per ACK (the counters other threads read are
 * published with ordered stores, not volatile increments).
 */
public final class RateUpdaterAgent implements Agent, MessageListener, RateLimiter, QpBlockSlot.SlotListener
{
    /** Role name of the agent and its thread. */
    public static final String ROLE_NAME = "rate-updater";

    private static final int CONTROL_DRAIN_LIMIT = 64;

    private final Subscription acks;
    private final MessageProxy commands;
    private final long sessionId;
    private final int controllerId;
    private final int blockShift;
    private final int blockMask;
    private final long intervalNs;
    private final int fragmentLimit;
    private final QpBlockSlot[] blocks;
    private final MessageAdapter adapter;
    private final ManyToOneConcurrentArrayQueue<Runnable> control = new ManyToOneConcurrentArrayQueue<>(4096);
    private final OneToOneConcurrentArrayQueue<QpBlockSlot> pendingSlots;
    private final AgentCounters.RateUpdater counters;
    private long window = Long.MIN_VALUE;

    /**
     * @param acks          the node's probe-ACK stream.
     * @param commands      publishes rate updates and lockstep answers to the platform.
     * @param sessionId     the session (lockstep epoch).
     * @param controllerId  id answered in {@code ClockDone}.
     * @param qpsPerEntity  QPs per block, a power of two.
     * @param blockCount    blocks of the session.
     * @param intervalNs    control interval of the journal batches, ns.
     * @param fragmentLimit most frames per duty cycle.
     * @param counters      the agent's counters (the caller closes them).
     */
    public RateUpdaterAgent(final Subscription acks, final MessageProxy commands, final long sessionId,
        final int controllerId, final int qpsPerEntity, final int blockCount, final long intervalNs,
        final int fragmentLimit, final AgentCounters.RateUpdater counters)
    {
        this.counters = counters;
        this.acks = acks;
        this.commands = commands;
        this.sessionId = sessionId;
        this.controllerId = controllerId;
        this.blockShift = Integer.numberOfTrailingZeros(qpsPerEntity);
        this.blockMask = qpsPerEntity - 1;
        this.intervalNs = intervalNs;
        this.fragmentLimit = fragmentLimit;
        this.blocks = new QpBlockSlot[blockCount];
        this.pendingSlots = new OneToOneConcurrentArrayQueue<>(Math.max(16, blockCount * 2));
        this.adapter = new MessageAdapter("probe-acks", this);
    }

    /**
     * The successor of a stopped agent: it polls the same probe-ACK subscription and answers on the same command
     * stream from where its predecessor stopped, with its counters. With {@code adoptBlocks} it takes over every block
     * the predecessor ran, with their live tables, open windows and batch queues, so that no QP state is lost (a
     * restart after a crash); without, it routes no ACK and only answers the platform's lockstep (the fail-safe).
     * Call only after the predecessor's thread has stopped, before starting this one.
     *
     * @param predecessor the stopped agent.
     * @param commands    publishes rate updates and lockstep answers to the platform (a fresh proxy).
     * @param adoptBlocks true to take over the predecessor's blocks.
     * @return the successor, not started.
     */
    public static RateUpdaterAgent successorOf(final RateUpdaterAgent predecessor, final MessageProxy commands,
        final boolean adoptBlocks)
    {
        final RateUpdaterAgent successor = new RateUpdaterAgent(predecessor.acks, commands, predecessor.sessionId,
            predecessor.controllerId, predecessor.blockMask + 1, predecessor.blocks.length, predecessor.intervalNs,
            predecessor.fragmentLimit, predecessor.counters);
        successor.window = predecessor.window;
        for (int block = 0; block < predecessor.blocks.length && adoptBlocks; block++)
        {
            final QpBlockSlot slot = predecessor.blocks[block];
            if (null != slot)
            {
                slot.platform(successor);
                slot.listener(successor);
                successor.blocks[block] = slot;
            }
        }
        if (adoptBlocks)
        {
            successor.adoptControl(predecessor);
        }
        QpBlockSlot pending;
        while (null != (pending = predecessor.pendingSlots.poll()))
        {
            successor.pendingSlots.offer(pending);
        }
        return successor;
    }

    /**
     * Moves the control actions still queued on a stopped predecessor (an entity's registration or flush that raced
     * with the crash) to this agent.
     *
     * @param predecessor the crashed agent (stopped).
     */
    public void adoptControl(final RateUpdaterAgent predecessor)
    {
        Runnable action;
        while (null != (action = predecessor.control.poll()))
        {
            execute(action);
        }
    }

    /**
     * Runs the control actions still queued on this stopped agent on the calling thread (registrations, flushes), so
     * that no entity waits on an agent that will not run again.
     *
     * @return actions run.
     */
    public int runPendingControl()
    {
        return control.drain(Runnable::run);
    }

    /**
     * @param block a block index.
     * @return the block's slot as this agent runs it, or null; read only while the agent is stopped, or from its
     * thread.
     */
    QpBlockSlot block(final int block)
    {
        return blocks[block];
    }

    /**
     * {@inheritDoc}
     */
    public int doWork()
    {
        final int work = control.drain(Runnable::run, CONTROL_DRAIN_LIMIT);
        return work + (null == acks ? 0 : acks.poll(adapter, fragmentLimit));
    }

    /**
     * {@inheritDoc}
     */
    public String roleName()
    {
        return ROLE_NAME;
    }

    /**
     * Runs a control action on the agent's thread at its next duty cycle.
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
     * Hands a block to the agent (from an entity's thread).
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
     * {@inheritDoc}
     */
    public void onProbeAck(
        final int qp, final int reqRecvTs32, final int respSendTs32, final double rccGbps, final long nowNs)
    {
        counters.acksSeen.incrementRelease();
        final int block = qp >>> blockShift;
        final QpBlockSlot slot = qp >= 0 && block < blocks.length ? blocks[block] : null;
        if (null == slot)
        {
            counters.unroutedAcks.incrementRelease();
            return;
        }
        slot.onProbeAck(qp & blockMask, reqRecvTs32, respSendTs32, rccGbps, nowNs);
    }

    /**
     * {@inheritDoc}
     */
    public void onClockAdvance(final long advanceToNs, final long epoch)
    {
        if (epoch != sessionId)
        {
            return;
        }
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
        final long result = commands.clockDone(advanceToNs, epoch, controllerId);
        if (result < 0)
        {
            throw new IllegalStateException("cannot answer ClockAdvance(" + advanceToNs + "): " +
                OfferResult.describe(result));
        }
        counters.lastDoneNs.setRelease(advanceToNs);
    }

    /**
     * The platform's rate limiter: one {@code RateUpdate} frame per decision.
     * <p>
     * {@inheritDoc}
     */
    public void setRate(final int qp, final double rRevGbps, final double rSendGbps, final long nowNs)
    {
        final long result = commands.rateUpdate(qp, rRevGbps, rSendGbps, nowNs);
        if (result < 0)
        {
            counters.failedRateUpdates.incrementRelease();
            throw new RateRefusedException(qp, result);
        }
    }

    /**
     * {@inheritDoc}
     */
    public void onBatchPending(final QpBlockSlot slot)
    {
        pendingSlots.offer(slot);
    }

    /**
     * @return blocks with batches waiting, drained by the rate updater actor.
     */
    public OneToOneConcurrentArrayQueue<QpBlockSlot> pendingSlots()
    {
        return pendingSlots;
    }

    /**
     * @return probe ACKs processed so far.
     */
    public long acksSeen()
    {
        return counters.acksSeen.get();
    }

    /**
     * @return ACKs of QPs whose block is not registered.
     */
    public long unroutedAcks()
    {
        return counters.unroutedAcks.get();
    }

    /**
     * Thrown when the platform's rate port refuses a decision: the rate updater cannot actuate, and its actor moves the
     * sender host to the fail-safe rather than restarting the agent.
     */
    public static final class RateRefusedException extends IllegalStateException
    {
        private static final long serialVersionUID = 1L;

        /**
         * @param qp     the QP whose rate was refused.
         * @param result the offer's result.
         */
        public RateRefusedException(final int qp, final long result)
        {
            super("the platform's rate port refused QP " + qp + "'s rate update: " + OfferResult.describe(result));
        }
    }

    /**
     * @return rate updates the platform stream refused.
     */
    public long failedRateUpdates()
    {
        return counters.failedRateUpdates.get();
    }

    /**
     * @return simulated time of the last lockstep answer, ns, or -1.
     */
    public long lastDoneNs()
    {
        return counters.lastDoneNs.get();
    }

    /**
     * @return the agent's counters, shared with its successors.
     */
    public AgentCounters.RateUpdater counters()
    {
        return counters;
    }

    /**
     * @return the session.
     */
    public long sessionId()
    {
        return sessionId;
    }

    /**
     * @return control interval of the journal batches, ns.
     */
    public long intervalNs()
    {
        return intervalNs;
    }
}
