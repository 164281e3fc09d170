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
import org.rhcc.experiments.report.LineChartSpec;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;

/**
 * Incast (paper §V, the third server): 2..8 QPs from two senders into one receiver, without intra-host congestion
 * (inter-host congestion only, where RHCC should match DCQCN) and with 3x local CPU traffic, PFC on.
 */
public final class IncastExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "incast";

    /**
     * Each run: 150 ms of warm-up, 20 ms measured. With two senders of one or two QPs each, at 3x rhcc's sender loop
     * lowers R_rev more slowly than with one sender of 8 QPs: its goodput was still falling by 17 % between the
     * halves of a window at 70 ms.
     */
    static final RunLength RUN_LENGTH = new RunLength(150.0, 20.0);

    /**
     * Describes the experiment: by default it runs every scheme, HPCC and Swift alone and under RHCC included.
     */
    public IncastExperiment()
    {
        super(NAME,
            "2..8 QPs from two senders into one receiver, at 0x and 3x intra-host congestion",
            "§V incast",
            EvaluationSchemes.WITH_INTER_HOST_CCS,
            RUN_LENGTH);
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        for (final int congestion : new int[]{ 0, 3 })
        {
            for (int qpsPerSender = 1; qpsPerSender <= 4; qpsPerSender++)
            {
                plan.add(congestion + "x, " + (2 * qpsPerSender) + " QPs",
                    settings.scenario().senders(2).qps(qpsPerSender).congestion(congestion).build());
            }
        }
        return plan.runs();
    }

    @Override
    public List<TableColumn> tableColumns()
    {
        return List.of(Columns.SCHEME, Columns.CONDITION, Columns.RNIC_GBPS, Columns.LATENCY_AVG_US,
            Columns.LATENCY_P99_US, Columns.PFC_PAUSE, Columns.CNPS, Columns.CPU_MEM_GBPS);
    }

    @Override
    public List<ChartSpec> charts()
    {
        return List.of(
            LineChartSpec.of("incast-throughput-0x.png", "Incast from two senders, no intra-host congestion",
                "QPs (two senders)", "RDMA goodput (Gbit/s)", (run) -> run.congestion() == 0,
                IncastExperiment::totalQps, null, (run) -> run.value(Metric.RNIC_GBPS)),
            LineChartSpec.of("incast-throughput-3x.png", "Incast from two senders, 3x intra-host congestion",
                "QPs (two senders)", "RDMA goodput (Gbit/s)", (run) -> run.congestion() == 3,
                IncastExperiment::totalQps, null, (run) -> run.value(Metric.RNIC_GBPS)),
            LineChartSpec.of("incast-latency-p99-3x.png", "Incast: 99th-percentile message latency, 3x",
                "QPs (two senders)", "p99 latency (us)", (run) -> run.congestion() == 3,
                IncastExperiment::totalQps, null, (run) -> run.value(Metric.LATENCY_P99_US)));
    }

    private static double totalQps(final RunRecord run)
    {
        return (double)run.senders() * run.qps();
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        return List.of(
            new BaselineRow("incast 0x", "8 QPs, inter-host congestion only: rhcc vs dcqcn goodput",
                "parity with DCQCN",
                Outcomes.ratio(result, "rhcc", "dcqcn", (run) -> run.congestion() == 0 && totalQps(run) == 8,
                    Metric.RNIC_GBPS)),
            new BaselineRow("incast 3x", "8 QPs with 3x intra-host congestion: rhcc vs dcqcn / vs hostcc goodput",
                "rhcc ahead",
                Outcomes.ratio(result, "rhcc", "dcqcn", (run) -> run.congestion() == 3 && totalQps(run) == 8,
                    Metric.RNIC_GBPS) + " / " +
                Outcomes.ratio(result, "rhcc", "hostcc", (run) -> run.congestion() == 3 && totalQps(run) == 8,
                    Metric.RNIC_GBPS)),
            Outcomes.perInterHostCc(result, "incast 3x CCs", "8 QPs, 3x",
                (run) -> run.congestion() == 3 && totalQps(run) == 8));
    }
}
