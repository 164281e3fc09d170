package org.rhcc.sim.net;

import java.util.Arrays;

/**
 * A FIFO of packet handles that grows when full.
 * <p>
 * <b>Note:</b> allocation-free except when growing; not thread-safe.
 */
public final class PacketRing
{
    private int[] ring;
    private int head;
    private int size;

    /**
     * @param initialCapacity starting capacity, packets.
     */
    public PacketRing(final int initialCapacity)
    {
        int cap = 16;
        while (cap < initialCapacity)
        {
            cap <<= 1;
        }
        ring = new int[cap];
    }

    /**
     * @param p packet handle to append.
     */
    public void add(final int p)
    {
        if (size == ring.length)
        {
            final int[] bigger = new int[ring.length * 2];
            for (int i = 0; i < size; i++)
            {
                bigger[i] = ring[(head + i) & (ring.length - 1)];
            }
            ring = bigger;
            head = 0;
        }
        ring[(head + size) & (ring.length - 1)] = p;
        size++;
    }

    /**
     * @return the oldest packet, or -1 when empty.
     */
    public int peek()
    {
        return size == 0 ? -1 : ring[head];
    }

    /**
     * @return the oldest packet, removed, or -1 when empty.
     */
    public int poll()
    {
        if (size == 0)
        {
            return -1;
        }
        final int p = ring[head];
        head = (head + 1) & (ring.length - 1);
        size--;
        return p;
    }

    /**
     * @return packets held.
     */
    public int size()
    {
        return size;
    }

    /**
     * Empties the ring, handing nothing back (callers release the packets first).
     */
    public void clear()
    {
        head = 0;
        size = 0;
        Arrays.fill(ring, 0);
    }
}
