package org.rhcc.sim.net;

import java.util.Arrays;

/**
 * The receiver NIC's on-chip cache of QP contexts (docs/model.md §4.3): a fully associative cache of
 * {@code capacity} contexts, least recently used evicted first. A lookup of a QP whose context is not on chip is a
 * miss; the NIC fetches the context, and when the cache is full the least recently used context makes room (it is
 * written back: a QP the NIC received on has a changed context, its expected PSN at least).
 * <p>
 * The recency order is a doubly linked list threaded through two arrays indexed by QP, so a lookup is O(1).
 * <p>
 * <b>Note:</b> allocation-free after construction; not thread-safe.
 */
public final class QpContextCache
{
    private static final int NONE = -1;

    private final int capacity;
    private final int[] newer;
    private final int[] older;
    private final boolean[] cached;
    private int newest = NONE;
    private int oldest = NONE;
    private int size;
    private long lookups;
    private long misses;
    private long evictions;
    private boolean lastMissEvicted;

    /**
     * @param capacity contexts the cache holds, at least 1.
     * @param qps      QPs that may be looked up, numbered 0..qps-1.
     */
    public QpContextCache(final int capacity, final int qps)
    {
        if (capacity < 1 || qps < 1)
        {
            throw new IllegalArgumentException("a QP-context cache needs at least one entry and one QP: capacity " +
                capacity + ", QPs " + qps);
        }
        this.capacity = capacity;
        newer = new int[qps];
        older = new int[qps];
        cached = new boolean[qps];
        Arrays.fill(newer, NONE);
        Arrays.fill(older, NONE);
    }

    /**
     * Looks a QP's context up and makes it the most recently used.
     *
     * @param qp QP number.
     * @return true on a hit; false on a miss, after which the context is cached (evicting the least recently used
     * one when the cache was full, see {@link #evictedOnLastMiss()}).
     */
    public boolean lookup(final int qp)
    {
        lookups++;
        if (cached[qp])
        {
            if (qp != newest)
            {
                unlink(qp);
                linkNewest(qp);
            }
            return true;
        }
        misses++;
        lastMissEvicted = false;
        if (size == capacity)
        {
            final int victim = oldest;
            unlink(victim);
            cached[victim] = false;
            size--;
            evictions++;
            lastMissEvicted = true;
        }
        cached[qp] = true;
        size++;
        linkNewest(qp);
        return false;
    }

    /**
     * @return true when the last miss evicted a context (the cache was full), which the NIC then writes back.
     */
    public boolean evictedOnLastMiss()
    {
        return lastMissEvicted;
    }

    /**
     * @return lookups so far.
     */
    public long lookups()
    {
        return lookups;
    }

    /**
     * @return misses so far.
     */
    public long misses()
    {
        return misses;
    }

    /**
     * @return contexts evicted so far.
     */
    public long evictions()
    {
        return evictions;
    }

    /**
     * @return contexts on chip now.
     */
    public int size()
    {
        return size;
    }

    private void unlink(final int qp)
    {
        final int n = newer[qp];
        final int o = older[qp];
        if (NONE != n)
        {
            older[n] = o;
        }
        else
        {
            newest = o;
        }
        if (NONE != o)
        {
            newer[o] = n;
        }
        else
        {
            oldest = n;
        }
        newer[qp] = NONE;
        older[qp] = NONE;
    }

    private void linkNewest(final int qp)
    {
        older[qp] = newest;
        newer[qp] = NONE;
        if (NONE != newest)
        {
            newer[newest] = qp;
        }
        newest = qp;
        if (NONE == oldest)
        {
            oldest = qp;
        }
    }
}
