package org.rhcc.experiments.baseline;

import java.util.List;

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

/**
 * Intra-host congestion without a controller (docs/paper.md §4 B1-B6): RDMA WRITE throughput, latency, PFC pauses / CNPs,
 * memory bandwidth, PCIe back-pressure and DDIO misses at 0x..3x CPU memory traffic, with PFC on and PFC-free.
 */
public final class CongestionExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "congestion";

    private static final String X_TITLE = "intra-host congestion (MLC preset)";
    private static final String BASELINE = "dcqcn";

    /**
     * Describes the experiment: by default it runs every scheme, HPCC and Swift alone and under RHCC included; the
     * baseline rows read the dcqcn runs, the evaluation compares the others with them.
     */
    public CongestionExperiment()
    {
        super(NAME,
            "throughput, latency, PFC/CNP, memory bandwidth, PCIe stalls at 0x..3x, PFC on and PFC-free",
            "B1-B6",
            EvaluationSchemes.WITH_INTER_HOST_CCS,
            RunLength.SETTLED_3X);
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        for (final boolean pfc : new boolean[]{ true, false })
        {
            for (int congestion = 0; congestion <= 3; congestion++)
            {
                plan.add((pfc ? "PFC on, " : "PFC-free, ") + congestion + "x",
                    settings.scenario().pfc(pfc).congestion(congestion).build());
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
            Columns.LATENCY_AVG_US,
            Columns.LATENCY_P99_US,
            Columns.PFC_PAUSE,
            Columns.CNPS,
            Columns.CPU_MEM_GBPS,
            Columns.RNIC_MEM_GBPS,
            Columns.TOTAL_MEM_GBPS,
            Columns.PCIE_STALL,
            Columns.DDIO_MISS,
            Columns.IIO_OCCUPANCY);
    }

    @Override
    public List<ChartSpec> charts()
    {
        return List.of(
            BarChartSpec.of("congestion-throughput-pfc.png", "RDMA throughput under intra-host congestion, PFC on",
                X_TITLE, "RDMA goodput (Gbit/s)", RunRecord::pfc, RunRecord::congestionLabel, null,
                (run) -> run.value(Metric.RNIC_GBPS)),
            BarChartSpec.of("congestion-throughput-pfc-free.png",
                "RDMA throughput under intra-host congestion, PFC-free", X_TITLE, "RDMA goodput (Gbit/s)",
                (run) -> !run.pfc(), RunRecord::congestionLabel, null, (run) -> run.value(Metric.RNIC_GBPS)),
            BarChartSpec.of("congestion-latency-avg-pfc.png", "Average RDMA message latency, PFC on",
                X_TITLE, "average latency (us)", RunRecord::pfc, RunRecord::congestionLabel, null,
                (run) -> run.value(Metric.LATENCY_AVG_US)),
            BarChartSpec.of("congestion-latency-avg-pfc-free.png", "Average RDMA message latency, PFC-free",
                X_TITLE, "average latency (us)", (run) -> !run.pfc(), RunRecord::congestionLabel, null,
                (run) -> run.value(Metric.LATENCY_AVG_US)),
            BarChartSpec.of("congestion-latency-p99-pfc.png", "99th-percentile RDMA message latency, PFC on",
                X_TITLE, "p99 latency (us)", RunRecord::pfc, RunRecord::congestionLabel, null,
                (run) -> run.value(Metric.LATENCY_P99_US)),
            BarChartSpec.of("congestion-pfc-pause.png", "PFC pause time at the receiver NIC (PFC on)",
                X_TITLE, "time paused (%)", RunRecord::pfc, RunRecord::congestionLabel, null,
                (run) -> 100.0 * run.value(Metric.PFC_PAUSE_FRACTION)),
            BarChartSpec.of("congestion-cnp.png", "CNPs sent by the receiver NIC (PFC-free)",
                X_TITLE, "CNPs per run", (run) -> !run.pfc(), RunRecord::congestionLabel, null,
                (run) -> run.value(Metric.CNP_COUNT)),
            MetricBarChartSpec.of("congestion-memory.png", "Memory bandwidth of the NIC's socket (dcqcn, PFC on)",
                X_TITLE, "bandwidth (Gbit/s)", (run) -> run.pfc() && BASELINE.equals(run.scheme()),
                RunRecord::congestionLabel)
                .with("CPU traffic (DRAM)", (run) -> run.value(Metric.CPU_MEM_GBPS))
                .with("NIC writes (DRAM)", (run) -> run.value(Metric.RNIC_MEM_GBPS))
                .with("total DRAM", (run) -> run.value(Metric.TOTAL_MEM_GBPS))
                .with("RDMA goodput", (run) -> run.value(Metric.RNIC_GBPS)),
            MetricBarChartSpec.of("congestion-pcie-ddio.png", "PCIe back-pressure and DDIO misses (dcqcn, PFC on)",
                X_TITLE, "fraction (%)", (run) -> run.pfc() && BASELINE.equals(run.scheme()),
                RunRecord::congestionLabel)
                .with("PCIe stalled writes (time %)", (run) -> 100.0 * run.value(Metric.PCIE_STALL_FRACTION))
                .with("DDIO miss rate (%)", (run) -> 100.0 * run.value(Metric.DDIO_MISS_RATE)));
    }

    /**
     * @param result the result.
     * @param metric a metric of the PFC-on baseline runs.
     * @param sign   1 for the gain, -1 for the loss from one congestion level to the next.
     * @return e.g. {@code "0.0 / 5.4 / 52.4"}.
     */
    private static String steps(final ExperimentResult result, final Metric metric, final double sign)
    {
        final StringBuilder text = new StringBuilder();
        for (int congestion = 1; congestion <= 3; congestion++)
        {
            final int level = congestion;
            final RunRecord before = Compare.baseline(result, (run) -> run.pfc() && run.congestion() == level - 1);
            final RunRecord after = Compare.baseline(result, (run) -> run.pfc() && run.congestion() == level);
            if (text.length() > 0)
            {
                text.append(" / ");
            }
            text.append(Fmt.num(sign * (Compare.metric(after, metric) - Compare.metric(before, metric)), 1));
        }
        return text.toString();
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        final RunRecord pfc0 = Compare.baseline(result, (run) -> run.pfc() && run.congestion() == 0);
        final RunRecord pfc3 = Compare.baseline(result, (run) -> run.pfc() && run.congestion() == 3);
        final RunRecord free0 = Compare.baseline(result, (run) -> !run.pfc() && run.congestion() == 0);
        final RunRecord free3 = Compare.baseline(result, (run) -> !run.pfc() && run.congestion() == 3);
        final double p99RatioPfc =
            Compare.metric(pfc3, Metric.LATENCY_P99_US) / Compare.metric(pfc0, Metric.LATENCY_P99_US);
        final double p99RatioFree =
            Compare.metric(free3, Metric.LATENCY_P99_US) / Compare.metric(free0, Metric.LATENCY_P99_US);
        return List.of(
            Outcomes.headline(result, "3x PFC on", "3x, PFC on", (run) -> run.pfc() && run.congestion() == 3,
                "up to 2x throughput and 1.4x lower latency than DCQCN; ahead of hostCC"),
            Outcomes.headline(result, "3x PFC-free", "3x, PFC-free", (run) -> !run.pfc() && run.congestion() == 3,
                "up to 2x throughput and 1.4x lower latency than DCQCN; ahead of hostCC"),
            Outcomes.perInterHostCc(result, "3x PFC on CCs", "3x, PFC on",
                (run) -> run.pfc() && run.congestion() == 3),
            Outcomes.perInterHostCc(result, "3x PFC-free CCs", "3x, PFC-free",
                (run) -> !run.pfc() && run.congestion() == 3),
            new BaselineRow("B1", "throughput 3x vs 0x, PFC on",
                Fmt.change(PaperBaseline.THROUGHPUT_DROP_3X_PFC),
                Fmt.change(Compare.change(
                    Compare.metric(pfc3, Metric.RNIC_GBPS), Compare.metric(pfc0, Metric.RNIC_GBPS))) +
                " (" + Compare.list(result, RunRecord::pfc, (run) -> run.value(Metric.RNIC_GBPS), 1) + " Gbit/s)"),
            new BaselineRow("B2", "throughput 3x vs 0x, PFC-free",
                Fmt.change(PaperBaseline.THROUGHPUT_DROP_3X_PFC_FREE),
                Fmt.change(Compare.change(
                    Compare.metric(free3, Metric.RNIC_GBPS), Compare.metric(free0, Metric.RNIC_GBPS))) +
                " (" + Compare.list(result, (run) -> !run.pfc(), (run) -> run.value(Metric.RNIC_GBPS), 1) +
                " Gbit/s)"),
            new BaselineRow("B3", "average latency 3x / 0x, PFC on / PFC-free (p99 ratio)",
                Fmt.times(PaperBaseline.LATENCY_RATIO_3X_PFC) + " / " +
                Fmt.times(PaperBaseline.LATENCY_RATIO_3X_PFC_FREE) + " (p99 rises too)",
                Fmt.times(Compare.metric(pfc3, Metric.LATENCY_AVG_US) / Compare.metric(pfc0, Metric.LATENCY_AVG_US)) +
                " / " +
                Fmt.times(Compare.metric(free3, Metric.LATENCY_AVG_US) / Compare.metric(free0, Metric.LATENCY_AVG_US)) +
                " (p99 " + Fmt.times(p99RatioPfc) + " / " + Fmt.times(p99RatioFree) + ")"),
            new BaselineRow("B4", "PFC pause time % (PFC on) and CNPs (PFC-free), 0x / 1x / 2x / 3x",
                "both rise with congestion",
                Compare.list(result, RunRecord::pfc, (run) -> 100.0 * run.value(Metric.PFC_PAUSE_FRACTION), 1) +
                " % ; " + Compare.list(result, (run) -> !run.pfc(), (run) -> run.value(Metric.CNP_COUNT), 0) + " CNPs"),
            new BaselineRow("B5", "PFC on, steps 0x->1x / 1x->2x / 2x->3x: RDMA goodput lost vs memory " +
                "bandwidth the CPU traffic gained (Gbit/s)",
                "the throughput loss exceeds the memory bandwidth MLC gains (DDIO raises LLC contention)",
                "lost " + steps(result, Metric.RNIC_GBPS, -1.0) + "; CPU gained " +
                steps(result, Metric.CPU_MEM_GBPS, 1.0) +
                "; NIC-caused DRAM traffic per goodput byte " + Compare.list(result, RunRecord::pfc,
                (run) -> run.value(Metric.RNIC_MEM_GBPS) / run.value(Metric.RNIC_GBPS), 2)),
            new BaselineRow("B6", "PFC on, 0x / 1x / 2x / 3x: PCIe stalled-write time % and DDIO miss %",
                "stalls rise steeply; DDIO miss rate rises",
                Compare.list(result, RunRecord::pfc, (run) -> 100.0 * run.value(Metric.PCIE_STALL_FRACTION), 1) +
                " % ; " +
                Compare.list(result, RunRecord::pfc, (run) -> 100.0 * run.value(Metric.DDIO_MISS_RATE), 1) + " %"));
    }
}
