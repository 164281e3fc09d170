package org.rhcc.experiments.report;

import java.util.function.Function;

import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.RunRecord;

/**
 * Legend text of a simulated series: one entry per condition, per scheme, or per both when several schemes ran.
 */
public final class Legend
{
    private Legend()
    {
    }

    /**
     * @param result    the experiment's result (tells whether several schemes ran).
     * @param run       the run.
     * @param condition the condition part of the legend, or null to name the scheme alone.
     * @return {@code condition} alone when one scheme ran, {@code scheme} alone when there is no condition part, and
     * {@code "scheme, condition"} otherwise.
     */
    public static String of(
        final ExperimentResult result, final RunRecord run, final Function<RunRecord, String> condition)
    {
        if (null == condition)
        {
            return run.scheme();
        }
        final String text = condition.apply(run);
        return result.comparesSchemes() ? run.scheme() + ", " + text : text;
    }
}
