package org.rhcc.actors.sender;

import java.util.concurrent.atomic.AtomicBoolean;

import org.agrona.concurrent.OneToOneConcurrentArrayQueue;
import org.apache.pekko.actor.typed.ActorRef;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.core.sender.QpStateTable;
import org.rhcc.core.sender.SenderParameters;
import org.rhcc.core.signal.ProbeAck;

/**
 * A sender entity's block as the rate-updater agent runs it: the live {@link QpStateTable} the entity handed over
 * (written by the agent's thread only from then on), core's {@link SenderController} over it with the block's first
 * QP (so that each decision reaches the platform's rate limiter with the host's QP number), the block's
 * {@link QpBatchCoalescer} that marks every accepted decision, and the queue of batches the entity journals.
 * <p>
 * <b>Note:</b> {@link #onProbeAck} runs on the agent's thread; allocation-free per ACK.
 */
public final class QpBlockSlot
{
    private final int block;
    private final QpStateTable table;
    private final SenderController controller;
    private final QpBatchCoalescer coalescer;
    private final OneToOneConcurrentArrayQueue<QpStatesChanged> batches;
    private final AtomicBoolean pending = new AtomicBoolean();
    private final ActorRef<QpBlockEntity.Command> entity;
    private SlotListener listener;

    /**
     * Told when a batch is waiting to be journaled, or was lost.
     */
    public interface SlotListener
    {
        /**
         * @param slot the slot whose queue went from empty to not empty.
         */
        void onBatchPending(QpBlockSlot slot);

        /**
         * @param slot the slot that queued a batch for its entity.
         */
        void onBatchQueued(QpBlockSlot slot);

        /**
         * @param slot the slot that lost a batch because its entity fell a whole queue behind.
         */
        void onBatchDropped(QpBlockSlot slot);
    }

    /**
     * @param block            block index.
     * @param firstQp          global number of the block's first QP.
     * @param table            the block's live state (handed over: no other thread writes it from now on).
     * @param params           sender-loop parameters.
     * @param platform         the platform's rate limiter, with the host's QP numbers (a {@link SenderHostState}).
     * @param intervalNs       control interval of the batches, ns.
     * @param batchCapacity    batches the queue holds before the entity drains it.
     * @param entity           the entity that journals the batches.
     */
    public QpBlockSlot(final int block, final int firstQp, final QpStateTable table, final SenderParameters params,
        final RateLimiter platform, final long intervalNs, final int batchCapacity,
        final ActorRef<QpBlockEntity.Command> entity)
    {
        this.block = block;
        this.table = table;
        this.controller = new SenderController(params, table, firstQp, platform);
        this.batches = new OneToOneConcurrentArrayQueue<>(batchCapacity);
        this.coalescer = new QpBatchCoalescer(table, intervalNs, this::offer);
        this.entity = entity;
    }

    /**
     * Processes one probe ACK of the block.
     *
     * @param qp  the ACK's QP index within the block.
     * @param ack the ACK.
     * @return the R_send decided, Gbit/s, or the controller's rejection code (< 0).
     */
    public double onProbeAck(final int qp, final ProbeAck ack)
    {
        final double rSendGbps = controller.decide(qp, ack);
        if (rSendGbps > 0.0)
        {
            coalescer.onDecision(qp, rSendGbps, ack.nowNs());
        }
        return rSendGbps;
    }

    private void offer(final QpStatesChanged batch)
    {
        if (!batches.offer(batch))
        {
            if (null != listener)
            {
                listener.onBatchDropped(this);
            }
            return;
        }
        if (null != listener)
        {
            listener.onBatchQueued(this);
        }
        if (pending.compareAndSet(false, true) && null != listener)
        {
            listener.onBatchPending(this);
        }
    }

    void listener(final SlotListener listener)
    {
        this.listener = listener;
    }

    /**
     * Called by the entity before draining: the next batch notifies again.
     */
    public void clearPending()
    {
        pending.set(false);
    }

    /**
     * @return block index.
     */
    public int block()
    {
        return block;
    }

    /**
     * @return the coalescer (agent thread only).
     */
    public QpBatchCoalescer coalescer()
    {
        return coalescer;
    }

    /**
     * @return the batches waiting to be journaled.
     */
    public OneToOneConcurrentArrayQueue<QpStatesChanged> batches()
    {
        return batches;
    }

    /**
     * @return the entity journaling this block.
     */
    public ActorRef<QpBlockEntity.Command> entity()
    {
        return entity;
    }

    /**
     * @return the live table (agent thread only).
     */
    public QpStateTable table()
    {
        return table;
    }
}
