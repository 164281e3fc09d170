package org.rhcc.sim;

import java.util.SplittableRandom;

import org.rhcc.core.dcqcn.RedEcnMarker;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.RunObserver;
import org.rhcc.sim.host.CpuTrafficModel;
import org.rhcc.sim.host.IoPath;
import org.rhcc.sim.host.MemoryController;
import org.rhcc.sim.host.WriteBacklog;
import org.rhcc.sim.net.FabricConfig;
import org.rhcc.sim.net.FabricListener;
import org.rhcc.sim.net.RdmaFabric;
import org.rhcc.sim.net.TcpPort;

/**
 * One run: wires the host model, the fabric, the controller hook, the ports ({@link DelayedMbaActuator},
 * {@link FabricRateLimiter}, {@link IioSampler}) and the telemetry ({@link RunTelemetry}), and advances them in the
 * order of docs/model.md §5: network events before the step's end, MBA changes falling due, credit returns and IIO
 * release, the NIC's DMA issue ({@link NicDma}), CPU issue, CHA admission into the WPQs, IIO release of admitted
 * victims, memory-controller service, read returns, probes, counters.
 * <p>
 * <b>Note:</b> single-use and single-threaded; the step loop allocates nothing.
 */
final class SimulationEngine implements FabricListener
{
    private static final double LINE_BYTES = 64.0;

    private final RunSpec spec;
    private final SimParameters params;
    private final ControllerHook hook;
    private final ProgressListener progress;
    private final double stepNs;
    private final SplittableRandom random;
    private final StepClock clock = new StepClock();

    private final MemoryController mc;
    private final WriteBacklog backlog;
    private final CpuTrafficModel cpu;
    private final IoPath io;
    private final RdmaFabric fabric;
    private final TcpPort tcp;
    private final ProbeTracker probes;
    private final RunObserver observer;
    private final boolean probesToHook;
    private final boolean remoteCores;
    /** True when the receiver NIC's QP-context misses are modelled: their reads then wait at the memory controller. */
    private final boolean modelsQpContexts;

    private final DelayedMbaActuator mba;
    private final IioSampler iioSensor;
    private final EnginePorts ports;
    private final RunTelemetry telemetry;
    private final RunSummary summary;
    private final NicDma dma;
    private final DdioHitRefresh hits;
    private final QpRates qpRates;
    private final FabricQpRates fabricQpRates;
    private final double packetLinesPerChannel;

    // the run's length and the periods of its periodic tasks, steps; and the step after which each task falls due next
    private long totalSteps;
    private long warmupSteps;
    private long windowSteps;
    private long iioWindowSteps;
    private long sampleSteps;
    private long hitSteps;
    private long progressSteps;
    private boolean wantsSamples;
    private boolean samplesToHook;
    private long nextSample;
    private long nextHit;
    private long nextWindow;
    private long nextIio;
    private long nextProgress;

