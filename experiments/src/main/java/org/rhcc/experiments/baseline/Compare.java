package org.rhcc.experiments.baseline;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.scheme.SchemeRegistry;

/**
 * Helpers that turn run records into the text of a paper-versus-simulated row. Baseline rows describe the paper's
 * no-controller testbed, so they read the {@code dcqcn} runs.
 */
final class Compare
{
    private Compare()
    {
    }

    /**
     * @param result the experiment's result.
     * @param filter which baseline run.
     * @return the first {@code dcqcn} run matching, or null.
     */
    static RunRecord baseline(final ExperimentResult result, final Predicate<RunRecord> filter)
    {
        return result.first((run) -> SchemeRegistry.DCQCN.equals(run.scheme()) && filter.test(run));
    }

    /**
     * @param run    a run, or null.
     * @param metric the metric.
     * @return the metric, or NaN when the run is missing.
     */
    static double metric(final RunRecord run, final Metric metric)
    {
        return null == run ? Double.NaN : run.value(metric);
    }

    /**
     * @param result   the experiment's result.
     * @param filter   which baseline runs, in plan order.
     * @param value    the quantity of a run.
     * @param decimals digits after the decimal point.
     * @return e.g. {@code "21 / 45 / 66 / 97"}, or {@code "n/a"} when no run matches.
     */
    static String list(
        final ExperimentResult result,
        final Predicate<RunRecord> filter,
        final ToDoubleFunction<RunRecord> value,
        final int decimals)
    {
        final List<String> items = new ArrayList<>();
        for (final RunRecord run : result.select((run) -> SchemeRegistry.DCQCN.equals(run.scheme()) && filter.test(run)))
        {
            items.add(Fmt.num(value.applyAsDouble(run), decimals));
        }
        return items.isEmpty() ? "n/a" : String.join(" / ", items);
    }

    /**
     * @param values   numbers.
     * @param decimals digits after the decimal point.
     * @return e.g. {@code "20 / 44 / 68 / 94"}.
     */
    static String list(final double[] values, final int decimals)
    {
        final List<String> items = new ArrayList<>();
        for (final double value : values)
        {
            items.add(Fmt.num(value, decimals));
        }
        return String.join(" / ", items);
    }

    /**
     * @param value     the changed value.
     * @param reference the reference value.
     * @return {@code value / reference - 1}, NaN when the reference is not positive.
     */
    static double change(final double value, final double reference)
    {
        return reference > 0.0 ? value / reference - 1.0 : Double.NaN;
    }
}
