package org.rhcc.experiments.evaluation;

import java.util.List;

import org.rhcc.core.sender.QpStateTable;
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
import org.rhcc.experiments.result.RunRecord;

/**
 * Scale (paper §V: throughput holds from 1 to 256 QPs) and overheads, measured: the probes' share of the bytes on the
 * wire, the per-QP state the sender loop keeps, and the controller decisions per second (IIO samples plus probe ACKs).
 */
public final class QpScaleExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "qp-scale";

    private static final int[] QPS = { 1, 4, 16, 64, 256 };

    /**
     * Describes the experiment: by default it runs dcqcn, rhcc and rhcc-gated over DCQCN, HPCC and Swift.
     */
    public QpScaleExperiment()
    {
        super(NAME,
            "1..256 QPs at 3x, with probe bandwidth share, per-QP state and decisions per second",
            "§V scale, overheads",
            EvaluationSchemes.RHCC_AND_VARIANT,
            RunLength.SETTLED_3X);
    }

    /**
     * {@inheritDoc}
     */
    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        for (final int qps : QPS)
        {
            plan.add("3x, " + qps + " QPs", settings.scenario().qps(qps).congestion(3).build());
        }
        return plan.runs();
    }

    /**
     * {@inheritDoc}
     */
    @Override
    public List<TableColumn> tableColumns()
    {
        return List.of(Columns.SCHEME, Columns.CONDITION, Columns.RNIC_GBPS, Columns.LATENCY_AVG_US,
            Columns.PFC_PAUSE, Columns.CPU_MEM_GBPS,
            TableColumn.text("probe share %", (run) -> Fmt.num(100.0 * run.metric("probe_share"), 3)),
            TableColumn.metric("decisions/s", "decisions_per_s", 0));
    }

    /**
     * {@inheritDoc}
     */
    @Override
    public List<ChartSpec> charts()
    {
        return List.of(LineChartSpec.of("qp-scale-throughput.png", "RDMA goodput from 1 to 256 QPs (3x)",
            "QPs", "RDMA goodput (Gbit/s)", (run) -> true, (run) -> run.qps(), null,
            (run) -> run.metric("rnic_gbps")));
    }

    /**
     * {@inheritDoc}
     */
    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        final StringBuilder goodput = new StringBuilder();
        for (final int qps : QPS)
        {
            final RunRecord run = Outcomes.run(result, "rhcc", (r) -> r.qps() == qps);
            if (goodput.length() > 0)
            {
                goodput.append(" / ");
            }
            goodput.append(null == run ? "n/a" : Fmt.num(run.metric("rnic_gbps"), 1));
        }
        final RunRecord one = Outcomes.run(result, "rhcc", (r) -> r.qps() == 8 || r.qps() == 16);
        final QpStateTable table = new QpStateTable(1_000_000);
        return List.of(
            new BaselineRow("scale", "rhcc RDMA goodput (Gbit/s), 1 / 4 / 16 / 64 / 256 QPs at 3x",
                "holds from 1 to 256 QPs", goodput.toString()),
            new BaselineRow("overhead", "probe bytes / data bytes on the wire; state per QP; decisions per second",
                "0.2 %; 16 B per QP",
                (null == one ? "n/a" : Fmt.num(100.0 * one.metric("probe_share"), 3) + " %") + "; " +
                table.stateBytes() / table.capacityQps() + " B per QP (" + Fmt.bytes(table.stateBytes()) +
                " for 1M QPs); " + (null == one ? "n/a" : Fmt.num(one.metric("decisions_per_s"), 0) + "/s")));
    }
}
