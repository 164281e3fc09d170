package org.rhcc.experiments;

/**
 * Follows an experiment's runs, for a progress display. Called from the runner's worker threads; implementations
 * synchronise themselves.
 */
public interface RunListener
{
    /** Ignores everything. */
    RunListener NONE = new RunListener()
    {
    };

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
