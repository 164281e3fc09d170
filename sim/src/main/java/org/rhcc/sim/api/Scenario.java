package org.rhcc.sim.api;

/**
 * One simulated run: the testbed condition, without the controller (see {@link ControllerHook}).
 *
 * @param pfc             true for a lossless fabric (PFC on), false for PFC-free (DCQCN/CNP only, drops + go-back-N).
 * @param congestion      intra-host congestion preset: 0 (no CPU memory traffic), 1, 2 or 3 (MLC 1:1 R/W at
 *                        19.0 / 25.3 / 30.3 GB/s isolated, docs/paper.md §3).
 * @param cpuTraffic      where the CPU traffic runs (local, cross-NUMA or hybrid).
 * @param senders         number of sender hosts (1 for the two-host testbed, 2 for incast).
 * @param qpsPerSender    RDMA WRITE queue pairs per sender (perftest {@code -q}).
 * @param messageBytes    RDMA WRITE message size in bytes (perftest {@code -s}).
 * @param forcedMbaLevel  0 for none, else an MBA level 1..5 applied to every CPU group for the whole run (B13).
 * @param tcpOfferedGbps  0 for none, else the TCP load offered to the receiver NIC's second port (B15).
 * @param tcpFlows        number of TCP flows making up {@code tcpOfferedGbps} (0 when none).
 * @param durationNs      measured simulated time after warm-up, ns.
 * @param warmupNs        simulated warm-up discarded from the metrics, ns.
 * @param seed            seed of every stochastic draw; the same seed gives the same result, bit for bit.
 * @param protectedService a latency-critical CPU service in its own MBA group ({@link ProtectedService#NONE} for
 *                        none, the default).
 */
public record Scenario(
    boolean pfc,
    int congestion,
    CpuTraffic cpuTraffic,
    int senders,
    int qpsPerSender,
    int messageBytes,
    int forcedMbaLevel,
    double tcpOfferedGbps,
    int tcpFlows,
    long durationNs,
    long warmupNs,
    long seed,
    ProtectedService protectedService)
{
    /**
     * Validates every field.
     *
     * @throws IllegalArgumentException naming the field, its value and the valid range.
     */
    public Scenario
    {
        requireRange("congestion", congestion, 0, 3);
        if (null == protectedService)
        {
            throw new IllegalArgumentException("protectedService must be given (ProtectedService.NONE for none)");
        }
        if (null == cpuTraffic)
        {
            throw new IllegalArgumentException("cpuTraffic must be one of local, cross, hybrid");
        }
        requireRange("senders", senders, 1, 64);
        requireRange("qpsPerSender", qpsPerSender, 1, 65_536);
        requireRange("messageBytes", messageBytes, 64, 1 << 30);
        requireRange("forcedMbaLevel", forcedMbaLevel, 0, 5);
        if (!(tcpOfferedGbps >= 0.0) || tcpOfferedGbps > 400.0)
        {
            throw new IllegalArgumentException("tcpOfferedGbps = " + tcpOfferedGbps + " must be within 0..400 Gbit/s");
        }
        requireRange("tcpFlows", tcpFlows, 0, 64);
        if (durationNs <= 0 || warmupNs < 0)
        {
            throw new IllegalArgumentException(
                "durationNs = " + durationNs + " must be > 0 and warmupNs = " + warmupNs + " must be >= 0");
        }
    }

    /**
     * A scenario without a protected CPU service.
     *
     * @param pfc            true for a lossless fabric.
     * @param congestion     intra-host congestion preset 0..3.
     * @param cpuTraffic     where the CPU traffic runs.
     * @param senders        sender hosts.
     * @param qpsPerSender   queue pairs per sender.
     * @param messageBytes   message size, bytes.
     * @param forcedMbaLevel 0 or a forced MBA level.
     * @param tcpOfferedGbps offered TCP load, Gbit/s.
     * @param tcpFlows       TCP flows.
     * @param durationNs     measured time, ns.
     * @param warmupNs       warm-up, ns.
     * @param seed           seed.
     */
    public Scenario(
        final boolean pfc, final int congestion, final CpuTraffic cpuTraffic, final int senders, final int qpsPerSender,
        final int messageBytes, final int forcedMbaLevel, final double tcpOfferedGbps, final int tcpFlows,
        final long durationNs, final long warmupNs, final long seed)
    {
        this(pfc, congestion, cpuTraffic, senders, qpsPerSender, messageBytes, forcedMbaLevel, tcpOfferedGbps, tcpFlows,
            durationNs, warmupNs, seed, ProtectedService.NONE);
    }

    /**
     * @param service the protected CPU service.
     * @return a copy with that service.
     */
    public Scenario withProtectedService(final ProtectedService service)
    {
        return new Scenario(pfc, congestion, cpuTraffic, senders, qpsPerSender, messageBytes, forcedMbaLevel,
            tcpOfferedGbps, tcpFlows, durationNs, warmupNs, seed, service);
    }

    /**
     * The paper's default two-host run: PFC on, one sender, 8 QPs of 64 KB messages, local CPU traffic at the given
     * congestion, 10 ms measured after a 2 ms warm-up (docs/model.md §5).
     *
     * @param congestion 0..3.
     * @param seed       run seed.
     */
    public static Scenario twoHost(final int congestion, final long seed)
    {
        return new Scenario(true, congestion, CpuTraffic.LOCAL, 1, 8, 65536, 0, 0.0, 0,
            10_000_000L, 2_000_000L, seed);
    }

    private static void requireRange(final String name, final long value, final long min, final long max)
    {
        if (value < min || value > max)
        {
            throw new IllegalArgumentException(name + " = " + value + " must be within " + min + ".." + max);
        }
    }
}
