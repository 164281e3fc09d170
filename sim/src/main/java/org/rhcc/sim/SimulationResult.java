package org.rhcc.sim;

import org.rhcc.sim.api.ProtectedServiceMetrics;
import org.rhcc.sim.api.RunMetrics;

/**
 * The outcome of one {@link Simulation} run.
 *
 * @param metrics     the observables averaged over the measured interval (after warm-up).
 * @param timeSeries  the per-window telemetry of the whole run, warm-up included.
 * @param diagnostics model-internal quantities (read latencies, probe delay, DDIO hit rate).
 * @param protectedService the protected CPU service's bandwidth and read latency ({@link ProtectedServiceMetrics#NONE}
 *                    without one).
 */
public record SimulationResult(
    RunMetrics metrics, TimeSeries timeSeries, Diagnostics diagnostics, ProtectedServiceMetrics protectedService)
{
    /**
     * @throws IllegalArgumentException if a part is missing.
     */
    public SimulationResult
    {
        if (null == metrics || null == timeSeries || null == diagnostics || null == protectedService)
        {
            throw new IllegalArgumentException(
                "a simulation result needs metrics, a time series, diagnostics and the protected service's metrics");
        }
    }

    /**
     * A result of a run without a protected CPU service.
     *
     * @param metrics     the measured metrics.
     * @param timeSeries  the per-window telemetry.
     * @param diagnostics model internals.
     */
    public SimulationResult(final RunMetrics metrics, final TimeSeries timeSeries, final Diagnostics diagnostics)
    {
        this(metrics, timeSeries, diagnostics, ProtectedServiceMetrics.NONE);
    }
}
