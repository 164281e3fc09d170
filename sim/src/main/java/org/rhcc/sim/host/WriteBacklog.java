package org.rhcc.sim.host;

/**
 * The CHA/LLC write backlog W_cha (docs/model.md §4.6): per channel a FIFO of capacity {@code K_cha / channels} in front of
 * the WPQ, shared by DDIO victim writebacks (and DDIO-off NIC writes), core writebacks and directory writes.
 * <p>
 * Per step: the backlog admits waiting writers, then moves lines into the WPQs while they have room. While the
 * backlog has room for everyone, every waiter is admitted; when it is full, the free slots are shared among the
 * waiting classes in proportion to their pending demand (the fluid form of FIFO arbitration). The waiters are the
 * IIO (its entries stay occupied, holding posted credits) and the cores (each waiting writeback holds a line-fill
 * buffer), so at saturation the I/O share is a credit ratio, {@code C_iio / (C_iio + sum waiting_g)}.
 * <p>
 * <b>Note:</b> allocation-free per step; not thread-safe.
 */
public final class WriteBacklog
{
    /** Waiting class: NIC lines (DDIO victims or direct writes). */
    public static final int IO = 0;
    /** Waiting class: writebacks of local-socket cores. */
    public static final int CPU_LOCAL = 1;
    /** Waiting class: writebacks of remote-socket cores. */
    public static final int CPU_REMOTE = 2;
    /** Waiting class: memory-directory updates caused by remote reads. */
    public static final int DIRECTORY = 3;
    /** Waiting class: writebacks of the protected CPU service's cores (NIC socket, docs/model.md §4.8). */
    public static final int CPU_PROTECTED = 4;
    /** Number of waiting classes. */
    public static final int CLASSES = 5;

    private static final double TINY = 1e-12;

    private final double capacityPerChannel;
    private final double share;
    private final Channel[] channelState;
    private final double[] admitted;
    private final double[] offered = new double[CLASSES];
    private final double[] admittedTotal = new double[CLASSES];
    private double ioToWpq;
    /** Whether a class other than {@link #IO} and {@link #CPU_LOCAL} has ever been offered: until then the others
     * hold exact zeros, and {@link #step(MemoryController)} leaves them out (adding a zero changes no sum). */
    private boolean otherClasses;

    /**
     * @param channels       memory channels.
     * @param capacityLines  K_cha over all channels, lines.
     */
    public WriteBacklog(final int channels, final double capacityLines)
    {
        this.capacityPerChannel = capacityLines / channels;
        this.share = 1.0 / channels;
        channelState = new Channel[channels];
        for (int c = 0; c < channels; c++)
        {
            channelState[c] = new Channel(c);
        }
        admitted = new double[CLASSES];
    }

    /**
     * A writer starts waiting for admission; the lines interleave evenly over the channels.
     *
     * @param writerClass {@link #IO}, {@link #CPU_LOCAL}, {@link #CPU_REMOTE} or {@link #DIRECTORY}.
     * @param lines       lines to write.
     */
    public void offer(final int writerClass, final double lines)
    {
        offered[writerClass] += lines;
        if (writerClass > CPU_LOCAL)
        {
            otherClasses = true;
        }
    }

    /**
     * Moves backlog lines into the WPQs and admits waiters. Admitted amounts are read with {@link #admitted(int)}.
     *
     * @param mc the memory controller whose WPQs the backlog feeds.
     */
    public void step(final MemoryController mc)
    {
        if (otherClasses)
        {
            stepAllClasses(mc);
        }
        else
        {
            stepIoAndLocal(mc);
        }
    }

    /**
     * {@link #step(MemoryController)} while only {@link #IO} and {@link #CPU_LOCAL} have ever been offered: the same
     * operations on those two classes, in the same order, without the other classes' zeros.
     */
    private void stepIoAndLocal(final MemoryController mc)
    {
        double a0 = 0.0;
        double a1 = 0.0;
        double released = 0.0;
        final double o0 = offered[0] * share;
        final double o1 = offered[1] * share;
        offered[0] = 0.0;
        offered[1] = 0.0;
        for (final Channel ch : channelState)
        {
            double w0 = ch.waiting0 + o0;
            double w1 = ch.waiting1 + o1;
            final double demand = w0 + w1;
            double b = ch.backlog;
            double io = ch.io;
            if (demand > 0.0)
            {
                final double space = capacityPerChannel - b;
                if (space > 0.0)
                {
                    if (demand <= space)
                    {
                        a0 += w0;
                        io += w0;
                        a1 += w1;
                        w0 = 0.0;
                        w1 = 0.0;
                        b += demand;
                    }
                    else
                    {
                        final double f = space / demand;
                        final double x0 = w0 * f;
                        final double x1 = w1 * f;
                        w0 = flush(w0 - x0);
                        w1 = flush(w1 - x1);
                        a0 += x0;
                        io += x0;
                        a1 += x1;
                        b += space;
                    }
                }
            }
            ch.waiting0 = w0;
            ch.waiting1 = w1;
            if (b > 0.0)
            {
                final double toWpq = Math.min(b, mc.wpqSpace(ch.index));
                if (toWpq > 0.0)
                {
                    final double ioOut = io * (toWpq / b);
                    mc.admitWrites(ch.index, toWpq, ioOut);
                    io -= ioOut;
                    released += ioOut;
                    b -= toWpq;
                }
            }
            ch.backlog = b < TINY ? 0.0 : b;
            ch.io = io < TINY ? 0.0 : io;
        }
        ioToWpq = released;
        admitted[0] = a0;
        admitted[1] = a1;
        admittedTotal[0] += a0;
        admittedTotal[1] += a1;
    }

