package org.rhcc.sim;

import java.util.SplittableRandom;

import org.HdrHistogram.Histogram;
import org.rhcc.core.dcqcn.DcqcnReactionPoints;
import org.rhcc.core.dcqcn.RedEcnMarker;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.core.receiver.MbaLevelTable;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.RunMetrics;
import org.rhcc.sim.api.SimPorts;
import org.rhcc.sim.host.CpuTrafficModel;
import org.rhcc.sim.host.DdioHitModel;
import org.rhcc.sim.host.IoPath;
import org.rhcc.sim.host.MemoryController;
import org.rhcc.sim.host.WriteBacklog;
import org.rhcc.sim.net.FabricConfig;
import org.rhcc.sim.net.FabricListener;
import org.rhcc.sim.net.RdmaFabric;
import org.rhcc.sim.net.TcpPort;

/**
 * One run: wires the host model, the fabric, the controller hook and the telemetry, and advances them in the order of
 * docs/model.md §5: network events before the step's end, MBA changes falling due, credit returns and IIO release, the
 * NIC's DMA issue, CPU issue, CHA admission into the WPQs, IIO release of admitted victims, memory-controller
 * service, read returns, probes, counters.
 * <p>
 * <b>Note:</b> single-use and single-threaded; the step loop allocates nothing.
 */
final class SimulationEngine implements FabricListener, SimPorts, MbaActuator, RateLimiter
{
    private static final double LINE_BYTES = 64.0;
    private static final double LINES_PER_BYTE = 1.0 / LINE_BYTES;
    private static final int MAX_PENDING_MBA = 64;

    private final RunSpec spec;
    private final SimParameters params;
    private final ControllerHook hook;
    private final ProgressListener progress;
    private final double stepNs;
    private final SplittableRandom random;

    private final MemoryController mc;
    private final WriteBacklog backlog;
    private final CpuTrafficModel cpu;
    private final IoPath io;
    private final RdmaFabric fabric;
    private final TcpPort tcp;
    private final ProbeTracker probes;
    private final boolean probesToHook;
    private final Histogram latencyNs;

    private final double workingSetLines;
    private final boolean remoteCores;
    private final int[] mbaLevel = new int[TimeSeries.MBA_GROUPS];
    private final long[] mbaPendingStep = new long[MAX_PENDING_MBA];
    private final int[] mbaPendingGroup = new int[MAX_PENDING_MBA];
    private final int[] mbaPendingLevel = new int[MAX_PENDING_MBA];
    private int mbaPendingCount;

    private long step;
    private double nowNs;
    private boolean measuring;
    private final Counters total = new Counters();
    private final Counters atWarmup = new Counters();
    private final Counters atWindow = new Counters();
    private final Counters atIioWindow = new Counters();
    private final Counters atHitWindow = new Counters();
    private final Counters atSample = new Counters();
    private double measuredDelaySum;
    private int measuredDelayWindows;
    private double measuredResidencySum;
    private int measuredResidencyWindows;
    private final double postedQueueLines;
    private final double formLinesPerStep;
    private double rdmaFormedLines;
    private double tcpFormedLines;
    private double rdmaPortIssuedLines;
    private final double probeRecordLines;
    private double measuredIioSum;
    private int measuredIioWindows;
    private double cqeLinesPending;

