package org.rhcc.sim;

/**
 * Receives the progress of a {@link Simulation} run, e.g. to draw a progress bar on stderr, and, if it wants, the
 * run's telemetry so far at the same ticks (e.g. for a live dashboard).
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

    /**
     * The run's telemetry so far, just before each {@link #onProgress} (the last one included). What an
     * implementation reads here is what the run recorded anyway; reading it changes nothing in the run.
     *
     * @param series the run's time series so far ({@link TimeSeries#windowCount()} windows closed); the run goes on
     *               writing to it after the call returns, so read it during the call only.
     * @param qps    the RDMA QPs' rates now ({@link QpRates#NONE} without RDMA), valid during the call only.
     * @param nowNs  simulated time of the tick, ns.
     */
    default void onTelemetry(final TimeSeries series, final QpRates qps, final long nowNs)
    {
    }
}
