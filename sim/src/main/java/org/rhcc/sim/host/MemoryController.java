package org.rhcc.sim.host;

import org.rhcc.sim.SimParameters;

/**
 * The memory controller of the NIC's socket (model.md §4.7): per channel a read pending queue (RPQ) per read class,
 * a write pending queue (WPQ), a READ/WRITE bus mode with turnarounds, and refresh.
 * <p>
 * Scheduling, per channel and step (fluid, lines as doubles):
 * <ul>
 *   <li>READ mode serves the RPQ FIFO (classes in proportion to their share of the queue). It switches to WRITE when
 *   {@code W_q >= W_hi} and either at least {@code minReadBurst} reads were served since the last drain or no read
 *   waits, or when no read waits and {@code W_q >= W_lo} (opportunistic drain). With {@code W_hi} at the WPQ's
 *   capacity the WPQ runs nearly full, so posted writers wait for drains ([HN]: P_fill^WPQ).</li>
 *   <li>WRITE mode stops at {@code W_lo} while any read waits, and after {@code maxWriteBurst} writes once a read
 *   batch ({@code minReadBurst} lines) waits; with no read waiting it drains until the WPQ is empty. A saturated
 *   channel so alternates bounded read and write batches.</li>
 *   <li>Every direction change idles the bus for {@code t_sw}; every {@code tREFI} the channel is blocked for
 *   {@code tRFC} (channels staggered by {@code tREFI / channels}).</li>
 *   <li>A line occupies the data bus for {@code tTrans / eta_bank}: eta_bank folds bank imbalance into the bus rate
 *   ([HN]: max/avg bank load >= 1.5 in 50-70 % of samples). Row misses cost latency, not bus time (banks work in
 *   parallel); the caller adds their expected cost to the read's return path.</li>
 * </ul>
 * Requests that find the RPQ full wait in front of it (the CHA's TOR) and enter in arrival order of classes.
 * <p>
 * <b>Burst queueing.</b> A fluid channel queues only when the mean demand exceeds its capacity, yet real requests
 * arrive in bursts and collide on banks and with write drains, so DRAM latency rises well before saturation ([ML]:
 * Intel MLC loaded latency, about 1.0-1.25x idle up to 55 % of peak, 2.0x at 97 %, 2.9x at saturation). The channel
 * utilisation rho (bus busy with data, turnarounds or refresh, averaged over {@value #UTILISATION_WINDOW_NS} ns)
 * gives the expected wait of an M/D/1 queue, {@code S rho / (2 (1 - rho))}, bounded by the drain time of a full RPQ
 * (reads) or WPQ (writes), the longest a request can queue in a finite queue at full service. The part of
 * it that the fluid queues do not already carry (their current drain time) is {@link #burstWaitNs()} and
 * {@link #writeBurstWaitNs()}: the caller adds them to a core read's return path and to a NIC write's WPQ admission ([HN] §5: admission delay).
 * <p>
 * <b>Note:</b> allocation-free per step; not thread-safe.
 */
public final class MemoryController
{
    /** Read classes: 0 = local-socket cores, 1 = remote-socket cores. */
    public static final int READ_CLASSES = 2;

    private static final int READ = 0;
    private static final int WRITE = 1;
    private static final double EPS = 1e-9;
    /** Residues below this are flushed to zero: fluid splits would otherwise decay into subnormal doubles, whose
     * arithmetic is two orders of magnitude slower. */
    private static final double TINY = 1e-12;
    /** Averaging window of the channel utilisation behind the burst-queueing wait, ns (est.: a few hundred line
     * times, long against a read/write batch cycle of ~0.1 us, short against the 100 us telemetry windows). */
    static final double UTILISATION_WINDOW_NS = 1_000.0;

    private final int channels;
    private final double lineNs;
    private final double linesPerNs;
    private final double perChannel;
    private final double tSwitchNs;
    private final double rpqCap;
    private final double wpqCap;
    private final double wpqHigh;
    private final double wpqLow;
    private final double minReadBurst;
    private final double maxWriteBurst;
    private final double[] writesSinceSwitch;
    private final double refreshIntervalNs;
    private final double refreshNs;

