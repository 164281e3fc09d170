package org.rhcc.sim;

import org.HdrHistogram.Histogram;
import org.rhcc.sim.host.CpuTrafficModel;
import org.rhcc.sim.host.IoPath;
import org.rhcc.sim.host.MemoryController;
import org.rhcc.sim.host.WriteBacklog;
import org.rhcc.sim.net.RdmaFabric;
import org.rhcc.sim.net.TcpPort;

/**
 * The telemetry of one run (docs/model.md §4.10): the cumulative {@link Counters}, their snapshots at the warm-up's
 * end and at every window, the 100 us and 1 ms windows of the {@link TimeSeries}, and the latencies of the messages
 * completed while measuring. {@link RunSummary} turns them into the run's metrics.
 * <p>
 * <b>Note:</b> single-threaded; the per-step calls allocate nothing.
 */
final class RunTelemetry
{
    private final MemoryController mc;
    private final WriteBacklog backlog;
    private final IoPath io;
    private final ProbeTracker probes;
    private final RdmaFabric fabric;
    private final TcpPort tcp;
    private final DelayedMbaActuator mba;
    private final CpuTrafficModel cpu;
    private final StepClock clock;
    private final double stepNs;
    private final Histogram latencyNs = new Histogram(3_600_000_000_000L, 3);

    private final Counters total = new Counters();
    private final Counters atWarmup = new Counters();
    private final Counters atWindow = new Counters();
    private final Counters atIioWindow = new Counters();
    private boolean measuring;
    private double measuredDelaySum;
    private int measuredDelayWindows;
    private double measuredResidencySum;
    private int measuredResidencyWindows;
    private double measuredIioSum;
    private int measuredIioWindows;

    /**
     * @param mc      the memory controller.
     * @param backlog the CHA write backlog.
     * @param io      the IIO and PCIe path.
     * @param probes  the probe tracker.
     * @param fabric  the RDMA fabric, or null.
     * @param tcp     the TCP port, or null.
     * @param mba     the MBA actuator, whose levels each window records.
     * @param cpu     the CPU traffic model (the protected service's read latency).
     * @param clock   the run's clock.
     * @param stepNs  the step, ns.
     */
    RunTelemetry(final MemoryController mc, final WriteBacklog backlog, final IoPath io, final ProbeTracker probes,
        final RdmaFabric fabric, final TcpPort tcp, final DelayedMbaActuator mba, final CpuTrafficModel cpu,
        final StepClock clock, final double stepNs)
    {
        this.mc = mc;
        this.backlog = backlog;
        this.io = io;
        this.probes = probes;
        this.fabric = fabric;
        this.tcp = tcp;
        this.mba = mba;
        this.cpu = cpu;
        this.clock = clock;
        this.stepNs = stepNs;
    }

    /**
     * @return the running totals, to which the step loop's parts add.
     */
    Counters total()
    {
        return total;
    }

    /**
     * @param on true when the measured interval has begun (a run without warm-up measures from the start).
     */
    void measuring(final boolean on)
    {
        measuring = on;
    }

    /**
     * @return true once the measured interval has begun.
     */
    boolean measuring()
    {
        return measuring;
    }

    /**
     * Ends the warm-up: the measured interval starts from the current totals.
     */
    void startMeasuring()
    {
        measuring = true;
        snapshotNetwork();
        atWarmup.copy(total);
    }

    /**
     * Adds one step's time and IIO occupancy integral.
     */
    void countStep()
    {
        total.timeNs += stepNs;
        total.occupancyNs += io.occupancy() * stepNs;
    }

    /**
     * Counts a completed message, and records its latency while measuring.
     *
     * @param latency post-to-completion latency, ns.
     */
    void onMessageCompleted(final double latency)
    {
        total.messages++;
        if (measuring)
        {
            latencyNs.recordValue(Math.max(1L, Math.min(latencyNs.getHighestTrackableValue(), (long)latency)));
        }
    }

    /**
     * Reads the cumulative counters of the memory controller, the CHA, the IIO, the probes and the ports into the
     * running totals, as of the end of the current step.
     */
    void snapshotNetwork()
    {
        final Counters c = total;
        final double endNs = clock.nowNs() + stepNs;
        c.localReads = mc.servedReadsTotal(CpuTrafficModel.LOCAL);
        c.remoteReads = mc.servedReadsTotal(CpuTrafficModel.REMOTE);
        c.dramWrites = mc.servedWritesTotal();
        c.localWritebacks = backlog.admittedTotal(WriteBacklog.CPU_LOCAL);
        c.remoteWritebacks = backlog.admittedTotal(WriteBacklog.CPU_REMOTE);
        c.directoryWrites = backlog.admittedTotal(WriteBacklog.DIRECTORY);
        c.protectedReads = mc.servedReadsTotal(CpuTrafficModel.PROTECTED);
        c.protectedWritebacks = backlog.admittedTotal(WriteBacklog.CPU_PROTECTED);
        c.protectedCompletedReads = cpu.completedReads(CpuTrafficModel.PROTECTED);
        c.protectedOutstandingNs = cpu.outstandingIntegral(CpuTrafficModel.PROTECTED);
        c.ioWrites = backlog.admittedTotal(WriteBacklog.IO);
        c.releasedLines = io.releasedLines();
        c.missLines = io.missLines();
        c.llcExitLines = io.llcExitLines();
        c.arrivedLines = io.arrivedLines();
        c.probesArrived = probes.arrived();
        c.probesAnswered = probes.answered();
        c.probeDelayNs = probes.delaySumNs();
        if (null != fabric)
        {
            c.rdmaBytes = fabric.deliveredPayloadBytes();
            c.pauseNs = fabric.pauseTimeNs(endNs);
            c.pfcFrames = fabric.pfcFrames();
            c.cnps = fabric.cnps();
            c.qpContextLookups = fabric.qpContextLookups();
            c.qpContextMisses = fabric.qpContextMisses();
        }
        if (null != tcp)
        {
            c.tcpBytes = tcp.deliveredBytes();
            c.tcpArrived = tcp.arrivedBytes();
            c.tcpDropped = tcp.droppedBytes();
        }
    }