    SimulationEngine(final RunSpec spec, final SimParameters params, final ControllerHook hook,
        final ProgressListener progress)
    {
        this.spec = spec;
        this.params = params;
        this.hook = hook;
        this.progress = progress;
        this.stepNs = params.stepNs();
        this.random = new SplittableRandom(spec.seed());
        this.probesToHook = hook.wantsProbes();
        mc = new MemoryController(params.dram());
        backlog = new WriteBacklog(params.dram().channels(), params.io().chaBacklogLines());
        cpu = new CpuTrafficModel(params.dram(), params.cpu(), params.mba(), stepNs,
            spec.localThreads(), spec.localInjectionNs(), spec.remoteThreads(), spec.remoteInjectionNs(),
            spec.cpuWritesPerRead());
        cpu.streams(spec.localThreads() + spec.remoteThreads() + (spec.rdma() ? 1 : 0) +
            (spec.tcpOfferedGbps() > 0.0 ? 1 : 0), params.dram());
        remoteCores = spec.remoteThreads() > 0;
        io = new IoPath(params.io(), params.pcie(), stepNs, MemoryController.writeWaitMaxNs(params.dram()));
        probes = new ProbeTracker(io, stepNs, params.io().victimDirtyProbability());
        postedQueueLines = params.pcie().postedQueueLines();
        formLinesPerStep = params.pcie().usableGbps() * stepNs / 512.0;
        probeRecordLines = params.rnic().probeRecordSlots();
        latencyNs = new Histogram(3_600_000_000_000L, 3);
        if (spec.rdma())
        {
            final SimParameters.Network net = params.network();
            final DcqcnReactionPoints rp = new DcqcnReactionPoints(net.dcqcn(), spec.qpCount(), 0L);
            fabric = new RdmaFabric(fabricConfig(spec, params), rp, random, this);
        }
        else
        {
            fabric = null;
        }
        tcp = spec.tcpOfferedGbps() > 0.0 ? new TcpPort(spec.tcpFlows(), spec.tcpOfferedGbps(),
            params.network().lineRateGbps(), params.tcp().rttNs(), params.tcp().rxBufferBytes(),
            params.tcp().minWindowBytes(), params.tcp().decreaseFactor()) : null;
        workingSetLines = Math.max(1.0, (params.io().ioBaseWorkingSetBytes() +
            (double)spec.qpCount() * params.io().ioBuffersPerQp() * spec.messageBytes()) / LINE_BYTES);
        mbaLevel[0] = 1;
        mbaLevel[1] = 1;
        if (spec.forcedMbaLevel() > 0)
        {
            params.mba().delayNsOf(spec.forcedMbaLevel());
            setLevelNow(0, spec.forcedMbaLevel());
            setLevelNow(1, spec.forcedMbaLevel());
        }
        final double pcieLinesPerNs = params.pcie().usableGbps() / 512.0;
        final double lineLinesPerNs = spec.rdma() ? params.network().lineRateGbps() / 512.0 : 0.0;
        final double ioLinesPerNs = Math.min(pcieLinesPerNs, lineLinesPerNs);
        io.hitProbability(DdioHitModel.hitProbability(ioLinesPerNs, 0.0,
            params.io().coreDdioShare(), workingSetLines, params.io().ddioLines(), 1.0));
        updateRecordHitProbability(ioLinesPerNs, 0.0, ioLinesPerNs * LINE_BYTES / params.rnic().probeIntervalBytes());
    }

    /**
     * Probes flow in every run, with or without a controller (one per 32 KB per QP), so that D is always what the
     * probes measure; only a controller that wants them receives the ACKs.
     */
    private static FabricConfig fabricConfig(final RunSpec spec, final SimParameters p)
    {
        final SimParameters.Rnic r = p.rnic();
        final SimParameters.Network n = p.network();
        final double controlSerNs = 2.0 * r.probeBytes() * 8.0 / n.lineRateGbps();
        final double reversePathNs = 2.0 * n.propagationNs() + controlSerNs;
        return new FabricConfig(
            new FabricConfig.Workload(spec.senders(), spec.qpsPerSender(), spec.messageBytes(), r.txDepth()),
            new FabricConfig.Link(r.mtuBytes(), r.headerBytes(), n.lineRateGbps(), n.propagationNs(), reversePathNs),
            new FabricConfig.Pfc(spec.pfc(), r.pfcReactionNs()),
            new FabricConfig.RxBuffer(r.rxBufferBytes(), r.xoffBytes(), r.xonBytes(),
                new RedEcnMarker(r.rxEcnKminBytes(), r.rxEcnKmaxBytes(), r.rxEcnPmax())),
            new FabricConfig.SwitchQueue(n.switchBufferBytes(), n.pfcAlpha(),
                new RedEcnMarker(n.ecnKminBytes(), n.ecnKmaxBytes(), n.ecnPmax())),
            new FabricConfig.Nic(n.dcqcn().cnpIntervalNs(), r.retransmitTimeoutNs(), r.nakDelayNs(), r.cqeBytes()),
            new FabricConfig.Probes(true, r.probeIntervalBytes(), r.probeBytes()));
    }

