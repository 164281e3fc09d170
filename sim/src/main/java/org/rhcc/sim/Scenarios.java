package org.rhcc.sim;

import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.Scenario;

/**
 * The paper's baseline experiments (docs/paper.md §3-§4) as scenarios: the testbed defaults are one sender, 8 QPs of
 * 64 KB RDMA WRITE messages, PFC on, local MLC traffic, 10 ms measured after a 2 ms warm-up (docs/model.md §5).
 */
public final class Scenarios
{
    /** Measured time of a default run, ns. */
    public static final long DURATION_NS = 10_000_000L;
    /** Warm-up of a default run, ns. */
    public static final long WARMUP_NS = 2_000_000L;
    /** QPs of the default perftest run. */
    public static final int QPS = 8;
    /** Message size of the default perftest run, bytes. */
    public static final int MESSAGE_BYTES = 65_536;
    /** TCP flows of the pure-PCIe-congestion runs (iperf from two other servers). */
    public static final int TCP_FLOWS = 2;

    private Scenarios()
    {
    }

    /**
     * B1-B6: intra-host congestion 0x..3x.
     *
     * @param congestion 0..3.
     * @param pfc        true for a lossless fabric, false for PFC-free.
     * @param seed       run seed.
     */
    public static Scenario congestion(final int congestion, final boolean pfc, final long seed)
    {
        return new Scenario(pfc, congestion, CpuTraffic.LOCAL, 1, QPS, MESSAGE_BYTES, 0, 0.0, 0,
            DURATION_NS, WARMUP_NS, seed);
    }

    /**
     * B8, B9: where the MLC cores run.
     *
     * @param congestion 1..3.
     * @param placement  local, cross-NUMA or hybrid.
     * @param seed       run seed.
     */
    public static Scenario placement(final int congestion, final CpuTraffic placement, final long seed)
    {
        return new Scenario(true, congestion, placement, 1, QPS, MESSAGE_BYTES, 0, 0.0, 0,
            DURATION_NS, WARMUP_NS, seed);
    }

    /**
     * B7: message size and QP sweep at 3x.
     *
     * @param qps          QPs (1..8 in the paper).
     * @param messageBytes message size (64 KB..1 MB in the paper).
     * @param seed         run seed.
     */
    public static Scenario messageSweep(final int qps, final int messageBytes, final long seed)
    {
        return new Scenario(true, 3, CpuTraffic.LOCAL, 1, qps, messageBytes, 0, 0.0, 0,
            DURATION_NS, WARMUP_NS, seed);
    }

    /**
     * B13: MBA forced to a level for the whole run at 3x.
     *
     * @param level 1..5.
     * @param seed  run seed.
     */
    public static Scenario forcedMba(final int level, final long seed)
    {
        if (level < 1 || level > 5)
        {
            throw new IllegalArgumentException("forced MBA level " + level + " must be within 1..5");
        }
        return new Scenario(true, 3, CpuTraffic.LOCAL, 1, QPS, MESSAGE_BYTES, level, 0.0, 0,
            DURATION_NS, WARMUP_NS, seed);
    }

    /**
     * B15: pure PCIe congestion, TCP from two other servers into the receiver NIC's second port, no MLC.
     *
     * @param tcpGbps offered TCP load (37, 71 or 95 Gbit/s in the paper).
     * @param seed    run seed.
     */
    public static Scenario pcieOnly(final double tcpGbps, final long seed)
    {
        return new Scenario(true, 0, CpuTraffic.LOCAL, 1, QPS, MESSAGE_BYTES, 0, tcpGbps, TCP_FLOWS,
            DURATION_NS, WARMUP_NS, seed);
    }

    /**
     * Incast: several senders into one receiver (inter-host congestion, optionally with intra-host congestion).
     *
     * @param senders    sender hosts (2 for the paper's third server).
     * @param congestion 0..3.
     * @param seed       run seed.
     */
    public static Scenario incast(final int senders, final int congestion, final long seed)
    {
        return new Scenario(true, congestion, CpuTraffic.LOCAL, senders, QPS, MESSAGE_BYTES, 0, 0.0, 0,
            DURATION_NS, WARMUP_NS, seed);
    }

    /**
     * @param scenario   a scenario.
     * @param durationNs another measured time, ns.
     * @param warmupNs   another warm-up, ns.
     * @return the scenario with other durations.
     */
    public static Scenario withDurations(final Scenario scenario, final long durationNs, final long warmupNs)
    {
        return new Scenario(scenario.pfc(), scenario.congestion(), scenario.cpuTraffic(), scenario.senders(),
            scenario.qpsPerSender(), scenario.messageBytes(), scenario.forcedMbaLevel(), scenario.tcpOfferedGbps(),
            scenario.tcpFlows(), durationNs, warmupNs, scenario.seed(), scenario.protectedService());
    }
}
