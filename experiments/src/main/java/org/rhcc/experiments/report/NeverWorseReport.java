package org.rhcc.experiments.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;

/**
 * Whether turning rhcc on ever loses against its inter-host CC alone ({@code rhcc report --from DIR --never-worse}):
 * every run of {@code rhcc}, {@code rhcc-gated}, {@code rhcc+X} or {@code rhcc-gated+X} is paired with the run of its
 * inter-host CC alone ({@code dcqcn} or {@code X}) in the same experiment and condition with the same parameters, and
 * compared in goodput ({@code rnic_gbps}) and mean latency ({@code latency_avg_us}). A pair is worse when the scheme
 * has less goodput or more mean latency than the CC alone at all; it is a loss when the difference exceeds
 * {@link #LOSS_TOLERANCE} (the simulator is deterministic, so a difference is the schemes', not noise, but a
 * difference below 1 % is within what a second seed moves a run).
 */
public final class NeverWorseReport
{
    /** Relative difference beyond which a worse pair counts as a loss. */
    public static final double LOSS_TOLERANCE = 0.01;

    /** The intra-host schemes compared with their inter-host CC alone, in table order. */
    public static final List<String> INTRA_HOST = List.of("rhcc", "rhcc-gated");

    private static final Metric GOODPUT = Metric.RNIC_GBPS;
    private static final Metric LATENCY = Metric.LATENCY_AVG_US;

    private NeverWorseReport()
    {
    }

    /**
     * One condition of one experiment under one inter-host CC: the CC alone and each intra-host scheme over it.
     *
     * @param experiment the experiment.
     * @param condition  the runs' condition.
     * @param cc         the inter-host CC ({@code dcqcn}, {@code hpcc}, {@code swift}).
     * @param alone      the CC alone.
     * @param withRhcc   intra-host scheme name ({@link #INTRA_HOST}) to its run over the CC, where it ran.
     */
    public record Row(String experiment, String condition, String cc, RunRecord alone, Map<String, RunRecord> withRhcc)
    {
        /**
         * @param intraHost one of {@link #INTRA_HOST}.
         * @return the scheme's relative goodput change against the CC alone (negative: worse), NaN if not run.
         */
        public double goodputChange(final String intraHost)
        {
            return change(intraHost, GOODPUT);
        }

        /**
         * @param intraHost one of {@link #INTRA_HOST}.
         * @return the scheme's relative mean-latency change against the CC alone (positive: worse), NaN if not run
         * or the experiment measures no latency.
         */
        public double latencyChange(final String intraHost)
        {
            return change(intraHost, LATENCY);
        }

        /**
         * @param intraHost one of {@link #INTRA_HOST}.
         * @return true when the scheme loses beyond {@link #LOSS_TOLERANCE} in goodput or mean latency.
         */
        public boolean loses(final String intraHost)
        {
            return goodputChange(intraHost) < -LOSS_TOLERANCE || latencyChange(intraHost) > LOSS_TOLERANCE;
        }

        private double change(final String intraHost, final Metric metric)
        {
            final RunRecord run = withRhcc.get(intraHost);
            if (null == run)
            {
                return Double.NaN;
            }
            final double base = alone.value(metric);
            final double value = run.value(metric);
            return base > 0.0 && Double.isFinite(value) ? (value - base) / base : Double.NaN;
        }
    }

    /**
     * @param results the experiments' results, in report order.
     * @return every condition in which an rhcc scheme ran beside its inter-host CC alone, in the results' order.
     */
    public static List<Row> rows(final List<ExperimentResult> results)
    {
        final List<Row> rows = new ArrayList<>();
        for (final ExperimentResult result : results)
        {
            final Map<String, Row> byKey = new LinkedHashMap<>();
            for (final RunRecord run : result.runs())
            {
                final String cc = ccAlone(run.scheme());
                if (null != cc)
                {
                    byKey.putIfAbsent(key(run.condition(), cc, run.params()),
                        new Row(result.experiment(), run.condition(), cc, run, new LinkedHashMap<>()));
                }
            }
            for (final RunRecord run : result.runs())
            {
                final int plus = run.scheme().indexOf('+');
                final String intraHost = plus < 0 ? run.scheme() : run.scheme().substring(0, plus);
                final String cc = plus < 0 ? "dcqcn" : run.scheme().substring(plus + 1);
                final Row row = byKey.get(key(run.condition(), cc, run.params()));
                if (INTRA_HOST.contains(intraHost) && null != row)
                {
                    row.withRhcc().put(intraHost, run);
                }
            }
            byKey.values().stream().filter((row) -> !row.withRhcc().isEmpty()).forEach(rows::add);
        }
        return rows;
    }

