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
 * <b>Burst queueing.</b> A fluid channel queues only when the mean demand exceeds its capacity, yet real requests
 * arrive in bursts and collide on banks and with write drains, so DRAM latency rises well before saturation ([ML]:
 * Intel MLC loaded latency, about 1.0-1.25x idle up to 55 % of peak, 2.0x at 97 %, 2.9x at saturation). The channel
 * utilisation rho (averaged over {@value #UTILISATION_WINDOW_NS} ns) gives the expected wait of an M/D/1 queue,
 * {@code S rho / (2 (1 - rho))}. rho counts the bus busy with data and refresh, and with the two turnarounds of
 * every forced drain (one entered while reads wait, because the WPQ filled). The turnarounds of an opportunistic
 * drain (entered with no read waiting) use time the channel had free: counting them as busy made rho read about 1
 * from 1x congestion upward, whatever the load, and pinned the wait at its bound (docs/model.md §4.7). At saturation
 * every drain is forced and rho reaches 1.
 * <p>
 * Reads wait with {@code S = burstServiceNs}, bounded by the drain time of a full RPQ. The writes' arrival stream is
 * burstier: the NIC's writes come in trains, a packet's lines one after the other ({@code X} lines per channel for
 * a packet of {@code MTU / 64} lines interleaved over the channels), while the cores' write-backs come a line at a
 * time. In Kingman's approximation of a queue's wait, {@code (c_a^2 + c_s^2) / 2 x rho / (1 - rho) x S}, of which
 * M/D/1 is the case {@code c_a^2 = 1, c_s^2 = 0}, the squared coefficient of variation of a superposition of streams
 * is their rate-weighted mean ([QNA] Whitt 1983), and a stream of trains of {@code X} lines has {@code c^2 = X}; so a
 * write waits {@code (1 + f_nic (X - 1)) S rho / (2 (1 - rho))}, with {@code f_nic} the NIC's share of the writes
 * entering the WPQs (averaged like rho). The more of the write traffic is the NIC's own, the longer its lines wait
 * behind its own trains: at 1x, where the NIC's victims are half the writes, much longer than under saturating MLC
 * with the NIC slowed to a few Gbit/s. A write's bound is the time a full WPQ takes to drain when every write batch
 * of {@code maxWriteBurst} alternates with a read batch of {@code minReadBurst} and two turnarounds
 * ({@link #writeWaitMaxNs(SimParameters.Dram)}). The part of the wait that the fluid queues do not already carry
 * (their current drain time) is {@link #burstWaitNs()} and {@link #writeBurstWaitNs()}: the caller adds them to a
 * core read's return path and to a NIC write's WPQ admission ([HN] §5: admission delay).
 * <p>
 * <b>Note:</b> allocation-free per step; not thread-safe.
 */
public final class MemoryController
{
    /** Read classes: 0 = local-socket cores, 1 = remote-socket cores, 2 = the protected CPU service (local socket). */
    public static final int READ_CLASSES = 3;

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
    private final double drainBatch;
    private final double minReadBurst;
    private final double maxWriteBurst;
    private final double refreshIntervalNs;
    private final double refreshNs;

    private final Channel[] channelState;
    /** Whether a read of class 1 or 2 has ever been enqueued (until then {@link #step(double, double)} serves class 0
     * alone). */
    private boolean otherReadClasses;
    private long switches;
    private double servedReadsTotal0;
    private double servedReadsTotal2;
    private double servedReadsTotal1;
    private double lastServedReads0;
    private double lastServedReads2;
    private double lastServedReads1;
    private double servedWritesTotal;
    private final double burstServiceNs;
    private double trainLinesPerChannel;
    private final double readWaitMaxNs;
    private final double writeWaitMaxNs;
    private double busyNsThisStep;
    private double writesInThisStep;
    private double nicWritesInThisStep;
    private double writeRate;
    private double nicWriteRate;
    private double lastNicShare = Double.NaN;
    private double readBacklogThisStep;
    private double gainStepNs;
    private double utilisationGain;
    private double utilisation;
    private double lastBusyNs = Double.NaN;
    private double lastBusy;
    private double lastRho = Double.NaN;
    private double lastWaitNs;
    private double lastWriteWaitNs;
    private double burstWaitNs;
    private double writeBurstWaitNs;
    /** Whether S x Double.MAX_VALUE reaches both bounds, so that a saturated controller's waits are the bounds
     * whatever the writes' burstiness (>= 1); false only for an S so small that the product stays below them. */
    private final boolean saturatedWaitsFixed;
    /** Whether the last recomputation found the controller saturated and set both waits to their bounds. */
    private boolean waitsAtBounds;
    private boolean nicShareSkipped;
    private double skippedWriteRate;
    private double skippedNicWriteRate;

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
        drainBatch = dram.wpqHighLines() - dram.wpqLowLines();
        minReadBurst = dram.minReadBurstLines();
        maxWriteBurst = dram.maxWriteBurstLines();
        refreshIntervalNs = dram.refreshIntervalNs();
        refreshNs = dram.refreshNs();
        burstServiceNs = dram.burstServiceNs();
        trainLinesPerChannel = 1.0;
        readWaitMaxNs = readWaitMaxNs(dram);
        writeWaitMaxNs = writeWaitMaxNs(dram);
        saturatedWaitsFixed = burstServiceNs * Double.MAX_VALUE >= Math.max(readWaitMaxNs, writeWaitMaxNs);
        channelState = new Channel[channels];
        for (int c = 0; c < channels; c++)
        {
            channelState[c] = new Channel(refreshIntervalNs * (c + 1) / channels);
        }
    }

    /**
     * @param lines X: the NIC's writes that one packet brings to each channel one after the other (its lines that miss
     *              DDIO and so write a victim back, {@code MTU / 64 / channels x p_miss}); 1 for writes a line at a
     *              time.
     */
    public void nicTrainLinesPerChannel(final double lines)
    {
        trainLinesPerChannel = Math.max(1.0, lines);
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
        final Channel ch = channelState[channel];
        if (0 != readClass)
        {
            otherReadClasses = true;
        }
        if (0 == readClass)
        {
            ch.wait0 += lines;
        }
        else if (1 == readClass)
        {
            ch.wait1 += lines;
        }
        else
        {
            ch.wait2 += lines;
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
        final Channel[] all = channelState;
        if (0 != readClass)
        {
            otherReadClasses = true;
        }
        if (0 == readClass)
        {
            for (final Channel ch : all)
            {
                ch.wait0 += share;
            }
        }
        else if (1 == readClass)
        {
            for (final Channel ch : all)
            {
                ch.wait1 += share;
            }
        }
        else
        {
            for (final Channel ch : all)
            {
                ch.wait2 += share;
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
        writesInThisStep += lines;
        nicWritesInThisStep += nicLines;
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
        lastServedReads0 = 0.0;
        lastServedReads2 = 0.0;
        lastServedReads1 = 0.0;
        busyNsThisStep = 0.0;
        readBacklogThisStep = 0.0;
        if (otherReadClasses)
        {
            for (final Channel ch : channelState)
            {
                stepChannel(ch, nowNs, stepNs);
            }
        }
        else
        {
            for (final Channel ch : channelState)
            {
                stepChannelLocal(ch, nowNs, stepNs);
            }
        }
        if (burstServiceNs > 0.0)
        {
            updateBurstWait(stepNs);
        }
        writesInThisStep = 0.0;
        nicWritesInThisStep = 0.0;
    }

    private void updateBurstWait(final double stepNs)
    {
        if (stepNs != gainStepNs)
        {
            gainStepNs = stepNs;
            utilisationGain = Math.min(1.0, stepNs / UTILISATION_WINDOW_NS);
            lastBusyNs = Double.NaN;
        }
        // A busy or saturated controller repeats its inputs step after step: the quotients are kept, not redone.
        if (busyNsThisStep != lastBusyNs)
        {
            lastBusyNs = busyNsThisStep;
            lastBusy = busyNsThisStep * perChannel / stepNs;
        }
        utilisation += (lastBusy - utilisation) * utilisationGain;
        writeRate += (writesInThisStep - writeRate) * utilisationGain;
        nicWriteRate += (nicWritesInThisStep - nicWriteRate) * utilisationGain;
        final double rho = utilisation;
        if (rho == lastRho && waitsAtBounds && trainLinesPerChannel >= 1.0)
        {
            // Saturated and unchanged: the waits were set to their bounds at this rho (queueing Double.MAX_VALUE),
            // and recomputing would set them to the bounds again whatever the NIC's share of the writes (the
            // burstiness is >= 1). The share is not divided out; the rates it comes from are kept for the step
            // that needs it again.
            skippedWriteRate = writeRate;
            skippedNicWriteRate = nicWriteRate;
            nicShareSkipped = true;
        }
        else
        {
            if (nicShareSkipped)
            {
                // the share the last skipped step would have remembered
                nicShareSkipped = false;
                lastNicShare = nicShare(skippedWriteRate, skippedNicWriteRate);
            }
            final double nicShare = nicShare(writeRate, nicWriteRate);
            if (rho != lastRho || nicShare != lastNicShare)
            {
                recomputeWaits(rho, nicShare);
            }
        }
        final double fluidWaitNs = readBacklogThisStep * lineNs * perChannel;
        final double readWaitNs = lastWaitNs;
        final double writeWaitNs = lastWriteWaitNs;
        burstWaitNs = readWaitNs > fluidWaitNs ? readWaitNs - fluidWaitNs : 0.0;
        writeBurstWaitNs = writeWaitNs > fluidWaitNs ? writeWaitNs - fluidWaitNs : 0.0;
    }

    private static double nicShare(final double writeRate, final double nicWriteRate)
    {
        return writeRate > TINY ? Math.min(1.0, nicWriteRate / writeRate) : 0.0;
    }

    private void recomputeWaits(final double rho, final double nicShare)
    {
        lastRho = rho;
        lastNicShare = nicShare;
        final double queueing = rho >= 1.0 - EPS ? Double.MAX_VALUE : rho / (2.0 * (1.0 - rho));
        lastWaitNs = Math.min(burstServiceNs * queueing, readWaitMaxNs);
        final double writeBurstiness = 1.0 + nicShare * (trainLinesPerChannel - 1.0);
        lastWriteWaitNs = Math.min(burstServiceNs * writeBurstiness * queueing, writeWaitMaxNs);
        waitsAtBounds = rho >= 1.0 - EPS && saturatedWaitsFixed && trainLinesPerChannel >= 1.0;
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
     * @return the bound of a write's burst-queueing admission wait: the time a full WPQ takes to drain under
     * reads-first scheduling, each write batch of {@code maxWriteBurst} lines followed by a read batch of
     * {@code minReadBurst} lines and two turnarounds, ns (0 when the term is off).
     */
    public static double writeWaitMaxNs(final SimParameters.Dram dram)
    {
        if (!(dram.burstServiceNs() > 0.0))
        {
            return 0.0;
        }
        final double lineNs = dram.tTransNs() / dram.bankEfficiency();
        final double cycleNs = (dram.maxWriteBurstLines() + dram.minReadBurstLines()) * lineNs + 2.0 * dram.tSwitchNs();
        return (double)dram.wpqLines() / dram.maxWriteBurstLines() * cycleNs;
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
        return lines / channelState.length * lineNs + burstWaitNs;
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
        return 0 == readClass ? lastServedReads0 : 1 == readClass ? lastServedReads1 : lastServedReads2;
    }

    private void stepChannel(final Channel ch, final double nowNs, final double stepNs)
    {
        double q0 = ch.rpq0;
        double q1 = ch.rpq1;
        double q2 = ch.rpq2;
        double w0 = ch.wait0;
        double w1 = ch.wait1;
        double w2 = ch.wait2;
        final double waitTotal = w0 + w1 + w2;
        if (waitTotal > 0.0)
        {
            final double space = rpqCap - q0 - q1 - q2;
            if (space > 0.0)
            {
                final double f = space >= waitTotal ? 1.0 : space / waitTotal;
                q0 += w0 * f;
                q1 += w1 * f;
                q2 += w2 * f;
                w0 = f >= 1.0 ? 0.0 : w0 - w0 * f;
                w1 = f >= 1.0 ? 0.0 : w1 - w1 * f;
                w2 = f >= 1.0 ? 0.0 : w2 - w2 * f;
                ch.wait0 = w0;
                ch.wait1 = w1;
                ch.wait2 = w2;
            }
        }
        double budgetNs = stepNs;
        double blockedNs = ch.refreshLeftNs;
        if (nowNs >= ch.nextRefreshNs)
        {
            blockedNs = refreshNs;
            double next = ch.nextRefreshNs + refreshIntervalNs;
            if (next <= nowNs)
            {
                next = nowNs + refreshIntervalNs;
            }
            ch.nextRefreshNs = next;
        }
        if (blockedNs > 0.0)
        {
            final double use = Math.min(budgetNs, blockedNs);
            blockedNs -= use;
            budgetNs -= use;
        }
        ch.refreshLeftNs = blockedNs;

        double s0 = 0.0;
        double s1 = 0.0;
        double s2 = 0.0;
        double writes = 0.0;
        double w = ch.wpq;
        int m = ch.mode;
        double sinceDrain = ch.readsSinceDrain;
        double drained = ch.writesSinceSwitch;
        double turn = ch.turnLeftNs;
        boolean turnDisplaces = ch.turnDisplaces;
        double freeTurnNs = 0.0;
        for (int guard = 0; guard < 8 && budgetNs > EPS; guard++)
        {
            if (turn > 0.0)
            {
                final double use = Math.min(budgetNs, turn);
                turn -= use;
                budgetNs -= use;
                if (!turnDisplaces)
                {
                    freeTurnNs += use;
                }
                continue;
            }
            final double rpqTotal = q0 + q1 + q2;
            final boolean readsWaiting = rpqTotal > EPS;
            if (READ == m)
            {
                if ((w >= wpqHigh && (!readsWaiting || sinceDrain >= minReadBurst)) ||
                    (!readsWaiting && w >= wpqLow && w > EPS))
                {
                    m = WRITE;
                    turn = tSwitchNs;
                    turnDisplaces = readsWaiting;
                    drained = 0.0;
                    switches++;
                    continue;
                }
                if (!readsWaiting)
                {
                    break;
                }
                final double lines = budgetNs * linesPerNs;
                final double n = Math.min(rpqTotal, lines);
                final double a0;
                final double a1;
                final double a2;
                if (0.0 == q1 && 0.0 == q2)
                {
                    a0 = n;
                    a1 = 0.0;
                    a2 = 0.0;
                }
                else if (0.0 == q0 && 0.0 == q2)
                {
                    a0 = 0.0;
                    a1 = n;
                    a2 = 0.0;
                }
                else
                {
                    final double f = n / rpqTotal;
                    a0 = q0 * f;
                    a1 = q1 * f;
                    a2 = q2 * f;
                }
                q0 -= a0;
                q1 -= a1;
                q2 -= a2;
                s0 += a0;
                s1 += a1;
                s2 += a2;
                sinceDrain += n;
                budgetNs -= n * lineNs;
            }
            else
            {
                // Every drain writes at least one batch (W_hi - W_lo) before a waiting read may end it, the
                // opportunistic one included: the bus turns around once per batch, not once per arriving read.
                // Reads interrupt a drain only once a read batch has gathered: then the drain stops at W_lo or after
                // maxWriteBurst writes; with fewer reads queued the drain goes on, until the WPQ is empty.
                final boolean readBatch = rpqTotal >= minReadBurst - EPS && readsWaiting;
                final boolean batchDone = drained >= drainBatch - EPS;
                if (w <= EPS || (readsWaiting && batchDone && w <= wpqLow + EPS) ||
                    (readBatch && drained >= maxWriteBurst - EPS))
                {
                    if (readsWaiting)
                    {
                        m = READ;
                        turn = tSwitchNs;
                        sinceDrain = 0.0;
                        switches++;
                        continue;
                    }
                    break;
                }
                final double lines = budgetNs * linesPerNs;
                double n = Math.min(w, lines);
                if (readsWaiting)
                {
                    final double aboveLow = w - wpqLow;
                    final double batchLeft = drainBatch - drained;
                    n = Math.min(n, batchLeft > aboveLow ? batchLeft : aboveLow);
                }
                if (readBatch)
                {
                    final double batchLeft = maxWriteBurst - drained;
                    n = Math.min(n, batchLeft);
                }
                w -= n;
                writes += n;
                drained += n;
                budgetNs -= n * lineNs;
            }
        }
        ch.turnLeftNs = turn;
        ch.turnDisplaces = turnDisplaces;
        busyNsThisStep += stepNs - (budgetNs > 0.0 ? budgetNs : 0.0) - freeTurnNs;
        q0 = q0 < TINY ? 0.0 : q0;
        q1 = q1 < TINY ? 0.0 : q1;
        q2 = q2 < TINY ? 0.0 : q2;
        ch.rpq0 = q0;
        ch.rpq1 = q1;
        ch.rpq2 = q2;
        readBacklogThisStep += q0 + w0;
        readBacklogThisStep += q1 + w1;
        readBacklogThisStep += q2 + w2;
        ch.servedReads0 = s0;
        ch.servedReads1 = s1;
        ch.servedReads2 = s2;
        servedReadsTotal0 += s0;
        servedReadsTotal1 += s1;
        servedReadsTotal2 += s2;
        lastServedReads0 += s0;
        lastServedReads1 += s1;
        lastServedReads2 += s2;
        servedWritesTotal += writes;
        ch.wpq = w < TINY ? 0.0 : w;
        ch.mode = m;
        ch.readsSinceDrain = sinceDrain;
        ch.writesSinceSwitch = drained;
        ch.servedWrites = writes;
    }

    /**
     * {@link #stepChannel(Channel, double, double)} while only read class 0 has ever been enqueued: the other classes
     * hold exact zeros, so their sums, shares and counters are left out (adding a zero or scaling by one changes no
     * value), and the operations on class 0 are the same, in the same order.
     */
    private void stepChannelLocal(final Channel ch, final double nowNs, final double stepNs)
    {
        double q0 = ch.rpq0;
        double w0 = ch.wait0;
        if (w0 > 0.0)
        {
            final double space = rpqCap - q0;
            if (space > 0.0)
            {
                if (space >= w0)
                {
                    // f = 1: w0 x f is w0 itself
                    q0 += w0;
                    w0 = 0.0;
                }
                else
                {
                    final double f = space / w0;
                    q0 += w0 * f;
                    w0 = f >= 1.0 ? 0.0 : w0 - w0 * f;
                }
                ch.wait0 = w0;
            }
        }
        double budgetNs = stepNs;
        double blockedNs = ch.refreshLeftNs;
        if (nowNs >= ch.nextRefreshNs)
        {
            blockedNs = refreshNs;
            double next = ch.nextRefreshNs + refreshIntervalNs;
            if (next <= nowNs)
            {
                next = nowNs + refreshIntervalNs;
            }
            ch.nextRefreshNs = next;
        }
        if (blockedNs > 0.0)
        {
            final double use = Math.min(budgetNs, blockedNs);
            blockedNs -= use;
            budgetNs -= use;
        }
        ch.refreshLeftNs = blockedNs;

        double s0 = 0.0;
        double writes = 0.0;
        double w = ch.wpq;
        int m = ch.mode;
        double sinceDrain = ch.readsSinceDrain;
        double drained = ch.writesSinceSwitch;
        double turn = ch.turnLeftNs;
        boolean turnDisplaces = ch.turnDisplaces;
        double freeTurnNs = 0.0;
        for (int guard = 0; guard < 8 && budgetNs > EPS; guard++)
        {
            if (turn > 0.0)
            {
                final double use = Math.min(budgetNs, turn);
                turn -= use;
                budgetNs -= use;
                if (!turnDisplaces)
                {
                    freeTurnNs += use;
                }
                continue;
            }
            final double rpqTotal = q0;
            final boolean readsWaiting = rpqTotal > EPS;
            if (READ == m)
            {
                if ((w >= wpqHigh && (!readsWaiting || sinceDrain >= minReadBurst)) ||
                    (!readsWaiting && w >= wpqLow && w > EPS))
                {
                    m = WRITE;
                    turn = tSwitchNs;
                    turnDisplaces = readsWaiting;
                    drained = 0.0;
                    switches++;
                    continue;
                }
                if (!readsWaiting)
                {
                    break;
                }
                final double lines = budgetNs * linesPerNs;
                final double n = Math.min(rpqTotal, lines);
                q0 -= n;
                s0 += n;
                sinceDrain += n;
                budgetNs -= n * lineNs;
            }
            else
            {
                // Every drain writes at least one batch (W_hi - W_lo) before a waiting read may end it, the
                // opportunistic one included: the bus turns around once per batch, not once per arriving read.
                // Reads interrupt a drain only once a read batch has gathered: then the drain stops at W_lo or after
                // maxWriteBurst writes; with fewer reads queued the drain goes on, until the WPQ is empty.
                final boolean readBatch = rpqTotal >= minReadBurst - EPS && readsWaiting;
                final boolean batchDone = drained >= drainBatch - EPS;
                if (w <= EPS || (readsWaiting && batchDone && w <= wpqLow + EPS) ||
                    (readBatch && drained >= maxWriteBurst - EPS))
                {
                    if (readsWaiting)
                    {
                        m = READ;
                        turn = tSwitchNs;
                        sinceDrain = 0.0;
                        switches++;
                        continue;
                    }
                    break;
                }
                final double lines = budgetNs * linesPerNs;
                double n = Math.min(w, lines);
                if (readsWaiting)
                {
                    final double aboveLow = w - wpqLow;
                    final double batchLeft = drainBatch - drained;
                    n = Math.min(n, batchLeft > aboveLow ? batchLeft : aboveLow);
                }
                if (readBatch)
                {
                    final double batchLeft = maxWriteBurst - drained;
                    n = Math.min(n, batchLeft);
                }
                w -= n;
                writes += n;
                drained += n;
                budgetNs -= n * lineNs;
            }
        }
        ch.turnLeftNs = turn;
        ch.turnDisplaces = turnDisplaces;
        busyNsThisStep += stepNs - (budgetNs > 0.0 ? budgetNs : 0.0) - freeTurnNs;
        q0 = q0 < TINY ? 0.0 : q0;
        ch.rpq0 = q0;
        readBacklogThisStep += q0 + w0;
        ch.servedReads0 = s0;
        servedReadsTotal0 += s0;
        lastServedReads0 += s0;
        servedWritesTotal += writes;
        ch.wpq = w < TINY ? 0.0 : w;
        ch.mode = m;
        ch.readsSinceDrain = sinceDrain;
        ch.writesSinceSwitch = drained;
        ch.servedWrites = writes;
    }

    /**
     * @param channel   channel index.
     * @param readClass read class.
     * @return reads of the class served by the channel in the last step, lines.
     */
    public double servedReads(final int channel, final int readClass)
    {
        final Channel ch = channelState[channel];
        return 0 == readClass ? ch.servedReads0 : 1 == readClass ? ch.servedReads1 : ch.servedReads2;
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
        final Channel ch = channelState[channel];
        return ch.rpq0 + ch.rpq1 + ch.wait0 + ch.wait1 + ch.rpq2 + ch.wait2;
    }

    /**
     * @param readClass read class.
     * @return reads of the class served so far, all channels, lines.
     */
    public double servedReadsTotal(final int readClass)
    {
        return 0 == readClass ? servedReadsTotal0 : 1 == readClass ? servedReadsTotal1 : servedReadsTotal2;
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

    /**
     * The state of one channel: its queues (class 0, 1 and 2 reads in the RPQ and waiting in front of it, the WPQ), its
     * bus mode and pending turnaround or refresh, and what it served in the last step.
     */
    private static final class Channel
    {
        double rpq0;
        double rpq1;
        double rpq2;
        double wait0;
        double wait1;
        double wait2;
        double wpq;
        int mode = READ;
        double turnLeftNs;
        /** Whether the drain in progress, and so its turnarounds, was forced by a full WPQ while reads waited
         * (counts as busy for the utilisation); an opportunistic drain's turnarounds use free time. */
        boolean turnDisplaces;
        double refreshLeftNs;
        double nextRefreshNs;
        double readsSinceDrain;
        double writesSinceSwitch;
        double servedReads0;
        double servedReads1;
        double servedReads2;
        double servedWrites;

        Channel(final double firstRefreshNs)
        {
            nextRefreshNs = firstRefreshNs;
        }
    }
}
