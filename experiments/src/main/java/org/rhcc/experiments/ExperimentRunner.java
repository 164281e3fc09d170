package org.rhcc.experiments;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

import org.rhcc.core.sender.QpWeights;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.MetricWriter;
import org.rhcc.experiments.result.RecordMaps;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.result.Stationarity;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Simulation;
import org.rhcc.sim.SimulationResult;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.InterruptionReport;
import org.rhcc.sim.api.RunObserver;
import org.rhcc.sim.api.Scenario;

/**
 * Executes an experiment's runs on a small pool of threads (each run is an independent, single-threaded
 * simulation) and collects the results in plan order, so that the output does not depend on which run finished
 * first.
 */
public final class ExperimentRunner
{
    /** The key in a result's {@code sim_parameters} that names a host profile other than the paper's testbed. */
    public static final String HOST_PROFILE_KEY = "host_profile";

    private final SimParameters baseParameters;
    private final String hostProfileName;
    private final int threads;
    private final RunListener listener;
    private final RunHookFactory hooks;
    private final RepeatedRuns repeats;

    /**
     * @param baseParameters simulator parameters every run starts from; each run's overrides are applied on top.
     * @param threads        runs executed at once, at least 1.
     * @param listener       progress display.
     */
    public ExperimentRunner(final SimParameters baseParameters, final int threads, final RunListener listener)
    {
        this(baseParameters, threads, listener, RunHookFactory.IN_PROCESS);
    }

    /**
     * @param baseParameters simulator parameters every run starts from; each run's overrides are applied on top.
     * @param threads        runs executed at once, at least 1.
     * @param listener       progress display.
     * @param hooks          creates each run's controller (in process, or through the cluster).
     */
    public ExperimentRunner(final SimParameters baseParameters, final int threads, final RunListener listener,
        final RunHookFactory hooks)
    {
        this(baseParameters, null, threads, listener, hooks);
    }

    /**
     * @param profile  the host every run simulates; each run's overrides are applied on top of its parameters.
     * @param threads  runs executed at once, at least 1.
     * @param listener progress display.
     * @param hooks    creates each run's controller (in process, or through the cluster).
     */
    public ExperimentRunner(final HostProfile profile, final int threads, final RunListener listener,
        final RunHookFactory hooks)
    {
        this(profile.parameters(), profile.isDefault() ? null : profile.name(), threads, listener, hooks);
    }

    private ExperimentRunner(final SimParameters baseParameters, final String hostProfileName, final int threads,
        final RunListener listener, final RunHookFactory hooks)
    {
        this.hostProfileName = hostProfileName;
        this.hooks = hooks;
        if (threads < 1)
        {
            throw new IllegalArgumentException("threads = " + threads + " must be at least 1");
        }
        this.baseParameters = baseParameters;
        this.repeats = new RepeatedRuns(baseParameters);
        this.threads = threads;
        this.listener = listener;
    }

