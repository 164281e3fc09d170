package org.rhcc.experiments.evaluation;

import java.util.function.Predicate;

import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;

/**
 * Scheme-against-scheme comparisons shared by the evaluation experiments.
 */
public final class Outcomes
{
    private Outcomes()
    {
    }

    /**
     * @param result the result.
     * @param filter the condition.
     * @param claim  the paper's claim for it.
     * @param id     row id.
     * @param what   what the row measures.
     * @return rhcc against dcqcn and against hostcc on RDMA goodput and mean latency under the condition.
     */
    public static BaselineRow headline(
        final ExperimentResult result, final String id, final String what, final Predicate<RunRecord> filter,
        final String claim)
    {
        return new BaselineRow(id, what + ": rhcc vs dcqcn goodput, latency reduction; rhcc vs hostcc goodput, " +
            "latency reduction; the same vs the paper's hostCC emulation (hostcc-emulated)", claim,
            ratio(result, "rhcc", "dcqcn", filter, Metric.RNIC_GBPS) + ", " +
            ratio(result, "dcqcn", "rhcc", filter, Metric.LATENCY_AVG_US) + " lower; " +
            ratio(result, "rhcc", "hostcc", filter, Metric.RNIC_GBPS) + ", " +
            ratio(result, "hostcc", "rhcc", filter, Metric.LATENCY_AVG_US) + " lower; " +
            ratio(result, "rhcc", "hostcc-emulated", filter, Metric.RNIC_GBPS) + ", " +
            ratio(result, "hostcc-emulated", "rhcc", filter, Metric.LATENCY_AVG_US) + " lower");
    }

    /**
     * @param result the result.
     * @param id     row id.
     * @param what   the condition, for the row's text.
     * @param filter the condition.
     * @return RHCC over each inter-host CC against that CC alone: {@code rhcc} vs {@code dcqcn}, {@code rhcc+hpcc} vs
     *         {@code hpcc}, {@code rhcc+swift} vs {@code swift}, on RDMA goodput and mean latency.
     */
    public static BaselineRow perInterHostCc(
        final ExperimentResult result, final String id, final String what, final Predicate<RunRecord> filter)
    {
        final StringBuilder text = new StringBuilder();
        for (final String cc : new String[]{ "dcqcn", "hpcc", "swift" })
        {
            final String withRhcc = "dcqcn".equals(cc) ? "rhcc" : "rhcc+" + cc;
            if (text.length() > 0)
            {
                text.append("; ");
            }
            text.append(cc).append(' ').append(ratio(result, withRhcc, cc, filter, Metric.RNIC_GBPS)).append(", ")
                .append(ratio(result, cc, withRhcc, filter, Metric.LATENCY_AVG_US)).append(" lower");
        }
        return new BaselineRow(id, what + ": rhcc's gain under each inter-host CC (rhcc+X vs X goodput, latency " +
            "reduction)", "not measured (the paper runs DCQCN)", text.toString());
    }

    /**
     * @param result the result.
     * @param scheme scheme name.
     * @param filter the condition.
     * @return the first run of the scheme under the condition, or null.
     */
    public static RunRecord run(final ExperimentResult result, final String scheme, final Predicate<RunRecord> filter)
    {
        return result.first((run) -> scheme.equals(run.scheme()) && filter.test(run));
    }

    /**
     * @param result  the result.
     * @param scheme  the scheme compared.
     * @param against the reference scheme.
     * @param filter  the condition.
     * @param metric  the metric.
     * @return {@code metric(scheme) / metric(against)} as e.g. {@code "1.84x"}, or {@code "n/a"}.
     */
    public static String ratio(
        final ExperimentResult result, final String scheme, final String against, final Predicate<RunRecord> filter,
        final Metric metric)
    {
        final RunRecord a = run(result, scheme, filter);
        final RunRecord b = run(result, against, filter);
        if (null == a || null == b || !(b.value(metric) > 0.0))
        {
            return "n/a";
        }
        return Fmt.times(a.value(metric) / b.value(metric));
    }

    /**
     * @param result the result.
     * @param scheme the scheme.
     * @param filter the condition.
     * @param metric the metric.
     * @param scale  multiplier applied before formatting.
     * @param decimals digits after the point.
     * @return the formatted metric, or {@code "n/a"}.
     */
    public static String value(
        final ExperimentResult result, final String scheme, final Predicate<RunRecord> filter, final Metric metric,
        final double scale, final int decimals)
    {
        final RunRecord run = run(result, scheme, filter);
        return null == run ? "n/a" : Fmt.num(scale * run.value(metric), decimals);
    }
}
