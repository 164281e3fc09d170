package org.rhcc.sim;

import org.rhcc.core.dcqcn.DcqcnParameters;
import org.rhcc.core.receiver.MbaLevelTable;

/**
 * Every constant of the simulator in one reviewed place (docs/model.md §6). Each value names its source: a tag of
 * docs/model.md §1 ([HN], [ML], [NIC], [PC], [DQ], [DD], [DIR], [MBA], [RH]), "est." for an estimate, or
 * "CAL: row X" when it was fitted to a baseline row of docs/model.md §9 (never to a controller's outcome).
 * {@link #calibrated()} returns the frozen defaults.
 *
 * @param stepNs    fixed time step of the receiver-host fluid model, ns (docs/model.md §5: 5 ns default, 10 ns allowed).
 * @param dram      memory controller and DRAM timing.
 * @param cpu       CPU traffic generators, NUMA and UPI.
 * @param mba       Intel MBA delay model.
 * @param io        IIO write buffer, DDIO/LLC and the CHA write backlog.
 * @param pcie      the NIC's PCIe link.
 * @param rnic      receiver and sender NIC behaviour (buffers, PFC, CNPs, perftest workload, probes).
 * @param network   links, switch, ECN and the inter-host congestion control.
 * @param tcp       the fluid TCP flows of the pure-PCIe-congestion scenario (B15).
 * @param telemetry window lengths and sensor latencies.
 */
