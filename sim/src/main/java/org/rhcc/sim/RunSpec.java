package org.rhcc.sim;

import org.rhcc.sim.api.Scenario;

/**
 * A run fully resolved into model terms: which RDMA traffic, which CPU thread groups, which forced MBA level, which
 * TCP load. {@link #of(Scenario, SimParameters)} maps a paper scenario onto the calibrated presets; the other
 * factories express runs the scenarios cannot, such as the CPU-only calibration runs of docs/model.md §8.
 * <p>
 * Scenario mapping (docs/model.md §10 leaves these choices open; they are recorded here):
 * <ul>
 *   <li>congestion 1..3 selects the MLC preset 1x/2x/3x ({@link SimParameters.Cpu#preset(int)});</li>
 *   <li>{@code LOCAL} puts the preset's threads on the NIC's socket, {@code CROSS} on the other socket, and
 *   {@code HYBRID} runs the preset on both sockets ("the same number of local and cross-NUMA cores",
 *   docs/paper.md §4 B9), so hybrid offers twice the MLC load of the other two;</li>
 *   <li>{@code forcedMbaLevel} applies to both COS groups from time 0 without actuation delay.</li>
 * </ul>
 *
 * @param pfc                  lossless (PFC) or PFC-free fabric.
 * @param senders              sender hosts, 0 for no RDMA traffic.
 * @param qpsPerSender         QPs per sender.
 * @param messageBytes         RDMA WRITE message size, bytes.
 * @param localThreads         MLC threads on the NIC's socket.
 * @param localInjectionNs     their injection delay, ns.
 * @param remoteThreads        MLC threads on the other socket.
 * @param remoteInjectionNs    their injection delay, ns.
 * @param cpuWritesPerRead     writebacks per read of every MLC thread: 1 for MLC's 1:1 read/write mix (the
 *                             paper's, {@code -W5}), 0 for read-only.
 * @param forcedMbaLevel       0 for none, else the MBA level of both groups for the whole run.
 * @param tcpOfferedGbps       TCP load offered to the NIC's second port, Gbit/s (0 for none).
 * @param tcpFlows             TCP flows.
 * @param durationNs           measured time after warm-up, ns.
 * @param warmupNs             warm-up, ns.
 * @param seed                 seed of every stochastic draw.
 * @param protectedThreads     threads of the protected CPU service on the NIC's socket (0 for none; docs/model.md
 *                             §4.8).
 * @param protectedInjectionNs injection delay of the protected service's threads, ns.
 * @param protectedOwnMbaGroup true when the protected service has its own MBA group (2), false when its cores are in
 *                             the local-NUMA group (0).
 */
