package org.rhcc.experiments.evaluation;

import java.util.List;
import java.util.Map;

import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunLength;
import org.rhcc.experiments.RunPlan;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.MetricBarChartSpec;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.sim.api.ProtectedService;

/**
 * A protected CPU class (docs/design.md §4, docs/model.md §4.8): at 3x local CPU traffic (the MLC cores as in the
 * congestion experiment), a latency-critical service of {@link #SERVICE_THREADS} cores on the NIC's socket issues a
 * paced 1:1 read/write stream. Conditions: no protection (the service's cores in the local-NUMA COS group, throttled
 * with the MLC cores), then the service in its own COS group, last in the cascade, with floor 5 (the lowest level: it
 * may be throttled all the way, but only once the local group is at level 5), floor 2 (at most 80 %) and floor 1
 * (never throttled). Reports the service's memory bandwidth and read latency, the other CPU traffic's bandwidth, the
 * NIC's goodput and PFC pauses, and every group's MBA level shares: what the service keeps and what that costs the
 * NIC.
 */
public final class ProtectedCpuExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "protected-cpu";

    /** Cores of the latency-critical service. */
    public static final int SERVICE_THREADS = 2;

    /**
     * Spacing of each service core's reads, ns: 2 cores at one read (and one writeback) per 100 ns ask for
     * 2 x 2 x 64 B / 100 ns = 2.56 GB/s, a moderate load next to the 3x generator's 30.3 GB/s; MBA levels 3..5
     * (115 / 154 / 230 ns request spacing, docs/model.md §4.9) are slower than it, level 2 (87 ns) is not.
     */
    public static final double SERVICE_INJECTION_DELAY_NS = 100.0;

    /** The controller key that sets the floor (core's ControllerConfig). */
    static final String FLOOR_KEY = "protected_floor_level";

    /** Label of the condition without protection: the service's cores in the local-NUMA group. */
    static final String IN_LOCAL_GROUP = "no protection (local group)";

    /** Floors of the conditions with the service in its own group, in plan order after {@link #IN_LOCAL_GROUP}. */
    static final int[] FLOORS = { 5, 2, 1 };

    /**
     * Describes the experiment: dcqcn (no receiver loop, so the floor changes nothing: the reference), rhcc and
     * rhcc-gated, then hpcc and swift alone, under rhcc and under rhcc-gated.
     */
    public ProtectedCpuExperiment()
    {
        super(NAME,
            "a latency-critical CPU service in a protected MBA group at 3x: its bandwidth and latency vs the NIC's",
            "new (not in the paper)",
            EvaluationSchemes.withOtherCcs(List.of("dcqcn", "rhcc", "rhcc-gated")),
            RunLength.SETTLED_3X);
    }

    /**
     * @param floor the protected group's floor level.
     */
    static String condition(final int floor)
    {
        return "own group, floor " + floor;
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        plan.add(IN_LOCAL_GROUP, settings.scenario().congestion(3)
            .protectedService(new ProtectedService(SERVICE_THREADS, SERVICE_INJECTION_DELAY_NS, false)).build());
        for (final int floor : FLOORS)
        {
            plan.add(condition(floor), settings.scenario().congestion(3)
                .protectedService(new ProtectedService(SERVICE_THREADS, SERVICE_INJECTION_DELAY_NS)).build(),
                Map.of(FLOOR_KEY, Integer.toString(floor)), false);
        }
        return plan.runs();
    }

    @Override
    public List<TableColumn> tableColumns()
    {
        return List.of(Columns.SCHEME, Columns.CONDITION,
            new TableColumn("service GB/s", (run) -> Fmt.num(run.value(Metric.PROTECTED_MEM_GBPS) / 8.0, 2), true),
            TableColumn.metric("service read ns", Metric.PROTECTED_READ_LATENCY_NS, 0),
            TableColumn.metric("other CPU Gbit/s", Metric.CPU_MEM_GBPS, 1),
            Columns.RNIC_GBPS,
            Columns.PFC_PAUSE,
            new TableColumn("service MBA levels", (run) -> levelShares(run,
                IN_LOCAL_GROUP.equals(run.condition()) ? "local" : "protected"), false),
            new TableColumn("local MBA levels", (run) -> levelShares(run, "local"), false));
    }

    /**
     * @param run   a run.
     * @param group {@code local}, {@code cross} or {@code protected}.
     * @return the group's level time shares, e.g. {@code 1:62% 2:38%}, or {@code -} where no receiver loop ran.
     */
    static String levelShares(final RunRecord run, final String group)
    {
        final StringBuilder text = new StringBuilder();
        for (int level = 1; level <= 5; level++)
        {
            final double share = run.mbaLevelShare(group, level);
            if (share > 0.0)
            {
                if (text.length() > 0)
                {
                    text.append(' ');
                }
                text.append(level).append(':').append(Fmt.num(100.0 * share, 0)).append('%');
            }
        }
        return text.length() > 0 ? text.toString() : "-";
    }

    /**
     * @param run a run.
     * @return the most throttled level the protected group held for any time, 1 if none was recorded.
     */
    public static int maxProtectedLevel(final RunRecord run)
    {
        int max = 1;
        for (int level = 1; level <= 5; level++)
        {
            if (run.mbaLevelShare("protected", level) > 0.0)
            {
                max = level;
            }
        }
        return max;
    }

    @Override
    public List<ChartSpec> charts()
    {
        return List.of(
            MetricBarChartSpec.of("protected-cpu-bandwidth.png",
                "Protected service vs the NIC, rhcc at 3x", "condition", "bandwidth (Gbit/s)",
                (run) -> "rhcc".equals(run.scheme()), (run) -> run.condition())
                .with("service memory", (run) -> run.value(Metric.PROTECTED_MEM_GBPS))
                .with("other CPU memory", (run) -> run.value(Metric.CPU_MEM_GBPS))
                .with("RDMA goodput", (run) -> run.value(Metric.RNIC_GBPS)),
            MetricBarChartSpec.of("protected-cpu-latency.png",
                "Protected service's mean read latency at 3x", "scheme, condition", "read latency (ns)",
                (run) -> true, (run) -> run.scheme() + ", " + run.condition())
                .with("service read latency", (run) -> run.value(Metric.PROTECTED_READ_LATENCY_NS)));
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        final StringBuilder text = new StringBuilder();
        final List<String> conditions = new java.util.ArrayList<>(List.of(IN_LOCAL_GROUP));
        for (final int floor : FLOORS)
        {
            conditions.add(condition(floor));
        }
        for (final String condition : conditions)
        {
            final RunRecord run = Outcomes.run(result, "rhcc", (r) -> condition.equals(r.condition()));
            if (null == run)
            {
                continue;
            }
            if (text.length() > 0)
            {
                text.append("; ");
            }
            text.append(condition).append(": service ")
                .append(Fmt.num(run.value(Metric.PROTECTED_MEM_GBPS) / 8.0, 2)).append(" GB/s ")
                .append(Fmt.num(run.value(Metric.PROTECTED_READ_LATENCY_NS), 0)).append(" ns, RDMA ")
                .append(Fmt.num(run.value(Metric.RNIC_GBPS), 1)).append(" Gbit/s");
        }
        return List.of(new BaselineRow(NAME,
            "rhcc at 3x: the service's bandwidth / read latency and RDMA goodput, by condition",
            "not measured (the paper has no protected class)", text.length() > 0 ? text.toString() : "n/a"));
    }
}