    SimulationEngine(final RunSpec spec, final SimParameters params, final ControllerHook hook,
        final RunObserver observer, final ProgressListener progress)
    {
        this.spec = spec;
        this.params = params;
        this.hook = hook;
        this.observer = observer;
        this.progress = progress;
        this.stepNs = params.stepNs();
        this.random = new SplittableRandom(spec.seed());
        this.probesToHook = hook.wantsProbes();
        mc = new MemoryController(params.dram());
        packetLinesPerChannel = params.rnic().mtuBytes() / LINE_BYTES / params.dram().channels();
        backlog = new WriteBacklog(params.dram().channels(), params.io().chaBacklogLines());
        cpu = new CpuTrafficModel(params.dram(), params.cpu(), params.mba(), stepNs,
            spec.localThreads(), spec.localInjectionNs(), spec.remoteThreads(), spec.remoteInjectionNs(),
            spec.cpuWritesPerRead(), spec.protectedThreads(), spec.protectedInjectionNs());
        cpu.streams(spec.localThreads() + spec.remoteThreads() + spec.protectedThreads() + (spec.rdma() ? 1 : 0) +
            (spec.tcpOfferedGbps() > 0.0 ? 1 : 0), params.dram());
        remoteCores = spec.remoteThreads() > 0;
        io = new IoPath(params.io(), params.pcie(), stepNs, MemoryController.writeWaitMaxNs(params.dram()));
        probes = new ProbeTracker(io, stepNs, params.io().victimDirtyProbability(), hook);
        if (spec.rdma())
        {
            fabric = new RdmaFabric(fabricConfig(spec, params),
                InterHostCcModel.senderCc(hook.interHostCc(), params, spec.qpCount()), random, this);
        }
        else
        {
            fabric = null;
        }
        tcp = spec.tcpOfferedGbps() > 0.0 ? new TcpPort(spec.tcpFlows(), spec.tcpOfferedGbps(),
            params.network().lineRateGbps(), params.tcp().rttNs(), params.tcp().rxBufferBytes(),
            params.tcp().minWindowBytes(), params.tcp().decreaseFactor()) : null;
        mba = new DelayedMbaActuator(params.mba(), cpu, clock, stepNs, spec.protectedMbaGroup() ? 3 : 2,
            spec.protectedThreads() > 0 && !spec.protectedOwnMbaGroup());
        telemetry = new RunTelemetry(mc, backlog, io, probes, fabric, tcp, mba, cpu, clock, stepNs);
        summary = new RunSummary(telemetry, cpu, io, backlog, probes, fabric, spec.qpCount(), params.rnic().txDepth());
        dma = new NicDma(params.pcie(), io, probes, fabric, tcp, telemetry.total(), stepNs);
        iioSensor = new IioSampler(telemetry.total(), params.telemetry().iioReadLatencyNs());
        final ObservedActuators observed = new ObservedActuators(mba, new FabricRateLimiter(fabric, clock), observer);
        ports = new EnginePorts(observed, observed, iioSensor, fabric, spec.qpCount(), params.network().lineRateGbps());
        final double workingSetLines = Math.max(1.0, (params.io().ioBaseWorkingSetBytes() +
            (double)spec.qpCount() * params.io().ioBuffersPerQp() * spec.messageBytes()) / LINE_BYTES);
        hits = new DdioHitRefresh(params, io, probes, cpu, workingSetLines);
        fabricQpRates = null == fabric ? null : new FabricQpRates(fabric);
        modelsQpContexts = null != fabric && fabric.modelsQpContexts();
        qpRates = null == fabric ? QpRates.NONE : fabricQpRates;
        if (spec.forcedMbaLevel() > 0)
        {
            mba.force(spec.forcedMbaLevel());
        }
        final double pcieLinesPerNs = params.pcie().usableGbps() / 512.0;
        final double lineLinesPerNs = spec.rdma() ? params.network().lineRateGbps() / 512.0 : 0.0;
        hits.prime(Math.min(pcieLinesPerNs, lineLinesPerNs), LINE_BYTES);
        mc.nicTrainLinesPerChannel(packetLinesPerChannel * io.holdProbability());
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
            new FabricConfig.Probes(true, r.probeIntervalBytes(), r.probeBytes()),
            new FabricConfig.Scheduler(r.pacingJitter(), r.doorbellJitterNs(), r.rateLimitGbps(),
                r.activeQpsPerSender()),
            new FabricConfig.QpContexts(r.qpcCache().entries(), r.qpcCache().contextBytes(), r.qpcCache().missNs()));
    }

    SimulationResult run()
    {
        final SimParameters.Telemetry tel = params.telemetry();
        final long totalNs = spec.warmupNs() + spec.durationNs();
        totalSteps = (long)Math.ceil(totalNs / stepNs);
        warmupSteps = Math.round(spec.warmupNs() / stepNs);
        windowSteps = Math.max(1L, Math.round(tel.windowNs() / stepNs));
        iioWindowSteps = Math.max(1L, Math.round(tel.iioWindowNs() / stepNs));
        sampleSteps = Math.max(1L, Math.round(iioSensor.readLatencyNs() / stepNs));
        hitSteps = Math.max(1L, Math.round(params.io().hitWindowNs() / stepNs));
        progressSteps = Math.max(1L, totalSteps / 100);
        samplesToHook = hook.wantsIioSamples();
        wantsSamples = samplesToHook || observer.wantsIioSamples();
        final int windows = (int)(totalSteps / windowSteps) + 1;
        final TimeSeries series = new TimeSeries(tel.windowNs(), tel.iioWindowNs(), windows,
            (int)(totalSteps / iioWindowSteps) + 1, (int)((warmupSteps + windowSteps - 1) / windowSteps));

        observer.onAttach(ports, 0L);
        hook.attach(ports, 0L);
        if (null != fabric)
        {
            fabric.start();
        }
        telemetry.measuring(0 == warmupSteps);
        nextSample = sampleSteps;
        nextHit = hitSteps;
        nextWindow = windowSteps;
        nextIio = iioWindowSteps;
        nextProgress = progressSteps;
        long nextDue = nextDue();
        for (long step = 0; step < totalSteps; step++)
        {
            final double nowNs = step * stepNs;
            clock.advance(step, nowNs);
            if (step == warmupSteps)
            {
                telemetry.startMeasuring();
                if (null != fabricQpRates)
                {
                    fabricQpRates.startMeasuring();
                }
            }
            stepOnce(step, nowNs);
            final long done = step + 1;
            if (done == nextDue)
            {
                nextDue = runDueTasks(done, nowNs, series);
            }
        }
        progress.onTelemetry(series, qpRates, (long)(totalSteps * stepNs));
        progress.onProgress(1.0);
        return new SimulationResult(summary.metrics(), series, summary.diagnostics(), summary.protectedService());
    }

    /**
     * @return the step after which the next of the five periodic tasks falls due.
     */
    private long nextDue()
    {
        return Math.min(Math.min(Math.min(nextSample, nextHit), Math.min(nextWindow, nextIio)), nextProgress);
    }

    /**
     * Runs the periodic tasks due after step {@code done - 1}: the IIO sample, the DDIO hit refresh, the telemetry
     * windows (and the transport timeouts), the progress report.
     *
     * @return the step after which the next task falls due.
     */
    private long runDueTasks(final long done, final double nowNs, final TimeSeries series)
    {
        if (done == nextSample)
        {
            nextSample += sampleSteps;
            if (wantsSamples)
            {
                iioSensor.sampleOccupancy((long)(nowNs + stepNs));
                observer.onIioSample(iioSensor);
                if (samplesToHook)
                {
                    hook.onIioSample(iioSensor);
                }
            }
        }
        if (done == nextHit)
        {
            nextHit += hitSteps;
            telemetry.snapshotNetwork();
            hits.refresh(telemetry.total());
            mc.nicTrainLinesPerChannel(packetLinesPerChannel * io.holdProbability());
        }
        if (done == nextWindow)
        {
            nextWindow += windowSteps;
            telemetry.closeWindow(series, done >= warmupSteps + windowSteps);
            if (null != fabric)
            {
                fabric.checkTimeouts(nowNs + stepNs);
            }
            observer.onWindow((long)(nowNs + stepNs));
            hook.onWindow((long)(nowNs + stepNs));
        }
        if (done == nextIio)
        {
            nextIio += iioWindowSteps;
            telemetry.closeIioWindow(series, done >= warmupSteps + iioWindowSteps);
        }
        if (done == nextProgress)
        {
            nextProgress += progressSteps;
            progress.onTelemetry(series, qpRates, (long)(nowNs + stepNs));
            progress.onProgress(Math.min(1.0, (double)done / totalSteps));
        }
        return nextDue();
    }

    private void stepOnce(final long step, final double nowNs)
    {
        final double endNs = nowNs + stepNs;
        if (modelsQpContexts)
        {
            fabric.hostReadWaitNs(mc.readQueueWaitNs());
        }
        if (null != fabric && fabric.nextEventNs() < endNs)
        {
            fabric.runUntil(endNs);
        }
        if (mba.hasPending())
        {
            mba.applyDue();
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
        dma.issue(step, nowNs);
        cpu.issue(mc, backlog);
        backlog.step(mc);
        io.afterAdmission(backlog, mc.writeBurstWaitNs());
        mc.step(nowNs, stepNs);
        cpu.complete(mc, backlog);
        if (probes.hasPending())
        {
            probes.advance(io, step, nowNs, random, fabric);
        }
        telemetry.countStep();
    }

    // ---------------------------------------------------------------- FabricListener

    @Override
    public void onProbeArrived(final int qp, final double arrivalNs)
    {
        probes.onArrival(qp, arrivalNs, dma.probePositionLines());
    }

    @Override
    public void onProbeAck(final ProbeAck ack)
    {
        if (probesToHook)
        {
            observer.onProbeAck(ack);
            hook.onProbeAck(ack);
        }
    }

    @Override
    public void onMessageCompleted(final int qp, final double latency, final double atNs)
    {
        telemetry.onMessageCompleted(latency);
    }

    /**
     * The fabric's QPs as a {@link ProgressListener} reads them at a progress tick.
     */
    private static final class FabricQpRates implements QpRates
    {
        private final RdmaFabric fabric;
        private final long[] ackedAtWarmup;
        private boolean measuring;

        FabricQpRates(final RdmaFabric fabric)
        {
            this.fabric = fabric;
            this.ackedAtWarmup = new long[fabric.qpCount()];
        }

        /**
         * Remembers every QP's acknowledged payload at the end of the warm-up (once per run, allocation-free).
         */
        void startMeasuring()
        {
            for (int qp = 0; qp < ackedAtWarmup.length; qp++)
            {
                ackedAtWarmup[qp] = fabric.ackedPayloadBytes(qp);
            }
            measuring = true;
        }

        public int qpCount()
        {
            return fabric.qpCount();
        }

        public double receivableRateGbps(final int qp)
        {
            return fabric.receivableRateGbps(qp);
        }

        public double ccRateGbps(final int qp)
        {
            return fabric.ccRateGbps(qp);
        }

        public long ackedPayloadBytes(final int qp)
        {
            return fabric.ackedPayloadBytes(qp);
        }

        public long measuredPayloadBytes(final int qp)
        {
            return measuring ? fabric.ackedPayloadBytes(qp) - ackedAtWarmup[qp] : 0L;
        }
    }
}
