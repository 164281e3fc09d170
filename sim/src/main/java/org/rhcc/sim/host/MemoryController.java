package org.rhcc.sim.host;

import org.rhcc.sim.SimParameters;

/**
 * The memory controller of the NIC's socket (docs/model.md §4.7): per channel a read pending queue (RPQ) per read class,
 * a write pending queue (WPQ), a READ/WRITE bus mode with turnarounds, and refresh.
 * <p>
 * Scheduling, per channel and step (fluid, lines as doubles):
 * <ul>
 *   <li>READ mode serves the RPQ FIFO (classes in proportion to their share of the queue). It switches to WRITE when
 *   {@code W_q >= W_hi} and either at least {@code minReadBurst} reads were served since the last drain or no read
 *   waits, or when no read waits and {@code W_q >= W_lo} (opportunistic drain). With {@code W_hi} at the WPQ's
 *   capacity the WPQ runs nearly full, so posted writers wait for drains ([HN]: P_fill^WPQ).</li>
 *   <li>WRITE mode, once entered, writes at least one drain batch of {@code W_hi - W_lo} lines (or empties the WPQ);
 *   after that it stops at {@code W_lo} while any read waits, and it stops after {@code maxWriteBurst} writes once a
 *   read batch ({@code minReadBurst} lines) waits; with no read waiting it drains until the WPQ is empty. A saturated
 *   channel so alternates bounded read and write batches. The batch applies to an opportunistic drain too: a
 *   controller that turned the bus around for every read arriving during an opportunistic drain would spend a
 *   turnaround per read whenever reads are sparse, a lightly loaded channel would look saturated (the utilisation
 *   behind the burst-queueing wait below would sit at 1), and posted writes would wait as long under throttled
 *   cores as under saturating ones (docs/model.md §10, "Write drain"). Watermark drain controllers work this way
 *   (write mode is left only below the low watermark, e.g. Ramulator's {@code wr_low_watermark}).</li>
 *   <li>Every direction change idles the bus for {@code t_sw}; every {@code tREFI} the channel is blocked for
 *   {@code tRFC} (channels staggered by {@code tREFI / channels}).</li>
 *   <li>A line occupies the data bus for {@code tTrans / eta_bank}: eta_bank folds bank imbalance into the bus rate
 *   ([HN]: max/avg bank load >= 1.5 in 50-70 % of samples). Row misses cost latency, not bus time (banks work in
 *   parallel); the caller adds their expected cost to the read's return path.</li>
 * </ul>
 * Requests that find the RPQ full wait in front of it (the CHA's TOR) and enter in arrival order of classes.
 * <p>
 * <b>Burst queueing.</b> The fluid queues wait only when the mean demand exceeds a channel's capacity; the wait that
 * bursts add below saturation is {@link BurstQueueing}'s: {@link #burstWaitNs()} and {@link #writeBurstWaitNs()}.
 * <p>
 * <b>Note:</b> allocation-free per step; not thread-safe.
 */
public final class MemoryController
{
    /** Read classes: 0 = local-socket cores, 1 = remote-socket cores, 2 = the protected CPU service (local socket). */
    public static final int READ_CLASSES = 3;

    private final int channels;
    private final double lineNs;
    private final double perChannel;
    private final double wpqCap;

    private final DramChannel[] channelState;
    /** Whether a read of class 1 or 2 has ever been enqueued (until then {@link #step(double, double)} serves class 0
     * alone). */
    private boolean otherReadClasses;
    private final double[] servedReadsTotal = new double[READ_CLASSES];
    private final double[] lastServedReads = new double[READ_CLASSES];
    private double servedWritesTotal;
    private final BurstQueueing burst;
    private double busyNsThisStep;
    private double readBacklogThisStep;

    /**
     * @param dram the DRAM parameters.
     */
    public MemoryController(final SimParameters.Dram dram)
    {
        channels = dram.channels();
        lineNs = dram.tTransNs() / dram.bankEfficiency();
        perChannel = 1.0 / channels;
        wpqCap = dram.wpqLines();
        burst = new BurstQueueing(dram);
        channelState = new DramChannel[channels];
        for (int c = 0; c < channels; c++)
        {
            channelState[c] = new DramChannel(dram,
                dram.refreshIntervalNs() * (c + 1) / (channels * dram.refreshRanks()));
        }
    }

