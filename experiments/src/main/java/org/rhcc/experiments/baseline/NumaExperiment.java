package org.rhcc.experiments.baseline;

import java.util.List;
import java.util.Locale;

import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunLength;
import org.rhcc.experiments.RunPlan;
import org.rhcc.experiments.evaluation.EvaluationSchemes;
import org.rhcc.experiments.evaluation.Outcomes;
import org.rhcc.experiments.report.BarChartSpec;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.MetricBarChartSpec;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.sim.api.CpuTraffic;

/**
 * Where the memory-hungry cores run (docs/paper.md §4 B8-B9): local-NUMA, cross-NUMA (remote socket over UPI) and hybrid
 * (as many local as cross-NUMA cores) CPU traffic at 1x..3x, PFC on. The paper finds cross-NUMA traffic up to 24 %
 * and hybrid up to 40 % worse for RDMA throughput than local traffic, with more PFC pauses.
 */
public final class NumaExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "numa";

    /**
     * Each run: 150 ms of warm-up, 20 ms measured. With cross-NUMA CPU traffic at 3x rhcc's sender loop lowers R_rev
     * more slowly than with local traffic: its mean R_rev was still falling by 15 % between the halves of a window
     * at 70 ms and had settled at 150 ms; {@code congestion}'s 70 ms suffice for local traffic alone.
     */
    static final RunLength RUN_LENGTH = new RunLength(150.0, 20.0);

    private static final String X_TITLE = "intra-host congestion (MLC preset)";

    /**
     * Describes the experiment: by default it runs every scheme over DCQCN, HPCC and Swift; the baseline rows read the dcqcn runs, the evaluation
     * compares the others with them.
     */
    public NumaExperiment()
    {
        super(NAME,
            "local, cross-NUMA and hybrid CPU traffic at 1x..3x congestion",
            "B8-B9",
            EvaluationSchemes.WITH_INTER_HOST_CCS,
            RUN_LENGTH);
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        for (final CpuTraffic traffic : CpuTraffic.values())
        {
            for (int congestion = 1; congestion <= 3; congestion++)
            {
                plan.add(traffic.label() + ", " + congestion + "x",
                    settings.scenario().cpuTraffic(traffic).congestion(congestion).build());
            }
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
            Columns.PFC_PAUSE,
            Columns.LATENCY_AVG_US,
            TableColumn.metric("local CPU mem Gbit/s", Metric.CPU_LOCAL_MEM_GBPS, 1),
            TableColumn.metric("cross CPU mem Gbit/s", Metric.CPU_CROSS_MEM_GBPS, 1),
            Columns.TOTAL_MEM_GBPS,
            Columns.IIO_OCCUPANCY);
    }

    @Override
    public List<ChartSpec> charts()
    {
        return List.of(
            BarChartSpec.of("numa-throughput.png", "RDMA throughput by CPU traffic placement",
                "CPU traffic placement, congestion", "RDMA goodput (Gbit/s)", (run) -> true,
                NumaExperiment::placementLabel, null, (run) -> run.value(Metric.RNIC_GBPS)),
            BarChartSpec.of("numa-pfc-pause.png", "PFC pause time by CPU traffic placement",
                "CPU traffic placement, congestion", "time paused (%)", (run) -> true,
                NumaExperiment::placementLabel, null, (run) -> 100.0 * run.value(Metric.PFC_PAUSE_FRACTION)),
            MetricBarChartSpec.of("numa-cpu-memory.png", "CPU memory bandwidth on the NIC's socket at 3x (dcqcn)",
                "CPU traffic placement", "bandwidth (Gbit/s)",
                (run) -> run.congestion() == 3 && "dcqcn".equals(run.scheme()), NumaExperiment::trafficLabel)
                .with("local-NUMA cores", (run) -> run.value(Metric.CPU_LOCAL_MEM_GBPS))
                .with("cross-NUMA cores", (run) -> run.value(Metric.CPU_CROSS_MEM_GBPS))
                .with("RDMA goodput", (run) -> run.value(Metric.RNIC_GBPS)));
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        return List.of(
            Outcomes.headline(result, "cross 3x", "cross-NUMA CPU traffic, 3x",
                (run) -> run.congestion() == 3 && CpuTraffic.CROSS.label().equals(run.cpuTraffic()),
                "strong gains under cross-NUMA traffic (cascade throttles cross-NUMA cores first)"),
            Outcomes.headline(result, "hybrid 3x", "hybrid CPU traffic, 3x",
                (run) -> run.congestion() == 3 && CpuTraffic.HYBRID.label().equals(run.cpuTraffic()),
                "strong gains under hybrid traffic"),
            row(result, "B8", CpuTraffic.CROSS, PaperBaseline.CROSS_VS_LOCAL_MAX_DROP),
            row(result, "B9", CpuTraffic.HYBRID, PaperBaseline.HYBRID_VS_LOCAL_MAX_DROP));
    }

    private static BaselineRow row(
        final ExperimentResult result, final String id, final CpuTraffic traffic, final double paperDrop)
    {
        final StringBuilder changes = new StringBuilder();
        double worst = Double.NaN;
        for (int congestion = 1; congestion <= 3; congestion++)
        {
            final int level = congestion;
            final RunRecord local = Compare.baseline(result,
                (run) -> run.congestion() == level && CpuTraffic.LOCAL.label().equals(run.cpuTraffic()));
            final RunRecord other = Compare.baseline(result,
                (run) -> run.congestion() == level && traffic.label().equals(run.cpuTraffic()));
            final double change =
                Compare.change(Compare.metric(other, Metric.RNIC_GBPS), Compare.metric(local, Metric.RNIC_GBPS));
            if (changes.length() > 0)
            {
                changes.append(" / ");
            }
            changes.append(Fmt.change(change));
            if (Double.isFinite(change) && (Double.isNaN(worst) || change < worst))
            {
                worst = change;
            }
        }
        final RunRecord local3 = Compare.baseline(result,
            (run) -> run.congestion() == 3 && CpuTraffic.LOCAL.label().equals(run.cpuTraffic()));
        final RunRecord other3 = Compare.baseline(result,
            (run) -> run.congestion() == 3 && traffic.label().equals(run.cpuTraffic()));
        return new BaselineRow(id,
            traffic.label() + " vs local CPU traffic, RDMA throughput at 1x / 2x / 3x (PFC pause % at 3x)",
            "up to " + Fmt.change(paperDrop) + (CpuTraffic.CROSS == traffic ? "; more PFC pauses" : ""),
            "up to " + Fmt.change(worst) + " (" + changes + "; pause " +
            Fmt.num(100.0 * Compare.metric(other3, Metric.PFC_PAUSE_FRACTION), 1) + " % vs " +
            Fmt.num(100.0 * Compare.metric(local3, Metric.PFC_PAUSE_FRACTION), 1) + " %)");
    }

    private static String placementLabel(final RunRecord run)
    {
        return run.cpuTraffic() + " " + run.congestionLabel();
    }

    private static String trafficLabel(final RunRecord run)
    {
        final String label = run.cpuTraffic();
        return switch (label)
        {
            case "local" -> "local-NUMA";
            case "cross" -> "cross-NUMA";
            case "hybrid" -> "hybrid";
            default -> label.toLowerCase(Locale.ROOT);
        };
    }
}