    SimulationResult run()
    {
        final SimParameters.Telemetry tel = params.telemetry();
        final long totalNs = spec.warmupNs() + spec.durationNs();
        final long totalSteps = (long)Math.ceil(totalNs / stepNs);
        final long warmupSteps = Math.round(spec.warmupNs() / stepNs);
        final long windowSteps = Math.max(1L, Math.round(tel.windowNs() / stepNs));
        final long iioWindowSteps = Math.max(1L, Math.round(tel.iioWindowNs() / stepNs));
        final long sampleSteps = Math.max(1L, Math.round(tel.iioReadLatencyNs() / stepNs));
        final long hitSteps = Math.max(1L, Math.round(params.io().hitWindowNs() / stepNs));
        final long progressSteps = Math.max(1L, totalSteps / 100);
        final boolean wantsSamples = hook.wantsIioSamples();
        final int windows = (int)(totalSteps / windowSteps) + 1;
        final TimeSeries series = new TimeSeries(tel.windowNs(), tel.iioWindowNs(), windows,
            (int)(totalSteps / iioWindowSteps) + 1, (int)((warmupSteps + windowSteps - 1) / windowSteps));

        hook.attach(this, 0L);
        if (null != fabric)
        {
            fabric.start();
        }
        measuring = 0 == warmupSteps;
        long nextSample = sampleSteps;
        long nextHit = hitSteps;
        long nextWindow = windowSteps;
        long nextIio = iioWindowSteps;
        long nextProgress = progressSteps;
        for (step = 0; step < totalSteps; step++)
        {
            nowNs = step * stepNs;
            if (step == warmupSteps)
            {
                measuring = true;
                snapshotNetwork(total);
                atWarmup.copy(total);
            }
            stepOnce();
            final long done = step + 1;
            if (done == nextSample)
            {
                nextSample += sampleSteps;
                if (wantsSamples)
                {
                    final double elapsed = total.timeNs - atSample.timeNs;
                    hook.onIioSample((total.occupancyNs - atSample.occupancyNs) / elapsed,
                        (total.issuedLines - atSample.issuedLines) * 512.0 / elapsed, (long)(nowNs + stepNs));
                    atSample.copy(total);
                }
            }
            if (done == nextHit)
            {
                nextHit += hitSteps;
                updateHitProbability();
            }
            if (done == nextWindow)
            {
                nextWindow += windowSteps;
                closeWindow(series, done >= warmupSteps + windowSteps);
            }
            if (done == nextIio)
            {
                nextIio += iioWindowSteps;
                final double occ = (total.occupancyNs - atIioWindow.occupancyNs) / (total.timeNs - atIioWindow.timeNs);
                series.addIioWindow(occ);
                if (done >= warmupSteps + iioWindowSteps)
                {
                    measuredIioSum += occ;
                    measuredIioWindows++;
                }
                atIioWindow.copy(total);
            }
            if (done == nextProgress)
            {
                nextProgress += progressSteps;
                progress.onProgress(Math.min(1.0, (double)done / totalSteps));
            }
        }
        progress.onProgress(1.0);
        return new SimulationResult(metrics(), series, diagnostics());
    }

    private void stepOnce()
    {
        final double endNs = nowNs + stepNs;
        if (null != fabric && fabric.nextEventNs() < endNs)
        {
            fabric.runUntil(endNs);
        }
        if (mbaPendingCount > 0)
        {
            applyDueMba();
        }
        if (null != tcp)
        {
            tcp.step(nowNs, stepNs);
        }
        if (remoteCores)
        {
            io.remoteReadsAtHome(cpu.readsAtHome(CpuTrafficModel.REMOTE));
        }
        io.advance(backlog);
        dma();
        cpu.issue(mc, backlog);
        backlog.step(mc);
        io.afterAdmission(backlog, mc.writeBurstWaitNs());
        mc.step(nowNs, stepNs);
        cpu.complete(mc, backlog);
        if (probes.hasPending())
        {
            probes.advance(io, step, nowNs, random, fabric);
        }
        count();
    }

