package org.rhcc.core.hpcc;

/**
 * HPCC senders (Li et al., "HPCC: High Precision Congestion Control", SIGCOMM 2019, Algorithm 1) for many flows,
 * stored in one {@code long[]} with a 160-byte block per flow: no object per flow, no allocation per ACK.
 * <pre>
 *   word  0    1    2    3                 4                                  5 + 3i    6 + 3i    7 + 3i
 *        +----+----+----+-----------------+----------------------------------+---------+---------+---------+
 *   flow | W  | Wc | U  | lastUpdateSeq   | incStage (bits 0-15)             | txBytes | ts, ns  | qlen, B | hop i,
 *        | B  | B  |    | byte sequence   | hops (bits 16-23), has INT (63)  |         |         |         | 0..4
 *        +----+----+----+-----------------+----------------------------------+---------+---------+---------+
 * </pre>
 * (W, Wc and U are doubles stored as their bits; words 5-19 are the INT records L of the flow's previous ACK, hop by
 * hop, so that an ACK over k hops touches the first 5 + 3k words.)
 * <p>
 * Per ACK, with T the base RTT, eta the target utilisation and B_i the rate of hop i:
 * <ul>
 *   <li><i>MeasureInflight</i>: for each hop, {@code txRate = (ack.txBytes - L.txBytes) / (ack.ts - L.ts)} and
 *   {@code u' = min(ack.qlen, L.qlen) / (B_i T) + txRate / B_i}; u is the largest u', tau the time between that hop's
 *   two records, capped at T; then {@code U <- (1 - tau/T) U + (tau/T) u} (an EWMA over one base RTT).</li>
 *   <li><i>ComputeWind</i>: if {@code U >= eta} or {@code incStage >= maxStage}: {@code W = Wc / (U/eta) + W_AI}
 *   (incStage restarts); otherwise {@code W = Wc + W_AI} (incStage counts up). Every ACK sets W from the reference
 *   window Wc (the fast reaction); an ACK beyond {@code lastUpdateSeq} also makes W the new Wc, advances incStage
 *   and sets {@code lastUpdateSeq <- snd_nxt}, so Wc, and the additive or multiplicative step, moves once per
 *   RTT.</li>
 *   <li>The pacing rate is {@code R = W / T}: the R_cc of RHCC's Eq. (4).</li>
 * </ul>
 * A flow starts with {@code W = Wc = W_init = B_NIC T} (line rate) and {@code U = 1}; its first ACK (and an ACK whose
 * hop count differs from the stored records', i.e. a new path) only stores the records: there is nothing to take a
 * difference against. Where this follows and departs from the HPCC authors' simulator is in the package
 * documentation.
 * <p>
 * HPCC needs no clock of its own: every time in Algorithm 1 is a switch's INT timestamp.
 * <p>
 * <b>Note:</b> not thread-safe; one owner thread. The ACKs of one flow arrive in order.
 */
public final class HpccFlows
{
    private static final int HOP_WORDS = 3;
    private static final int WORDS = 5 + HOP_WORDS * IntRecords.MAX_HOPS;
    private static final int W = 0;
    private static final int WC = 1;
    private static final int U = 2;
    private static final int LAST_UPDATE_SEQ = 3;
    private static final int META = 4;
    private static final int TX = 5;
    private static final int TS = 6;
    private static final int QLEN = 7;
    private static final long STAGE_MASK = 0xFFFFL;
    private static final int HOPS_SHIFT = 16;
    private static final long HOPS_MASK = 0xFFL << HOPS_SHIFT;
    private static final long HAS_INT = 1L << 63;

    private final HpccParameters params;
    private final double baseRttNs;
    private final double minWindowBytes;
    private final double maxWindowBytes;
    private final long[] state;

