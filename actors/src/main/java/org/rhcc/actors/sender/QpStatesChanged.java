package org.rhcc.actors.sender;

import java.util.Arrays;

/**
 * Decisions of one control interval for one block: every QP whose rate changed in the window
 * {@code [windowStartNs, windowStartNs + control-interval)}, with its full 16-byte state at the end of the window
 * and the last sending rate decided for it. Coalescing by window of the decision time (not of the wall clock) makes
 * the batches of a run, and of its replay, identical.
 *
 * @param windowStartNs start of the window, ns of the controller's clock.
 * @param qps           QP indices within the block, ascending.
 * @param words         four state words per QP, in the order of {@code qps} ({@link QpWords}).
 * @param rSendGbps     last R_send decided for each QP in the window, Gbit/s rounded to float32.
 */
public record QpStatesChanged(long windowStartNs, int[] qps, int[] words, float[] rSendGbps) implements QpBlockEvent
{
    /**
     * Checks the array lengths agree.
     */
    public QpStatesChanged
    {
        if (words.length != qps.length * QpWords.WORDS_PER_QP || rSendGbps.length != qps.length)
        {
            throw new IllegalArgumentException("batch of " + qps.length + " QPs needs " +
                qps.length * QpWords.WORDS_PER_QP + " words and " + qps.length + " rates, got " + words.length +
                " and " + rSendGbps.length);
        }
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof QpStatesChanged other && windowStartNs == other.windowStartNs &&
            Arrays.equals(qps, other.qps) && Arrays.equals(words, other.words) &&
            Arrays.equals(rSendGbps, other.rSendGbps);
    }

    @Override
    public int hashCode()
    {
        return 31 * (31 * (31 * Long.hashCode(windowStartNs) + Arrays.hashCode(qps)) + Arrays.hashCode(words)) +
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
        for (int k = 0; k < Math.min(qps.length, other.qps.length); k++)
        {
            if (qps[k] != other.qps[k])
            {
                return "changed QP #" + k + " is " + qps[k] + " vs " + other.qps[k];
            }
            final int b = k * QpWords.WORDS_PER_QP;
            if (words[b] != other.words[b])
            {
                return "QP " + qps[k] + " R_rev " + Float.intBitsToFloat(words[b]) + " vs " +
                    Float.intBitsToFloat(other.words[b]) + " Gbit/s";
            }
            if (words[b + 2] != other.words[b + 2])
            {
                return "QP " + qps[k] + " D_cur " + Float.intBitsToFloat(words[b + 2]) + " vs " +
                    Float.intBitsToFloat(other.words[b + 2]) + " ns";
            }
            if (words[b + 1] != other.words[b + 1] || words[b + 3] != other.words[b + 3])
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
}