    private void dma()
    {
        if (probes.hasPending())
        {
            probes.grantCredits(io, step, rdmaPortIssuedLines);
        }
        final double rdmaLines = null == fabric ? 0.0 : fabric.pendingPayloadBytes() * LINES_PER_BYTE;
        final double tcpLines = null == tcp ? 0.0 : tcp.pendingBytes() * LINES_PER_BYTE;
        if (null != fabric)
        {
            cqeLinesPending += fabric.takeCqeBytes() * LINES_PER_BYTE;
        }
        if (rdmaLines + tcpLines + cqeLinesPending <= 1e-12)
        {
            rdmaFormedLines = 0.0;
            tcpFormedLines = 0.0;
            return;
        }
        form(rdmaLines + cqeLinesPending, tcpLines);
        final double creditsFree = io.creditsFree();
        if (!io.canIssue(creditsFree))
        {
            total.stallNs += stepNs;
            return;
        }
        double budget = Math.min(io.tokens(), creditsFree);
        double issued = 0.0;
        if (cqeLinesPending > 0.0)
        {
            final double x = Math.min(budget, cqeLinesPending);
            cqeLinesPending -= x;
            budget -= x;
            issued += x;
        }
        double rdma = 0.0;
        double tcpTake = 0.0;
        if (rdmaLines > 0.0 && tcpLines > 0.0)
        {
            rdma = Math.min(rdmaLines, budget * 0.5);
            tcpTake = Math.min(tcpLines, budget - rdma);
            rdma = Math.min(rdmaLines, budget - tcpTake);
        }
        else if (rdmaLines > 0.0)
        {
            rdma = Math.min(rdmaLines, budget);
        }
        else
        {
            tcpTake = Math.min(tcpLines, budget);
        }
        if (rdma > 0.0)
        {
            issued += fabric.takePayload(rdma * LINE_BYTES, nowNs) * LINES_PER_BYTE;
        }
        if (tcpTake > 0.0)
        {
            tcp.take(tcpTake * LINE_BYTES);
            issued += tcpTake;
        }
        if (issued > 0.0)
        {
            io.issue(issued);
            total.issuedLines += issued;
            final double rdmaOut = issued - tcpTake;
            rdmaPortIssuedLines += rdmaOut;
            rdmaFormedLines = rdmaFormedLines > rdmaOut ? rdmaFormedLines - rdmaOut : 0.0;
            tcpFormedLines = tcpFormedLines > tcpTake ? tcpFormedLines - tcpTake : 0.0;
        }
    }

    /**
     * Each port's DMA engine forms posted-write TLPs from its waiting data at the link's rate into its posted queue
     * (at most {@code postedQueueTlps}); the link and the credits take them out. The queue so holds about one step's
     * worth while the link keeps up, and fills when the link is shared with the other port beyond its rate or the
     * posted credits run short. A probe record queues behind what its own (RDMA) port has formed: posted writes of
     * one function keep their order, the two ports' queues meet only in the per-TLP arbitration of the link
     * (docs/model.md §4.10).
     */
    private void form(final double rdmaLines, final double tcpLines)
    {
        rdmaFormedLines = Math.min(Math.min(postedQueueLines, rdmaFormedLines + formLinesPerStep), rdmaLines);
        tcpFormedLines = Math.min(Math.min(postedQueueLines, tcpFormedLines + formLinesPerStep), tcpLines);
    }

    private void count()
    {
        total.timeNs += stepNs;
        total.occupancyNs += io.occupancy() * stepNs;
    }

