package org.rhcc.sim;

import org.rhcc.sim.api.RunMetrics;

/**
 * The outcome of one {@link Simulation} run.
 *
 * @param metrics    the observables averaged over the measured interval (after warm-up).
 * @param timeSeries the per-window telemetry of the whole run, warm-up included.
 */
public record SimulationResult(RunMetrics metrics, TimeSeries timeSeries)
{
    /**
     * @throws IllegalArgumentException if either part is missing.
     */
    public SimulationResult
    {
        if (null == metrics || null == timeSeries)
        {
            throw new IllegalArgumentException("a simulation result needs both metrics and a time series");
        }
    }
}
