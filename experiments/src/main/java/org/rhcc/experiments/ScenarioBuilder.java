package org.rhcc.experiments;

import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.ProtectedService;
import org.rhcc.sim.api.Scenario;

/**
 * Builds a {@link Scenario} from the paper's default two-host run ({@link Scenario#twoHost}: PFC on, one sender,
 * 8 QPs of 64 KB RDMA WRITEs, local CPU traffic, no forced MBA level, no TCP), changing only what an experiment
 * sweeps. Not thread-safe; one builder per scenario.
 */
public final class ScenarioBuilder
{
    private final long seed;
    private final long durationNs;
    private final long warmupNs;
    private boolean pfc;
    private int congestion;
    private CpuTraffic cpuTraffic;
    private int senders;
    private int qpsPerSender;
    private int messageBytes;
    private int forcedMbaLevel;
    private double tcpOfferedGbps;
    private int tcpFlows;
    private ProtectedService protectedService = ProtectedService.NONE;

    ScenarioBuilder(final long seed, final long durationNs, final long warmupNs)
    {
        final Scenario defaults = Scenario.twoHost(0, seed);
        this.seed = seed;
        this.durationNs = durationNs;
        this.warmupNs = warmupNs;
        pfc = defaults.pfc();
        congestion = defaults.congestion();
        cpuTraffic = defaults.cpuTraffic();
        senders = defaults.senders();
        qpsPerSender = defaults.qpsPerSender();
        messageBytes = defaults.messageBytes();
        forcedMbaLevel = defaults.forcedMbaLevel();
        tcpOfferedGbps = defaults.tcpOfferedGbps();
        tcpFlows = defaults.tcpFlows();
    }

    /**
     * @param pfc true for PFC on (lossless), false for PFC-free.
     * @return this for a fluent API.
     */
    public ScenarioBuilder pfc(final boolean pfc)
    {
        this.pfc = pfc;
        return this;
    }

    /**
     * @param congestion 0..3 (0x..3x).
     * @return this for a fluent API.
     */
    public ScenarioBuilder congestion(final int congestion)
    {
        this.congestion = congestion;
        return this;
    }

    /**
     * @param cpuTraffic where the memory-hungry cores run.
     * @return this for a fluent API.
     */
    public ScenarioBuilder cpuTraffic(final CpuTraffic cpuTraffic)
    {
        this.cpuTraffic = cpuTraffic;
        return this;
    }

    /**
     * @param senders sender hosts.
     * @return this for a fluent API.
     */
    public ScenarioBuilder senders(final int senders)
    {
        this.senders = senders;
        return this;
    }

    /**
     * @param qpsPerSender RDMA queue pairs per sender.
     * @return this for a fluent API.
     */
    public ScenarioBuilder qps(final int qpsPerSender)
    {
        this.qpsPerSender = qpsPerSender;
        return this;
    }

    /**
     * @param messageBytes RDMA WRITE message size, bytes.
     * @return this for a fluent API.
     */
    public ScenarioBuilder messageBytes(final int messageBytes)
    {
        this.messageBytes = messageBytes;
        return this;
    }

    /**
     * @param level MBA level 1..5 forced on every CPU group for the whole run, 0 for none.
     * @return this for a fluent API.
     */
    public ScenarioBuilder mbaLevel(final int level)
    {
        this.forcedMbaLevel = level;
        return this;
    }

    /**
     * @param offeredGbps TCP load offered to the receiver NIC's second port, Gbit/s (0 for none).
     * @param flows       TCP flows making up the load.
     * @return this for a fluent API.
     */
    public ScenarioBuilder tcp(final double offeredGbps, final int flows)
    {
        this.tcpOfferedGbps = offeredGbps;
        this.tcpFlows = flows;
        return this;
    }

    /**
     * @param service a latency-critical CPU service in its own MBA group (the protected CPU class).
     * @return this for a fluent API.
     */
    public ScenarioBuilder protectedService(final ProtectedService service)
    {
        this.protectedService = service;
        return this;
    }

    /**
     * @throws IllegalArgumentException if a value is out of range ({@link Scenario}'s validation).
     */
    public Scenario build()
    {
        return new Scenario(pfc, congestion, cpuTraffic, senders, qpsPerSender, messageBytes, forcedMbaLevel,
            tcpOfferedGbps, tcpFlows, durationNs, warmupNs, seed, protectedService);
    }
}
