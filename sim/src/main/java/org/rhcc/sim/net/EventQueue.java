package org.rhcc.sim.net;

import java.util.Arrays;

/**
 * A binary min-heap of timed events in primitive arrays: time (ns, fractional), a type and two int arguments. Ties
 * are broken by insertion order, so the processing order, and hence every run, is deterministic.
 * <p>
 * <b>Note:</b> allocation-free except when the heap grows beyond its current capacity; not thread-safe.
 */
public final class EventQueue
{
    private double[] timeNs;
    private long[] seq;
    private int[] type;
    private int[] argA;
    private int[] argB;
    private int size;
    private long nextSeq;

    private int topType;
    private int topA;
    private int topB;
    private double topTimeNs;

    /**
     * @param initialCapacity starting capacity, events.
     */
    public EventQueue(final int initialCapacity)
    {
        final int cap = Math.max(16, initialCapacity);
        timeNs = new double[cap];
        seq = new long[cap];
        type = new int[cap];
        argA = new int[cap];
        argB = new int[cap];
    }

    /**
     * @param atNs      event time, ns.
     * @param eventType event type.
     * @param a         first argument.
     * @param b         second argument.
     */
    public void schedule(final double atNs, final int eventType, final int a, final int b)
    {
        if (size == timeNs.length)
        {
            final int cap = size * 2;
            timeNs = Arrays.copyOf(timeNs, cap);
            seq = Arrays.copyOf(seq, cap);
            type = Arrays.copyOf(type, cap);
            argA = Arrays.copyOf(argA, cap);
            argB = Arrays.copyOf(argB, cap);
        }
        int i = size++;
        final long s = nextSeq++;
        while (i > 0)
        {
            final int parent = (i - 1) >>> 1;
            if (less(atNs, s, timeNs[parent], seq[parent]))
            {
                move(parent, i);
                i = parent;
            }
            else
            {
                break;
            }
        }
        timeNs[i] = atNs;
        seq[i] = s;
        type[i] = eventType;
        argA[i] = a;
        argB[i] = b;
    }

    /**
     * @return time of the earliest event, or +infinity when empty.
     */
    public double peekTimeNs()
    {
        return size == 0 ? Double.POSITIVE_INFINITY : timeNs[0];
    }

    /**
     * Removes the earliest event; read it with {@link #type()}, {@link #a()}, {@link #b()}, {@link #timeNs()}.
     */
    public void pop()
    {
        topTimeNs = timeNs[0];
        topType = type[0];
        topA = argA[0];
        topB = argB[0];
        final int last = --size;
        if (last == 0)
        {
            return;
        }
        final double t = timeNs[last];
        final long s = seq[last];
        final int ty = type[last];
        final int a = argA[last];
        final int b = argB[last];
        int i = 0;
        while (true)
        {
            int child = 2 * i + 1;
            if (child >= last)
            {
                break;
            }
            if (child + 1 < last && less(timeNs[child + 1], seq[child + 1], timeNs[child], seq[child]))
            {
                child++;
            }
            if (less(timeNs[child], seq[child], t, s))
            {
                move(child, i);
                i = child;
            }
            else
            {
                break;
            }
        }
        timeNs[i] = t;
        seq[i] = s;
        type[i] = ty;
        argA[i] = a;
        argB[i] = b;
    }

    /**
     * @return number of pending events.
     */
    public int size()
    {
        return size;
    }

    /**
     * @return time of the last popped event, ns.
     */
    public double timeNs()
    {
        return topTimeNs;
    }

    /**
     * @return type of the last popped event.
     */
    public int type()
    {
        return topType;
    }

    /**
     * @return first argument of the last popped event.
     */
    public int a()
    {
        return topA;
    }

    /**
     * @return second argument of the last popped event.
     */
    public int b()
    {
        return topB;
    }

    private static boolean less(final double t1, final long s1, final double t2, final long s2)
    {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    private void move(final int from, final int to)
    {
        timeNs[to] = timeNs[from];
        seq[to] = seq[from];
        type[to] = type[from];
        argA[to] = argA[from];
        argB[to] = argB[from];
    }
}
