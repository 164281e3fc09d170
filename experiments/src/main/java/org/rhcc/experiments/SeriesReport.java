package org.rhcc.experiments;

import java.util.Map;

/**
 * A run's controller that records time series of its own (for example per-flow rate trajectories): the runner adds
 * them to the run's recorded series after the run, next to the simulator's telemetry.
 */
public interface SeriesReport
{
    /**
     * @return named columns, each with its unit in the name; called once, after the run.
     */
    Map<String, double[]> reportedSeries();
}
