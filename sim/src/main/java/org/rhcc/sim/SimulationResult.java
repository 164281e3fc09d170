package org.rhcc.sim;

import org.rhcc.sim.api.RunMetrics;

/**
 * The outcome of one {@link Simulation} run.
 *
 * @param metrics     the observables averaged over the measured interval (after warm-up).
 * @param timeSeries  the per-window telemetry of the whole run, warm-up included.
 * @param diagnostics model-internal quantities (read latencies, probe delay, DDIO hit rate).
 */
public record SimulationResult(RunMetrics metrics, TimeSeries timeSeries, Diagnostics diagnostics)
{
    /**
     * @throws IllegalArgumentException if a part is missing.
     */
    public SimulationResult
    {
        if (null == metrics || null == timeSeries || null == diagnostics)
        {
            throw new IllegalArgumentException("a simulation result needs metrics, a time series and diagnostics");
        }
    }
}