    private final double[] rpq;
    private final double[] rpqWait;
    private final double[] wpq;
    private final int[] mode;
    private final double[] turnLeftNs;
    private final double[] refreshLeftNs;
    private final double[] nextRefreshNs;
    private final double[] readsSinceDrain;
    private final double[] servedReads;
    private final double[] servedWrites;
    private long switches;
    private final double[] servedReadsTotal = new double[READ_CLASSES];
    private final double[] lastServedReads = new double[READ_CLASSES];
    private double servedWritesTotal;
    private final double burstServiceNs;
    private final double readWaitMaxNs;
    private final double writeWaitMaxNs;
    private double busyNsThisStep;
    private double readBacklogThisStep;
    private double gainStepNs;
    private double utilisationGain;
    private double utilisation;
    private double burstWaitNs;
    private double writeBurstWaitNs;

    /**
     * @param dram the DRAM parameters.
     */
    public MemoryController(final SimParameters.Dram dram)
    {
        channels = dram.channels();
        lineNs = dram.tTransNs() / dram.bankEfficiency();
        linesPerNs = 1.0 / lineNs;
        perChannel = 1.0 / channels;
        tSwitchNs = dram.tSwitchNs();
        rpqCap = dram.rpqLines();
        wpqCap = dram.wpqLines();
        wpqHigh = dram.wpqHighLines();
        wpqLow = dram.wpqLowLines();
        minReadBurst = dram.minReadBurstLines();
        maxWriteBurst = dram.maxWriteBurstLines();
        refreshIntervalNs = dram.refreshIntervalNs();
        refreshNs = dram.refreshNs();
        burstServiceNs = dram.burstServiceNs();
        readWaitMaxNs = readWaitMaxNs(dram);
        writeWaitMaxNs = writeWaitMaxNs(dram);
        rpq = new double[channels * READ_CLASSES];
        rpqWait = new double[channels * READ_CLASSES];
        wpq = new double[channels];
        mode = new int[channels];
        turnLeftNs = new double[channels];
        refreshLeftNs = new double[channels];
        nextRefreshNs = new double[channels];
        readsSinceDrain = new double[channels];
        writesSinceSwitch = new double[channels];
        servedReads = new double[channels * READ_CLASSES];
        servedWrites = new double[channels];
        for (int c = 0; c < channels; c++)
        {
            nextRefreshNs[c] = refreshIntervalNs * (c + 1) / channels;
        }
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
     * @param readClass 0 local cores, 1 remote cores.
     * @param lines     lines requested.
     */
    public void enqueueRead(final int channel, final int readClass, final double lines)
    {
        rpqWait[channel * READ_CLASSES + readClass] += lines;
    }

    /**
     * Read requests reach the memory controller, interleaved evenly over the channels.
     *
     * @param readClass 0 local cores, 1 remote cores.
     * @param lines     lines requested.
     */
    public void enqueueReadInterleaved(final int readClass, final double lines)
    {
        final double share = lines * perChannel;
        for (int c = 0; c < channels; c++)
        {
            rpqWait[c * READ_CLASSES + readClass] += share;
        }
    }

    /**
     * @param channel channel index.
     * @return free WPQ entries, lines.
     */
    public double wpqSpace(final int channel)
    {
        return Math.max(0.0, wpqCap - wpq[channel]);
    }

    /**
     * Admits writes from the CHA write backlog into the WPQ (the caller bounds them by {@link #wpqSpace(int)}).
     *
     * @param channel channel index.
     * @param lines   lines admitted.
     */
    public void admitWrites(final int channel, final double lines)
    {
        wpq[channel] += lines;
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
        lastServedReads[0] = 0.0;
        lastServedReads[1] = 0.0;
        busyNsThisStep = 0.0;
        readBacklogThisStep = 0.0;
        for (int c = 0; c < channels; c++)
        {
            stepChannel(c, nowNs, stepNs);
        }
        if (burstServiceNs > 0.0)
        {
            updateBurstWait(stepNs);
        }
    }

    private void updateBurstWait(final double stepNs)
    {
        final double busy = busyNsThisStep * perChannel / stepNs;
        if (stepNs != gainStepNs)
        {
            gainStepNs = stepNs;
            utilisationGain = Math.min(1.0, stepNs / UTILISATION_WINDOW_NS);
        }
        utilisation += (busy - utilisation) * utilisationGain;
        final double rho = utilisation;
        final double waitNs = rho >= 1.0 - EPS ? Double.MAX_VALUE : burstServiceNs * rho / (2.0 * (1.0 - rho));
        final double fluidWaitNs = readBacklogThisStep * lineNs * perChannel;
        final double readWaitNs = Math.min(waitNs, readWaitMaxNs);
        final double writeWaitNs = Math.min(waitNs, writeWaitMaxNs);
        burstWaitNs = readWaitNs > fluidWaitNs ? readWaitNs - fluidWaitNs : 0.0;
        writeBurstWaitNs = writeWaitNs > fluidWaitNs ? writeWaitNs - fluidWaitNs : 0.0;
    }

    /**
     * @param dram DRAM parameters.
     * @return the bound of a read's burst-queueing wait: a full RPQ's drain time, ns.
     */
    public static double readWaitMaxNs(final SimParameters.Dram dram)
    {
        return dram.burstServiceNs() > 0.0 ? dram.rpqLines() * dram.tTransNs() / dram.bankEfficiency() : 0.0;
    }

    /**
     * @param dram DRAM parameters.
     * @return the bound of a write's burst-queueing admission wait: a full WPQ's drain time, ns.
     */
    public static double writeWaitMaxNs(final SimParameters.Dram dram)
    {
        return dram.burstServiceNs() > 0.0 ? dram.wpqLines() * dram.tTransNs() / dram.bankEfficiency() : 0.0;
    }

    /**
     * @return a read's burst-queueing wait not carried by the fluid queues, ns (0 when the term is off); bounded
     * by a full RPQ's drain time.
     */
    public double burstWaitNs()
    {
        return burstWaitNs;
    }

    /**
     * @return a write's burst-queueing WPQ admission wait not carried by the fluid queues, ns (0 when the term is
     * off); bounded by a full WPQ's drain time.
     */
    public double writeBurstWaitNs()
    {
        return writeBurstWaitNs;
    }

    /**
     * @return the channel utilisation averaged over {@value #UTILISATION_WINDOW_NS} ns (tracked only while the
     * burst-queueing term is on), 0..1.
     */
    public double utilisation()
    {
        return utilisation;
    }

    /**
     * @param readClass read class.
     * @return reads of the class served by all channels in the last step, lines.
     */
    public double lastServedReads(final int readClass)
    {
        return lastServedReads[readClass];
    }

    private void stepChannel(final int c, final double nowNs, final double stepNs)
    {
        final double[] q = rpq;
        final double[] waiting = rpqWait;
        final int i0 = c * READ_CLASSES;
        final int i1 = i0 + 1;
        double q0 = q[i0];
        double q1 = q[i1];
        final double w0 = waiting[i0];
        final double w1 = waiting[i1];
        final double waitTotal = w0 + w1;
        if (waitTotal > 0.0)
        {
            final double space = rpqCap - q0 - q1;
            if (space > 0.0)
            {
                final double f = space >= waitTotal ? 1.0 : space / waitTotal;
                q0 += w0 * f;
                q1 += w1 * f;
                waiting[i0] = f >= 1.0 ? 0.0 : w0 - w0 * f;
                waiting[i1] = f >= 1.0 ? 0.0 : w1 - w1 * f;
            }
        }
        if (nowNs >= nextRefreshNs[c])
        {
            refreshLeftNs[c] = refreshNs;
            nextRefreshNs[c] += refreshIntervalNs;
            if (nextRefreshNs[c] <= nowNs)
            {
                nextRefreshNs[c] = nowNs + refreshIntervalNs;
            }
        }

        double s0 = 0.0;
        double s1 = 0.0;
        double writes = 0.0;
        double budgetNs = stepNs;
        double w = wpq[c];
        int m = mode[c];
        double sinceDrain = readsSinceDrain[c];
        double drained = writesSinceSwitch[c];
        double blockedNs = refreshLeftNs[c];
        if (blockedNs > 0.0)
        {
            final double use = Math.min(budgetNs, blockedNs);
            refreshLeftNs[c] = blockedNs - use;
            budgetNs -= use;
        }
        for (int guard = 0; guard < 8 && budgetNs > EPS; guard++)
        {
            final double turn = turnLeftNs[c];
            if (turn > 0.0)
            {
                final double use = Math.min(budgetNs, turn);
                turnLeftNs[c] = turn - use;
                budgetNs -= use;
                continue;
            }
            final double rpqTotal = q0 + q1;
            final boolean readsWaiting = rpqTotal > EPS;
            if (READ == m)
            {
                if ((w >= wpqHigh && (!readsWaiting || sinceDrain >= minReadBurst)) ||
                    (!readsWaiting && w >= wpqLow && w > EPS))
                {
                    m = WRITE;
                    turnLeftNs[c] = tSwitchNs;
                    drained = 0.0;
                    switches++;
                    continue;
                }
                if (!readsWaiting)
                {
                    break;
                }
                final double n = Math.min(rpqTotal, budgetNs * linesPerNs);
                final double a0;
                final double a1;
                if (0.0 == q1)
                {
                    a0 = n;
                    a1 = 0.0;
                }
                else if (0.0 == q0)
                {
                    a0 = 0.0;
                    a1 = n;
                }
                else
                {
                    final double f = n / rpqTotal;
                    a0 = q0 * f;
                    a1 = q1 * f;
                }
                q0 -= a0;
                q1 -= a1;
                s0 += a0;
                s1 += a1;
                sinceDrain += n;
                budgetNs -= n * lineNs;
            }
            else
            {
                // Reads interrupt a drain only once a read batch has gathered: then the drain stops at W_lo or after
                // maxWriteBurst writes; with fewer reads queued the drain goes on, until the WPQ is empty.
                final boolean readBatch = rpqTotal >= minReadBurst - EPS && readsWaiting;
                if (w <= EPS || (readsWaiting && w <= wpqLow + EPS) || (readBatch && drained >= maxWriteBurst - EPS))
                {
                    if (readsWaiting)
                    {
                        m = READ;
                        turnLeftNs[c] = tSwitchNs;
                        sinceDrain = 0.0;
                        switches++;
                        continue;
                    }
                    break;
                }
                double n = Math.min(w, budgetNs * linesPerNs);
                if (readsWaiting)
                {
                    n = Math.min(n, w - wpqLow);
                }
                if (readBatch)
                {
                    n = Math.min(n, maxWriteBurst - drained);
                }
                w -= n;
                writes += n;
                drained += n;
                budgetNs -= n * lineNs;
            }
        }
        busyNsThisStep += stepNs - (budgetNs > 0.0 ? budgetNs : 0.0);
        q[i0] = q0 < TINY ? 0.0 : q0;
        q[i1] = q1 < TINY ? 0.0 : q1;
        readBacklogThisStep += q[i0] + waiting[i0];
        readBacklogThisStep += q[i1] + waiting[i1];
        servedReads[i0] = s0;
        servedReads[i1] = s1;
        servedReadsTotal[0] += s0;
        servedReadsTotal[1] += s1;
        lastServedReads[0] += s0;
        lastServedReads[1] += s1;
        servedWritesTotal += writes;
        wpq[c] = w < TINY ? 0.0 : w;
        mode[c] = m;
        readsSinceDrain[c] = sinceDrain;
        writesSinceSwitch[c] = drained;
        servedWrites[c] = writes;
    }

    /**
     * @param channel   channel index.
     * @param readClass read class.
     * @return reads of the class served by the channel in the last step, lines.
     */
    public double servedReads(final int channel, final int readClass)
    {
        return servedReads[channel * READ_CLASSES + readClass];
    }

    /**
     * @param channel channel index.
     * @return writes served by the channel in the last step, lines.
     */
    public double servedWrites(final int channel)
    {
        return servedWrites[channel];
    }

    /**
     * @param channel channel index.
     * @return WPQ occupancy, lines.
     */
    public double wpqOccupancy(final int channel)
    {
        return wpq[channel];
    }

    /**
     * @param channel channel index.
     * @return RPQ occupancy plus requests waiting in front of it, lines.
     */
    public double readBacklog(final int channel)
    {
        final int i = channel * READ_CLASSES;
        return rpq[i] + rpq[i + 1] + rpqWait[i] + rpqWait[i + 1];
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
        return switches;
    }
}