    /**
     * Creates {@code flows} HPCC senders, all opened.
     *
     * @param params parameters shared by every flow.
     * @param flows  number of flows, numbered 0 .. flows-1.
     */
    public HpccFlows(final HpccParameters params, final int flows)
    {
        if (flows < 1 || flows > Integer.MAX_VALUE / WORDS)
        {
            throw new IllegalArgumentException("HPCC needs 1.." + Integer.MAX_VALUE / WORDS + " flows, got " + flows);
        }
        this.params = params;
        this.baseRttNs = params.baseRttNs();
        this.minWindowBytes = params.minWindowBytes();
        this.maxWindowBytes = params.maxWindowBytes();
        this.state = new long[flows * WORDS];
        for (int f = 0; f < flows; f++)
        {
            open(f);
        }
    }

    /**
     * @return the parameters in force.
     */
    public HpccParameters params()
    {
        return params;
    }

    /**
     * @return number of flows.
     */
    public int flowCount()
    {
        return state.length / WORDS;
    }

    /**
     * (Re)starts a flow at line rate: {@code W = Wc = W_init}, U = 1, incStage = 0, no INT records yet.
     *
     * @param flow flow number.
     */
    public void open(final int flow)
    {
        final int b = flow * WORDS;
        final long windowBits = Double.doubleToRawLongBits(maxWindowBytes);
        state[b + W] = windowBits;
        state[b + WC] = windowBits;
        state[b + U] = Double.doubleToRawLongBits(1.0);
        state[b + LAST_UPDATE_SEQ] = 0;
        state[b + META] = 0;
        for (int i = TX; i < WORDS; i++)
        {
            state[b + i] = 0;
        }
    }

    /**
     * An ACK with INT records reached the flow's sender (Algorithm 1, {@code NewAck}).
     *
     * @param flow      flow number.
     * @param ackSeq    the ACK's cumulative sequence number, bytes.
     * @param sndNxtSeq the flow's next sequence number to send ({@code snd_nxt}), bytes.
     * @param records   the INT records the ACK echoes, in path order; read, not kept.
     * @return true if the ACK updated the reference window Wc (once per RTT), false if it only set W from Wc (the
     *         fast reaction) or only stored the records.
     */
    public boolean onAck(final int flow, final long ackSeq, final long sndNxtSeq, final IntRecords records)
    {
        final int b = flow * WORDS;
        final long meta = state[b + META];
        final int hops = records.hops();
        if ((meta & HAS_INT) == 0 || (int)((meta & HOPS_MASK) >>> HOPS_SHIFT) != hops)
        {
            store(b, records, hops);
            state[b + META] = HAS_INT | ((long)hops << HOPS_SHIFT) | (meta & STAGE_MASK);
            state[b + LAST_UPDATE_SEQ] = sndNxtSeq;
            return false;
        }

        double u = 0.0;
        long tauNs = -1;
        for (int i = 0; i < hops; i++)
        {
            final int h = b + i * HOP_WORDS;
            final long dtNs = records.timestampNs(i) - state[h + TS];
            final long dBytes = records.txBytes(i) - state[h + TX];
            if (dtNs > 0 && dBytes >= 0)
            {
                final double linkGbps = records.linkRateGbps(i);
                final long queueBytes = Math.min(records.queueBytes(i), state[h + QLEN]);
                final double hopU = queueBytes * 8.0 / (linkGbps * baseRttNs) + dBytes * 8.0 / (dtNs * linkGbps);
                if (tauNs < 0 || hopU > u)
                {
                    u = hopU;
                    tauNs = dtNs;
                }
            }
        }
        store(b, records, hops);

        final boolean fullUpdate = ackSeq > state[b + LAST_UPDATE_SEQ];
        if (tauNs < 0)
        {
            // No hop gave a usable interval (same timestamps or a counter reset): nothing to measure this time.
            if (fullUpdate)
            {
                state[b + LAST_UPDATE_SEQ] = sndNxtSeq;
            }
            return false;
        }
        final double weight = Math.min(tauNs, baseRttNs) / baseRttNs;
        final double utilisation = (1.0 - weight) * Double.longBitsToDouble(state[b + U]) + weight * u;
        state[b + U] = Double.doubleToRawLongBits(utilisation);

        return computeWind(b, meta, utilisation, fullUpdate, sndNxtSeq);
    }

