package org.rhcc.experiments.baseline;

import java.util.List;

import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunLength;
import org.rhcc.experiments.RunPlan;
import org.rhcc.experiments.report.BarChartSpec;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.scheme.SchemeRegistry;

/**
 * Message size and QP count under 3x intra-host congestion, PFC on (docs/paper.md §4 B7): perftest-like RDMA WRITEs of
 * 64 KB..1 MB on 1..8 QPs. The paper finds that neither helps much: throughput rises only slightly.
 */
public final class MsgQpExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "msg-qp";

    /**
     * Each run: 10 ms of warm-up, 40 ms measured. DCQCN alone with few QPs of large messages at 3x swings slowly (a
     * 1 MB message takes ~250 us at 35 Gbit/s): over 5 ms halves the goodput of 2 QPs of 512 KB differed by 10 %,
     * over 10 ms halves that of 1 QP of 1 MB still by 6 %.
     */
    static final RunLength RUN_LENGTH = new RunLength(10.0, 40.0);

    /** Message sizes swept, bytes (perftest {@code -s}). */
    static final int[] MESSAGE_BYTES = { 64 << 10, 128 << 10, 256 << 10, 512 << 10, 1 << 20 };
    /** QP counts swept (perftest {@code -q}). */
    static final int[] QPS = { 1, 2, 4, 8 };
    /** The congestion preset of the paper's sweep. */
    static final int CONGESTION = 3;

    /**
     * Describes the experiment.
     */
    public MsgQpExperiment()
    {
        super(NAME,
            "3x congestion: RDMA message size 64 KB..1 MB x 1..8 QPs",
            "B7",
            List.of(SchemeRegistry.DCQCN),
            RUN_LENGTH);
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        for (final int qps : QPS)
        {
            for (final int messageBytes : MESSAGE_BYTES)
            {
                plan.add(CONGESTION + "x, " + Fmt.bytes(messageBytes) + ", " + qpLabel(qps),
                    settings.scenario().congestion(CONGESTION).qps(qps).messageBytes(messageBytes).build());
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
            Columns.DDIO_MISS,
            Columns.IIO_OCCUPANCY);
    }

    @Override
    public List<ChartSpec> charts()
    {
        return List.of(
            BarChartSpec.of("msg-qp-throughput.png", "RDMA throughput at 3x congestion by message size and QPs",
                "RDMA WRITE message size", "RDMA goodput (Gbit/s)", (run) -> true,
                (run) -> Fmt.bytes(run.messageBytes()), (run) -> qpLabel(run.qps()),
                (run) -> run.value(Metric.RNIC_GBPS)),
            BarChartSpec.of("msg-qp-latency.png", "Average message latency at 3x congestion",
                "RDMA WRITE message size", "average latency (us)", (run) -> true,
                (run) -> Fmt.bytes(run.messageBytes()), (run) -> qpLabel(run.qps()),
                (run) -> run.value(Metric.LATENCY_AVG_US)));
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (final RunRecord run : result.select((run) -> SchemeRegistry.DCQCN.equals(run.scheme())))
        {
            final double gbps = run.value(Metric.RNIC_GBPS);
            if (Double.isFinite(gbps))
            {
                min = Math.min(min, gbps);
                max = Math.max(max, gbps);
            }
        }
        final RunRecord smallest = Compare.baseline(result,
            (run) -> run.qps() == QPS[0] && run.messageBytes() == MESSAGE_BYTES[0]);
        final RunRecord largest = Compare.baseline(result,
            (run) -> run.qps() == QPS[QPS.length - 1] && run.messageBytes() == MESSAGE_BYTES[MESSAGE_BYTES.length - 1]);
        final String simulated = Double.isFinite(min) ?
            Fmt.num(min, 1) + " .. " + Fmt.num(max, 1) + " Gbit/s; 64 KB x 1 QP -> 1 MB x 8 QPs: " +
            Fmt.change(Compare.change(
                Compare.metric(largest, Metric.RNIC_GBPS), Compare.metric(smallest, Metric.RNIC_GBPS))) :
            "n/a";
        return List.of(new BaselineRow("B7", "3x, message 64 KB..1 MB, 1..8 QPs: throughput range",
            "rises only slightly", simulated));
    }

    private static String qpLabel(final int qps)
    {
        return qps + (qps == 1 ? " QP" : " QPs");
    }
}