    /**
     * @param lines X: the NIC's writes that one packet brings to each channel one after the other (its lines that miss
     *              DDIO and so write a victim back, {@code MTU / 64 / channels x p_miss}); 1 for writes a line at a
     *              time.
     */
    public void nicTrainLinesPerChannel(final double lines)
    {
        burst.nicTrainLinesPerChannel(lines);
    }

    /**
     * @return number of channels.
     */
    public int channels()
    {
        return channels;
    }

    /**
     * Read requests reach the channel.
     *
     * @param channel   channel index.
     * @param readClass 0 local cores, 1 remote cores, 2 the protected service.
     * @param lines     lines requested.
     */
    public void enqueueRead(final int channel, final int readClass, final double lines)
    {
        if (0 != readClass)
        {
            otherReadClasses = true;
        }
        final DramChannel ch = channelState[channel];
        if (0 == readClass)
        {
            ch.waiting0 += lines;
        }
        else if (1 == readClass)
        {
            ch.waiting1 += lines;
        }
        else
        {
            ch.waiting2 += lines;
        }
    }

    /**
     * Read requests reach the memory controller, interleaved evenly over the channels.
     *
     * @param readClass 0 local cores, 1 remote cores, 2 the protected service.
     * @param lines     lines requested.
     */
    public void enqueueReadInterleaved(final int readClass, final double lines)
    {
        final double share = lines * perChannel;
        if (0 != readClass)
        {
            otherReadClasses = true;
        }
        for (final DramChannel ch : channelState)
        {
            if (0 == readClass)
            {
                ch.waiting0 += share;
            }
            else if (1 == readClass)
            {
                ch.waiting1 += share;
            }
            else
            {
                ch.waiting2 += share;
            }
        }
    }

    /**
     * @param channel channel index.
     * @return free WPQ entries, lines.
     */
    public double wpqSpace(final int channel)
    {
        final double space = wpqCap - channelState[channel].wpq;
        return Math.max(0.0, space);
    }

    /**
     * Admits writes from the CHA write backlog into the WPQ (the caller bounds them by {@link #wpqSpace(int)}).
     *
     * @param channel channel index.
     * @param lines   lines admitted.
     */
    public void admitWrites(final int channel, final double lines)
    {
        admitWrites(channel, lines, 0.0);
    }

    /**
     * Admits writes from the CHA write backlog into the WPQ (the caller bounds them by {@link #wpqSpace(int)}).
     *
     * @param channel  channel index.
     * @param lines    lines admitted.
     * @param nicLines of which the NIC's (DDIO victims or direct writes), for the writes' burstiness.
     */
    public void admitWrites(final int channel, final double lines, final double nicLines)
    {
        channelState[channel].wpq += lines;
        burst.onWrites(lines, nicLines);
    }

    /**
     * Serves one step on every channel. Results are read with {@link #servedReads(int, int)} and
     * {@link #servedWrites(int)} until the next call.
     *
     * @param nowNs  start of the step, ns.
     * @param stepNs step length, ns.
     */
    public void step(final double nowNs, final double stepNs)
    {
        final double[] last = lastServedReads;
        last[0] = 0.0;
        last[2] = 0.0;
        last[1] = 0.0;
        busyNsThisStep = 0.0;
        readBacklogThisStep = 0.0;
        final boolean allClasses = otherReadClasses;
        for (final DramChannel ch : channelState)
        {
            ch.step(nowNs, stepNs, allClasses);
            busyNsThisStep += stepNs - (ch.budgetNs > 0.0 ? ch.budgetNs : 0.0) - ch.freeTurnNs;
            readBacklogThisStep += ch.rpq0 + ch.waiting0;
            servedReadsTotal[0] += ch.served0;
            last[0] += ch.served0;
            if (allClasses)
            {
                readBacklogThisStep += ch.rpq1 + ch.waiting1;
                readBacklogThisStep += ch.rpq2 + ch.waiting2;
                servedReadsTotal[1] += ch.served1;
                servedReadsTotal[2] += ch.served2;
                last[1] += ch.served1;
                last[2] += ch.served2;
            }
            servedWritesTotal += ch.servedWrites;
        }
        burst.endStep(stepNs, busyNsThisStep, readBacklogThisStep);
    }