    /**
     * Algorithm 1's {@code ComputeWind}: sets W from the reference window Wc on every ACK and, on an ACK beyond
     * {@code lastUpdateSeq}, makes W the new Wc and advances incStage (class javadoc).
     *
     * @param b           the flow's first word.
     * @param meta        the flow's meta word as the ACK found it.
     * @param utilisation the updated U.
     * @param fullUpdate  whether the ACK is beyond {@code lastUpdateSeq}.
     * @param sndNxtSeq   the flow's {@code snd_nxt}, bytes.
     * @return {@code fullUpdate}.
     */
    private boolean computeWind(
        final int b, final long meta, final double utilisation, final boolean fullUpdate, final long sndNxtSeq)
    {
        final int stage = (int)(meta & STAGE_MASK);
        final double eta = params.eta();
        final double referenceWindow = Double.longBitsToDouble(state[b + WC]);
        double window;
        final int nextStage;
        if (utilisation >= eta || stage >= params.maxStage())
        {
            window = utilisation > 0.0 ? referenceWindow * eta / utilisation : maxWindowBytes;
            window += params.additiveIncreaseBytes();
            nextStage = 0;
        }
        else
        {
            window = referenceWindow + params.additiveIncreaseBytes();
            nextStage = stage + 1;
        }
        window = Math.max(minWindowBytes, Math.min(maxWindowBytes, window));
        state[b + W] = Double.doubleToRawLongBits(window);
        if (fullUpdate)
        {
            state[b + WC] = Double.doubleToRawLongBits(window);
            state[b + META] = (meta & ~STAGE_MASK) | nextStage;
            state[b + LAST_UPDATE_SEQ] = sndNxtSeq;
        }
        return fullUpdate;
    }

    /**
     * @param flow flow number.
     * @return the pacing rate {@code R = W / T}, Gbit/s: the R_cc of RHCC's Eq. (4), within
     *         {@code [minRateGbps, lineRateGbps]}.
     */
    public double rateGbps(final int flow)
    {
        return Double.longBitsToDouble(state[flow * WORDS + W]) * 8.0 / baseRttNs;
    }

    /**
     * @param flow flow number.
     * @return the window W, bytes.
     */
    public double windowBytes(final int flow)
    {
        return Double.longBitsToDouble(state[flow * WORDS + W]);
    }

    /**
     * @param flow flow number.
     * @return the reference window Wc, bytes.
     */
    public double referenceWindowBytes(final int flow)
    {
        return Double.longBitsToDouble(state[flow * WORDS + WC]);
    }

    /**
     * @param flow flow number.
     * @return the normalised inflight estimate U (1 = the bottleneck link exactly full).
     */
    public double utilisation(final int flow)
    {
        return Double.longBitsToDouble(state[flow * WORDS + U]);
    }

    /**
     * @param flow flow number.
     * @return incStage, the additive-increase steps since the last multiplicative step.
     */
    public int incStage(final int flow)
    {
        return (int)(state[flow * WORDS + META] & STAGE_MASK);
    }

    /**
     * @param flow flow number.
     * @return lastUpdateSeq: the next ACK beyond it updates the reference window.
     */
    public long lastUpdateSeq(final int flow)
    {
        return state[flow * WORDS + LAST_UPDATE_SEQ];
    }

    private void store(final int b, final IntRecords records, final int hops)
    {
        for (int i = 0; i < hops; i++)
        {
            final int h = b + i * HOP_WORDS;
            state[h + TX] = records.txBytes(i);
            state[h + TS] = records.timestampNs(i);
            state[h + QLEN] = records.queueBytes(i);
        }
    }
}
