package org.rhcc.experiments;

import java.util.List;

import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;

/**
 * Follows an experiment's runs, for a progress display or a live dashboard. Called from the runner's worker threads;
 * implementations synchronise themselves. Calls about one run come from the thread that simulates it, in order.
 */
public interface RunListener
{
    /** Ignores everything. */
    RunListener NONE = new RunListener()
    {
    };

    /**
     * Combines listeners: each call goes to every one of them, in order.
     *
     * @param listeners the listeners.
     * @return one listener calling them all.
     */
    static RunListener all(final RunListener... listeners)
    {
        return new RunListeners(List.of(listeners));
    }

    /**
     * The experiment's plan, just before {@link #onExperimentStarted}.
     *
     * @param experiment the experiment.
     * @param settings   the command line's settings.
     * @param plan       its runs, in plan order (their index in the other calls).
     */
    default void onExperimentPlanned(final Experiment experiment, final ExperimentSettings settings,
        final List<PlannedRun> plan)
    {
    }

    /**
     * @param experiment experiment name.
     * @param runCount   runs planned.
     * @param threads    runs executed at once.
     */
    default void onExperimentStarted(final String experiment, final int runCount, final int threads)
    {
    }

    /**
     * @param index 0-based position of the run in the plan.
     * @param run   the run.
     */
    default void onRunStarted(final int index, final PlannedRun run)
    {
    }

    /**
     * @param index        0-based position of the run in the plan.
     * @param fractionDone simulated time done over total simulated time, 0..1.
     */
    default void onRunProgress(final int index, final double fractionDone)
    {
    }

    /**
     * @return true to have {@link #onRunTelemetry} called while runs are simulated; false spares the runner building
     * what it would report.
     */
    default boolean wantsTelemetry()
    {
        return false;
    }

    /**
     * What a run added to its telemetry, at each progress tick (about 100 per run) and once after its last tick; only
     * for a listener that {@link #wantsTelemetry() wants it}. Called on the simulation thread: return quickly.
     *
     * @param index   0-based position of the run in the plan.
     * @param windows the measured points completed since the previous call, and the QPs' spread at the tick.
     */
    default void onRunTelemetry(final int index, final LiveWindows windows)
    {
    }

    /**
     * A run that repeats the inputs of a run simulated before (earlier in the plan, or in an earlier experiment of the
     * same runner) and takes its record instead of being simulated ({@code RepeatedRuns}). By default it is reported
     * as a run that starts, is recorded and finishes at once.
     *
     * @param index    0-based position of the run in the plan.
     * @param run      the run.
     * @param original the run whose record it takes, as a progress line names it: {@code [5/40]} in this plan,
     *                 {@code congestion [5/40]} in another experiment.
     * @param record   the run's record.
     */
    default void onRunCopied(final int index, final PlannedRun run, final String original, final RunRecord record)
    {
        onRunStarted(index, run);
        onRunRecorded(index, record);
        onRunFinished(index, run, record.value(Metric.RNIC_GBPS));
    }

    /**
     * A run's record (what its JSON holds), just before {@link #onRunFinished}.
     *
     * @param index  0-based position of the run in the plan.
     * @param record the run's record.
     */
    default void onRunRecorded(final int index, final RunRecord record)
    {
    }

    /**
     * @param index     0-based position of the run in the plan.
     * @param run       the run.
     * @param rnicGbps  the run's RDMA goodput, Gbit/s, for a one-line summary.
     */
    default void onRunFinished(final int index, final PlannedRun run, final double rnicGbps)
    {
    }

    /**
     * @param experiment experiment name.
     */
    default void onExperimentFinished(final String experiment)
    {
    }
}
