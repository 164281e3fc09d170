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
    private double[] sentNs;
    private double[] rxArriveNs;
    private double[] ackDepartNs;
    private long[] intQueueBytes;
    private long[] intTxBytes;
    private double[] intStampNs;
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
        sentNs = new double[0];
        rxArriveNs = new double[0];
        ackDepartNs = new double[0];
        intQueueBytes = new long[0];
        intTxBytes = new long[0];
        intStampNs = new double[0];
        free = new int[0];
        grow(Math.max(64, initialCapacity));
    }

    /**
     * @param queuePair   QP number.
     * @param packetSeq   PSN.
     * @param payload     payload bytes.
     * @param wire        bytes on the wire (payload plus every header, preamble and gap).
     * @param packetFlags {@link #CE}, {@link #PROBE}, {@link #LAST} bits.
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
     * Records when the sender NIC started transmitting a data packet (Swift's send timestamp).
     *
     * @param p      packet.
     * @param timeNs time, ns.
     */
    public void stampSent(final int p, final double timeNs)
    {
        sentNs[p] = timeNs;
    }

    /**
     * @param p packet.
     * @return when the sender NIC started transmitting it, ns.
     */
    public double sentNs(final int p)
    {
        return sentNs[p];
    }

    /**
     * Records when a data packet arrived at the receiver NIC (the receiver NIC's receive timestamp).
     *
     * @param p      packet.
     * @param timeNs time, ns.
     */
    public void stampRxArrive(final int p, final double timeNs)
    {
        rxArriveNs[p] = timeNs;
    }

    /**
     * @param p packet.
     * @return when it arrived at the receiver NIC, ns.
     */
    public double rxArriveNs(final int p)
    {
        return rxArriveNs[p];
    }

    /**
     * Records when the ACK of a data packet left the receiver NIC (its payload handed to PCIe).
     *
     * @param p      packet.
     * @param timeNs time, ns.
     */
    public void stampAckDepart(final int p, final double timeNs)
    {
        ackDepartNs[p] = timeNs;
    }

    /**
     * @param p packet.
     * @return when its ACK left the receiver NIC, ns.
     */
    public double ackDepartNs(final int p)
    {
        return ackDepartNs[p];
    }

    /**
     * Stamps the packet's INT record of the switch egress it leaves (docs/model.md §4.11): one hop.
     *
     * @param p          packet.
     * @param queueBytes egress queue behind the packet when it left, bytes.
     * @param txBytes    the egress port's transmitted-bytes counter before this packet.
     * @param stampNs    the switch's time, ns.
     */
    public void stampInt(final int p, final long queueBytes, final long txBytes, final double stampNs)
    {
        intQueueBytes[p] = queueBytes;
        intTxBytes[p] = txBytes;
        intStampNs[p] = stampNs;
    }

    /**
     * @param p packet.
     * @return the INT record's queue length, bytes.
     */
    public long intQueueBytes(final int p)
    {
        return intQueueBytes[p];
    }

    /**
     * @param p packet.
     * @return the INT record's transmitted-bytes counter.
     */
    public long intTxBytes(final int p)
    {
        return intTxBytes[p];
    }

    /**
     * @param p packet.
     * @return the INT record's timestamp, ns.
     */
    public double intStampNs(final int p)
    {
        return intStampNs[p];
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
        sentNs = Arrays.copyOf(sentNs, newCapacity);
        rxArriveNs = Arrays.copyOf(rxArriveNs, newCapacity);
        ackDepartNs = Arrays.copyOf(ackDepartNs, newCapacity);
        intQueueBytes = Arrays.copyOf(intQueueBytes, newCapacity);
        intTxBytes = Arrays.copyOf(intTxBytes, newCapacity);
        intStampNs = Arrays.copyOf(intStampNs, newCapacity);
        free = Arrays.copyOf(free, newCapacity);
        for (int p = newCapacity - 1; p >= capacity; p--)
        {
            free[freeCount++] = p;
        }
        capacity = newCapacity;
    }
}