    private void snapshotNetwork(final Counters c)
    {
        c.localReads = mc.servedReadsTotal(CpuTrafficModel.LOCAL);
        c.remoteReads = mc.servedReadsTotal(CpuTrafficModel.REMOTE);
        c.dramWrites = mc.servedWritesTotal();
        c.localWritebacks = backlog.admittedTotal(WriteBacklog.CPU_LOCAL);
        c.remoteWritebacks = backlog.admittedTotal(WriteBacklog.CPU_REMOTE);
        c.directoryWrites = backlog.admittedTotal(WriteBacklog.DIRECTORY);
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
            c.pauseNs = fabric.pauseTimeNs(nowNs + stepNs);
            c.pfcFrames = fabric.pfcFrames();
            c.cnps = fabric.cnps();
        }
        if (null != tcp)
        {
            c.tcpBytes = tcp.deliveredBytes();
            c.tcpArrived = tcp.arrivedBytes();
            c.tcpDropped = tcp.droppedBytes();
        }
    }

    private void updateHitProbability()
    {
        snapshotNetwork(total);
        final double elapsed = total.timeNs - atHitWindow.timeNs;
        final double ioRate = (total.arrivedLines - atHitWindow.arrivedLines) / elapsed;
        final double coreFills = cpu.takeLocalFills() / elapsed;
        io.hitProbability(DdioHitModel.hitProbability(ioRate, coreFills, params.io().coreDdioShare(),
            workingSetLines, params.io().ddioLines(), io.hitProbability()));
        updateRecordHitProbability(ioRate, coreFills,
            (total.rdmaBytes - atHitWindow.rdmaBytes) / elapsed / params.rnic().probeIntervalBytes());
        atHitWindow.copy(total);
    }

    /**
     * The probe records' ring slots are rewritten once per ring cycle ({@code slots / probe rate}); a slot survives
     * in the DDIO ways if the allocations of that cycle did not evict it (docs/model.md §4.5, §4.10). The probe rate is
     * the RDMA payload rate over the probe interval (one probe per 32 KB per QP), not a count of the few probes of a
     * 10 us window: the QPs' probes come in bursts.
     */
    private void updateRecordHitProbability(final double ioLinesPerNs, final double coreFills,
        final double probesPerNs)
    {
        if (probesPerNs > 0.0)
        {
            final double allocations = DdioHitModel.allocationsPerNs(ioLinesPerNs, io.hitProbability(), coreFills,
                params.io().coreDdioShare());
            probes.recordHitProbability(DdioHitModel.survival(allocations, probeRecordLines / probesPerNs,
                params.io().ddioLines()));
        }
    }

    private void closeWindow(final TimeSeries series, final boolean measured)
    {
        snapshotNetwork(total);
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
            b.dramWrites - a.dramWrites) * toGbps;
        series.addWindow((b.rdmaBytes - a.rdmaBytes) * 8.0 / t, occ, residency, delay, local, cross, totalMem,
            (b.pauseNs - a.pauseNs) / t, (b.stallNs - a.stallNs) / t,
            null == fabric ? 0.0 : fabric.meanSendRateGbps(nowNs + stepNs),
            (b.tcpBytes - a.tcpBytes) * 8.0 / t, mbaLevel[0], mbaLevel[1]);
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
        if (null != fabric)
        {
            fabric.checkTimeouts(nowNs + stepNs);
        }
        hook.onWindow((long)(nowNs + stepNs));
    }

    private RunMetrics metrics()
    {
        snapshotNetwork(total);
        final Counters a = atWarmup;
        final Counters b = total;
        final double t = b.timeNs - a.timeNs;
        final double toGbps = 512.0 / t;
        final double localMem = (b.localReads - a.localReads + b.localWritebacks - a.localWritebacks) * toGbps;
        final double crossMem = (b.remoteReads - a.remoteReads + b.remoteWritebacks - a.remoteWritebacks +
            b.directoryWrites - a.directoryWrites) * toGbps;
        final double rnicMem = (b.ioWrites - a.ioWrites) * toGbps;
        final double totalMem = (b.localReads - a.localReads + b.remoteReads - a.remoteReads +
            b.dramWrites - a.dramWrites) * toGbps;
        final double released = b.releasedLines - a.releasedLines;
        final double occ = measuredIioWindows > 0 ? measuredIioSum / measuredIioWindows :
            (b.occupancyNs - a.occupancyNs) / t;
        final double residency = measuredResidencyWindows > 0 ? measuredResidencySum / measuredResidencyWindows :
            (released > 1e-9 ? (b.occupancyNs - a.occupancyNs) / released : 0.0);
        final double answered = b.probesAnswered - a.probesAnswered;
        final double delay = measuredDelayWindows > 0 ? measuredDelaySum / measuredDelayWindows :
            (answered > 0.0 ? (b.probeDelayNs - a.probeDelayNs) / answered : 0.0);
        final double exits = b.llcExitLines - a.llcExitLines;
        final double tcpArrived = b.tcpArrived - a.tcpArrived;
        final boolean anyLatency = latencyNs.getTotalCount() > 0;
        if (!measuring)
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
        final double population = (double)spec.qpCount() * params.rnic().txDepth();
        return population * intervalNs / completions / 1_000.0;
    }

    private Diagnostics diagnostics()
    {
        return new Diagnostics(
            meanReadLatencyNs(CpuTrafficModel.LOCAL),
            meanReadLatencyNs(CpuTrafficModel.REMOTE),
            probes.answered() > 0 ? probes.delaySumNs() / probes.answered() : 0.0,
            probes.answered(),
            null == fabric ? 0L : fabric.rxDrops(),
            null == fabric ? 0L : fabric.retransmittedPackets(),
            io.hitProbability(),
            backlog.occupancy());
    }

    private double meanReadLatencyNs(final int group)
    {
        final double n = cpu.completedReads(group);
        return n > 0.0 ? cpu.outstandingIntegral(group) / n : 0.0;
    }

    // ---------------------------------------------------------------- FabricListener

    /**
     * {@inheritDoc}
     */
    public void onProbeArrived(final int qp, final double arrivalNs)
    {
        final double rdmaLines = fabric.pendingPayloadBytes() * LINES_PER_BYTE + cqeLinesPending;
        probes.onArrival(qp, arrivalNs, rdmaPortIssuedLines + Math.min(rdmaFormedLines, rdmaLines));
    }

    /**
     * {@inheritDoc}
     */
    public void onProbeAck(final int qp, final int reqRecvTsNs, final int respSendTsNs, final double rccGbps,
        final double atNs)
    {
        if (probesToHook)
        {
            hook.onProbeAck(qp, reqRecvTsNs, respSendTsNs, rccGbps, (long)atNs);
        }
    }

    /**
     * {@inheritDoc}
     */
    public void onMessageCompleted(final int qp, final double latency, final double atNs)
    {
        total.messages++;
        if (measuring)
        {
            latencyNs.recordValue(Math.max(1L, Math.min(latencyNs.getHighestTrackableValue(), (long)latency)));
        }
    }

    // ---------------------------------------------------------------- SimPorts

    /**
     * {@inheritDoc}
     */
    public MbaActuator mba()
    {
        return this;
    }

    /**
     * {@inheritDoc}
     */
    public RateLimiter rateLimiter()
    {
        return this;
    }

    /**
     * {@inheritDoc}
     */
    public void setReceiverEcnMarking(final boolean on)
    {
        if (null != fabric)
        {
            fabric.markAll(on);
        }
    }

    /**
     * {@inheritDoc}
     */
    public int qpCount()
    {
        return spec.qpCount();
    }

    /**
     * {@inheritDoc}
     */
    public double lineRateGbps()
    {
        return params.network().lineRateGbps();
    }

    /**
     * {@inheritDoc}
     */
    public long iioReadLatencyNs()
    {
        return params.telemetry().iioReadLatencyNs();
    }

    // ---------------------------------------------------------------- MbaActuator

    /**
     * {@inheritDoc}
     */
    public int groupCount()
    {
        return TimeSeries.MBA_GROUPS;
    }

    /**
     * {@inheritDoc}
     */
    public void applyLevel(final int group, final int level, final long decisionNs)
    {
        if (group < 0 || group >= TimeSeries.MBA_GROUPS)
        {
            throw new IllegalArgumentException("MBA group " + group + " is outside 0.." +
                (TimeSeries.MBA_GROUPS - 1) + " (0 = local-NUMA cores, 1 = cross-NUMA cores)");
        }
        delayNsOfLevel(level);
        if (mbaPendingCount == MAX_PENDING_MBA)
        {
            throw new IllegalStateException("more than " + MAX_PENDING_MBA +
                " MBA changes in flight; the simulated MSR write queue is full");
        }
        final long due = step + Math.max(1L, Math.round(params.mba().actuationLatencyNs() / stepNs));
        mbaPendingStep[mbaPendingCount] = due;
        mbaPendingGroup[mbaPendingCount] = group;
        mbaPendingLevel[mbaPendingCount] = level;
        mbaPendingCount++;
    }

    /**
     * {@inheritDoc}
     */
    public void resetToUnthrottled()
    {
        applyLevel(0, 1, (long)nowNs);
        applyLevel(1, 1, (long)nowNs);
    }

    private void applyDueMba()
    {
        int i = 0;
        while (i < mbaPendingCount)
        {
            if (mbaPendingStep[i] <= step)
            {
                setLevelNow(mbaPendingGroup[i], mbaPendingLevel[i]);
                mbaPendingCount--;
                for (int j = i; j < mbaPendingCount; j++)
                {
                    mbaPendingStep[j] = mbaPendingStep[j + 1];
                    mbaPendingGroup[j] = mbaPendingGroup[j + 1];
                    mbaPendingLevel[j] = mbaPendingLevel[j + 1];
                }
            }
            else
            {
                i++;
            }
        }
    }

    private void setLevelNow(final int group, final int level)
    {
        mbaLevel[group] = level;
        if (MbaLevelTable.PAUSED_LEVEL == level)
        {
            cpu.paused(group, true);
        }
        else
        {
            cpu.paused(group, false);
            cpu.mbaDelayNs(group, delayNsOfLevel(level));
        }
    }

    /**
     * The request delay of a level: levels 1..5 from the calibrated table, {@link MbaLevelTable#MBA_90_LEVEL}
     * (resctrl's 10 %, hostCC's delay 90) continued from it ({@link SimParameters.Mba#mba90DelayNs()}); the paused
     * level keeps the group's delay (it issues nothing).
     *
     * @param level a level.
     * @return its delay, ns.
     * @throws IllegalArgumentException for a level outside the table and hostCC's two.
     */
    private double delayNsOfLevel(final int level)
    {
        if (MbaLevelTable.PAUSED_LEVEL == level)
        {
            return 0.0;
        }
        if (MbaLevelTable.MBA_90_LEVEL == level)
        {
            return params.mba().mba90DelayNs();
        }
        return params.mba().delayNsOf(level);
    }

    // ---------------------------------------------------------------- RateLimiter

    /**
     * {@inheritDoc}
     */
    public void setRate(final int qp, final double rRevGbps, final double rSendGbps, final long decisionNs)
    {
        if (null != fabric)
        {
            fabric.setReceivableRate(qp, rRevGbps, nowNs);
        }
    }

    /**
     * Cumulative counters; windows and the measured interval are differences of two snapshots.
     */
    private static final class Counters
    {
        double timeNs;
        double occupancyNs;
        double issuedLines;
        double stallNs;
        double localReads;
        double remoteReads;
        double dramWrites;
        double localWritebacks;
        double remoteWritebacks;
        double directoryWrites;
        double ioWrites;
        double releasedLines;
        double missLines;
        double llcExitLines;
        double arrivedLines;
        double rdmaBytes;
        double pauseNs;
        long pfcFrames;
        long cnps;
        double tcpBytes;
        double tcpArrived;
        double tcpDropped;
        double messages;
        double probesArrived;
        double probesAnswered;
        double probeDelayNs;

        void copy(final Counters o)
        {
            messages = o.messages;
            timeNs = o.timeNs;
            occupancyNs = o.occupancyNs;
            issuedLines = o.issuedLines;
            stallNs = o.stallNs;
            localReads = o.localReads;
            remoteReads = o.remoteReads;
            dramWrites = o.dramWrites;
            localWritebacks = o.localWritebacks;
            remoteWritebacks = o.remoteWritebacks;
            directoryWrites = o.directoryWrites;
            ioWrites = o.ioWrites;
            releasedLines = o.releasedLines;
            missLines = o.missLines;
            llcExitLines = o.llcExitLines;
            arrivedLines = o.arrivedLines;
            rdmaBytes = o.rdmaBytes;
            pauseNs = o.pauseNs;
            pfcFrames = o.pfcFrames;
            cnps = o.cnps;
            tcpBytes = o.tcpBytes;
            tcpArrived = o.tcpArrived;
            tcpDropped = o.tcpDropped;
            probesArrived = o.probesArrived;
            probesAnswered = o.probesAnswered;
            probeDelayNs = o.probeDelayNs;
        }
    }
}
