package org.rhcc.experiments.evaluation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.rhcc.core.sender.QpWeights;
import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunLength;
import org.rhcc.experiments.RunPlan;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartData;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.QpMetric;
import org.rhcc.experiments.result.RunRecord;

/**
 * Weighted shares (rhcc's extension, docs/design.md §4.1; the paper leaves weighted sharing as future work): one
 * sender's 4 QPs with weights 1:2:4:8 and, as a control, 1:1:1:1, at 3x intra-host congestion with PFC on, and
 * 1:2:4:8 at 0x, where there is no intra-host congestion for the weights to act on and the shares are whatever the
 * fabric gives. Each run records every QP's goodput over the measured window, its share of the total, the ideal share
 * {@code w_i / sum w} and the deviation {@code |share - ideal| / ideal} (max and mean over the QPs). {@code dcqcn},
 * {@code hpcc} and {@code swift} have no sender loop and ignore the weights: their shares are what the host gives
 * unweighted QPs. {@code rnic-only} runs the sender loop alone, so the receiver stays congested and the weights
 * divide what it takes; under {@code rhcc} (over any CC) the MBA cascade removes the intra-host congestion of one
 * sender's 4 QPs (D stays below D_thr, R_rev never binds and the NIC's own round robin shares the line), and the
 * weights cost nothing.
 */
public final class WeightedExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "weighted";

    /** QPs of the sender. */
    static final int QPS = 4;

    private static final String[][] CONDITIONS = {
        { "3x, weights 1:2:4:8", "3", "1,2,4,8" },
        { "3x, weights 1:1:1:1", "3", "1,1,1,1" },
        { "0x, weights 1:2:4:8", "0", "1,2,4,8" },
    };

    /**
     * Describes the experiment: by default it runs rhcc and rnic-only (the weights apply where the sender loop binds)
     * dcqcn (for reference) and rhcc-gated, then hpcc and swift alone, under rhcc and under rhcc-gated.
     */
    public WeightedExperiment()
    {
        super(NAME,
            "4 QPs with weights 1:2:4:8 (and 1:1:1:1) at 3x and 0x: goodput shares against the ideal w_i / sum w",
            "extension (weighted shares, paper future work)",
            EvaluationSchemes.withOtherCcs(List.of("rhcc", "rnic-only", "dcqcn", "rhcc-gated")),
            RunLength.SETTLED_3X);
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        for (final String[] condition : CONDITIONS)
        {
            plan.add(condition[0],
                settings.scenario().pfc(true).senders(1).qps(QPS).congestion(Integer.parseInt(condition[1])).build(),
                Map.of(QpWeights.KEY, condition[2]), false);
        }
        return plan.runs();
    }

    @Override
    public List<TableColumn> tableColumns()
    {
        return List.of(Columns.SCHEME, Columns.CONDITION, Columns.RNIC_GBPS,
            TableColumn.text("QP goodput Gbit/s", (run) -> perQp(run, QpMetric.GOODPUT_GBPS, 1.0, 2)),
            TableColumn.text("share %", (run) -> perQp(run, QpMetric.SHARE, 100.0, 1)),
            TableColumn.text("ideal %", (run) -> perQp(run, QpMetric.IDEAL_SHARE, 100.0, 1)),
            TableColumn.text("dev max %", (run) -> Fmt.num(100.0 * run.value(Metric.SHARE_DEVIATION_MAX), 1)),
            TableColumn.text("dev mean %", (run) -> Fmt.num(100.0 * run.value(Metric.SHARE_DEVIATION_MEAN), 1)),
            Columns.PFC_PAUSE);
    }

    /**
     * @return the values of one per-QP metric, {@code a / b / c / d}.
     */
    private static String perQp(final RunRecord run, final QpMetric metric, final double scale, final int decimals)
    {
        final StringBuilder text = new StringBuilder();
        for (int qp = 0; qp < qpCount(run); qp++)
        {
            if (qp > 0)
            {
                text.append(" / ");
            }
            text.append(Fmt.num(scale * run.value(metric, qp), decimals));
        }
        return text.toString();
    }

    private static int qpCount(final RunRecord run)
    {
        return run.senders() * run.qps();
    }

    @Override
    public List<ChartSpec> charts()
    {
        final List<ChartSpec> charts = new ArrayList<>();
        for (final String[] condition : CONDITIONS)
        {
            final String file = "weighted-shares-" + condition[1] + "x-" + condition[2].replace(',', '-') + ".png";
            charts.add((result) -> shares(result, condition[0], file));
        }
        return charts;
    }

    /**
     * Bars per QP: each scheme's share of the goodput next to the ideal share; rhcc and rhcc-gated over HPCC and
     * Swift (the schemes named {@code x+cc}) are left to the table, so that every bar keeps a colour of its own.
     */
    private static Optional<ChartData> shares(final ExperimentResult result, final String condition, final String file)
    {
        final List<RunRecord> runs = result.select((run) -> condition.equals(run.condition()) &&
            run.scheme().indexOf('+') < 0);
        if (runs.isEmpty())
        {
            return Optional.empty();
        }
        final int qps = qpCount(runs.get(0));
        final List<String> categories = new ArrayList<>();
        final double[] ideal = new double[qps];
        for (int qp = 0; qp < qps; qp++)
        {
            categories.add("QP " + qp + " (w " + (long)runs.get(0).value(QpMetric.WEIGHT, qp) + ")");
            ideal[qp] = 100.0 * runs.get(0).value(QpMetric.IDEAL_SHARE, qp);
        }
        final List<ChartData.Series> series = new ArrayList<>();
        for (final RunRecord run : runs)
        {
            final double[] shares = new double[qps];
            for (int qp = 0; qp < qps; qp++)
            {
                shares[qp] = 100.0 * run.value(QpMetric.SHARE, qp);
            }
            series.add(new ChartData.Series(run.scheme(), null, shares, false));
        }
        series.add(new ChartData.Series("ideal (w_i / sum w)", null, ideal, true));
        return Optional.of(new ChartData(file, "Goodput shares, " + condition, "QP (weight)", "share of goodput (%)",
            ChartData.Kind.BAR, categories, series).withUnsettledNotes(runs));
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        final List<BaselineRow> rows = new ArrayList<>();
        for (final String[] condition : CONDITIONS)
        {
            final StringBuilder text = new StringBuilder();
            for (final String scheme : new String[]{ "rhcc", "rnic-only", "dcqcn" })
            {
                final RunRecord run = Outcomes.run(result, scheme, (r) -> condition[0].equals(r.condition()));
                if (text.length() > 0)
                {
                    text.append("; ");
                }
                text.append(scheme).append(' ').append(null == run ? "n/a" :
                    perQp(run, QpMetric.SHARE, 100.0, 1) + " % (deviation max " +
                    Fmt.num(100.0 * run.value(Metric.SHARE_DEVIATION_MAX), 1) + " %)");
            }
            rows.add(new BaselineRow("weighted " + condition[1] + "x " + condition[2],
                "goodput shares of 4 QPs, weights " + condition[2].replace(',', ':'),
                "not in the paper (future work)", text.toString()));
        }
        return rows;
    }
}
