package org.rhcc.experiments.evaluation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.sim.SimParameters;

/**
 * Scale (paper §V: throughput holds from 1 to 256 QPs) and overheads, measured: the probes' share of the bytes on the
 * wire, the per-QP state the sender loop keeps, and the controller decisions per second (IIO samples plus probe ACKs).
 * <p>
 * Past the paper's range, the receiver NIC's QP-context cache (docs/model.md §4.3) is modelled: from 256 to 65,536
 * QPs with {@link SimParameters.QpcCache#ESTIMATED_ENTRIES} contexts on chip, at 0x (the misses alone) and at 3x
 * (misses and memory congestion together), to show what D and the IIO occupancy see of ICM-miss congestion; and
 * again from 4,096 QPs with the sender NIC serving {@value #ACTIVE_QPS} QPs at a time (docs/model.md §4.2,
 * "Active-QP budget"), the mitigation the model points to.
 */
public final class QpScaleExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "qp-scale";

    private static final int[] QPS = { 1, 4, 16, 64, 256 };
    private static final int[] CACHE_QPS = { 256, 1_024, 4_096, 16_384, 65_536 };
    private static final int[] CACHE_CONGESTION = { 0, 3 };
    private static final int[] BUDGET_QPS = { 4_096, 16_384, 65_536 };
    /** QPs the sender NIC serves at a time in the mitigation's runs: half the receiver's contexts. */
    private static final int ACTIVE_QPS = SimParameters.QpcCache.ESTIMATED_ENTRIES / 2;
    private static final String CACHE_LABEL = " QPs, QPC cache";
    private static final String BUDGET_LABEL = ", " + ACTIVE_QPS + " active";
    private static final Map<String, String> CACHE_ON = Map.of("rnic.qpcCache.entries",
        Integer.toString(SimParameters.QpcCache.ESTIMATED_ENTRIES));
    /** In this order in the JSON and CSV of every run (Map.of's order changes from JVM to JVM). */
    private static final Map<String, String> CACHE_ON_BUDGET = cacheOnBudget();

    /**
     * Describes the experiment: by default it runs dcqcn, rhcc and rhcc-gated over DCQCN, HPCC and Swift.
     */
    public QpScaleExperiment()
    {
        super(NAME,
            "1..256 QPs at 3x, with probe bandwidth share, per-QP state and decisions per second; 256..64K QPs at 0x " +
                "and 3x with the NIC's QP-context cache",
            "§V scale, overheads",
            EvaluationSchemes.RHCC_AND_VARIANT,
            RunLength.SETTLED_3X);
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        for (final int qps : QPS)
        {
            plan.add("3x, " + qps + " QPs", settings.scenario().qps(qps).congestion(3).build());
        }
        for (final int congestion : CACHE_CONGESTION)
        {
            for (final int qps : CACHE_QPS)
            {
                plan.add(congestion + "x, " + qps + CACHE_LABEL,
                    settings.scenario().qps(qps).congestion(congestion).build(), CACHE_ON, false);
            }
            for (final int qps : BUDGET_QPS)
            {
                plan.add(congestion + "x, " + qps + CACHE_LABEL + BUDGET_LABEL,
                    settings.scenario().qps(qps).congestion(congestion).build(), CACHE_ON_BUDGET, false);
            }
        }
        return plan.runs();
    }

    @Override
    public List<TableColumn> tableColumns()
    {
        return List.of(Columns.SCHEME, Columns.CONDITION, Columns.RNIC_GBPS, Columns.LATENCY_AVG_US,
            Columns.PFC_PAUSE, Columns.CPU_MEM_GBPS, Columns.IIO_OCCUPANCY, Columns.RX_DELAY_NS,
            TableColumn.text("QPC miss %",
                (run) -> isCacheRun(run) ? Fmt.num(100.0 * run.value(Metric.QPC_MISS_RATE), 1) : "-"),
            TableColumn.text("probe share %", (run) -> Fmt.num(100.0 * run.value(Metric.PROBE_SHARE), 3)),
            TableColumn.metric("decisions/s", Metric.DECISIONS_PER_S, 0));
    }

    @Override
    public List<ChartSpec> charts()
    {
        return List.of(LineChartSpec.of("qp-scale-throughput.png", "RDMA goodput from 1 to 256 QPs (3x)",
                "QPs", "RDMA goodput (Gbit/s)", (run) -> !isCacheRun(run), (run) -> run.qps(), null,
                (run) -> run.value(Metric.RNIC_GBPS)),
            cacheChart("qp-scale-cache-throughput.png", "RDMA goodput with the QP-context cache",
                "RDMA goodput (Gbit/s)", Metric.RNIC_GBPS, 1.0),
            cacheChart("qp-scale-cache-delay.png", "Receiver processing delay D with the QP-context cache",
                "D (ns)", Metric.RX_DELAY_NS, 1.0),
            cacheChart("qp-scale-cache-iio.png", "IIO occupancy with the QP-context cache",
                "IIO occupancy (lines)", Metric.IIO_OCCUPANCY, 1.0),
            cacheChart("qp-scale-cache-misses.png", "QP-context misses",
                "misses per lookup (%)", Metric.QPC_MISS_RATE, 100.0));
    }

    private static ChartSpec cacheChart(final String fileName, final String title, final String yTitle,
        final Metric metric, final double scale)
    {
        return LineChartSpec.of(fileName, title + " (" + SimParameters.QpcCache.ESTIMATED_ENTRIES + " contexts)",
            "log2 QPs", yTitle, QpScaleExperiment::isCacheRun, (run) -> log2(run.qps()),
            (run) -> run.congestionLabel() + (isBudgetRun(run) ? BUDGET_LABEL : ""),
            (run) -> scale * run.value(metric));
    }

    private static boolean isCacheRun(final RunRecord run)
    {
        return run.condition().contains(CACHE_LABEL);
    }

    private static boolean isBudgetRun(final RunRecord run)
    {
        return run.condition().endsWith(BUDGET_LABEL);
    }

    private static double log2(final int qps)
    {
        return 31 - Integer.numberOfLeadingZeros(qps);
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        final StringBuilder goodput = new StringBuilder();
        for (final int qps : QPS)
        {
            final RunRecord run = Outcomes.run(result, "rhcc", (r) -> r.qps() == qps && !isCacheRun(r));
            if (goodput.length() > 0)
            {
                goodput.append(" / ");
            }
            goodput.append(null == run ? "n/a" : Fmt.num(run.value(Metric.RNIC_GBPS), 1));
        }
        final RunRecord one = Outcomes.run(result, "rhcc",
            (r) -> (r.qps() == 8 || r.qps() == 16) && !isCacheRun(r));
        final QpStateTable table = new QpStateTable(1_000_000);
        return List.of(
            new BaselineRow("scale", "rhcc RDMA goodput (Gbit/s), 1 / 4 / 16 / 64 / 256 QPs at 3x",
                "holds from 1 to 256 QPs", goodput.toString()),
            new BaselineRow("overhead", "probe bytes / data bytes on the wire; state per QP; decisions per second",
                "0.2 %; 16 B per QP",
                (null == one ? "n/a" : Fmt.num(100.0 * one.value(Metric.PROBE_SHARE), 3) + " %") + "; " +
                table.stateBytes() / table.capacityQps() + " B per QP (" + Fmt.bytes(table.stateBytes()) +
                " for 1M QPs); " + (null == one ? "n/a" : Fmt.num(one.value(Metric.DECISIONS_PER_S), 0) + "/s")),
            new BaselineRow("qpc", "rhcc at 0x with the QP-context cache, 256 / 1K / 4K / 16K / 64K QPs: " +
                "RDMA Gbit/s; D ns; IIO lines", "ICM-miss congestion lies outside both signals (§VI)",
                cacheSeries(result, Metric.RNIC_GBPS, 1) + "; " + cacheSeries(result, Metric.RX_DELAY_NS, 0) + "; " +
                cacheSeries(result, Metric.IIO_OCCUPANCY, 1)),
            new BaselineRow("qpc-budget", "rhcc at 0x / 3x, 65,536 QPs with the QP-context cache: RDMA Gbit/s with " +
                "every QP active -> with " + ACTIVE_QPS + " active per sender", "(not in the paper)",
                budgetRow(result, 0) + "; " + budgetRow(result, 3)));
    }

    private static String budgetRow(final ExperimentResult result, final int congestion)
    {
        final RunRecord all = Outcomes.run(result, "rhcc",
            (r) -> r.qps() == 65_536 && r.congestion() == congestion && isCacheRun(r) && !isBudgetRun(r));
        final RunRecord budget = Outcomes.run(result, "rhcc",
            (r) -> r.qps() == 65_536 && r.congestion() == congestion && isBudgetRun(r));
        return (null == all ? "n/a" : Fmt.num(all.value(Metric.RNIC_GBPS), 1)) + " -> " +
            (null == budget ? "n/a" : Fmt.num(budget.value(Metric.RNIC_GBPS), 1));
    }

    private static String cacheSeries(final ExperimentResult result, final Metric metric, final int decimals)
    {
        final StringBuilder values = new StringBuilder();
        for (final int qps : CACHE_QPS)
        {
            final RunRecord run = Outcomes.run(result, "rhcc",
                (r) -> r.qps() == qps && r.congestion() == 0 && isCacheRun(r) && !isBudgetRun(r));
            if (values.length() > 0)
            {
                values.append(" / ");
            }
            values.append(null == run ? "n/a" : Fmt.num(run.value(metric), decimals));
        }
        return values.toString();
    }

    private static Map<String, String> cacheOnBudget()
    {
        final Map<String, String> params = new LinkedHashMap<>(CACHE_ON);
        params.put("rnic.activeQpsPerSender", Integer.toString(ACTIVE_QPS));
        return Collections.unmodifiableMap(params);
    }
}
