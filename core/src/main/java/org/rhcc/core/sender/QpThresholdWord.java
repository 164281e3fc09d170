package org.rhcc.core.sender;

/**
 * Word 3 of a QP's 16-byte state in a {@link QpStateTable}: one int32 whose low 24 bits hold D_thr in ns
 * (1 .. 16 777 215) and whose high byte holds the QP's weight (1 .. 255) for the weighted law of docs/design.md §4.1,
 * or 0 for an unweighted QP, which runs the paper's Eq. (3) unchanged. An unweighted QP's word 3 is therefore its
 * plain D_thr, as before weights existed. Under {@code hostcc-emulated} ({@link SenderGate#INCREASE_INTERVAL}), whose
 * QPs carry no weight, the high byte holds instead the QP's increase clock ({@link QpStateTable#increaseTick(int)};
 * docs/design.md §4).
 * <p>
 * Packing, unpacking and range checks only: the table reads and writes the word.
 */
final class QpThresholdWord
{
    /** Largest D_thr the word holds, ns (24 bits). */
    static final int MAX_D_THR_NS = (1 << 24) - 1;

    /** Largest value of the high byte, a weight or a tick; a weight of 0 means unweighted. */
    static final int MAX_HIGH_BYTE = 255;

    private static final int HIGH_BYTE_SHIFT = 24;
    private static final int D_THR_MASK = MAX_D_THR_NS;

    private QpThresholdWord()
    {
    }

    /**
     * @param dThrNs the QP's delay target, ns, 1 .. {@link #MAX_D_THR_NS}.
     * @param weight the QP's weight, 1 .. 255, or 0 for an unweighted QP.
     * @return the word holding both.
     * @throws IllegalArgumentException for a D_thr or weight outside its range.
     */
    static int of(final int dThrNs, final int weight)
    {
        checkDThr(dThrNs);
        if (weight < 0 || weight > MAX_HIGH_BYTE)
        {
            throw new IllegalArgumentException("QP weight " + weight + " must be within 1.." + MAX_HIGH_BYTE +
                " (or 0 for an unweighted QP): scale the weights down so that the largest is at most " +
                MAX_HIGH_BYTE);
        }
        return (weight << HIGH_BYTE_SHIFT) | dThrNs;
    }

    /**
     * @param dThrNs a delay target, ns.
     * @throws IllegalArgumentException unless it is within 1 .. {@link #MAX_D_THR_NS}.
     */
    static void checkDThr(final int dThrNs)
    {
        if (dThrNs < 1 || dThrNs > MAX_D_THR_NS)
        {
            throw new IllegalArgumentException("D_thr = " + dThrNs + " ns must be within 1.." + MAX_D_THR_NS +
                " ns (24 bits of the QP state); the paper uses 200 ns");
        }
    }

    /**
     * @param word the word.
     * @return its D_thr, ns (0 for a closed QP).
     */
    static int dThrNs(final int word)
    {
        return word & D_THR_MASK;
    }

    /**
     * @param word the word.
     * @return its high byte: the weight, or the increase clock's tick, 0 .. 255.
     */
    static int highByte(final int word)
    {
        return word >>> HIGH_BYTE_SHIFT;
    }

    /**
     * @param word  the word.
     * @param value the new high byte, of which the low 8 bits are kept.
     * @return the word with its D_thr kept and its high byte replaced.
     */
    static int withHighByte(final int word, final int value)
    {
        return (word & D_THR_MASK) | ((value & MAX_HIGH_BYTE) << HIGH_BYTE_SHIFT);
    }

    /**
     * @param word   the word.
     * @param dThrNs the new delay target, ns, 1 .. {@link #MAX_D_THR_NS}.
     * @return the word with its high byte kept and its D_thr replaced.
     * @throws IllegalArgumentException for a D_thr outside its range.
     */
    static int withDThrNs(final int word, final int dThrNs)
    {
        checkDThr(dThrNs);
        return (word & ~D_THR_MASK) | dThrNs;
    }
}
