package org.rhcc.sim;

/**
 * Receives the progress of a {@link Simulation} run, e.g. to draw a progress bar on stderr.
 * <p>
 * <b>Note:</b> called on the simulation thread, at most about 100 times per run (once per percent of simulated time),
 * never from the per-step hot path.
 */
@FunctionalInterface
public interface ProgressListener
{
    /** Ignores progress. */
    ProgressListener NONE = (fractionDone) ->
    {
    };

    /**
     * @param fractionDone simulated time done over total simulated time (warm-up included), 0..1, non-decreasing;
     *                     the last call of a run passes exactly 1.0.
     */
    void onProgress(double fractionDone);
}