public record SimParameters(
    double stepNs,
    Dram dram,
    Cpu cpu,
    Mba mba,
    Io io,
    Pcie pcie,
    Rnic rnic,
    Network network,
    Tcp tcp,
    Telemetry telemetry)
{
    /**
     * Validates the composition.
     *
     * @throws IllegalArgumentException naming what is wrong.
     */
    public SimParameters
    {
        if (!(stepNs >= 1.0 && stepNs <= 10.0))
        {
            throw new IllegalArgumentException("stepNs = " + stepNs + " must be within 1..10 ns (docs/model.md §5)");
        }
        if (null == dram || null == cpu || null == mba || null == io || null == pcie || null == rnic ||
            null == network || null == tcp || null == telemetry)
        {
            throw new IllegalArgumentException("every parameter group of SimParameters must be given");
        }
    }

    /**
     * @return the frozen calibrated defaults: the testbed of docs/paper.md §3 (Dell R740, 2x Xeon Gold 6240, 2
     * channels of DDR4-2933 on the NIC's socket, ConnectX-6 Dx 100G on PCIe 3.0 x16), fitted to docs/model.md §9 rows
     * A1-A6, B1-B9, C1-C2.
     */
    public static SimParameters calibrated()
    {
        return CalibratedValues.PARAMETERS;
    }

    /**
     * @param newStepNs another host step, ns.
     * @return a copy with another host step (10 ns for sweeps, docs/model.md §5).
     */
    public SimParameters withStepNs(final double newStepNs)
    {
        return new SimParameters(newStepNs, dram, cpu, mba, io, pcie, rnic, network, tcp, telemetry);
    }

    /**
     * @param newDram other DRAM parameters.
     * @return a copy.
     */
    public SimParameters withDram(final Dram newDram)
    {
        return new SimParameters(stepNs, newDram, cpu, mba, io, pcie, rnic, network, tcp, telemetry);
    }

    /**
     * @param newCpu other CPU parameters.
     * @return a copy.
     */
    public SimParameters withCpu(final Cpu newCpu)
    {
        return new SimParameters(stepNs, dram, newCpu, mba, io, pcie, rnic, network, tcp, telemetry);
    }

    /**
     * @param newMba other MBA parameters.
     * @return a copy.
     */
    public SimParameters withMba(final Mba newMba)
    {
        return new SimParameters(stepNs, dram, cpu, newMba, io, pcie, rnic, network, tcp, telemetry);
    }

    /**
     * @param newIo other IIO/LLC parameters.
     * @return a copy.
     */
    public SimParameters withIo(final Io newIo)
    {
        return new SimParameters(stepNs, dram, cpu, mba, newIo, pcie, rnic, network, tcp, telemetry);
    }

    /**
     * @param newPcie other PCIe parameters.
     * @return a copy.
     */
    public SimParameters withPcie(final Pcie newPcie)
    {
        return new SimParameters(stepNs, dram, cpu, mba, io, newPcie, rnic, network, tcp, telemetry);
    }

    /**
     * @param newRnic other NIC parameters.
     * @return a copy.
     */
    public SimParameters withRnic(final Rnic newRnic)
    {
        return new SimParameters(stepNs, dram, cpu, mba, io, pcie, newRnic, network, tcp, telemetry);
    }

    /**
     * @param newNetwork other network parameters.
     * @return a copy.
     */
    public SimParameters withNetwork(final Network newNetwork)
    {
        return new SimParameters(stepNs, dram, cpu, mba, io, pcie, rnic, newNetwork, tcp, telemetry);
    }

    /**
     * @param newTcp other TCP parameters.
     * @return a copy.
     */
    public SimParameters withTcp(final Tcp newTcp)
    {
        return new SimParameters(stepNs, dram, cpu, mba, io, pcie, rnic, network, newTcp, telemetry);
    }

    /**
     * @param newTelemetry other telemetry parameters.
     * @return a copy.
     */
    public SimParameters withTelemetry(final Telemetry newTelemetry)
    {
        return new SimParameters(stepNs, dram, cpu, mba, io, pcie, rnic, network, tcp, newTelemetry);
    }

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
            Checks.range("dram.refreshNs", refreshNs, 0.0, refreshIntervalNs / 2.0);
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
            Checks.nonNegative("mba.actuationLatencyNs", actuationLatencyNs);
            if (null == delayNs || delayNs.length < 2 || delayNs[0] != 0.0)
            {
                throw new IllegalArgumentException("mba.delayNs needs at least 2 levels and level 1 must be 0 ns");
            }
            if (delayNs.length > MbaLevelTable.PAPER_PERCENTS.length)
            {
                throw new IllegalArgumentException("mba.delayNs has " + delayNs.length + " levels; give at most " +
                    MbaLevelTable.PAPER_PERCENTS.length + " (the paper's 100/80/60/40/20 %): levels " +
                    MbaLevelTable.MBA_90_LEVEL + " and " + MbaLevelTable.PAUSED_LEVEL +
                    " are hostCC's 10 % and a paused group");
            }
            for (int i = 1; i < delayNs.length; i++)
            {
                if (!(delayNs[i] >= delayNs[i - 1]) || Double.isInfinite(delayNs[i]))
                {
                    throw new IllegalArgumentException("mba.delayNs must be finite and non-decreasing, level " +
                        (i + 1) + " = " + delayNs[i] + " ns");
                }
            }
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
            if (level < 1 || level > delayNs.length)
            {
                throw new IllegalArgumentException("MBA level " + level + " is outside 1.." + delayNs.length);
            }
            return delayNs[level - 1];
        }

        /**
         * The request delay of resctrl's 10 % (Intel delay value 90, hostCC's {@code MBA_VAL_HIGH}), a setting the
         * paper did not measure. MBA is a request-rate controller: in this model a throttled core's request rate, and
         * so its bandwidth, is {@code 1/d} (the fit of row A3 is exactly {@code d_k = n 64 (1 + w) / BW_k}). Below the
         * table the measured curve is continued along its last segment, linear in bandwidth over the percentage:
         * {@code 1/d(10) = 1/d(20) + (1/d(20) - 1/d(40)) (20 - 10) / (40 - 20)}. With the calibrated delays (153.6 ns
         * at 40 %, 230.4 ns at 20 %, i.e. 15.0 and 10.0 GB/s) this gives 307.2 ns, 7.5 GB/s for the saturating
         * generator: 23 % of the unthrottled 33.2 GB/s where nominal would be 10 %, as the measured points already lie
         * above nominal below 60 % (40 % gives 45 %, 20 % gives 30 %; docs/model.md §4.9, MBA's non-linear response).
         * Derived from the calibrated table alone, never from a controller's outcome.
         *
         * @return the delay of resctrl's 10 %, ns.
         * @throws IllegalArgumentException unless the table has the paper's five levels and the continued curve
         *                                  stays positive.
         */
        public double mba90DelayNs()
        {
            final double delay = continuedDelayNs(delayNs);
            if (Double.isNaN(delay))
            {
                throw new IllegalArgumentException("MBA level " + MbaLevelTable.MBA_90_LEVEL + " (10 %) continues " +
                    "the paper's five levels and needs mba.delayNs with five levels whose bandwidth curve stays " +
                    "above 0 at 10 %; got " + java.util.Arrays.toString(delayNs));
            }
            return delay;
        }

        /**
         * @return the longest request delay any level applies, ns: the table's last level or, where it is defined,
         * resctrl's 10 % ({@link #mba90DelayNs()}).
         */
        public double maxDelayNs()
        {
            final double delay = continuedDelayNs(delayNs);
            final double last = delayNs[delayNs.length - 1];
            return Double.isNaN(delay) ? last : Math.max(last, delay);
        }

        private static double continuedDelayNs(final double[] delayNs)
        {
            final int[] percents = MbaLevelTable.PAPER_PERCENTS;
            final int n = percents.length;
            if (delayNs.length != n || !(delayNs[n - 1] > 0.0) || !(delayNs[n - 2] > 0.0))
            {
                return Double.NaN;
            }
            final double rateLast = 1.0 / delayNs[n - 1];
            final double ratePrevious = 1.0 / delayNs[n - 2];
            final double rate = rateLast + (rateLast - ratePrevious) *
                (percents[n - 1] - MbaLevelTable.MBA_90_PERCENT) / (double)(percents[n - 2] - percents[n - 1]);
            return rate > 0.0 ? 1.0 / rate : Double.NaN;
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

    /**
     * The NIC's PCIe link, shared by both NIC ports (docs/model.md §4.4).
     *
     * @param usableGbps posted-write payload bandwidth after TLP/DLLP overheads, Gbit/s.
     * @param latencyNs  one-way latency of a TLP and of a credit update (UpdateFC), ns.
     * @param mpsBytes   maximum payload size of a TLP, bytes.
     * @param postedQueueTlps depth of each NIC port's queue of formed posted-write TLPs: a port's DMA engine forms
     *                   TLPs from its waiting data at the link's rate, and the link takes them out in turns with the
     *                   other port's (one TLP each), as the posted credits allow; so the queue holds about one while
     *                   the port's share keeps up, and fills when the other port takes half the link or the credits
     *                   run short. A probe record queues behind it (posted writes do not pass posted writes),
     *                   docs/model.md §4.4, §4.10.
     */
    public record Pcie(double usableGbps, double latencyNs, int mpsBytes, int postedQueueTlps)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Pcie
        {
            Checks.positive("pcie.usableGbps", usableGbps);
            Checks.nonNegative("pcie.latencyNs", latencyNs);
            Checks.range("pcie.mpsBytes", mpsBytes, 64, 4096);
            if (mpsBytes % 64 != 0)
            {
                throw new IllegalArgumentException("pcie.mpsBytes = " + mpsBytes + " must be a multiple of 64");
            }
            Checks.range("pcie.postedQueueTlps", postedQueueTlps, 1, 1024);
        }

        /**
         * @return depth of a port's queue of formed posted-write TLPs, lines.
         */
        public double postedQueueLines()
        {
            return postedQueueTlps * (mpsBytes / 64.0);
        }
    }

    /**
     * NIC behaviour at both ends (docs/model.md §4.2, §4.3) and the perftest-like workload.
     *
     * @param rxBufferBytes     B_rx: lossless receive buffer per port, bytes.
     * @param xoffBytes         X_off: PFC pause is asserted above this RX-buffer fill, bytes.
     * @param xonBytes          X_on: PFC resume is sent below this fill, bytes.
     * @param pfcReactionNs     time from crossing a threshold until the upstream stops or resumes, ns.
     * @param mtuBytes          RoCE MTU (payload per packet), bytes.
     * @param headerBytes       per-packet wire overhead (preamble, IFG, Eth, IP, UDP, BTH, ICRC, FCS), bytes.
     * @param rxEcnKminBytes    PFC-free mode: RX-buffer fill above which the NIC CE-marks arrivals, bytes.
     * @param rxEcnKmaxBytes    PFC-free mode: RX-buffer fill at which every arrival is marked, bytes.
     * @param rxEcnPmax         PFC-free mode: marking probability at {@code rxEcnKmaxBytes}.
     * @param retransmitTimeoutNs go-back-N retransmission timeout when no NAK arrives, ns.
     * @param nakDelayNs        receiver delay before a NAK for an out-of-sequence packet leaves, ns.
     * @param cqeBytes          completion-queue entry written per message, bytes.
     * @param txDepth           messages each QP keeps posted (perftest {@code --tx-depth}).
     * @param probeIntervalBytes RHCC probe cadence: one probe per this many bytes sent per QP.
     * @param probeBytes        probe and probe-ACK size on the wire, bytes.
     * @param probeRecordSlots  64-byte slots of the ring the receiver NIC writes its probe records into, cyclically
     *                          (docs/model.md §4.10: the record's DDIO reuse distance).
     * @param pacingJitter      the sender NIC's pacing gap is drawn within {@code gap (1 +- pacingJitter)}
     *                          (docs/model.md §4.2, de-phased QPs).
     * @param doorbellJitterNs  each QP's first doorbell reaches the sender NIC within this time after start, ns.
     * @param rateLimitGbps     the sender NIC's per-QP rate limit (perftest {@code --rate_limit} with
     *                          {@code --rate_limit_type HW}), Gbit/s on the wire; 0 for none. A QP then sends at
     *                          {@code min(R_rev, R_cc, limit)}: the NIC's own rate as an input of a run rather than an
     *                          outcome (the {@code delay-map} experiment, docs/model.md §9 rows C1, C2).
     * @param qpcCache          the receiver NIC's on-chip QP-context cache (docs/model.md §4.3); off by default.
     * @param activeQpsPerSender the sender NIC serves at most this many of its QPs at a time, each for one probe
     *                          interval of data per turn (docs/model.md §4.2, "Active-QP budget"); 0 for all.
     */
    public record Rnic(
        int rxBufferBytes,
        int xoffBytes,
        int xonBytes,
        double pfcReactionNs,
        int mtuBytes,
        int headerBytes,
        int rxEcnKminBytes,
        int rxEcnKmaxBytes,
        double rxEcnPmax,
        double retransmitTimeoutNs,
        double nakDelayNs,
        int cqeBytes,
        int txDepth,
        int probeIntervalBytes,
        int probeBytes,
        int probeRecordSlots,
        double pacingJitter,
        double doorbellJitterNs,
        double rateLimitGbps,
        QpcCache qpcCache,
        int activeQpsPerSender)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Rnic
        {
            Checks.range("rnic.rxBufferBytes", rxBufferBytes, 8192, 64 << 20);
            Checks.range("rnic.xoffBytes", xoffBytes, 1, rxBufferBytes);
            Checks.range("rnic.xonBytes", xonBytes, 0, xoffBytes - 1);
            Checks.nonNegative("rnic.pfcReactionNs", pfcReactionNs);
            Checks.range("rnic.mtuBytes", mtuBytes, 256, 9000);
            Checks.range("rnic.headerBytes", headerBytes, 0, 1024);
            Checks.range("rnic.rxEcnKminBytes", rxEcnKminBytes, 0, rxBufferBytes);
            Checks.range("rnic.rxEcnKmaxBytes", rxEcnKmaxBytes, rxEcnKminBytes + 1, rxBufferBytes);
            Checks.range("rnic.rxEcnPmax", rxEcnPmax, 1e-9, 1.0);
            Checks.positive("rnic.retransmitTimeoutNs", retransmitTimeoutNs);
            Checks.nonNegative("rnic.nakDelayNs", nakDelayNs);
            Checks.range("rnic.cqeBytes", cqeBytes, 0, 4096);
            Checks.range("rnic.txDepth", txDepth, 1, 65536);
            Checks.range("rnic.probeIntervalBytes", probeIntervalBytes, 1024, 1 << 30);
            Checks.range("rnic.probeBytes", probeBytes, 1, 4096);
            Checks.range("rnic.probeRecordSlots", probeRecordSlots, 1, 1 << 24);
            Checks.range("rnic.pacingJitter", pacingJitter, 0.0, 0.9);
            Checks.nonNegative("rnic.doorbellJitterNs", doorbellJitterNs);
            Checks.nonNegative("rnic.rateLimitGbps", rateLimitGbps);
            Checks.range("rnic.activeQpsPerSender", activeQpsPerSender, 0, 1 << 20);
            if (null == qpcCache)
            {
                throw new IllegalArgumentException("rnic.qpcCache must be given (QpcCache.OFF for none)");
            }
        }

        /**
         * @param limitGbps the sender NIC's per-QP rate limit, Gbit/s on the wire (0 for none).
         * @return a copy with that limit.
         */
        public Rnic withRateLimitGbps(final double limitGbps)
        {
            return new Rnic(rxBufferBytes, xoffBytes, xonBytes, pfcReactionNs, mtuBytes, headerBytes, rxEcnKminBytes,
                rxEcnKmaxBytes, rxEcnPmax, retransmitTimeoutNs, nakDelayNs, cqeBytes, txDepth, probeIntervalBytes,
                probeBytes, probeRecordSlots, pacingJitter, doorbellJitterNs, limitGbps, qpcCache,
                activeQpsPerSender);
        }

        /**
         * @param activeQps QPs each sender NIC serves at a time, 0 for all.
         * @return a copy with that budget.
         */
        public Rnic withActiveQpsPerSender(final int activeQps)
        {
            return new Rnic(rxBufferBytes, xoffBytes, xonBytes, pfcReactionNs, mtuBytes, headerBytes, rxEcnKminBytes,
                rxEcnKmaxBytes, rxEcnPmax, retransmitTimeoutNs, nakDelayNs, cqeBytes, txDepth, probeIntervalBytes,
                probeBytes, probeRecordSlots, pacingJitter, doorbellJitterNs, rateLimitGbps, qpcCache, activeQps);
        }

        /**
         * @param cache the receiver NIC's QP-context cache.
         * @return a copy with that cache.
         */
        public Rnic withQpcCache(final QpcCache cache)
        {
            return new Rnic(rxBufferBytes, xoffBytes, xonBytes, pfcReactionNs, mtuBytes, headerBytes, rxEcnKminBytes,
                rxEcnKmaxBytes, rxEcnPmax, retransmitTimeoutNs, nakDelayNs, cqeBytes, txDepth, probeIntervalBytes,
                probeBytes, probeRecordSlots, pacingJitter, doorbellJitterNs, rateLimitGbps, cache,
                activeQpsPerSender);
        }
    }

    /**
     * The receiver NIC's on-chip cache of QP contexts (docs/model.md §4.3, "QP-context cache"). A packet that reaches
     * the receive pipeline needs its QP's context (PSN check, placement); on a miss the pipeline waits while the NIC
     * reads the context from host memory over PCIe, and the context it evicts is written back through the IIO like
     * any posted write. A probe needs its QP's context before the NIC can answer it, so a probe's miss is part of
     * its {@code t_resp - t_recv}.
     *
     * @param entries      contexts the cache holds, least recently used evicted first; 0 turns the model off (every
     *                     lookup hits), which keeps throughput flat from 1 to 256 QPs (docs/model.md §9 row B7).
     * @param contextBytes bytes of one context, read on a miss and written back when evicted.
     * @param missNs       an unloaded miss: the NIC's read of a context from host memory, round trip, ns; a loaded
     *                     memory controller adds a read's burst-queueing wait to it.
     */
    public record QpcCache(int entries, int contextBytes, double missNs)
    {
        /**
         * Contexts a ConnectX-class NIC keeps on chip, an estimate (docs/model.md §4.3): RC throughput is reported
         * to fall past a few hundred to a few thousand connections, by about half at 4,096.
         */
        public static final int ESTIMATED_ENTRIES = 1_024;

        /**
         * No cache model: every context lookup hits. Its context size (mlx5's QP context, 232 bytes, in four lines)
         * and unloaded miss (a small DMA read from host memory, ~0.5 us) are the estimates of docs/model.md §4.3,
         * in force once {@code entries} is set.
         */
        public static final QpcCache OFF = new QpcCache(0, 256, 500.0);

        /**
         * @param cacheEntries contexts the cache holds, 0 for none.
         * @return a copy with that many entries.
         */
        public QpcCache withEntries(final int cacheEntries)
        {
            return new QpcCache(cacheEntries, contextBytes, missNs);
        }

        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public QpcCache
        {
            Checks.range("rnic.qpcCache.entries", entries, 0, 1 << 20);
            Checks.range("rnic.qpcCache.contextBytes", contextBytes, 64, 4096);
            Checks.nonNegative("rnic.qpcCache.missNs", missNs);
        }

        /**
         * @return true when the cache is modelled (entries &gt; 0).
         */
        public boolean enabled()
        {
            return entries > 0;
        }
    }

    /**
     * Links, switch, ECN and DCQCN (docs/model.md §4.1, §4.2).
     *
     * @param lineRateGbps     every link's rate, Gbit/s.
     * @param propagationNs    one-way propagation (plus PHY) delay of every link, ns.
     * @param switchBufferBytes shared switch buffer, bytes.
     * @param pfcAlpha         switch ingress PFC dynamic threshold: pause when an ingress queue exceeds alpha times
     *                         the free shared buffer.
     * @param ecnKminBytes     switch RED K_min, bytes.
     * @param ecnKmaxBytes     switch RED K_max, bytes.
     * @param ecnPmax          switch RED P_max.
     * @param dcqcn            the senders' DCQCN reaction point and the receiver's CNP pacing.
     */
    public record Network(
        double lineRateGbps,
        double propagationNs,
        long switchBufferBytes,
        double pfcAlpha,
        long ecnKminBytes,
        long ecnKmaxBytes,
        double ecnPmax,
        DcqcnParameters dcqcn)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Network
        {
            Checks.positive("network.lineRateGbps", lineRateGbps);
            Checks.nonNegative("network.propagationNs", propagationNs);
            Checks.range("network.switchBufferBytes", switchBufferBytes, 1L << 16, 1L << 34);
            Checks.range("network.pfcAlpha", pfcAlpha, 1e-3, 64.0);
            Checks.range("network.ecnKminBytes", ecnKminBytes, 0, switchBufferBytes);
            Checks.range("network.ecnKmaxBytes", ecnKmaxBytes, ecnKminBytes + 1, switchBufferBytes);
            Checks.range("network.ecnPmax", ecnPmax, 1e-9, 1.0);
            if (null == dcqcn)
            {
                throw new IllegalArgumentException("network.dcqcn must be given, e.g. DcqcnParameters.nvidia(100)");
            }
        }
    }

    /**
     * Fluid TCP flows into the receiver NIC's second port (docs/model.md §4.2, B15).
     *
     * @param rttNs              base round-trip time, ns.
     * @param rxBufferBytes      the second port's (lossy) receive buffer, bytes.
     * @param minWindowBytes     smallest congestion window, bytes.
     * @param decreaseFactor     multiplicative decrease on a loss round (CUBIC beta = 0.7).
     */
    public record Tcp(double rttNs, int rxBufferBytes, int minWindowBytes, double decreaseFactor)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Tcp
        {
            Checks.positive("tcp.rttNs", rttNs);
            Checks.range("tcp.rxBufferBytes", rxBufferBytes, 4096, 64 << 20);
            Checks.range("tcp.minWindowBytes", minWindowBytes, 64, 1 << 24);
            Checks.range("tcp.decreaseFactor", decreaseFactor, 0.1, 0.99);
        }
    }

    /**
     * Telemetry windows and sensor costs (docs/model.md §4.10, docs/paper.md §4 B10-B12).
     *
     * @param windowNs          time-series window (receiver processing delay windows), ns.
     * @param iioWindowNs       IIO occupancy reporting window, ns.
     * @param iioReadLatencyNs  cost of one IIO occupancy read (MSR), ns.
     */
    public record Telemetry(long windowNs, long iioWindowNs, long iioReadLatencyNs)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Telemetry
        {
            Checks.range("telemetry.windowNs", windowNs, 1_000L, 100_000_000L);
            Checks.range("telemetry.iioWindowNs", iioWindowNs, windowNs, 1_000_000_000L);
            if (iioWindowNs % windowNs != 0)
            {
                throw new IllegalArgumentException("telemetry.iioWindowNs = " + iioWindowNs +
                    " must be a multiple of windowNs = " + windowNs);
            }
            Checks.range("telemetry.iioReadLatencyNs", iioReadLatencyNs, 1L, 1_000_000L);
        }
    }
}
