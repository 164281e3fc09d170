package org.rhcc.core.sender;

import java.nio.ByteOrder;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The per-QP state of RHCC's sender loop, exactly 16 bytes per QP (paper §III-C, "Overhead": receivable rate,
 * probe send time, previous receiver processing delay, target delay threshold): a flyweight over a contiguous
 * region of an Agrona {@link MutableDirectBuffer}, indexed by QP number. One million QPs take 16 MB.
 * <pre>
 *   word  0                   1                    2                    3
 *        +-------------------+--------------------+--------------------+-------------------+
 *   QP n | R_rev             | probe timestamp    | D_prev             | weight  | D_thr   |
 *        | float32, Gbit/s   | uint32, ns (wraps) | float32, ns        | bits    | bits    |
 *        |                   |                    |                    | 24..31  | 0..23,ns|
 *        +-------------------+--------------------+--------------------+-------------------+
 *   byte  16n                 16n+4                16n+8                16n+12
 * </pre>
 * Word 3 is one int32 holding D_thr (low 24 bits, ns) and the QP's weight for the weighted law of docs/design.md
 * §4.1 (high byte, 0 for an unweighted QP) or, under {@code hostcc-emulated}, its increase clock; QpThresholdWord
 * in this package packs it and says more. Fields are little-endian. {@code D_prev} holds the last {@code D_cur} of Eq. (2), which is both the EWMA's memory
 * and the previous delay of Eq. (3)'s derivative term; NaN means "no sample yet". The C program in pcc-program/
 * keeps the same four fields at the same byte offsets at the start of its 48-byte DOCA PCC flow context
 * ({@code pcc-program/device/rhcc_ccctx.h} asserts them). Because the state is plain bytes, a QP's state moves between
 * tables, journal events and snapshots as a 16-byte copy ({@link #getState}, {@link #putState}).
 * <p>
 * <b>Note:</b> not thread-safe; accessors allocate nothing. QP numbers outside the capacity throw
 * {@link IndexOutOfBoundsException}.
 */
public final class QpStateTable
{
    /** Bytes of state per QP. */
    public static final int BYTES_PER_QP = 16;

    /** Byte offset of R_rev (float32, Gbit/s) within a QP's state. */
    public static final int RATE_OFFSET = 0;

    /** Byte offset of the probe timestamp (low 32 bits of ns) within a QP's state. */
    public static final int PROBE_TS_OFFSET = 4;

    /** Byte offset of D_prev (float32, ns) within a QP's state. */
    public static final int D_PREV_OFFSET = 8;

    /** Byte offset of the int32 holding D_thr (bits 0..23, ns) and the weight (bits 24..31) within a QP's state. */
    public static final int D_THR_OFFSET = 12;

    /** Largest D_thr word 3 holds, ns (24 bits). */
    public static final int MAX_D_THR_NS = QpThresholdWord.MAX_D_THR_NS;

    /** Largest weight word 3 holds (8 bits); 0 means unweighted. */
    public static final int MAX_WEIGHT = QpThresholdWord.MAX_HIGH_BYTE;

    /** Byte order of the fields. */
    public static final ByteOrder BYTE_ORDER = ByteOrder.LITTLE_ENDIAN;

    private static final int NO_DELAY_BITS = Float.floatToRawIntBits(Float.NaN);

    private final MutableDirectBuffer buffer;
    private final int offset;
    private final int capacityQps;

    /**
     * A table over its own heap buffer.
     *
     * @param capacityQps number of QPs, numbered 0 .. capacity-1; every QP starts closed (all fields zero).
     */
    public QpStateTable(final int capacityQps)
    {
        this(new UnsafeBuffer(new byte[checkedBytes(capacityQps)]), 0, capacityQps);
    }

    /**
     * A table over {@code 16 * capacityQps} bytes of a buffer the caller owns (not cleared: it may hold state).
     *
     * @param buffer      the buffer.
     * @param offset      byte offset of QP 0's state in the buffer.
     * @param capacityQps number of QPs.
     */
    public QpStateTable(final MutableDirectBuffer buffer, final int offset, final int capacityQps)
    {
        final int bytes = checkedBytes(capacityQps);
        if (offset < 0 || (long)offset + bytes > buffer.capacity())
        {
            throw new IllegalArgumentException("QP table of " + capacityQps + " QPs at offset " + offset +
                " needs " + bytes + " bytes from there, but the buffer holds " + buffer.capacity());
        }
        this.buffer = buffer;
        this.offset = offset;
        this.capacityQps = capacityQps;
    }

    /**
     * @param state {@code 16 * n} bytes of state of {@code n} QPs, n >= 1.
     * @return a table over a copy of it.
     */
    public static QpStateTable copyOf(final byte[] state)
    {
        if (0 != state.length % BYTES_PER_QP)
        {
            throw new IllegalArgumentException(
                "QP state of " + state.length + " bytes is not a whole number of " + BYTES_PER_QP + "-byte QPs");
        }
        return new QpStateTable(new UnsafeBuffer(state.clone()), 0, state.length / BYTES_PER_QP);
    }

    private static int checkedBytes(final int capacityQps)
    {
        if (capacityQps < 1 || capacityQps > Integer.MAX_VALUE / BYTES_PER_QP)
        {
            throw new IllegalArgumentException(
                "QP table capacity " + capacityQps + " must be within 1.." + Integer.MAX_VALUE / BYTES_PER_QP);
        }
        return capacityQps * BYTES_PER_QP;
    }

    /**
     * @return number of QPs the table holds.
     */
    public int capacityQps()
    {
        return capacityQps;
    }

    /**
     * @return bytes of state held: {@code 16 * capacity}.
     */
    public long stateBytes()
    {
        return (long)capacityQps * BYTES_PER_QP;
    }

    /**
     * @return the buffer the table is a view of.
     */
    public MutableDirectBuffer buffer()
    {
        return buffer;
    }

    /**
     * @return byte offset of QP 0's state in {@link #buffer()}.
     */
    public int offset()
    {
        return offset;
    }

    private int index(final int qp)
    {
        if (qp < 0 || qp >= capacityQps)
        {
            throw new IndexOutOfBoundsException("QP " + qp + " outside the table's 0.." + (capacityQps - 1));
        }
        return offset + qp * BYTES_PER_QP;
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
        open(qp, rateGbps, dThrNs, 0);
    }

    /**
     * Opens (or reopens) a QP with a weight: rate at {@code rateGbps}, no delay sample yet.
     *
     * @param qp       QP number.
     * @param rateGbps initial receivable rate, Gbit/s.
     * @param dThrNs   the QP's delay target, ns, 1 .. {@link #MAX_D_THR_NS}.
     * @param weight   the QP's weight, 1 .. {@link #MAX_WEIGHT}, or 0 for an unweighted QP (paper's Eq. (3)).
     * @throws IllegalArgumentException for a D_thr or weight outside its range.
     */
    public void open(final int qp, final float rateGbps, final int dThrNs, final int weight)
    {
        final int word = QpThresholdWord.of(dThrNs, weight);
        final int base = index(qp);
        buffer.putInt(base + RATE_OFFSET, Float.floatToRawIntBits(rateGbps), BYTE_ORDER);
        buffer.putInt(base + PROBE_TS_OFFSET, 0, BYTE_ORDER);
        buffer.putInt(base + D_PREV_OFFSET, NO_DELAY_BITS, BYTE_ORDER);
        buffer.putInt(base + D_THR_OFFSET, word, BYTE_ORDER);
    }

    /**
     * Resumes a QP from state that may be stale (its journaled image, taken over by another node or a restarted
     * entity): R_rev and D_thr kept, the delay sample forgotten (D_prev = NaN), so that its next probe re-primes the
     * EWMA of Eq. (2) and is not held to a derivative or an anti-windup ceiling computed over the gap since a probe
     * the journal's last batch saw: a probe timestamp milliseconds old would cap R_rev at headroom / gap, the floor.
     *
     * @param qp QP number.
     */
    public void resume(final int qp)
    {
        buffer.putInt(index(qp) + D_PREV_OFFSET, NO_DELAY_BITS, BYTE_ORDER);
    }

    /**
     * {@link #resume Resumes} every QP of the table.
     */
    public void resumeAll()
    {
        for (int qp = 0; qp < capacityQps; qp++)
        {
            resume(qp);
        }
    }

    /**
     * Closes a QP: all four fields back to zero.
     *
     * @param qp QP number.
     */
    public void close(final int qp)
    {
        buffer.setMemory(index(qp), BYTES_PER_QP, (byte)0);
    }

    /**
     * @param qp QP number.
     * @return true if the QP is open (its D_thr is set).
     */
    public boolean isOpen(final int qp)
    {
        return dThrNs(qp) > 0;
    }

    /**
     * @param qp QP number.
     * @return R_rev, Gbit/s.
     */
    public float rateGbps(final int qp)
    {
        return Float.intBitsToFloat(buffer.getInt(index(qp) + RATE_OFFSET, BYTE_ORDER));
    }

    /**
     * @param qp       QP number.
     * @param rateGbps new R_rev, Gbit/s.
     */
    public void rateGbps(final int qp, final float rateGbps)
    {
        buffer.putInt(index(qp) + RATE_OFFSET, Float.floatToRawIntBits(rateGbps), BYTE_ORDER);
    }

    /**
     * @param qp QP number.
     * @return the QP's last probe timestamp, low 32 bits of ns (the {@link ReceivableRateController} keeps the last
     * valid probe's receiver-arrival stamp here, for its delivered-rate measurement).
     */
    public int probeTsNs(final int qp)
    {
        return buffer.getInt(index(qp) + PROBE_TS_OFFSET, BYTE_ORDER);
    }

    /**
     * @param qp        QP number.
     * @param probeTsNs the probe's timestamp, ns (its low 32 bits are kept).
     */
    public void probeTsNs(final int qp, final long probeTsNs)
    {
        buffer.putInt(index(qp) + PROBE_TS_OFFSET, (int)probeTsNs, BYTE_ORDER);
    }

    /**
     * @param qp QP number.
     * @return the last D_cur, ns, or NaN before the first valid sample.
     */
    public float dPrevNs(final int qp)
    {
        return Float.intBitsToFloat(buffer.getInt(index(qp) + D_PREV_OFFSET, BYTE_ORDER));
    }

    /**
     * @param qp     QP number.
     * @param dCurNs the new D_cur, ns.
     */
    public void dPrevNs(final int qp, final float dCurNs)
    {
        buffer.putInt(index(qp) + D_PREV_OFFSET, Float.floatToRawIntBits(dCurNs), BYTE_ORDER);
    }

    /**
     * @param qp QP number.
     * @return the QP's D_thr, ns: the low 24 bits of word 3 (0 when closed).
     */
    public int dThrNs(final int qp)
    {
        return QpThresholdWord.dThrNs(buffer.getInt(index(qp) + D_THR_OFFSET, BYTE_ORDER));
    }

    /**
     * @param qp QP number.
     * @return the QP's weight: the high byte of word 3, 1 .. 255, or 0 for an unweighted QP.
     */
    public int weight(final int qp)
    {
        return QpThresholdWord.highByte(buffer.getInt(index(qp) + D_THR_OFFSET, BYTE_ORDER));
    }

    /**
     * The high byte of word 3 read as the increase clock of {@link SenderGate#INCREASE_INTERVAL}
     * ({@code hostcc-emulated}, whose QPs are unweighted): the 4.096 us tick of the QP's last applied rise of R_rev,
     * modulo 256 ({@link ReceivableRateController#INCREASE_TICK_SHIFT}). The same byte as {@link #weight(int)}.
     *
     * @param qp QP number.
     * @return the tick, 0 .. 255 (0 for a QP just opened).
     */
    public int increaseTick(final int qp)
    {
        return weight(qp);
    }

    /**
     * Sets the increase clock of {@link SenderGate#INCREASE_INTERVAL} in the high byte of word 3, keeping the D_thr.
     *
     * @param qp   QP number.
     * @param tick the tick, of which the low 8 bits are kept.
     */
    public void increaseTick(final int qp, final int tick)
    {
        final int base = index(qp);
        final int word = buffer.getInt(base + D_THR_OFFSET, BYTE_ORDER);
        buffer.putInt(base + D_THR_OFFSET, QpThresholdWord.withHighByte(word, tick), BYTE_ORDER);
    }

    /**
     * Sets a QP's delay target, keeping its weight.
     *
     * @param qp     QP number.
     * @param dThrNs the QP's new delay target, ns, 1 .. {@link #MAX_D_THR_NS}.
     */
    public void dThrNs(final int qp, final int dThrNs)
    {
        final int base = index(qp);
        final int word = buffer.getInt(base + D_THR_OFFSET, BYTE_ORDER);
        buffer.putInt(base + D_THR_OFFSET, QpThresholdWord.withDThrNs(word, dThrNs), BYTE_ORDER);
    }

    /**
     * Copies a QP's 16 bytes of state out.
     *
     * @param qp    QP number.
     * @param dst   destination.
     * @param index byte index in the destination.
     */
    public void getState(final int qp, final byte[] dst, final int index)
    {
        buffer.getBytes(index(qp), dst, index, BYTES_PER_QP);
    }

    /**
     * Copies 16 bytes of state into a QP (a closed QP's state is all zeros).
     *
     * @param qp    QP number.
     * @param src   source.
     * @param index byte index in the source.
     */
    public void putState(final int qp, final byte[] src, final int index)
    {
        buffer.putBytes(index(qp), src, index, BYTES_PER_QP);
    }

    /**
     * @return a copy of every QP's state, {@code 16 * capacity} bytes.
     */
    public byte[] toByteArray()
    {
        final byte[] state = new byte[capacityQps * BYTES_PER_QP];
        buffer.getBytes(offset, state);
        return state;
    }
}
