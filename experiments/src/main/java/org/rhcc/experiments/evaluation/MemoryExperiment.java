package org.rhcc.experiments.evaluation;

import java.util.List;

import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunLength;
import org.rhcc.experiments.RunPlan;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.MetricBarChartSpec;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.sim.api.CpuTraffic;

/**
 * Memory bandwidth composition per scheme (paper §V): local-NUMA and cross-NUMA CPU traffic, NIC-caused DRAM traffic
 * and the total, at 3x with local and with hybrid CPU traffic, PFC on. Shows where each scheme moves the bandwidth.
 */
public final class MemoryExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "memory";

    /**
     * Describes the experiment: by default it runs every scheme.
     */
    public MemoryExperiment()
    {
        super(NAME,
            "memory bandwidth by class (CPU local, cross, NIC, total) per scheme at 3x, local and hybrid",
            "§V memory",
            EvaluationSchemes.WITH_INTER_HOST_CCS,
            RunLength.SETTLED_3X);
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        for (final CpuTraffic traffic : new CpuTraffic[]{ CpuTraffic.LOCAL, CpuTraffic.HYBRID })
        {
            plan.add(traffic.label() + ", 3x", settings.scenario().cpuTraffic(traffic).congestion(3).build());
        }
        return plan.runs();
    }

    @Override
    public List<TableColumn> tableColumns()
    {
        return List.of(Columns.SCHEME, Columns.CONDITION, Columns.RNIC_GBPS,
            TableColumn.metric("CPU local Gbit/s", Metric.CPU_LOCAL_MEM_GBPS, 1),
            TableColumn.metric("CPU cross Gbit/s", Metric.CPU_CROSS_MEM_GBPS, 1),
            Columns.RNIC_MEM_GBPS,
            Columns.TOTAL_MEM_GBPS);
    }

    @Override
    public List<ChartSpec> charts()
    {
        return List.of(chart(CpuTraffic.LOCAL), chart(CpuTraffic.HYBRID));
    }

    private static MetricBarChartSpec chart(final CpuTraffic traffic)
    {
        return MetricBarChartSpec.of("memory-" + traffic.label() + ".png",
            "Memory bandwidth by class, 3x " + traffic.label() + " CPU traffic", "scheme", "bandwidth (Gbit/s)",
            (run) -> traffic.label().equals(run.cpuTraffic()), (run) -> run.scheme())
            .with("CPU local-NUMA", (run) -> run.value(Metric.CPU_LOCAL_MEM_GBPS))
            .with("CPU cross-NUMA", (run) -> run.value(Metric.CPU_CROSS_MEM_GBPS))
            .with("NIC writes (DRAM)", (run) -> run.value(Metric.RNIC_MEM_GBPS))
            .with("total DRAM", (run) -> run.value(Metric.TOTAL_MEM_GBPS))
            .with("RDMA goodput", (run) -> run.value(Metric.RNIC_GBPS));
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        return List.of(new BaselineRow("memory", "hybrid 3x, CPU local / cross memory Gbit/s: dcqcn -> rhcc",
            "rhcc throttles cross-NUMA cores first, keeps a CPU share",
            Outcomes.value(result, "dcqcn", (run) -> "hybrid".equals(run.cpuTraffic()),
            Metric.CPU_LOCAL_MEM_GBPS, 1, 1) +
            " / " + Outcomes.value(result, "dcqcn", (run) -> "hybrid".equals(run.cpuTraffic()),
            Metric.CPU_CROSS_MEM_GBPS, 1, 1) + " -> " +
            Outcomes.value(result, "rhcc", (run) -> "hybrid".equals(run.cpuTraffic()),
            Metric.CPU_LOCAL_MEM_GBPS, 1, 1) +
            " / " + Outcomes.value(result, "rhcc", (run) -> "hybrid".equals(run.cpuTraffic()),
            Metric.CPU_CROSS_MEM_GBPS, 1, 1)));
    }
}
