package org.rhcc.cli.experiment;

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

import org.rhcc.cli.UserInputException;
import org.rhcc.cli.result.ExperimentResult;
import org.rhcc.cli.result.RecordMaps;
import org.rhcc.cli.result.RunRecord;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Simulation;
import org.rhcc.sim.SimulationResult;
import org.rhcc.sim.TimeSeries;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.RunMetrics;
import org.rhcc.sim.api.Scenario;

/**
 * Executes an experiment's runs on a small pool of threads (each run is an independent, single-threaded
 * simulation) and collects the results in plan order, so that the output does not depend on which run finished
 * first.
 */
public final class ExperimentRunner
{
    private final SimParameters baseParameters;
    private final int threads;
    private final RunListener listener;
    private final RunHookFactory hooks;

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
        this.hooks = hooks;
        if (threads < 1)
        {
            throw new IllegalArgumentException("threads = " + threads + " must be at least 1");
        }
        this.baseParameters = baseParameters;
        this.threads = threads;
        this.listener = listener;
    }

    /**
     * Checks that every override names a simulator parameter (and parses) or a parameter of one of the schemes.
     *
     * @param base     the simulator parameters.
     * @param settings the command line's settings.
     * @throws UserInputException naming the first bad override.
     */
    public static void validate(final SimParameters base, final ExperimentSettings settings)
    {
        for (final Map.Entry<String, String> entry : settings.params().entrySet())
        {
            final String key = entry.getKey();
            if (ParameterOverrides.isLeafPath(base, key))
            {
                ParameterOverrides.apply(base, key, entry.getValue());
            }
            else if (settings.schemes().stream().noneMatch((scheme) -> scheme.parameterNames().contains(key)))
            {
                if (key.contains("."))
                {
                    // names the group that lacks the component and lists what it has
                    ParameterOverrides.apply(base, key, entry.getValue());
                }
                throw new UserInputException("unknown parameter '" + key + "' in --set; it is neither a simulator " +
                    "parameter nor a parameter of the chosen schemes ('rhcc list --parameters' shows them all)");
            }
        }
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
        final List<RunSpec> plan = experiment.plan(settings);
        final int poolSize = Math.min(threads, Math.max(1, plan.size()));
        listener.onExperimentStarted(experiment.name(), plan.size(), poolSize);
        final ExecutorService pool = Executors.newFixedThreadPool(poolSize, new WorkerThreads(experiment.name()));
        try
        {
            final List<Future<RunRecord>> futures = new ArrayList<>(plan.size());
            for (int i = 0; i < plan.size(); i++)
            {
                final int index = i;
                final RunSpec run = plan.get(i);
                futures.add(pool.submit(() -> execute(index, run, experiment.keepsTimeSeries())));
            }
            final List<RunRecord> records = new ArrayList<>(plan.size());
            for (int i = 0; i < futures.size(); i++)
            {
                records.add(await(futures.get(i), plan.get(i), futures));
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
                RecordMaps.toMap(baseParameters),
                records);
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    /**
     * Runs one planned run on the calling thread.
     *
     * @param index     position in the plan, for the listener.
     * @param run       the run.
     * @param keepSeries true to keep the measured time series.
     * @return the run's record.
     */
    RunRecord execute(final int index, final RunSpec run, final boolean keepSeries)
    {
        listener.onRunStarted(index, run);
        SimParameters parameters = baseParameters;
        for (final Map.Entry<String, String> entry : run.params().entrySet())
        {
            if (ParameterOverrides.isLeafPath(baseParameters, entry.getKey()))
            {
                parameters = ParameterOverrides.apply(parameters, entry.getKey(), entry.getValue());
            }
        }
        final ControllerHook controller = hooks.create(run);
        final DecisionCounter counter = new DecisionCounter(controller, run.scenario().warmupNs());
        final SensorProbe probe = run.readsSensor() ? new SensorProbe(counter) : null;
        final SimulationResult result;
        try
        {
            result = Simulation.run(
                run.scenario(),
                parameters,
                null == probe ? counter : probe,
                (fractionDone) -> listener.onRunProgress(index, fractionDone));
        }
        finally
        {
            RunHookFactory.close(controller);
        }

        final Map<String, Number> metrics = metrics(result.metrics());
        final double measuredNs = run.scenario().durationNs();
        final double payloadBytes = result.metrics().rnicGbps() / 8.0 * measuredNs;
        metrics.put("probe_acks", counter.probeAcks());
        metrics.put("probe_share", payloadBytes > 0.0 ?
            counter.probeAcks() * (double)parameters.rnic().probeBytes() / payloadBytes : 0.0);
        metrics.put("decisions_per_s", (counter.iioSamples() + counter.probeAcks()) * 1e9 / measuredNs);
        if (null != probe)
        {
            metrics.put("msr_read_latency_ns", probe.meanReadLatencyNs());
            metrics.put("msr_read_latency_min_ns", probe.minReadLatencyNs());
            metrics.put("msr_read_latency_max_ns", probe.maxReadLatencyNs());
            metrics.put("msr_reads", probe.reads());
        }
        final RunRecord record = record(run, metrics,
            keepSeries ? series(result.timeSeries(), run.scenario()) : Map.of());
        listener.onRunFinished(index, run, result.metrics().rnicGbps());
        return record;
    }

    /**
     * @param metrics the simulator's metrics.
     * @return every metric by its snake_case name (unit in the name), in the simulator's declaration order.
     */
    static Map<String, Number> metrics(final RunMetrics metrics)
    {
        return RecordMaps.toNumberMap(metrics);
    }

    /**
     * @param run     the planned run.
     * @param metrics its metrics.
     * @param series  its time series (may be empty).
     * @return the record written to JSON and CSV.
     */
    static RunRecord record(final RunSpec run, final Map<String, Number> metrics, final Map<String, double[]> series)
    {
        final Scenario scenario = run.scenario();
        return new RunRecord(
            run.scheme().name(),
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
            series);
    }

    /**
     * @param timeSeries the run's telemetry.
     * @param scenario   the run (for the warm-up).
     * @return the measured windows (after warm-up) as named columns: window end times in ms, then the signals.
     */
    static Map<String, double[]> series(final TimeSeries timeSeries, final Scenario scenario)
    {
        final int first = Math.min(timeSeries.firstMeasuredWindow(), timeSeries.windowCount());
        final int count = timeSeries.windowCount() - first;
        final double[] tMs = new double[count];
        final double[] rnicGbps = new double[count];
        final double[] iioOccupancy = new double[count];
        final double[] iioResidencyNs = new double[count];
        final double[] rxDelayNs = new double[count];
        final double[] cpuMemGbps = new double[count];
        final double[] pfcPauseFraction = new double[count];
        final double[] pcieStallFraction = new double[count];
        final double[] senderRateGbps = new double[count];
        final double[] mbaLevelLocal = new double[count];
        final double[] mbaLevelCross = new double[count];
        for (int k = 0; k < count; k++)
        {
            final int i = first + k;
            tMs[k] = timeSeries.endNs(i) / 1e6;
            rnicGbps[k] = timeSeries.rnicGbps(i);
            iioOccupancy[k] = timeSeries.iioOccupancy(i);
            iioResidencyNs[k] = timeSeries.iioResidencyNs(i);
            rxDelayNs[k] = timeSeries.rxDelayNs(i);
            cpuMemGbps[k] = timeSeries.cpuLocalMemGbps(i) + timeSeries.cpuCrossMemGbps(i);
            pfcPauseFraction[k] = timeSeries.pfcPauseFraction(i);
            pcieStallFraction[k] = timeSeries.pcieStallFraction(i);
            senderRateGbps[k] = timeSeries.senderRateGbps(i);
            mbaLevelLocal[k] = timeSeries.mbaLevel(0, i);
            mbaLevelCross[k] = timeSeries.mbaLevel(1, i);
        }

        final List<double[]> iioWindows = new ArrayList<>();
        for (int j = 0; j < timeSeries.iioWindowCount(); j++)
        {
            final long startNs = timeSeries.iioWindowEndNs(j) - timeSeries.iioWindowNs();
            if (startNs >= scenario.warmupNs())
            {
                iioWindows.add(new double[]{ timeSeries.iioWindowEndNs(j) / 1e6, timeSeries.iioWindowOccupancy(j) });
            }
        }
        final double[] iioTMs = new double[iioWindows.size()];
        final double[] iioOccupancy1Ms = new double[iioWindows.size()];
        for (int j = 0; j < iioTMs.length; j++)
        {
            iioTMs[j] = iioWindows.get(j)[0];
            iioOccupancy1Ms[j] = iioWindows.get(j)[1];
        }

        final Map<String, double[]> series = new LinkedHashMap<>();
        series.put("t_ms", tMs);
        series.put("rnic_gbps", rnicGbps);
        series.put("iio_occupancy", iioOccupancy);
        series.put("iio_residency_ns", iioResidencyNs);
        series.put("rx_delay_ns", rxDelayNs);
        series.put("cpu_mem_gbps", cpuMemGbps);
        series.put("pfc_pause_fraction", pfcPauseFraction);
        series.put("pcie_stall_fraction", pcieStallFraction);
        series.put("sender_rate_gbps", senderRateGbps);
        series.put("mba_level_local", mbaLevelLocal);
        series.put("mba_level_cross", mbaLevelCross);
        series.put("iio_t_ms", iioTMs);
        series.put("iio_occupancy_1ms", iioOccupancy1Ms);
        return series;
    }

    private static RunRecord await(final Future<RunRecord> future, final RunSpec run,
        final List<Future<RunRecord>> all)
    {
        try
        {
            return future.get();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            all.forEach((f) -> f.cancel(true));
            throw new IllegalStateException("interrupted while running " + run.label(), ex);
        }
        catch (final ExecutionException ex)
        {
            all.forEach((f) -> f.cancel(true));
            final Throwable cause = null == ex.getCause() ? ex : ex.getCause();
            if (cause instanceof UserInputException)
            {
                throw (UserInputException)cause;
            }
            throw new IllegalStateException("run '" + run.label() + "' failed: " + cause, cause);
        }
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
