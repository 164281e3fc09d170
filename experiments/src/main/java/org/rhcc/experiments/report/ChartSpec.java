package org.rhcc.experiments.report;

import java.util.Optional;

import org.rhcc.experiments.result.ExperimentResult;

/**
 * One chart an experiment draws from its result. Built from the result alone, so that {@code rhcc report} can redraw
 * the charts from a JSON file.
 */
@FunctionalInterface
public interface ChartSpec
{
    /**
     * @param result the experiment's result.
     * @return the chart's data, or empty if the result holds no run this chart shows (for example a chart of
     * PFC-free runs when only PFC runs were made).
     */
    Optional<ChartData> build(ExperimentResult result);
}