    /**
     * Runs every planned run of an experiment.
     *
     * @param experiment the experiment.
     * @param settings   the command line's settings.
     * @return the result, runs in plan order.
     * @throws IllegalStateException if a run fails; the message names the run.
     */
    public ExperimentResult run(final Experiment experiment, final ExperimentSettings settings)
    {
        final List<PlannedRun> plan = experiment.plan(settings);
        final int poolSize = Math.min(threads, Math.max(1, plan.size()));
        listener.onExperimentPlanned(experiment, settings, plan);
        listener.onExperimentStarted(experiment.name(), plan.size(), poolSize);
        final ExecutorService pool = Executors.newFixedThreadPool(poolSize, new WorkerThreads(experiment.name()));
        try
        {
            final RepeatedRuns.Planned repeated = copiesRepeats() ? repeats.plan(plan, experiment) :
                RepeatedRuns.Planned.none(experiment.name(), plan.size());
            final RepeatedRuns.Source[] sources = repeated.sources();
            final List<Future<RunRecord>> futures = new ArrayList<>(plan.size());
            for (int i = 0; i < plan.size(); i++)
            {
                final int index = i;
                final PlannedRun run = plan.get(i);
                futures.add(null == sources[i] ? pool.submit(() -> execute(index, run, experiment)) : null);
            }
            final List<RunRecord> records = new ArrayList<>(plan.size());
            for (int i = 0; i < futures.size(); i++)
            {
                final PlannedRun run = plan.get(i);
                final RepeatedRuns.Source source = sources[i];
                if (null == source)
                {
                    records.add(await(futures.get(i), run, futures));
                    repeats.simulated(repeated, i, records.get(i));
                }
                else
                {
                    records.add(copy(i, run, source.label(experiment.name()),
                        null == source.record() ? records.get(source.index()) : source.record()));
                }
            }
            listener.onExperimentFinished(experiment.name());
            final List<String> schemes = settings.schemes().stream().map((scheme) -> scheme.name()).toList();
            return new ExperimentResult(
                experiment.name(),
                experiment.paperRows(),
                settings.seed(),
                settings.durationNs() / 1e6,
                settings.warmupNs() / 1e6,
                schemes,
                simParameters(),
                records);
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    /**
     * @return whether runs that repeat the inputs of a run simulated before take its record instead of being
     * simulated again ({@link RepeatedRuns}): in process, where a run's record is a function of its inputs, and
     * unless a listener draws each run's telemetry live (the dashboard), which a copy would not have. Through a
     * cluster every run is a session of its own, with its own interruptions.
     */
    private boolean copiesRepeats()
    {
        return RunHookFactory.IN_PROCESS == hooks && !listener.wantsTelemetry();
    }

    /**
     * Records a run that repeats an earlier run's inputs with the earlier run's results, under its own scheme,
     * condition and parameters, and reports it to the listener.
     *
     * @param index          position in the plan.
     * @param run            the repeating run.
     * @param original       the earlier run with the same inputs, as a progress line names it.
     * @param originalRecord that run's record.
     * @return the run's record.
     */
    private RunRecord copy(final int index, final PlannedRun run, final String original,
        final RunRecord originalRecord)
    {
        final RunRecord record = record(run, originalRecord.metrics(), originalRecord.series(),
            originalRecord.stationarity());
        listener.onRunCopied(index, run, original, record);
        return record;
    }

    /**
     * @return the base parameters as the result records them, led by the host profile's name unless it is the paper's
     * testbed (whose results stay as they were before profiles existed).
     */
    private Map<String, Object> simParameters()
    {
        final Map<String, Object> tree = RecordMaps.toMap(baseParameters);
        if (null == hostProfileName)
        {
            return tree;
        }
        final Map<String, Object> named = new LinkedHashMap<>();
        named.put(HOST_PROFILE_KEY, hostProfileName);
        named.putAll(tree);
        return named;
    }

    /**
     * Runs one planned run on the calling thread.
     *
     * @param index      position in the plan, for the listener.
     * @param run        the run.
     * @param experiment the run's experiment: whether it keeps the time series, their stride (telemetry windows
     *                   averaged into one point, kept or reported live to a listener that wants telemetry), and what
     *                   else observes the run.
     */
    RunRecord execute(final int index, final PlannedRun run, final Experiment experiment)
    {
        final boolean keepSeries = experiment.keepsTimeSeries();
        final int seriesStride = experiment.timeSeriesStride();
        final RunObserver experimentObserver = experiment.observer(run);
        listener.onRunStarted(index, run);
        final SimParameters parameters = RunOverrides.parameters(baseParameters, run);
        final ControllerHook controller = hooks.create(run);
        final Scenario scenario = run.scenario();
        final DecisionCounter counter = new DecisionCounter(scenario.warmupNs(), controller.wantsIioSamples());
        final SensorProbe probe = run.readsSensor() ? new SensorProbe(scenario.warmupNs()) : null;
        final HalfWindowObserver halves = new HalfWindowObserver(scenario.warmupNs(), scenario.durationNs(),
            parameters.mba().levelCount(), scenario.forcedMbaLevel() > 0 ? scenario.forcedMbaLevel() : 1,
            parameters.telemetry().windowNs(), controller.wantsProbes(), controller.wantsIioSamples());
        final RunProgress progress = new RunProgress(listener, index, halves, scenario.warmupNs(), seriesStride,
            parameters.telemetry().windowNs());
        final QpGoodputMeter qpGoodput = run.params().containsKey(QpWeights.KEY) ?
            new QpGoodputMeter(progress, scenario.warmupNs()) : null;
        final SimulationResult result;
        try
        {
            result = Simulation.run(scenario, parameters, controller,
                RunObserver.all(counter, probe, halves, experimentObserver),
                null == qpGoodput ? progress : qpGoodput);
            progress.finish(result.timeSeries());
        }
        finally
        {
            RunHookFactory.close(controller);
        }

        final MetricWriter metrics = metrics(result, parameters, scenario, counter, probe, controller);
        if (null != qpGoodput)
        {
            qpGoodput.putMetrics(metrics, QpWeights.parse(run.params().get(QpWeights.KEY)));
        }
        final Map<String, double[]> series = keepSeries ?
            RunSeries.series(result.timeSeries(), run.scenario(), halves, seriesStride) : new LinkedHashMap<>();
        if (keepSeries && scenario.protectedService().present())
        {
            series.putAll(RunSeries.protectedSeries(result.timeSeries(), seriesStride));
        }
        final Stationarity stationarity = halves.finish(result.timeSeries(), scenario.protectedService().present());
        if (scenario.protectedService().present())
        {
            putLevelShares(stationarity, metrics);
        }
        if (experimentObserver instanceof SeriesReport report)
        {
            series.putAll(report.reportedSeries());
        }
        final RunRecord record = record(run, metrics.toMap(), series, stationarity);
        listener.onRunRecorded(index, record);
        listener.onRunFinished(index, run, result.metrics().rnicGbps());
        return record;
    }

    /**
     * Writes a run's metrics up to those its time series and QPs add ({@link MetricWriter}, in the order of the JSON):
     * the simulator's, then the controller's decisions, the QP-context cache, the sensor reads, the cluster's
     * interruptions and the protected service, each where the run has it.
     *
     * @param result     the simulation's result.
     * @param parameters the run's parameters.
     * @param scenario   the run's scenario.
     * @param counter    the controller's decisions.
     * @param probe      the sensor reads, or null when the run did not read the sensor.
     * @param controller the run's controller hook.
     * @return the metrics written so far.
     */
    private static MetricWriter metrics(final SimulationResult result, final SimParameters parameters,
        final Scenario scenario, final DecisionCounter counter, final SensorProbe probe,
        final ControllerHook controller)
    {
        final MetricWriter metrics = new MetricWriter().putSimulated(result.metrics());
        final double measuredNs = scenario.durationNs();
        final double payloadBytes = result.metrics().rnicGbps() / 8.0 * measuredNs;
        metrics.put(Metric.PROBE_ACKS, counter.probeAcks());
        metrics.put(Metric.PROBE_SHARE, payloadBytes > 0.0 ?
            counter.probeAcks() * (double)parameters.rnic().probeBytes() / payloadBytes : 0.0);
        metrics.put(Metric.DECISIONS_PER_S, (counter.iioSamples() + counter.probeAcks()) * 1e9 / measuredNs);
        if (parameters.rnic().qpcCache().enabled())
        {
            metrics.put(Metric.QPC_MISS_RATE, result.diagnostics().qpContextMissRate());
        }
        if (null != probe)
        {
            metrics.put(Metric.MSR_READ_LATENCY_NS, probe.meanReadLatencyNs());
            metrics.put(Metric.MSR_READ_LATENCY_MIN_NS, probe.minReadLatencyNs());
            metrics.put(Metric.MSR_READ_LATENCY_MAX_NS, probe.maxReadLatencyNs());
            metrics.put(Metric.MSR_READS, probe.reads());
            metrics.put(Metric.IIO_EXCURSION_SHARE, probe.iioExcursionShare());
        }
        if (controller instanceof InterruptionReport report)
        {
            metrics.putReported(report.interruptionMetrics());
        }
        if (scenario.protectedService().present())
        {
            metrics.put(Metric.PROTECTED_MEM_GBPS, result.protectedService().memGbps());
            metrics.put(Metric.PROTECTED_READ_LATENCY_NS, result.protectedService().readLatencyNs());
        }
        return metrics;
    }

    /**
     * @param run     the planned run.
     * @param metrics its metrics.
     * @param series  its time series (may be empty).
     * @param stationarity its two halves compared.
     * @return the record written to JSON and CSV.
     */
    static RunRecord record(final PlannedRun run, final Map<String, Number> metrics, final Map<String, double[]> series,
        final Stationarity stationarity)
    {
        final Scenario scenario = run.scenario();
        return new RunRecord(
            run.schemeEntry().name(),
            run.condition(),
            scenario.pfc(),
            scenario.congestion(),
            scenario.cpuTraffic().label(),
            scenario.senders(),
            scenario.qpsPerSender(),
            scenario.messageBytes(),
            scenario.forcedMbaLevel() > 0 ? Integer.valueOf(scenario.forcedMbaLevel()) : null,
            scenario.tcpOfferedGbps() > 0.0 ? Double.valueOf(scenario.tcpOfferedGbps()) : null,
            scenario.tcpFlows(),
            run.params(),
            metrics,
            series,
            stationarity);
    }

    /**
     * Puts each MBA group's level time shares over the measured window ({@code mba_<group>_level_<n>_share}, the
     * levels the group visited) into a run's metrics: the mean of the two equal halves the stationarity check kept.
     *
     * @param stationarity the run's halves.
     * @param metrics      receives the shares.
     */
    static void putLevelShares(final Stationarity stationarity, final MetricWriter metrics)
    {
        for (final Map.Entry<String, Stationarity.Halves> entry : stationarity.metrics().entrySet())
        {
            if (Metric.isMbaLevelShare(entry.getKey()))
            {
                metrics.putMbaLevelShare(entry.getKey(), (entry.getValue().first() + entry.getValue().second()) / 2.0);
            }
        }
    }

    private static RunRecord await(final Future<RunRecord> future, final PlannedRun run,
        final List<Future<RunRecord>> all)
    {
        try
        {
            return future.get();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            cancelAll(all);
            throw new IllegalStateException("interrupted while running " + run.label(), ex);
        }
        catch (final ExecutionException ex)
        {
            cancelAll(all);
            final Throwable cause = null == ex.getCause() ? ex : ex.getCause();
            if (cause instanceof UserInputException)
            {
                throw (UserInputException)cause;
            }
            throw new IllegalStateException("run '" + run.label() + "' failed: " + cause, cause);
        }
    }

    /**
     * Cancels the runs still to simulate (a copied run has no future).
     */
    private static void cancelAll(final List<Future<RunRecord>> all)
    {
        all.stream().filter((future) -> null != future).forEach((future) -> future.cancel(true));
    }

    /**
     * Names the worker threads after the experiment and makes them daemons, so that a failed experiment never keeps
     * the JVM alive.
     */
    private static final class WorkerThreads implements ThreadFactory
    {
        private final String experiment;
        private final AtomicInteger count = new AtomicInteger();

        WorkerThreads(final String experiment)
        {
            this.experiment = experiment;
        }

        @Override
        public Thread newThread(final Runnable runnable)
        {
            final Thread thread = new Thread(runnable, "rhcc-" + experiment + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        }
    }
}