    /**
     * Closes a 100 us window: appends it to the series and, when measured, adds its residency and delay to the means.
     *
     * @param series   the run's time series.
     * @param measured true when the window lies after the warm-up.
     */
    void closeWindow(final TimeSeries series, final boolean measured)
    {
        snapshotNetwork();
        final Counters a = atWindow;
        final Counters b = total;
        final double t = b.timeNs - a.timeNs;
        final double occ = (b.occupancyNs - a.occupancyNs) / t;
        final double released = b.releasedLines - a.releasedLines;
        final double residency = released > 1e-9 ? (b.occupancyNs - a.occupancyNs) / released : Double.NaN;
        final double probesAnswered = b.probesAnswered - a.probesAnswered;
        final double delay = probesAnswered > 0.0 ? (b.probeDelayNs - a.probeDelayNs) / probesAnswered : Double.NaN;
        final double toGbps = 512.0 / t;
        final double local = (b.localReads - a.localReads + b.localWritebacks - a.localWritebacks) * toGbps;
        final double cross = (b.remoteReads - a.remoteReads + b.remoteWritebacks - a.remoteWritebacks +
            b.directoryWrites - a.directoryWrites) * toGbps;
        final double totalMem = (b.localReads - a.localReads + b.remoteReads - a.remoteReads +
            b.protectedReads - a.protectedReads + b.dramWrites - a.dramWrites) * toGbps;
        final double protectedMem = (b.protectedReads - a.protectedReads + b.protectedWritebacks -
            a.protectedWritebacks) * toGbps;
        series.addWindow((b.rdmaBytes - a.rdmaBytes) * 8.0 / t, occ, residency, delay, local, cross, totalMem,
            (b.pauseNs - a.pauseNs) / t, (b.stallNs - a.stallNs) / t,
            null == fabric ? 0.0 : fabric.meanSendRateGbps(clock.nowNs() + stepNs),
            (b.tcpBytes - a.tcpBytes) * 8.0 / t, mba.level(0), mba.level(1), protectedMem, mba.level(2));
        if (measured && !Double.isNaN(delay))
        {
            measuredDelaySum += delay;
            measuredDelayWindows++;
        }
        if (measured && !Double.isNaN(residency))
        {
            measuredResidencySum += residency;
            measuredResidencyWindows++;
        }
        a.copy(b);
    }

    /**
     * Closes a 1 ms IIO window: appends its mean occupancy to the series and, when measured, to the run's mean.
     *
     * @param series   the run's time series.
     * @param measured true when the window lies after the warm-up.
     */
    void closeIioWindow(final TimeSeries series, final boolean measured)
    {
        final double occ = (total.occupancyNs - atIioWindow.occupancyNs) / (total.timeNs - atIioWindow.timeNs);
        series.addIioWindow(occ);
        if (measured)
        {
            measuredIioSum += occ;
            measuredIioWindows++;
        }
        atIioWindow.copy(total);
    }

    /**
     * @return the totals at the end of the warm-up.
     */
    Counters atWarmup()
    {
        return atWarmup;
    }

    /**
     * @return the latencies of the messages completed while measuring, ns.
     */
    Histogram latencyNs()
    {
        return latencyNs;
    }

    /**
     * @param fallback the value without measured windows.
     * @return the mean IIO occupancy of the measured 1 ms windows, or {@code fallback} without any.
     */
    double measuredIioOccupancy(final double fallback)
    {
        return measuredIioWindows > 0 ? measuredIioSum / measuredIioWindows : fallback;
    }

    /**
     * @param fallback the value without measured windows.
     * @return the mean IIO residency of the measured 100 us windows, ns, or {@code fallback} without any.
     */
    double measuredResidencyNs(final double fallback)
    {
        return measuredResidencyWindows > 0 ? measuredResidencySum / measuredResidencyWindows : fallback;
    }

    /**
     * @param fallback the value without measured windows.
     * @return the mean probe delay of the measured 100 us windows, ns, or {@code fallback} without any.
     */
    double measuredDelayNs(final double fallback)
    {
        return measuredDelayWindows > 0 ? measuredDelaySum / measuredDelayWindows : fallback;
    }
}
