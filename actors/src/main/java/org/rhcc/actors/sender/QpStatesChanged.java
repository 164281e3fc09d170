package org.rhcc.actors.sender;

import java.util.Arrays;

import org.agrona.concurrent.UnsafeBuffer;
import org.rhcc.core.sender.QpStateTable;

/**
 * Decisions of one control interval for one block: every QP whose rate changed in the window
 * {@code [windowStartNs, windowStartNs + control-interval)}, with its full 16-byte state at the end of the window
 * and the last sending rate decided for it. Coalescing by window of the decision time (not of the wall clock) makes
 * the batches of a run, and of its replay, identical.
 *
 * @param windowStartNs start of the window, ns of the controller's clock.
 * @param qps           QP indices within the block, ascending.
 * @param state         16 bytes of state per QP, in the order of {@code qps} (core's {@link QpStateTable} layout).
 * @param rSendGbps     last R_send decided for each QP in the window, Gbit/s rounded to float32.
 */
public record QpStatesChanged(long windowStartNs, int[] qps, byte[] state, float[] rSendGbps) implements QpBlockEvent
{
    /**
     * Checks the array lengths agree.
     */
    public QpStatesChanged
    {
        if (state.length != qps.length * QpStateTable.BYTES_PER_QP || rSendGbps.length != qps.length)
        {
            throw new IllegalArgumentException("batch of " + qps.length + " QPs needs " +
                qps.length * QpStateTable.BYTES_PER_QP + " bytes of state and " + qps.length + " rates, got " +
                state.length + " and " + rSendGbps.length);
        }
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof QpStatesChanged other && windowStartNs == other.windowStartNs &&
            Arrays.equals(qps, other.qps) && Arrays.equals(state, other.state) &&
            Arrays.equals(rSendGbps, other.rSendGbps);
    }

    @Override
    public int hashCode()
    {
        return 31 * (31 * (31 * Long.hashCode(windowStartNs) + Arrays.hashCode(qps)) + Arrays.hashCode(state)) +
            Arrays.hashCode(rSendGbps);
    }

    @Override
    public String toString()
    {
        return "QpStatesChanged{windowStartNs=" + windowStartNs + ", qps=" + qps.length + "}";
    }

    /**
     * Describes the first difference from another batch, for a replay report.
     *
     * @param other the batch compared with.
     * @return a description, or null if they are equal.
     */
    public String firstDifference(final QpStatesChanged other)
    {
        if (windowStartNs != other.windowStartNs)
        {
            return "window " + windowStartNs + " ns vs " + other.windowStartNs + " ns";
        }
        final int common = Math.min(qps.length, other.qps.length);
        final QpStateTable mine = 0 == common ? null : view();
        final QpStateTable theirs = 0 == common ? null : other.view();
        for (int k = 0; k < common; k++)
        {
            if (qps[k] != other.qps[k])
            {
                return "changed QP #" + k + " is " + qps[k] + " vs " + other.qps[k];
            }
            if (Float.floatToRawIntBits(mine.rateGbps(k)) != Float.floatToRawIntBits(theirs.rateGbps(k)))
            {
                return "QP " + qps[k] + " R_rev " + mine.rateGbps(k) + " vs " + theirs.rateGbps(k) + " Gbit/s";
            }
            if (Float.floatToRawIntBits(mine.dPrevNs(k)) != Float.floatToRawIntBits(theirs.dPrevNs(k)))
            {
                return "QP " + qps[k] + " D_cur " + mine.dPrevNs(k) + " vs " + theirs.dPrevNs(k) + " ns";
            }
            if (mine.probeTsNs(k) != theirs.probeTsNs(k) || mine.dThrNs(k) != theirs.dThrNs(k))
            {
                return "QP " + qps[k] + " probe time / D_thr differ";
            }
            if (Float.floatToRawIntBits(rSendGbps[k]) != Float.floatToRawIntBits(other.rSendGbps[k]))
            {
                return "QP " + qps[k] + " R_send " + rSendGbps[k] + " vs " + other.rSendGbps[k] + " Gbit/s";
            }
        }
        if (qps.length != other.qps.length)
        {
            return qps.length + " QPs changed vs " + other.qps.length;
        }
        return null;
    }

    private QpStateTable view()
    {
        return new QpStateTable(new UnsafeBuffer(state), 0, qps.length);
    }
}
