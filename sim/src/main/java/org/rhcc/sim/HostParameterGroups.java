package org.rhcc.sim;

import org.rhcc.core.receiver.MbaLevelTable;

/**
 * The receiver host's parameter groups of {@link SimParameters} (docs/model.md §6): DRAM and the memory controller,
 * the CPU traffic generators, Intel MBA, and the IIO, DDIO and CHA write path.
 * <p>
 * The groups are declared here so that {@link SimParameters}, which implements this interface, names them:
 * {@code SimParameters.Dram} and the like; nothing else implements it.
 */
public interface HostParameterGroups
{
    /**
     * Memory controller and DRAM of the NIC's socket (docs/model.md §4.7). Addresses interleave over the channels; each
     * channel has its own RPQ, WPQ, mode and refresh.
     *
     * @param channels            populated channels on the NIC's socket.
     * @param tTransNs            one 64-byte line on the data bus, ns.
     * @param tSwitchNs           idle time of one read/write turnaround, ns.
     * @param tCasNs              CAS latency, ns.
     * @param tRcdNs              activate-to-read delay, ns.
     * @param tRpNs               precharge time, ns.
     * @param rpqLines            read pending queue capacity per channel, lines.
     * @param wpqLines            write pending queue capacity per channel, lines.
     * @param wpqHighLines        write-drain high watermark: drain starts at or above it, lines.
     * @param wpqLowLines         write-drain low watermark: drain stops at or below it, lines.
     * @param minReadBurstLines   reads served after a drain before the next drain may start while reads wait (the
     *                            scheduler's read-starvation guard), lines.
     * @param maxWriteBurstLines  writes a drain serves at most while reads wait (writes arriving during a drain do
     *                            not prolong it beyond this), lines.
     * @param refreshIntervalNs   tREFI, ns.
     * @param refreshNs           tRFC, ns.
     * @param refreshRanks        ranks per channel, each refreshed on its own (DDR4's REF refreshes one rank, JEDEC
     *                            JESD79-4): every {@code tREFI / refreshRanks} one rank is refreshed for {@code tRFC}
     *                            and the channel keeps serving the others, at {@code 1 - 1 / refreshRanks} of its
     *                            bus time; 1 blocks the whole channel (the calibrated reading, docs/model.md §4.7).
     *                            The capacity lost on average is {@code tRFC / tREFI} either way.
     * @param bankEfficiency      eta_bank: data-bus utilisation lost to bank imbalance, 0..1.
     * @param rowMissLow          row-miss probability of a read with one sequential stream.
     * @param rowMissHigh         row-miss probability of a read with many mixed streams (C2M + P2M).
     * @param rowMissStreams      number of concurrent streams at which {@code rowMissHigh} is reached.
     * @param coreReadPathNs      L0_r: the fixed part of a local core's read latency outside the MC queues
     *                            (core to CHA to MC and back), ns.
     * @param burstServiceNs      S of the burst-queueing term: the mean wait of a request at channel utilisation
     *                            rho is {@code S rho / (2 (1 - rho))} (M/D/1), of which the fluid queues already
     *                            carry their part ([ML] loaded-latency curve); 0 turns the term off, ns.
     */
    public record Dram(
        int channels,
        double tTransNs,
        double tSwitchNs,
        double tCasNs,
        double tRcdNs,
        double tRpNs,
        int rpqLines,
        int wpqLines,
        int wpqHighLines,
        int wpqLowLines,
        int minReadBurstLines,
        int maxWriteBurstLines,
        double refreshIntervalNs,
        double refreshNs,
        int refreshRanks,
        double bankEfficiency,
        double rowMissLow,
        double rowMissHigh,
        int rowMissStreams,
        double coreReadPathNs,
        double burstServiceNs)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Dram
        {
            Checks.range("dram.channels", channels, 1, 8);
            Checks.positive("dram.tTransNs", tTransNs);
            Checks.nonNegative("dram.tSwitchNs", tSwitchNs);
            Checks.nonNegative("dram.tCasNs", tCasNs);
            Checks.nonNegative("dram.tRcdNs", tRcdNs);
            Checks.nonNegative("dram.tRpNs", tRpNs);
            Checks.range("dram.rpqLines", rpqLines, 1, 1024);
            Checks.range("dram.wpqLines", wpqLines, 2, 1024);
            Checks.range("dram.wpqHighLines", wpqHighLines, 1, wpqLines);
            Checks.range("dram.wpqLowLines", wpqLowLines, 0, wpqHighLines - 1);
            Checks.range("dram.minReadBurstLines", minReadBurstLines, 0, 1024);
            Checks.range("dram.maxWriteBurstLines", maxWriteBurstLines, 1, 1024);
            Checks.positive("dram.refreshIntervalNs", refreshIntervalNs);
            Checks.range("dram.refreshRanks", refreshRanks, 1, 8);
            Checks.range("dram.refreshNs", refreshNs, 0.0, refreshIntervalNs / (2.0 * refreshRanks));
            Checks.range("dram.bankEfficiency", bankEfficiency, 0.1, 1.0);
            Checks.range("dram.rowMissLow", rowMissLow, 0.0, 1.0);
            Checks.range("dram.rowMissHigh", rowMissHigh, rowMissLow, 1.0);
            Checks.range("dram.rowMissStreams", rowMissStreams, 1, 1024);
            Checks.nonNegative("dram.coreReadPathNs", coreReadPathNs);
            Checks.nonNegative("dram.burstServiceNs", burstServiceNs);
        }
    }

    /**
     * One Intel MLC congestion preset (docs/model.md §4.8): {@code threads} loaded-latency threads, each issuing a 1:1
     * read/write stream with {@code injectionDelayNs} between requests, at most {@link Cpu#mlpPerThread()} in flight.
     *
     * @param threads          MLC threads (one per core).
     * @param injectionDelayNs tau_inj: per-thread gap between two read requests, ns.
     */
    public record CpuPreset(int threads, double injectionDelayNs)
    {
        /**
         * Validates the preset.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public CpuPreset
        {
            Checks.range("cpuPreset.threads", threads, 1, 256);
            Checks.nonNegative("cpuPreset.injectionDelayNs", injectionDelayNs);
        }
    }

    /**
     * CPU traffic, NUMA and coherence (docs/model.md §4.8).
     *
     * @param mlpPerThread            m: line-fill buffers usable per thread (outstanding L2 misses).
     * @param writebackDelayNs        delay from a read's completion to its writeback reaching the CHA (C2M-Write), ns.
     * @param preset1x                the 1x preset.
     * @param preset2x                the 2x preset.
     * @param preset3x                the 3x preset.
     * @param upiLatencyNs            extra round trip of a remote-socket request over UPI, ns.
     * @param upiGBps                 UPI capacity for remote traffic, GB/s (bytes/ns).
     * @param directoryWriteFraction  kappa_dir: fraction of remote read misses that write the memory directory.
     */
    public record Cpu(
        int mlpPerThread,
        double writebackDelayNs,
        CpuPreset preset1x,
        CpuPreset preset2x,
        CpuPreset preset3x,
        double upiLatencyNs,
        double upiGBps,
        double directoryWriteFraction)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Cpu
        {
            Checks.range("cpu.mlpPerThread", mlpPerThread, 1, 64);
            Checks.nonNegative("cpu.writebackDelayNs", writebackDelayNs);
            if (null == preset1x || null == preset2x || null == preset3x)
            {
                throw new IllegalArgumentException("cpu presets 1x, 2x and 3x must all be given");
            }
            Checks.nonNegative("cpu.upiLatencyNs", upiLatencyNs);
            Checks.positive("cpu.upiGBps", upiGBps);
            Checks.range("cpu.directoryWriteFraction", directoryWriteFraction, 0.0, 1.0);
        }

        /**
         * @param congestion 1..3.
         * @return the preset of that congestion level.
         */
        public CpuPreset preset(final int congestion)
        {
            switch (congestion)
            {
                case 1:
                    return preset1x;
                case 2:
                    return preset2x;
                case 3:
                    return preset3x;
                default:
                    throw new IllegalArgumentException("CPU congestion preset " + congestion + " must be 1, 2 or 3");
            }
        }
    }

    /**
     * Intel MBA as a per-core request delay (docs/model.md §4.9): level k adds {@code delayNs[k-1]} to every L2-miss
     * request of the cores of a COS group, and the request holds its line-fill buffer for that time. Level k is the
     * k-th setting of the paper's table (100/80/60/40/20 %, {@link MbaLevelTable#PAPER_PERCENTS}), so the table has
     * at most five levels: level 6 is resctrl's 10 % ({@link #mba90DelayNs()}) and level 7 a paused group, hostCC's
     * two settings ({@link MbaLevelTable#MBA_90_LEVEL}, {@link MbaLevelTable#PAUSED_LEVEL}).
     *
     * @param actuationLatencyNs time from a level change to its effect (MSR write), ns.
     * @param delayNs            added delay per level, level 1 (100 %, 0 ns) first, ns; non-decreasing.
     */
    public record Mba(double actuationLatencyNs, double[] delayNs)
    {
        /**
         * Validates and copies the table.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Mba
        {
            MbaDelays.check(actuationLatencyNs, delayNs);
            delayNs = delayNs.clone();
        }

        /**
         * @return a copy of the delay table, level 1 first, ns.
         */
        public double[] delayNs()
        {
            return delayNs.clone();
        }

        /**
         * @return number of levels.
         */
        public int levelCount()
        {
            return delayNs.length;
        }

        /**
         * @param level 1 .. {@link #levelCount()}.
         * @return the added request delay of the level, ns.
         */
        public double delayNsOf(final int level)
        {
            return MbaDelays.delayNsOf(delayNs, level);
        }

        /**
         * The request delay of resctrl's 10 % (Intel delay value 90, hostCC's {@code MBA_VAL_HIGH}), a setting the
         * paper did not measure: the measured bandwidth curve continued below the table along its last segment
         * (docs/model.md §4.9; derived from the calibrated table alone).
         *
         * @return the delay of resctrl's 10 %, ns.
         * @throws IllegalArgumentException unless the table has the paper's five levels and the continued curve
         *                                  stays positive.
         */
        public double mba90DelayNs()
        {
            return MbaDelays.mba90DelayNs(delayNs);
        }

        /**
         * @return the longest request delay any level applies, ns: the table's last level or, where it is defined,
         * resctrl's 10 % ({@link #mba90DelayNs()}).
         */
        public double maxDelayNs()
        {
            return MbaDelays.maxDelayNs(delayNs);
        }

        @Override
        public boolean equals(final Object o)
        {
            return o instanceof Mba && ((Mba)o).actuationLatencyNs == actuationLatencyNs &&
                java.util.Arrays.equals(((Mba)o).delayNs, delayNs);
        }

        @Override
        public int hashCode()
        {
            return Double.hashCode(actuationLatencyNs) * 31 + java.util.Arrays.hashCode(delayNs);
        }

        @Override
        public String toString()
        {
            return "Mba[actuationLatencyNs=" + actuationLatencyNs + ", delayNs=" +
                java.util.Arrays.toString(delayNs) + "]";
        }
    }

    /**
     * IIO write buffer, DDIO and the CHA write backlog (docs/model.md §4.5, §4.6).
     *
     * @param creditsLines           C_iio: P2M posted-write credits = IIO write-buffer entries, lines.
     * @param llcLatencyNs           L_llc: IIO residency of a NIC line that needs no write admission, ns.
     * @param chaBacklogLines        K_cha: CHA/LLC write backlog shared by NIC victims and core writebacks, lines.
     * @param ddio                   true when DDIO is on (the testbed's default).
     * @param ddioWays               LLC ways DDIO may allocate into.
     * @param llcWays                LLC associativity.
     * @param llcBytes               LLC size, bytes.
     * @param coreDdioShare          phi_core: share of core LLC fills that land in the DDIO ways.
     * @param victimDirtyProbability p_dirty: probability that a DDIO victim is dirty and must be written back.
     * @param ioBuffersPerQp         receive buffers a perftest QP cycles through.
     * @param ioBaseWorkingSetBytes  the NIC's footprint in the LLC beyond the payload buffers; the I/O working set
     *                               is {@code W_io = base + QPs x buffers x message size}.
     * @param hitWindowNs            period of the DDIO hit-rate fixed point, ns.
     * @param homeTrackerLines       K_tor: home-agent tracker entries shared, in proportion to demand, by NIC writes
     *                               in their L_llc phase and remote core reads at the home (IoPath), lines.
     */
    public record Io(
        int creditsLines,
        double llcLatencyNs,
        int chaBacklogLines,
        boolean ddio,
        int ddioWays,
        int llcWays,
        long llcBytes,
        double coreDdioShare,
        double victimDirtyProbability,
        int ioBuffersPerQp,
        long ioBaseWorkingSetBytes,
        double hitWindowNs,
        int homeTrackerLines)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Io
        {
            Checks.range("io.creditsLines", creditsLines, 8, 4096);
            Checks.positive("io.llcLatencyNs", llcLatencyNs);
            Checks.range("io.chaBacklogLines", chaBacklogLines, 1, 100_000);
            Checks.range("io.ddioWays", ddioWays, 1, llcWays);
            Checks.range("io.llcWays", llcWays, 1, 64);
            Checks.range("io.llcBytes", llcBytes, 1L << 20, 1L << 40);
            Checks.range("io.coreDdioShare", coreDdioShare, 0.0, 1.0);
            Checks.range("io.victimDirtyProbability", victimDirtyProbability, 0.0, 1.0);
            Checks.range("io.ioBuffersPerQp", ioBuffersPerQp, 1, 1 << 20);
            Checks.range("io.ioBaseWorkingSetBytes", ioBaseWorkingSetBytes, 0L, 1L << 40);
            Checks.positive("io.hitWindowNs", hitWindowNs);
            Checks.range("io.homeTrackerLines", homeTrackerLines, 1, 100_000);
        }

        /**
         * @return lines of LLC DDIO may allocate into (N_ddio).
         */
        public double ddioLines()
        {
            return (double)ddioWays * llcBytes / (llcWays * 64.0);
        }
    }
}
