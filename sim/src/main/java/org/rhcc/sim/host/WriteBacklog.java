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
    /** Scratch of {@link #step(MemoryController)}: each class's offered lines per channel. */
    private final double[] offeredShare = new double[CLASSES];
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
            double w0 = ch.waiting[0] + o0;
            double w1 = ch.waiting[1] + o1;
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
            ch.waiting[0] = w0;
            ch.waiting[1] = w1;
            released += releaseToWpq(ch, mc, b, io);
        }
        ioToWpq = released;
        admitted[0] = a0;
        admitted[1] = a1;
        admittedTotal[0] += a0;
        admittedTotal[1] += a1;
    }

    /**
     * {@link #step(MemoryController)} over every waiting class.
     */
    private void stepAllClasses(final MemoryController mc)
    {
        double released = 0.0;
        for (int c = 0; c < CLASSES; c++)
        {
            offeredShare[c] = offered[c] * share;
            offered[c] = 0.0;
            admitted[c] = 0.0;
        }
        for (final Channel ch : channelState)
        {
            admit(ch, CLASSES);
            released += releaseToWpq(ch, mc, ch.backlog, ch.io);
        }
        ioToWpq = released;
        for (int c = 0; c < CLASSES; c++)
        {
            admittedTotal[c] += admitted[c];
        }
    }

    /**
     * Admits a channel's waiters while its backlog has room; when it is full, proportional admission: every class
     * keeps the same fraction waiting.
     */
    private void admit(final Channel ch, final int classes)
    {
        final double[] w = ch.waiting;
        w[0] += offeredShare[0];
        double demand = w[0];
        for (int c = 1; c < classes; c++)
        {
            w[c] += offeredShare[c];
            demand += w[c];
        }
        if (demand > 0.0)
        {
            final double space = capacityPerChannel - ch.backlog;
            if (space > 0.0)
            {
                if (demand <= space)
                {
                    ch.io += w[0];
                    for (int c = 0; c < classes; c++)
                    {
                        admitted[c] += w[c];
                        w[c] = 0.0;
                    }
                    ch.backlog += demand;
                }
                else
                {
                    final double f = space / demand;
                    final double x0 = w[0] * f;
                    w[0] = flush(w[0] - x0);
                    admitted[0] += x0;
                    ch.io += x0;
                    for (int c = 1; c < classes; c++)
                    {
                        final double x = w[c] * f;
                        w[c] = flush(w[c] - x);
                        admitted[c] += x;
                    }
                    ch.backlog += space;
                }
            }
        }
    }

    /**
     * Moves a channel's backlog into its WPQ while the WPQ has room; the NIC's lines leave in proportion to their
     * share of the backlog (a FIFO).
     *
     * @param backlogLines the channel's backlog after admission, lines.
     * @param ioLines      of which the NIC's, lines.
     * @return the NIC's lines that moved.
     */
    private double releaseToWpq(final Channel ch, final MemoryController mc, final double backlogLines,
        final double ioLines)
    {
        double b = backlogLines;
        double io = ioLines;
        double released = 0.0;
        if (b > 0.0)
        {
            final double toWpq = Math.min(b, mc.wpqSpace(ch.index));
            if (toWpq > 0.0)
            {
                final double ioOut = io * (toWpq / b);
                mc.admitWrites(ch.index, toWpq, ioOut);
                io -= ioOut;
                released = ioOut;
                b -= toWpq;
            }
        }
        ch.backlog = b < TINY ? 0.0 : b;
        ch.io = io < TINY ? 0.0 : io;
        return released;
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
            sum += ch.waiting[writerClass];
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
        final double[] waiting = new double[CLASSES];
        double backlog;
        double io;

        Channel(final int index)
        {
            this.index = index;
        }
    }
}
