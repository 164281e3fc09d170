package org.rhcc.experiments.baseline;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunPlan;
import org.rhcc.experiments.report.BarChartSpec;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.MetricBarChartSpec;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;

/**
 * MBA forced to a fixed level for a whole run, no control loop (docs/paper.md §4 B13-B14): 3x congestion, PFC on, MBA
 * level 1 (100 %) .. 5 (20 %) on every CPU group, plus a 0x run without MBA as the line-rate reference. The paper
 * finds RDMA throughput rising step by step while CPU traffic falls, level 4 already giving the NIC its full rate.
 */
public final class MbaLevelsExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "mba-levels";

    /** The congestion preset of the paper's sweep. */
    static final int CONGESTION = 3;
    /** Highest MBA level. */
    static final int LEVELS = 5;

    /**
     * Describes the experiment.
     */
    public MbaLevelsExperiment()
    {
        super(NAME,
            "3x congestion with MBA forced to level 1 (100 %) .. 5 (20 %), plus a 0x reference",
            "B13-B14");
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        plan.add("0x, no MBA (reference)", settings.scenario().congestion(0).build());
        for (int level = 1; level <= LEVELS; level++)
        {
            plan.add(CONGESTION + "x, " + levelLabel(level),
                settings.scenario().congestion(CONGESTION).mbaLevel(level).build());
        }
        return plan.runs();
    }

    @Override
    public List<TableColumn> tableColumns()
    {
        return List.of(
            Columns.SCHEME,
            Columns.CONDITION,
            Columns.RNIC_GBPS,
            Columns.CPU_MEM_GBPS,
            Columns.TOTAL_MEM_GBPS,
            Columns.PFC_PAUSE,
            Columns.LATENCY_AVG_US,
            Columns.IIO_OCCUPANCY,
            Columns.IIO_RESIDENCY_NS,
            Columns.RX_DELAY_NS);
    }

    @Override
    public List<ChartSpec> charts()
    {
        final Map<String, Double> paperCpu = new LinkedHashMap<>();
        for (int level = 1; level <= LEVELS; level++)
        {
            paperCpu.put(levelLabel(level), PaperBaseline.gbps(PaperBaseline.MBA_LEVEL_GBYTES_PER_S[level]));
        }
        return List.of(
            MetricBarChartSpec.of("mba-levels-bandwidth.png", "RDMA goodput and CPU memory bandwidth at 3x, MBA forced",
                "MBA level (setting)", "bandwidth (Gbit/s)", MbaLevelsExperiment::forced,
                MbaLevelsExperiment::levelLabel)
                .with("RDMA goodput", (run) -> run.value(Metric.RNIC_GBPS))
                .with("CPU memory bandwidth", (run) -> run.value(Metric.CPU_MEM_GBPS)),
            BarChartSpec.of("mba-levels-cpu.png", "CPU memory bandwidth per MBA level",
                "MBA level (setting)", "CPU memory bandwidth (Gbit/s)", MbaLevelsExperiment::forced,
                MbaLevelsExperiment::levelLabel, (run) -> "simulated: 3x MLC preset with RDMA",
                (run) -> run.value(Metric.CPU_MEM_GBPS))
                .withReference("paper: MLC alone, max preset (Fig. 11)", paperCpu),
            MetricBarChartSpec.of("mba-levels-signals.png",
                "IIO occupancy, IIO residency and the probes' D at 3x, MBA forced (they follow the memory load)",
                "MBA level (setting)", "lines / ns", (run) -> true, MbaLevelsExperiment::levelLabel)
                .with("IIO occupancy (lines)", (run) -> run.value(Metric.IIO_OCCUPANCY))
                .with("IIO residency (ns)", (run) -> run.value(Metric.IIO_RESIDENCY_NS))
                .with("rx delay D (ns)", (run) -> run.value(Metric.RX_DELAY_NS)));
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        final RunRecord reference = Compare.baseline(result, (run) -> null == run.mbaLevel() && run.congestion() == 0);
        final double[] paperCpu = new double[LEVELS];
        for (int level = 1; level <= LEVELS; level++)
        {
            paperCpu[level - 1] = PaperBaseline.MBA_LEVEL_GBYTES_PER_S[level];
        }
        return List.of(
            new BaselineRow("B13", "3x, MBA level 1..5: RDMA goodput (Gbit/s); CPU memory bandwidth (Gbit/s)",
                "RDMA rises step by step, CPU traffic falls; level 4 already gives the NIC its full rate",
                Compare.list(result, MbaLevelsExperiment::forced, (run) -> run.value(Metric.RNIC_GBPS), 1) +
                " (0x: " + Fmt.num(Compare.metric(reference, Metric.RNIC_GBPS), 1) + "); " +
                Compare.list(result, MbaLevelsExperiment::forced, (run) -> run.value(Metric.CPU_MEM_GBPS), 1)),
            new BaselineRow("B14", "CPU memory bandwidth at MBA 100 / 80 / 60 / 40 / 20 % (GB/s)",
                Compare.list(paperCpu, 1) + " (MLC alone; non-linear, step-like)",
                Compare.list(result, MbaLevelsExperiment::forced, (run) -> run.value(Metric.CPU_MEM_GBPS) / 8.0, 1) +
                " (3x preset with RDMA)"),
            new BaselineRow("cal. B9", "3x, MBA level 3 / 4 / 5: IIO occupancy (lines); IIO residency (ns); D (ns)",
                "fall with the level (they follow the memory load); at level 5 below the 1x values (44 lines, 190 ns)",
                Compare.list(result, MbaLevelsExperiment::throttledToLevel3OrBelow,
                    (run) -> run.value(Metric.IIO_OCCUPANCY), 1) + "; " +
                Compare.list(result, MbaLevelsExperiment::throttledToLevel3OrBelow,
                    (run) -> run.value(Metric.IIO_RESIDENCY_NS), 0) + "; " +
                Compare.list(result, MbaLevelsExperiment::throttledToLevel3OrBelow,
                    (run) -> run.value(Metric.RX_DELAY_NS), 0)));
    }

    private static boolean throttledToLevel3OrBelow(final RunRecord run)
    {
        return null != run.mbaLevel() && run.mbaLevel() >= 3;
    }

    private static boolean forced(final RunRecord run)
    {
        return null != run.mbaLevel();
    }

    private static String levelLabel(final RunRecord run)
    {
        return null == run.mbaLevel() ? "none" : levelLabel(run.mbaLevel());
    }

    private static String levelLabel(final int level)
    {
        return "level " + level + " (" + PaperBaseline.MBA_LEVEL_PERCENT[level] + " %)";
    }
}