public record RunSpec(
    boolean pfc,
    int senders,
    int qpsPerSender,
    int messageBytes,
    int localThreads,
    double localInjectionNs,
    int remoteThreads,
    double remoteInjectionNs,
    double cpuWritesPerRead,
    int forcedMbaLevel,
    double tcpOfferedGbps,
    int tcpFlows,
    long durationNs,
    long warmupNs,
    long seed,
    int protectedThreads,
    double protectedInjectionNs,
    boolean protectedOwnMbaGroup)
{
    /**
     * Validates the run.
     *
     * @throws IllegalArgumentException naming the offending field.
     */
    public RunSpec
    {
        Checks.range("senders", senders, 0, 64);
        Checks.range("qpsPerSender", qpsPerSender, 1, 65_536);
        Checks.range("messageBytes", messageBytes, 64, 1 << 30);
        Checks.range("localThreads", localThreads, 0, 256);
        Checks.range("remoteThreads", remoteThreads, 0, 256);
        Checks.nonNegative("localInjectionNs", localInjectionNs);
        Checks.nonNegative("remoteInjectionNs", remoteInjectionNs);
        Checks.range("cpuWritesPerRead", cpuWritesPerRead, 0.0, 16.0);
        Checks.range("forcedMbaLevel", forcedMbaLevel, 0, 16);
        Checks.range("tcpOfferedGbps", tcpOfferedGbps, 0.0, 400.0);
        Checks.range("tcpFlows", tcpFlows, 0, 64);
        if (tcpOfferedGbps > 0.0 && tcpFlows < 1)
        {
            throw new IllegalArgumentException("tcpOfferedGbps = " + tcpOfferedGbps + " needs tcpFlows >= 1");
        }
        Checks.range("durationNs", durationNs, 1_000L, Long.MAX_VALUE / 4);
        Checks.range("warmupNs", warmupNs, 0L, Long.MAX_VALUE / 4);
        Checks.range("protectedThreads", protectedThreads, 0, 64);
        Checks.nonNegative("protectedInjectionNs", protectedInjectionNs);
    }

    /**
     * A run without a protected CPU service (see the record's components).
     *
     * @param pfc               lossless fabric.
     * @param senders           sender hosts.
     * @param qpsPerSender      queue pairs per sender.
     * @param messageBytes      message size, bytes.
     * @param localThreads      local-NUMA threads.
     * @param localInjectionNs  their injection delay, ns.
     * @param remoteThreads     cross-NUMA threads.
     * @param remoteInjectionNs their injection delay, ns.
     * @param cpuWritesPerRead  writebacks per read.
     * @param forcedMbaLevel    0 or a forced level.
     * @param tcpOfferedGbps    TCP load, Gbit/s.
     * @param tcpFlows          TCP flows.
     * @param durationNs        measured time, ns.
     * @param warmupNs          warm-up, ns.
     * @param seed              seed.
     */
    public RunSpec(
        final boolean pfc, final int senders, final int qpsPerSender, final int messageBytes, final int localThreads,
        final double localInjectionNs, final int remoteThreads, final double remoteInjectionNs,
        final double cpuWritesPerRead, final int forcedMbaLevel, final double tcpOfferedGbps, final int tcpFlows,
        final long durationNs, final long warmupNs, final long seed)
    {
        this(pfc, senders, qpsPerSender, messageBytes, localThreads, localInjectionNs, remoteThreads, remoteInjectionNs,
            cpuWritesPerRead, forcedMbaLevel, tcpOfferedGbps, tcpFlows, durationNs, warmupNs, seed, 0, 0.0, true);
    }

    /**
     * Resolves a paper scenario with the given parameters' MLC presets.
     *
     * @param scenario   the scenario.
     * @param parameters the parameters whose presets define 1x/2x/3x.
     */
    public static RunSpec of(final Scenario scenario, final SimParameters parameters)
    {
        int local = 0;
        int remote = 0;
        double delayNs = 0.0;
        if (scenario.congestion() > 0)
        {
            final SimParameters.CpuPreset preset = parameters.cpu().preset(scenario.congestion());
            delayNs = preset.injectionDelayNs();
            switch (scenario.cpuTraffic())
            {
                case LOCAL:
                    local = preset.threads();
                    break;
                case CROSS:
                    remote = preset.threads();
                    break;
                case HYBRID:
                    local = preset.threads();
                    remote = preset.threads();
                    break;
                default:
                    throw new IllegalArgumentException("unknown CPU traffic placement " + scenario.cpuTraffic());
            }
        }
        return new RunSpec(scenario.pfc(), scenario.senders(), scenario.qpsPerSender(), scenario.messageBytes(),
            local, delayNs, remote, delayNs, 1.0, scenario.forcedMbaLevel(), scenario.tcpOfferedGbps(),
            scenario.tcpFlows(), scenario.durationNs(), scenario.warmupNs(), scenario.seed(),
            scenario.protectedService().threads(), scenario.protectedService().injectionDelayNs(),
            scenario.protectedService().ownMbaGroup());
    }

    /**
     * A CPU-only run (no RDMA, no TCP) for the memory calibration (docs/model.md §8 steps 1-3).
     *
     * @param localThreads      threads on the NIC's socket.
     * @param localInjectionNs  their injection delay, ns.
     * @param remoteThreads     threads on the other socket.
     * @param remoteInjectionNs their injection delay, ns.
     * @param writesPerRead     writebacks per read (1 for 1:1, 0 for read-only).
     * @param mbaLevel          0 for none, else the MBA level of both groups.
     * @param durationNs        measured time, ns.
     * @param warmupNs          warm-up, ns.
     * @param seed              seed.
     */
    public static RunSpec cpuOnly(
        final int localThreads,
        final double localInjectionNs,
        final int remoteThreads,
        final double remoteInjectionNs,
        final double writesPerRead,
        final int mbaLevel,
        final long durationNs,
        final long warmupNs,
        final long seed)
    {
        return new RunSpec(true, 0, 1, 65536, localThreads, localInjectionNs, remoteThreads, remoteInjectionNs,
            writesPerRead, mbaLevel, 0.0, 0, durationNs, warmupNs, seed);
    }

    /**
     * @return true when the run has RDMA traffic.
     */
    public boolean rdma()
    {
        return senders > 0;
    }

    /**
     * @return true when the run has a protected CPU service in its own MBA group (the host's third group).
     */
    public boolean protectedMbaGroup()
    {
        return protectedThreads > 0 && protectedOwnMbaGroup;
    }

    /**
     * @return RDMA QPs over all senders.
     */
    public int qpCount()
    {
        return senders * qpsPerSender;
    }
}