    /**
     * @param results the experiments' results, in report order.
     * @return Markdown: a summary per scheme and inter-host CC, the losses, then every condition.
     */
    public static String render(final List<ExperimentResult> results)
    {
        final List<Row> rows = rows(results);
        final StringBuilder text = new StringBuilder();
        text.append("| scheme | vs | conditions | worse in goodput | worst goodput | worse in mean latency | ")
            .append("worst latency | losses (> ").append(Fmt.num(100.0 * LOSS_TOLERANCE, 0)).append(" %) |\n")
            .append("|---|---|---|---|---|---|---|---|\n");
        for (final String intraHost : INTRA_HOST)
        {
            for (final String cc : ccs(rows))
            {
                int conditions = 0;
                int worseGoodput = 0;
                int worseLatency = 0;
                int losses = 0;
                double worstGoodput = 0.0;
                double worstLatency = 0.0;
                for (final Row row : rows)
                {
                    if (!row.cc().equals(cc) || !row.withRhcc().containsKey(intraHost))
                    {
                        continue;
                    }
                    conditions++;
                    final double goodput = row.goodputChange(intraHost);
                    final double latency = row.latencyChange(intraHost);
                    worseGoodput += goodput < 0.0 ? 1 : 0;
                    worseLatency += latency > 0.0 ? 1 : 0;
                    worstGoodput = goodput < worstGoodput ? goodput : worstGoodput;
                    worstLatency = latency > worstLatency ? latency : worstLatency;
                    losses += row.loses(intraHost) ? 1 : 0;
                }
                if (conditions > 0)
                {
                    text.append(String.format(Locale.ROOT, "| `%s` | `%s` | %d | %d | %s | %d | %s | %d |%n",
                        scheme(intraHost, cc), cc, conditions, worseGoodput, pct(worstGoodput), worseLatency,
                        pct(worstLatency), losses));
                }
            }
        }
        text.append("\nLosses beyond ").append(Fmt.num(100.0 * LOSS_TOLERANCE, 0)).append(" %:\n\n");
        int lossRows = 0;
        for (final Row row : rows)
        {
            for (final String intraHost : INTRA_HOST)
            {
                if (row.withRhcc().containsKey(intraHost) && row.loses(intraHost))
                {
                    lossRows++;
                    final RunRecord run = row.withRhcc().get(intraHost);
                    text.append(String.format(Locale.ROOT,
                        "- `%s`, %s: `%s` %s Gbit/s and %s us against `%s` alone %s Gbit/s and %s us%n",
                        row.experiment(), row.condition(), run.scheme(), Fmt.num(run.value(GOODPUT), 1),
                        Fmt.num(run.value(LATENCY), 1), row.cc(), Fmt.num(row.alone().value(GOODPUT), 1),
                        Fmt.num(row.alone().value(LATENCY), 1)));
                }
            }
        }
        if (0 == lossRows)
        {
            text.append("- none\n");
        }
        text.append("\nEvery condition (goodput and mean latency of the CC alone, and each scheme's change):\n\n")
            .append("| experiment | condition | CC | alone Gbit/s | alone us |");
        for (final String intraHost : INTRA_HOST)
        {
            text.append(" `").append(intraHost).append("` goodput | `").append(intraHost).append("` latency |");
        }
        text.append("\n|---|---|---|---|---|");
        text.append("---|---|".repeat(INTRA_HOST.size())).append('\n');
        for (final Row row : rows)
        {
            text.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s |", row.experiment(), row.condition(),
                row.cc(), Fmt.num(row.alone().value(GOODPUT), 1), Fmt.num(row.alone().value(LATENCY), 1)));
            for (final String intraHost : INTRA_HOST)
            {
                text.append(' ').append(mark(pct(row.goodputChange(intraHost)), row.goodputChange(intraHost) <
                    -LOSS_TOLERANCE)).append(" | ").append(mark(pct(row.latencyChange(intraHost)),
                    row.latencyChange(intraHost) > LOSS_TOLERANCE)).append(" |");
            }
            text.append('\n');
        }
        return text.toString();
    }

    private static List<String> ccs(final List<Row> rows)
    {
        return rows.stream().map(Row::cc).distinct().toList();
    }

    private static String scheme(final String intraHost, final String cc)
    {
        return "dcqcn".equals(cc) ? intraHost : intraHost + "+" + cc;
    }

    private static String ccAlone(final String scheme)
    {
        return "dcqcn".equals(scheme) || "hpcc".equals(scheme) || "swift".equals(scheme) ? scheme : null;
    }

    private static String key(final String condition, final String cc, final Map<String, String> params)
    {
        return condition + "\u0000" + cc + "\u0000" + params;
    }

    private static String pct(final double change)
    {
        return Double.isNaN(change) ? "-" : String.format(Locale.ROOT, "%+.1f %%", 100.0 * change);
    }

    private static String mark(final String cell, final boolean loss)
    {
        return loss ? "**" + cell + "**" : cell;
    }
}
