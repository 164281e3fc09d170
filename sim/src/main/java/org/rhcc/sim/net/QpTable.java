package org.rhcc.sim.net;

import java.util.Arrays;

/**
 * The senders' per-QP transport state of {@link RdmaFabric} as one table of parallel arrays with named accessors
 * (docs/model.md §4.2): PSNs, posted messages, pacing, probes, the receivable-rate cap R_rev of Eq. (4) and the
 * transport timer. Indexed by QP number; the message post times are indexed by {@code qp * txDepth + slot}.
 * <p>
 * <b>Note:</b> allocation-free after construction; not thread-safe.
 */
final class QpTable
{
    /** Marks a timer that is not running. */
    static final double NEVER = Double.POSITIVE_INFINITY;

    private final long[] sndNxt;
    private final long[] sndUna;
    private final long[] postedEnd;
    private final double[] nextTxNs;
    private final long[] highestSent;
    private final long[] bytesSinceProbe;
    private final boolean[] probePending;
    private final double[] rRevGbps;
    /** When each QP's transport timer started, or NEVER while no packet that requested an ACK is unanswered. */
    private final double[] timerStartNs;
    /** One past the PSN of the last packet each QP sent with an ACK request. */
    private final long[] ackRequestedEnd;
    private final double[] postNs;
    private final long[] sentWireBytes;

    /**
     * @param qps               number of QPs.
     * @param txDepth           messages each QP keeps posted.
     * @param packetsPerMessage packets of one message.
     * @param lineRateGbps      the initial R_rev of every QP, Gbit/s.
     */
    QpTable(final int qps, final int txDepth, final int packetsPerMessage, final double lineRateGbps)
    {
        sndNxt = new long[qps];
        sndUna = new long[qps];
        postedEnd = new long[qps];
        nextTxNs = new double[qps];
        highestSent = new long[qps];
        bytesSinceProbe = new long[qps];
        probePending = new boolean[qps];
        rRevGbps = new double[qps];
        timerStartNs = new double[qps];
        Arrays.fill(timerStartNs, NEVER);
        ackRequestedEnd = new long[qps];
        postNs = new double[qps * txDepth];
        sentWireBytes = new long[qps];
        Arrays.fill(rRevGbps, lineRateGbps);
        for (int q = 0; q < qps; q++)
        {
            postedEnd[q] = (long)txDepth * packetsPerMessage;
        }
    }

    long sndNxt(final int q)
    {
        return sndNxt[q];
    }

    void sndNxt(final int q, final long psn)
    {
        sndNxt[q] = psn;
    }

    long sndUna(final int q)
    {
        return sndUna[q];
    }

    void sndUna(final int q, final long psn)
    {
        sndUna[q] = psn;
    }

    /**
     * @return one past the last PSN of the QP's posted messages.
     */
    long postedEnd(final int q)
    {
        return postedEnd[q];
    }

    void postedEnd(final int q, final long psn)
    {
        postedEnd[q] = psn;
    }

    /**
     * @return true when the QP has sent every packet of its posted messages.
     */
    boolean noData(final int q)
    {
        return sndNxt[q] >= postedEnd[q];
    }

    /**
     * @return earliest time the QP's pacing lets it send its next packet, ns.
     */
    double nextTxNs(final int q)
    {
        return nextTxNs[q];
    }

    void nextTxNs(final int q, final double ns)
    {
        nextTxNs[q] = ns;
    }

    /**
     * @return one past the highest PSN the QP has sent (lower PSNs sent again are retransmissions).
     */
    long highestSent(final int q)
    {
        return highestSent[q];
    }

    void highestSent(final int q, final long psn)
    {
        highestSent[q] = psn;
    }

    long bytesSinceProbe(final int q)
    {
        return bytesSinceProbe[q];
    }

    void bytesSinceProbe(final int q, final long bytes)
    {
        bytesSinceProbe[q] = bytes;
    }

    boolean probePending(final int q)
    {
        return probePending[q];
    }

    void probePending(final int q, final boolean pending)
    {
        probePending[q] = pending;
    }

    /**
     * @return the QP's receivable-rate cap R_rev (Eq. (4)), Gbit/s.
     */
    double rRevGbps(final int q)
    {
        return rRevGbps[q];
    }

    void rRevGbps(final int q, final double gbps)
    {
        rRevGbps[q] = gbps;
    }

    double timerStartNs(final int q)
    {
        return timerStartNs[q];
    }

    void timerStartNs(final int q, final double ns)
    {
        timerStartNs[q] = ns;
    }

    long ackRequestedEnd(final int q)
    {
        return ackRequestedEnd[q];
    }

    void ackRequestedEnd(final int q, final long psn)
    {
        ackRequestedEnd[q] = psn;
    }

    /**
     * @param slot {@code qp * txDepth + message % txDepth}.
     * @return when the message in the slot was posted, ns.
     */
    double postNs(final int slot)
    {
        return postNs[slot];
    }

    void postNs(final int slot, final double ns)
    {
        postNs[slot] = ns;
    }

    long sentWireBytes(final int q)
    {
        return sentWireBytes[q];
    }

    void addSentWireBytes(final int q, final long bytes)
    {
        sentWireBytes[q] += bytes;
    }

    /**
     * @param reference a full PSN near the one sought.
     * @param low32     the low 32 bits a packet carries.
     * @return the full PSN nearest {@code reference} with those low bits.
     */
    static long unwrap(final long reference, final long low32)
    {
        final long candidate = (reference & ~0xFFFF_FFFFL) | low32;
        if (candidate < reference - (1L << 31))
        {
            return candidate + (1L << 32);
        }
        if (candidate > reference + (1L << 31))
        {
            return candidate - (1L << 32);
        }
        return candidate;
    }
}