    /**
     * @param dram DRAM parameters.
     * @return the bound of a read's burst-queueing wait: a full RPQ's drain time, ns.
     */
    public static double readWaitMaxNs(final SimParameters.Dram dram)
    {
        return BurstQueueing.readWaitMaxNs(dram);
    }

    /**
     * @param dram DRAM parameters.
     * @return the bound of a write's burst-queueing admission wait: the time a full WPQ takes to drain under
     * reads-first scheduling, each write batch of {@code maxWriteBurst} lines followed by a read batch of
     * {@code minReadBurst} lines and two turnarounds, ns (0 when the term is off).
     */
    public static double writeWaitMaxNs(final SimParameters.Dram dram)
    {
        return BurstQueueing.writeWaitMaxNs(dram);
    }

    /**
     * @return a read's burst-queueing wait not carried by the fluid queues, ns (0 when the term is off); bounded
     * by a full RPQ's drain time.
     */
    public double burstWaitNs()
    {
        return burst.burstWaitNs();
    }

    /**
     * @return a write's burst-queueing WPQ admission wait not carried by the fluid queues, ns (0 when the term is
     * off); bounded by a full WPQ's drain time.
     */
    public double writeBurstWaitNs()
    {
        return burst.writeBurstWaitNs();
    }

    /**
     * @return the wait of a device read arriving now (a NIC reading a QP context, docs/model.md §4.3): the reads
     * queued ahead of it, averaged over the interleaved channels, at a channel's line time, plus a read's
     * burst-queueing wait, ns.
     */
    public double readQueueWaitNs()
    {
        double lines = 0.0;
        for (int c = 0; c < channelState.length; c++)
        {
            lines += readBacklog(c);
        }
        return lines / channelState.length * lineNs + burst.burstWaitNs();
    }

    /**
     * @return the channel utilisation averaged over {@value BurstQueueing#UTILISATION_WINDOW_NS} ns (tracked only
     * while the burst-queueing term is on), 0..1.
     */
    public double utilisation()
    {
        return burst.utilisation();
    }

    /**
     * @param readClass read class.
     * @return reads of the class served by all channels in the last step, lines.
     */
    public double lastServedReads(final int readClass)
    {
        return lastServedReads[readClass];
    }

    /**
     * @param channel   channel index.
     * @param readClass read class.
     * @return reads of the class served by the channel in the last step, lines.
     */
    public double servedReads(final int channel, final int readClass)
    {
        final DramChannel ch = channelState[channel];
        return 0 == readClass ? ch.served0 : 1 == readClass ? ch.served1 : ch.served2;
    }

    /**
     * @param channel channel index.
     * @return writes served by the channel in the last step, lines.
     */
    public double servedWrites(final int channel)
    {
        return channelState[channel].servedWrites;
    }

    /**
     * @param channel channel index.
     * @return WPQ occupancy, lines.
     */
    public double wpqOccupancy(final int channel)
    {
        return channelState[channel].wpq;
    }

    /**
     * @param channel channel index.
     * @return RPQ occupancy plus requests waiting in front of it, lines.
     */
    public double readBacklog(final int channel)
    {
        final DramChannel ch = channelState[channel];
        return ch.rpq0 + ch.rpq1 + ch.waiting0 + ch.waiting1 + ch.rpq2 + ch.waiting2;
    }

    /**
     * @param readClass read class.
     * @return reads of the class served so far, all channels, lines.
     */
    public double servedReadsTotal(final int readClass)
    {
        return servedReadsTotal[readClass];
    }

    /**
     * @return writes served so far, all channels, lines.
     */
    public double servedWritesTotal()
    {
        return servedWritesTotal;
    }

    /**
     * @return bus direction changes so far.
     */
    public long switches()
    {
        long switches = 0;
        for (final DramChannel ch : channelState)
        {
            switches += ch.switches;
        }
        return switches;
    }
}
