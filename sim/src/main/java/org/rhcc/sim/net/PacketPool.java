package org.rhcc.sim.net;

import java.util.Arrays;

/**
 * Packets as rows of primitive arrays, recycled through a free list: a packet is an {@code int} handle.
 * <p>
 * <b>Note:</b> allocation-free except when the pool grows; not thread-safe.
 */
public final class PacketPool
{
    /** Flag: the packet carries ECN CE. */
    public static final int CE = 1;
    /** Flag: the packet is an RHCC probe, not data. */
    public static final int PROBE = 2;
    /** Flag: the packet is the last of its message. */
    public static final int LAST = 4;

    private int[] qp;
    private long[] psn;
    private int[] payloadBytes;
    private int[] wireBytes;
    private int[] flags;
    private int[] free;
    private int freeCount;
    private int capacity;

    /**
     * @param initialCapacity packets allocated up front.
     */
    public PacketPool(final int initialCapacity)
    {
        capacity = 0;
        qp = new int[0];
        psn = new long[0];
        payloadBytes = new int[0];
        wireBytes = new int[0];
        flags = new int[0];
        free = new int[0];
        grow(Math.max(64, initialCapacity));
    }

    /**
     * @param queuePair   QP number.
     * @param packetSeq   PSN.
     * @param payload     payload bytes.
     * @param wire        bytes on the wire (payload plus every header, preamble and gap).
     * @param packetFlags {@link #CE}, {@link #PROBE}, {@link #LAST} bits.
     * @return the packet handle.
     */
    public int acquire(final int queuePair, final long packetSeq, final int payload, final int wire,
        final int packetFlags)
    {
        if (0 == freeCount)
        {
            grow(capacity * 2);
        }
        final int p = free[--freeCount];
        qp[p] = queuePair;
        psn[p] = packetSeq;
        payloadBytes[p] = payload;
        wireBytes[p] = wire;
        flags[p] = packetFlags;
        return p;
    }

    /**
     * @param p a packet handle no longer used.
     */
    public void release(final int p)
    {
        free[freeCount++] = p;
    }

    /**
     * @param p packet.
     * @return QP number.
     */
    public int qp(final int p)
    {
        return qp[p];
    }

    /**
     * @param p packet.
     * @return PSN.
     */
    public long psn(final int p)
    {
        return psn[p];
    }

    /**
     * @param p packet.
     * @return payload bytes.
     */
    public int payloadBytes(final int p)
    {
        return payloadBytes[p];
    }

    /**
     * @param p packet.
     * @return wire bytes.
     */
    public int wireBytes(final int p)
    {
        return wireBytes[p];
    }

    /**
     * @param p packet.
     * @return flag bits.
     */
    public int flags(final int p)
    {
        return flags[p];
    }

    /**
     * @param p    packet.
     * @param flag flag bit to set.
     */
    public void setFlag(final int p, final int flag)
    {
        flags[p] |= flag;
    }

    /**
     * @return packets in use.
     */
    public int inUse()
    {
        return capacity - freeCount;
    }

    private void grow(final int newCapacity)
    {
        qp = Arrays.copyOf(qp, newCapacity);
        psn = Arrays.copyOf(psn, newCapacity);
        payloadBytes = Arrays.copyOf(payloadBytes, newCapacity);
        wireBytes = Arrays.copyOf(wireBytes, newCapacity);
        flags = Arrays.copyOf(flags, newCapacity);
        free = Arrays.copyOf(free, newCapacity);
        for (int p = newCapacity - 1; p >= capacity; p--)
        {
            free[freeCount++] = p;
        }
        capacity = newCapacity;
    }
}
