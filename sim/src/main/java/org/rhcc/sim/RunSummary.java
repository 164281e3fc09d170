package org.rhcc.sim;

import org.HdrHistogram.Histogram;
import org.rhcc.sim.api.ProtectedServiceMetrics;
import org.rhcc.sim.api.RunMetrics;
import org.rhcc.sim.host.CpuTrafficModel;
import org.rhcc.sim.host.IoPath;
import org.rhcc.sim.host.WriteBacklog;
import org.rhcc.sim.net.RdmaFabric;

/**
 * The end of a run: its {@link RunMetrics} over the measured interval (docs/model.md §4.10) from the
 * {@link RunTelemetry}, and the model-internal {@link Diagnostics}.
 * <p>
 * <b>Note:</b> called once, after the step loop.
 */
final class RunSummary
{
    private final RunTelemetry telemetry;
    private final CpuTrafficModel cpu;
    private final IoPath io;
    private final WriteBacklog backlog;
    private final ProbeTracker probes;
    private final RdmaFabric fabric;
    private final double postedMessages;

    /**
     * @param telemetry the run's telemetry.
     * @param cpu       the CPU traffic model.
     * @param io        the IIO and PCIe path.
     * @param backlog   the CHA write backlog.
     * @param probes    the probe tracker.
     * @param fabric    the RDMA fabric, or null.
     * @param qpCount   RDMA QPs of the run.
     * @param txDepth   messages each QP keeps posted.
     */
    RunSummary(final RunTelemetry telemetry, final CpuTrafficModel cpu, final IoPath io, final WriteBacklog backlog,
        final ProbeTracker probes, final RdmaFabric fabric, final int qpCount, final int txDepth)
    {
        this.telemetry = telemetry;
        this.cpu = cpu;
        this.io = io;
        this.backlog = backlog;
        this.probes = probes;
        this.fabric = fabric;
        this.postedMessages = (double)qpCount * txDepth;
    }

    /**
     * @return the metrics of the measured interval.
     * @throws IllegalStateException when the run ended before its warm-up did.
     */
    RunMetrics metrics()
    {
        telemetry.snapshotNetwork();
        final Counters a = telemetry.atWarmup();
        final Counters b = telemetry.total();
        final Histogram latencyNs = telemetry.latencyNs();
        final double t = b.timeNs - a.timeNs;
        final double toGbps = 512.0 / t;
        final double localMem = (b.localReads - a.localReads + b.localWritebacks - a.localWritebacks) * toGbps;
        final double crossMem = (b.remoteReads - a.remoteReads + b.remoteWritebacks - a.remoteWritebacks +
            b.directoryWrites - a.directoryWrites) * toGbps;
        final double rnicMem = (b.ioWrites - a.ioWrites) * toGbps;
        final double totalMem = (b.localReads - a.localReads + b.remoteReads - a.remoteReads +
            b.protectedReads - a.protectedReads + b.dramWrites - a.dramWrites) * toGbps;
        final double released = b.releasedLines - a.releasedLines;
        final double occ = telemetry.measuredIioOccupancy((b.occupancyNs - a.occupancyNs) / t);
        final double residency = telemetry.measuredResidencyNs(
            released > 1e-9 ? (b.occupancyNs - a.occupancyNs) / released : 0.0);
        final double answered = b.probesAnswered - a.probesAnswered;
        final double delay = telemetry.measuredDelayNs(
            answered > 0.0 ? (b.probeDelayNs - a.probeDelayNs) / answered : 0.0);
        final double exits = b.llcExitLines - a.llcExitLines;
        final double tcpArrived = b.tcpArrived - a.tcpArrived;
        final boolean anyLatency = latencyNs.getTotalCount() > 0;
        if (!telemetry.measuring())
        {
            throw new IllegalStateException("the run ended before its warm-up did");
        }
        return new RunMetrics(
            (b.rdmaBytes - a.rdmaBytes) * 8.0 / t,
            localMem + crossMem,
            localMem,
            crossMem,
            rnicMem,
            totalMem,
            meanLatencyUs(b.messages - a.messages, t),
            anyLatency ? latencyNs.getValueAtPercentile(99.0) / 1_000.0 : 0.0,
            (b.pauseNs - a.pauseNs) / t,
            b.pfcFrames - a.pfcFrames,
            b.cnps - a.cnps,
            (b.stallNs - a.stallNs) / t,
            exits > 1e-9 ? (b.missLines - a.missLines) / exits : 0.0,
            occ,
            residency,
            delay,
            (b.tcpBytes - a.tcpBytes) * 8.0 / t,
            tcpArrived > 1e-9 ? (b.tcpDropped - a.tcpDropped) / tcpArrived : 0.0);
    }

    /**
     * @return the protected CPU service's bandwidth and mean read latency over the measured window.
     */
    ProtectedServiceMetrics protectedService()
    {
        telemetry.snapshotNetwork();
        final Counters a = telemetry.atWarmup();
        final Counters b = telemetry.total();
        final double t = b.timeNs - a.timeNs;
        final double completed = b.protectedCompletedReads - a.protectedCompletedReads;
        return new ProtectedServiceMetrics(
            (b.protectedReads - a.protectedReads + b.protectedWritebacks - a.protectedWritebacks) * 512.0 / t,
            completed > 0.0 ? (b.protectedOutstandingNs - a.protectedOutstandingNs) / completed : 0.0);
    }

    /**
     * @return the model-internal quantities of the whole run.
     */
    Diagnostics diagnostics()
    {
        return new Diagnostics(
            meanReadLatencyNs(CpuTrafficModel.LOCAL),
            meanReadLatencyNs(CpuTrafficModel.REMOTE),
            probes.answered() > 0 ? probes.delaySumNs() / probes.answered() : 0.0,
            probes.answered(),
            null == fabric ? 0L : fabric.rxDrops(),
            null == fabric ? 0L : fabric.retransmittedPackets(),
            io.hitProbability(),
            backlog.occupancy(),
            qpContextMissRate());
    }

    private double qpContextMissRate()
    {
        telemetry.snapshotNetwork();
        final Counters a = telemetry.atWarmup();
        final Counters b = telemetry.total();
        final long lookups = b.qpContextLookups - a.qpContextLookups;
        return lookups > 0L ? (double)(b.qpContextMisses - a.qpContextMisses) / lookups : 0.0;
    }

    /**
     * Mean post-to-completion latency by Little's law: every QP keeps {@code txDepth} messages posted at all times
     * (perftest's closed loop), so the mean time in system is that population over the completion rate. Unlike the
     * mean of completed messages it is not biased by messages still outstanding at the end of the interval (a QP
     * that DCQCN has throttled to its minimum rate completes nothing, yet its messages wait).
     */
    private double meanLatencyUs(final double completions, final double intervalNs)
    {
        if (!(completions > 0.0))
        {
            return 0.0;
        }
        return postedMessages * intervalNs / completions / 1_000.0;
    }

    private double meanReadLatencyNs(final int group)
    {
        final double n = cpu.completedReads(group);
        return n > 0.0 ? cpu.outstandingIntegral(group) / n : 0.0;
    }
}
