package org.rhcc.core.sender;

/**
 * The per-QP state of RHCC's sender loop, exactly 16 bytes per QP (paper §III-C, "Overhead": receivable rate,
 * probe send time, previous receiver processing delay, target delay threshold), packed in one contiguous
 * {@code int[]} indexed by QP number. One million QPs take 16 MB.
 * <pre>
 *   word  0                   1                    2                    3
 *        +-------------------+--------------------+--------------------+-------------------+
 *   QP n | R_rev             | probe timestamp    | D_prev             | D_thr             |
 *        | float32, Gbit/s   | uint32, ns (wraps) | float32, ns        | int32, ns         |
 *        +-------------------+--------------------+--------------------+-------------------+
 *   byte  16n                 16n+4                16n+8                16n+12
 * </pre>
 * {@code D_prev} holds the last {@code D_cur} of Eq. (2), which is both the EWMA's memory and the previous delay of
 * Eq. (3)'s derivative term; NaN means "no sample yet". The C program in pcc-program/ keeps the same four fields, in
 * the same order, at the start of its 48-byte DOCA PCC flow context.
 * <p>
 * <b>Note:</b> not thread-safe; accessors allocate nothing. QP numbers outside the capacity throw
 * {@link ArrayIndexOutOfBoundsException}.
 */
public final class QpStateTable
{
    /** Bytes of state per QP. */
    public static final int BYTES_PER_QP = 16;

    private static final int WORDS_PER_QP = 4;
    private static final int RATE = 0;
    private static final int PROBE_TS = 1;
    private static final int D_PREV = 2;
    private static final int D_THR = 3;
    private static final int NO_DELAY_BITS = Float.floatToRawIntBits(Float.NaN);

    private final int[] words;

    /**
     * @param capacityQps number of QPs, numbered 0 .. capacity-1; every QP starts closed (all fields zero).
     */
    public QpStateTable(final int capacityQps)
    {
        if (capacityQps < 1 || capacityQps > Integer.MAX_VALUE / WORDS_PER_QP)
        {
            throw new IllegalArgumentException(
                "QP table capacity " + capacityQps + " must be within 1.." + Integer.MAX_VALUE / WORDS_PER_QP);
        }
        words = new int[capacityQps * WORDS_PER_QP];
    }

    /**
     * @return number of QPs the table holds.
     */
    public int capacityQps()
    {
        return words.length / WORDS_PER_QP;
    }

    /**
     * @return bytes of state held: {@code 16 * capacity}.
     */
    public long stateBytes()
    {
        return (long)words.length * Integer.BYTES;
    }

    /**
     * Opens (or reopens) a QP: rate at {@code rateGbps}, no delay sample yet.
     *
     * @param qp       QP number.
     * @param rateGbps initial receivable rate, Gbit/s.
     * @param dThrNs   the QP's delay target, ns.
     */
    public void open(final int qp, final float rateGbps, final int dThrNs)
    {
        final int base = qp * WORDS_PER_QP;
        words[base + RATE] = Float.floatToRawIntBits(rateGbps);
        words[base + PROBE_TS] = 0;
        words[base + D_PREV] = NO_DELAY_BITS;
        words[base + D_THR] = dThrNs;
    }

    /**
     * Closes a QP: all four fields back to zero.
     *
     * @param qp QP number.
     */
    public void close(final int qp)
    {
        final int base = qp * WORDS_PER_QP;
        words[base + RATE] = 0;
        words[base + PROBE_TS] = 0;
        words[base + D_PREV] = 0;
        words[base + D_THR] = 0;
    }

    /**
     * @param qp QP number.
     * @return true if the QP is open (its D_thr is set).
     */
    public boolean isOpen(final int qp)
    {
        return words[qp * WORDS_PER_QP + D_THR] > 0;
    }

    /**
     * @param qp QP number.
     * @return R_rev, Gbit/s.
     */
    public float rateGbps(final int qp)
    {
        return Float.intBitsToFloat(words[qp * WORDS_PER_QP + RATE]);
    }

    /**
     * @param qp       QP number.
     * @param rateGbps new R_rev, Gbit/s.
     */
    public void rateGbps(final int qp, final float rateGbps)
    {
        words[qp * WORDS_PER_QP + RATE] = Float.floatToRawIntBits(rateGbps);
    }

    /**
     * @param qp QP number.
     * @return the QP's last probe timestamp, low 32 bits of ns (the {@link ReceivableRateController} keeps the last
     * valid probe's receiver-arrival stamp here, for its delivered-rate measurement).
     */
    public int probeTsNs(final int qp)
    {
        return words[qp * WORDS_PER_QP + PROBE_TS];
    }

    /**
     * @param qp          QP number.
     * @param probeTsNs the probe's timestamp, ns (its low 32 bits are kept).
     */
    public void probeTsNs(final int qp, final long probeTsNs)
    {
        words[qp * WORDS_PER_QP + PROBE_TS] = (int)probeTsNs;
    }

    /**
     * @param qp QP number.
     * @return the last D_cur, ns, or NaN before the first valid sample.
     */
    public float dPrevNs(final int qp)
    {
        return Float.intBitsToFloat(words[qp * WORDS_PER_QP + D_PREV]);
    }

    /**
     * @param qp      QP number.
     * @param dCurNs  the new D_cur, ns.
     */
    public void dPrevNs(final int qp, final float dCurNs)
    {
        words[qp * WORDS_PER_QP + D_PREV] = Float.floatToRawIntBits(dCurNs);
    }

    /**
     * @param qp QP number.
     * @return the QP's D_thr, ns (0 when closed).
     */
    public int dThrNs(final int qp)
    {
        return words[qp * WORDS_PER_QP + D_THR];
    }

    /**
     * @param qp     QP number.
     * @param dThrNs the QP's new delay target, ns, > 0.
     */
    public void dThrNs(final int qp, final int dThrNs)
    {
        if (dThrNs <= 0)
        {
            throw new IllegalArgumentException("D_thr = " + dThrNs + " ns must be > 0");
        }
        words[qp * WORDS_PER_QP + D_THR] = dThrNs;
    }
}
