package org.rhcc.cli;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunListener;

/**
 * An experiment's progress as metrics, for {@code rhcc experiment --metrics-port}: runs planned per experiment, runs
 * in progress, runs finished per experiment and scheme, and the wall time of each run. Each call is passed on to the
 * progress display it wraps. Served with this JVM's metrics by {@link ExperimentEndpoint}.
 */
final class ExperimentMetrics implements RunListener
{
    private final RunListener next;
    private final Gauge planned;
    private final Gauge running;
    private final Counter finished;
    private final Histogram runSeconds;
    private final Map<Integer, Long> startedNs = new ConcurrentHashMap<>();
    private volatile String experiment = "";

    /**
     * @param registry where the metrics are registered.
     * @param next     told every call after the metrics (the progress display).
     */
    ExperimentMetrics(final PrometheusRegistry registry, final RunListener next)
    {
        this.next = next;
        planned = Gauge.builder().name("rhcc_experiment_runs_planned")
            .help("Runs the experiment plans").labelNames("experiment").register(registry);
        running = Gauge.builder().name("rhcc_experiment_runs_running")
            .help("Runs being simulated now").register(registry);
        finished = Counter.builder().name("rhcc_experiment_runs_finished")
            .help("Runs simulated to their end, by experiment and scheme").labelNames("experiment", "scheme")
            .register(registry);
        runSeconds = Histogram.builder().name("rhcc_experiment_run_duration_seconds")
            .help("Wall time of one run, seconds").unit(Unit.SECONDS).classicOnly()
            .classicUpperBounds(0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 60, 120, 300).register(registry);
    }

    @Override
    public void onExperimentStarted(final String experiment, final int runCount, final int threads)
    {
        this.experiment = experiment;
        planned.labelValues(experiment).set(runCount);
        next.onExperimentStarted(experiment, runCount, threads);
    }

    @Override
    public void onRunStarted(final int index, final PlannedRun run)
    {
        startedNs.put(index, System.nanoTime());
        running.inc();
        next.onRunStarted(index, run);
    }

    @Override
    public void onRunProgress(final int index, final double fractionDone)
    {
        next.onRunProgress(index, fractionDone);
    }

    @Override
    public void onRunFinished(final int index, final PlannedRun run, final double rnicGbps)
    {
        final Long startNs = startedNs.remove(index);
        if (null != startNs)
        {
            runSeconds.observe((System.nanoTime() - startNs) / 1e9);
        }
        running.dec();
        finished.labelValues(experiment, run.schemeEntry().name()).inc();
        next.onRunFinished(index, run, rnicGbps);
    }

    @Override
    public void onExperimentFinished(final String experiment)
    {
        next.onExperimentFinished(experiment);
    }
}
