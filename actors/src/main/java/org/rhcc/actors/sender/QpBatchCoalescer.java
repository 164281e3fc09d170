package org.rhcc.actors.sender;

import java.util.Arrays;
import java.util.function.Consumer;

import org.rhcc.core.sender.QpStateTable;

/**
 * Coalesces one block's rate decisions per control interval into {@link QpStatesChanged} batches: a decision marks
 * its QP; when a decision (or a lockstep clock) falls in a later window, the marked QPs' states are read from the
 * table into one batch and handed to the sink. The same class cuts the batches of a live run and of its replay, so
 * both cut them identically.
 * <p>
 * Memory: 8 bytes per QP (a marked list and the last R_send as float32) plus one bit. Allocation-free per decision;
 * one batch is allocated per window with decisions.
 * <p>
 * <b>Note:</b> not thread-safe.
 */
public final class QpBatchCoalescer
{
    private final QpStateTable table;
    private final long intervalNs;
    private final Consumer<QpStatesChanged> sink;
    private final int[] marked;
    private final long[] markedBits;
    private final float[] rSendGbps;
    private int markedCount;
    private long window = Long.MIN_VALUE;

    /**
     * @param table      the block's live state.
     * @param intervalNs control interval, ns.
     * @param sink       receives each batch.
     */
    public QpBatchCoalescer(final QpStateTable table, final long intervalNs, final Consumer<QpStatesChanged> sink)
    {
        this.table = table;
        this.intervalNs = intervalNs;
        this.sink = sink;
        final int qps = table.capacityQps();
        this.marked = new int[qps];
        this.markedBits = new long[(qps + 63) >>> 6];
        this.rSendGbps = new float[qps];
    }

    /**
     * Records a decision.
     *
     * @param qp        QP index in the block.
     * @param rSendGbps the sending rate decided, Gbit/s.
     * @param nowNs     time of the decision, ns.
     */
    public void onDecision(final int qp, final double rSendGbps, final long nowNs)
    {
        final long w = Math.floorDiv(nowNs, intervalNs);
        if (w != window)
        {
            flush();
            window = w;
        }
        final int word = qp >>> 6;
        final long bit = 1L << qp;
        if (0 == (markedBits[word] & bit))
        {
            markedBits[word] |= bit;
            marked[markedCount++] = qp;
        }
        this.rSendGbps[qp] = (float)rSendGbps;
    }

    /**
     * Closes the current window if {@code nowNs} lies in a later one.
     *
     * @param nowNs time the controller is done up to, ns.
     */
    public void onClock(final long nowNs)
    {
        if (markedCount > 0 && Math.floorDiv(nowNs, intervalNs) != window)
        {
            flush();
        }
    }

    /**
     * Hands the current window's batch to the sink, if it has decisions.
     */
    public void flush()
    {
        if (0 == markedCount)
        {
            return;
        }
        final int n = markedCount;
        Arrays.sort(marked, 0, n);
        final int[] qps = Arrays.copyOf(marked, n);
        final byte[] state = new byte[n * QpStateTable.BYTES_PER_QP];
        final float[] rates = new float[n];
        for (int k = 0; k < n; k++)
        {
            final int qp = qps[k];
            table.getState(qp, state, k * QpStateTable.BYTES_PER_QP);
            rates[k] = rSendGbps[qp];
            markedBits[qp >>> 6] &= ~(1L << qp);
        }
        markedCount = 0;
        sink.accept(new QpStatesChanged(window * intervalNs, qps, state, rates));
    }
}