    private void stepAllClasses(final MemoryController mc)
    {
        double a0 = 0.0;
        double a1 = 0.0;
        double a2 = 0.0;
        double a3 = 0.0;
        double a4 = 0.0;
        double released = 0.0;
        final double o0 = offered[0] * share;
        final double o1 = offered[1] * share;
        final double o2 = offered[2] * share;
        final double o3 = offered[3] * share;
        final double o4 = offered[4] * share;
        offered[0] = 0.0;
        offered[1] = 0.0;
        offered[2] = 0.0;
        offered[3] = 0.0;
        offered[4] = 0.0;
        for (final Channel ch : channelState)
        {
            double w0 = ch.waiting0 + o0;
            double w1 = ch.waiting1 + o1;
            double w2 = ch.waiting2 + o2;
            double w3 = ch.waiting3 + o3;
            double w4 = ch.waiting4 + o4;
            final double demand = w0 + w1 + w2 + w3 + w4;
            double b = ch.backlog;
            double io = ch.io;
            if (demand > 0.0)
            {
                final double space = capacityPerChannel - b;
                if (space > 0.0)
                {
                    if (demand <= space)
                    {
                        a0 += w0;
                        io += w0;
                        a1 += w1;
                        a2 += w2;
                        a3 += w3;
                        a4 += w4;
                        w0 = 0.0;
                        w1 = 0.0;
                        w2 = 0.0;
                        w3 = 0.0;
                        w4 = 0.0;
                        b += demand;
                    }
                    else
                    {
                        final double f = space / demand;
                        // proportional admission: every class keeps the same fraction waiting
                        final double x0 = w0 * f;
                        final double x1 = w1 * f;
                        final double x2 = w2 * f;
                        final double x3 = w3 * f;
                        final double x4 = w4 * f;
                        w0 = flush(w0 - x0);
                        w1 = flush(w1 - x1);
                        w2 = flush(w2 - x2);
                        w3 = flush(w3 - x3);
                        w4 = flush(w4 - x4);
                        a0 += x0;
                        io += x0;
                        a1 += x1;
                        a2 += x2;
                        a3 += x3;
                        a4 += x4;
                        b += space;
                    }
                }
            }
            ch.waiting0 = w0;
            ch.waiting1 = w1;
            ch.waiting2 = w2;
            ch.waiting3 = w3;
            ch.waiting4 = w4;
            if (b > 0.0)
            {
                final double toWpq = Math.min(b, mc.wpqSpace(ch.index));
                if (toWpq > 0.0)
                {
                    final double ioOut = io * (toWpq / b);
                    mc.admitWrites(ch.index, toWpq, ioOut);
                    io -= ioOut;
                    released += ioOut;
                    b -= toWpq;
                }
            }
            ch.backlog = b < TINY ? 0.0 : b;
            ch.io = io < TINY ? 0.0 : io;
        }
        ioToWpq = released;
        admitted[0] = a0;
        admitted[1] = a1;
        admitted[2] = a2;
        admitted[3] = a3;
        admitted[4] = a4;
        admittedTotal[0] += a0;
        admittedTotal[1] += a1;
        admittedTotal[2] += a2;
        admittedTotal[3] += a3;
        admittedTotal[4] += a4;
    }

    private static double flush(final double v)
    {
        return v < TINY ? 0.0 : v;
    }

    /**
     * @param writerClass a waiting class.
     * @return lines of that class admitted in the last step.
     */
    public double admitted(final int writerClass)
    {
        return admitted[writerClass];
    }

    /**
     * @return NIC lines that moved from the backlog into a WPQ in the last step (the backlog is a FIFO; its classes
     * leave in proportion to their share of it).
     */
    public double ioToWpq()
    {
        return ioToWpq;
    }

    /**
     * @param writerClass a waiting class.
     * @return lines of that class admitted so far.
     */
    public double admittedTotal(final int writerClass)
    {
        return admittedTotal[writerClass];
    }

    /**
     * @param writerClass a waiting class.
     * @return lines of that class still waiting for admission.
     */
    public double waiting(final int writerClass)
    {
        double sum = offered[writerClass];
        for (final Channel ch : channelState)
        {
            sum += ch.waiting(writerClass);
        }
        return sum;
    }

    /**
     * @return lines in the backlog (admitted, not yet in a WPQ), all channels.
     */
    public double occupancy()
    {
        double sum = 0.0;
        for (final Channel ch : channelState)
        {
            sum += ch.backlog;
        }
        return sum;
    }

    /**
     * One channel's share of the backlog: the lines of each class waiting for admission, the admitted lines not yet
     * in the WPQ, and the NIC's part of them.
     */
    private static final class Channel
    {
        final int index;
        double waiting0;
        double waiting1;
        double waiting2;
        double waiting3;
        double waiting4;
        double backlog;
        double io;

        Channel(final int index)
        {
            this.index = index;
        }

        double waiting(final int writerClass)
        {
            switch (writerClass)
            {
                case IO:
                    return waiting0;
                case CPU_LOCAL:
                    return waiting1;
                case CPU_REMOTE:
                    return waiting2;
                case DIRECTORY:
                    return waiting3;
                default:
                    return waiting4;
            }
        }
    }
}
