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
import org.rhcc.experiments.report.LineChartSpec;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;

/**
 * Sensitivity to one controller parameter at 3x local congestion, PFC on (paper §V): each value is one run per scheme,
 * recorded in the run's {@code params}. Instances: {@link #iThr()} and {@link #dThr()}.
 */
public final class ParameterSweep extends DescribedExperiment
{
    private final String key;
    private final String axisTitle;
    private final int[] values;

    /**
     * @param name      the experiment's name.
     * @param key       the swept parameter.
     * @param axisTitle the charts' x axis.
     * @param values    the parameter's values, in run order.
     * @param schemes   the schemes run at every value; the first is the one the comparison row reads.
     */
    private ParameterSweep(
        final String name, final String key, final String axisTitle, final int[] values, final List<String> schemes)
    {
        super(name, "sweep of " + key + " (" + values[0] + ".." + values[values.length - 1] + ") at 3x",
            "§V sensitivity", schemes, RunLength.SETTLED_3X);
        this.key = key;
        this.axisTitle = axisTitle;
        this.values = values.clone();
    }

    /**
     * @return I_thr from 30 to 80 entries, for the schemes that use it (hostcc keeps hostCC's own I_T = 70;
     * hostcc-5level's I_T follows I_thr), and each inter-host CC alone, which it leaves unchanged: the reference.
     */
    public static ParameterSweep iThr()
    {
        return new ParameterSweep("ithr-sweep", "i_thr", "I_thr (IIO entries)", new int[]{ 30, 35, 40, 45, 50, 60, 70, 80 },
            EvaluationSchemes.withOtherCcs(List.of("rhcc", "cpu-only", "hostcc-5level", "rhcc-gated", "dcqcn")));
    }

    /**
     * @return D_thr from 100 to 800 ns, for the schemes that use it, and each inter-host CC alone: the reference.
     */
    public static ParameterSweep dThr()
    {
        return new ParameterSweep("dthr-sweep", "d_thr_ns", "D_thr (ns)", new int[]{ 100, 200, 300, 400, 600, 800 },
            EvaluationSchemes.withOtherCcs(List.of("rhcc", "rnic-only", "rhcc-gated", "dcqcn")));
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        for (final int value : values)
        {
            plan.add(key + " = " + value, settings.scenario().congestion(3).build(),
                Map.of(key, Integer.toString(value)), false);
        }
        return plan.runs();
    }

    private double x(final RunRecord run)
    {
        final String value = run.params().get(key);
        return null == value ? Double.NaN : Double.parseDouble(value);
    }

    @Override
    public List<TableColumn> tableColumns()
    {
        return Columns.CONTROLLER_OUTCOMES;
    }

    @Override
    public List<ChartSpec> charts()
    {
        return List.of(
            LineChartSpec.of(name() + "-throughput.png", "RDMA goodput vs " + key + " (3x)", axisTitle,
                "RDMA goodput (Gbit/s)", (run) -> true, this::x, null, (run) -> run.value(Metric.RNIC_GBPS)),
            LineChartSpec.of(name() + "-cpu.png", "CPU memory bandwidth vs " + key + " (3x)", axisTitle,
                "CPU memory traffic (Gbit/s)", (run) -> true, this::x, null, (run) -> run.value(Metric.CPU_MEM_GBPS)),
            LineChartSpec.of(name() + "-latency.png", "Average message latency vs " + key + " (3x)", axisTitle,
                "average latency (us)", (run) -> true, this::x, null, (run) -> run.value(Metric.LATENCY_AVG_US)));
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        final String scheme = defaultSchemes().get(0);
        final StringBuilder goodput = new StringBuilder();
        for (final int value : values)
        {
            final RunRecord run = Outcomes.run(result, scheme, (r) -> x(r) == value);
            if (goodput.length() > 0)
            {
                goodput.append(" / ");
            }
            goodput.append(null == run ? "n/a" : Fmt.num(run.value(Metric.RNIC_GBPS), 1));
        }
        return List.of(new BaselineRow(name(), scheme + " RDMA goodput (Gbit/s) for " + key + " = " +
            java.util.Arrays.toString(values), "sensitive to the threshold", goodput.toString()));
    }
}
