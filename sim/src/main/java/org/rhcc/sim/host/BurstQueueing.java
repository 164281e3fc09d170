package org.rhcc.sim.host;

import org.rhcc.sim.SimParameters;

/**
 * The burst-queueing wait of the {@link MemoryController} (docs/model.md §4.7).
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
final class BurstQueueing
{
    /** Averaging window of the channel utilisation behind the burst-queueing wait, ns (est.: a few hundred line
     * times, long against a read/write batch cycle of ~0.1 us, short against the 100 us telemetry windows). */
    static final double UTILISATION_WINDOW_NS = 1_000.0;
    private static final double EPS = 1e-9;
    private static final double TINY = 1e-12;

    private final double lineNs;
    private final double perChannel;
    private final double burstServiceNs;
    private double trainLinesPerChannel;
    private final double readWaitMaxNs;
    private final double writeWaitMaxNs;
    private double writesInThisStep;
    private double nicWritesInThisStep;
    private double writeRate;
    private double nicWriteRate;
    private double lastNicShare = Double.NaN;
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

    BurstQueueing(final SimParameters.Dram dram)
    {
        lineNs = dram.tTransNs() / dram.bankEfficiency();
        perChannel = 1.0 / dram.channels();
        burstServiceNs = dram.burstServiceNs();
        trainLinesPerChannel = 1.0;
        readWaitMaxNs = readWaitMaxNs(dram);
        writeWaitMaxNs = writeWaitMaxNs(dram);
        saturatedWaitsFixed = burstServiceNs * Double.MAX_VALUE >= Math.max(readWaitMaxNs, writeWaitMaxNs);
    }

    /**
     * @param lines X: the NIC's writes that one packet brings to each channel one after the other; 1 for writes a
     *              line at a time.
     */
    void nicTrainLinesPerChannel(final double lines)
    {
        trainLinesPerChannel = Math.max(1.0, lines);
    }

    /**
     * Writes enter the WPQs.
     *
     * @param lines    lines admitted.
     * @param nicLines of which the NIC's.
     */
    void onWrites(final double lines, final double nicLines)
    {
        writesInThisStep += lines;
        nicWritesInThisStep += nicLines;
    }

    /**
     * Updates the waits after a step of every channel.
     *
     * @param stepNs      step length, ns.
     * @param busyNs      bus time the channels were busy in the step, summed over the channels, ns.
     * @param readBacklog reads in the RPQs and in front of them after the step, summed over the channels, lines.
     */
    void endStep(final double stepNs, final double busyNs, final double readBacklog)
    {
        if (burstServiceNs > 0.0)
        {
            update(stepNs, busyNs, readBacklog);
        }
        writesInThisStep = 0.0;
        nicWritesInThisStep = 0.0;
    }

    private void update(final double stepNs, final double busyNsThisStep, final double readBacklogThisStep)
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
    static double readWaitMaxNs(final SimParameters.Dram dram)
    {
        return dram.burstServiceNs() > 0.0 ? dram.rpqLines() * dram.tTransNs() / dram.bankEfficiency() : 0.0;
    }

    /**
     * @param dram DRAM parameters.
     * @return the bound of a write's burst-queueing admission wait: the time a full WPQ takes to drain under
     * reads-first scheduling, each write batch of {@code maxWriteBurst} lines followed by a read batch of
     * {@code minReadBurst} lines and two turnarounds, ns (0 when the term is off).
     */
    static double writeWaitMaxNs(final SimParameters.Dram dram)
    {
        if (!(dram.burstServiceNs() > 0.0))
        {
            return 0.0;
        }
        final double lineNs = dram.tTransNs() / dram.bankEfficiency();
        final double cycleNs = (dram.maxWriteBurstLines() + dram.minReadBurstLines()) * lineNs + 2.0 * dram.tSwitchNs();
        return (double)dram.wpqLines() / dram.maxWriteBurstLines() * cycleNs;
    }

    double burstWaitNs()
    {
        return burstWaitNs;
    }

    double writeBurstWaitNs()
    {
        return writeBurstWaitNs;
    }

    double utilisation()
    {
        return utilisation;
    }
}
