package org.rhcc.experiments.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.RunRecord;

/**
 * Markdown for a README: the paper's baseline rows next to the simulator's numbers, generated from experiment
 * results so that the table can be regenerated from the JSON files at any time.
 */
public final class MarkdownReport
{
    private MarkdownReport()
    {
    }

    /**
     * One experiment's part of the report.
     *
     * @param result the experiment's result.
     * @param rows   its paper-versus-simulated rows.
     */
    public record Section(ExperimentResult result, List<BaselineRow> rows)
    {
        /**
         * Freezes the rows.
         */
        public Section
        {
            rows = List.copyOf(rows);
        }
    }

    /**
     * @param sections one per experiment, in any order.
     * @return a sentence on how the numbers were obtained, then one table of every baseline row ordered by row
     * number (B1, B2, ..., B15).
     */
    public static String baselineTable(final List<Section> sections)
    {
        final StringBuilder md = new StringBuilder();
        md.append(provenance(sections)).append("\n\n");
        md.append("| Row | Measured | Paper (testbed) | Simulated (rhcc) | Experiment |\n");
        md.append("|---|---|---|---|---|\n");
        final List<String[]> lines = lines(sections, true);
        lines.sort(Comparator.comparingInt((String[] line) -> rowNumber(line[0])).thenComparing((line) -> line[0]));
        appendLines(md, lines);
        return md.toString();
    }

    /**
     * @param sections one per experiment, in report order.
     * @return one table of the evaluation rows (schemes compared with each other and with the paper's claims), in
     * experiment order; empty when no experiment has one.
     */
    public static String evaluationTable(final List<Section> sections)
    {
        final List<String[]> lines = lines(sections, false);
        if (lines.isEmpty())
        {
            return "";
        }
        final StringBuilder md = new StringBuilder();
        md.append("| Row | Measured | Paper (claim) | Simulated | Experiment |\n");
        md.append("|---|---|---|---|---|\n");
        appendLines(md, lines);
        return md.toString();
    }

    private static List<String[]> lines(final List<Section> sections, final boolean baseline)
    {
        final List<String[]> lines = new ArrayList<>();
        for (final Section section : sections)
        {
            for (final BaselineRow row : section.rows())
            {
                if (row.id().matches("B[0-9]+") == baseline)
                {
                    lines.add(new String[]{ row.id(), row.condition(), row.paper(), row.simulated(),
                        "`" + section.result().experiment() + "`" });
                }
            }
        }
        return lines;
    }

    private static void appendLines(final StringBuilder md, final List<String[]> lines)
    {
        for (final String[] line : lines)
        {
            md.append('|');
            for (final String cell : line)
            {
                md.append(' ').append(escape(cell)).append(" |");
            }
            md.append('\n');
        }
    }

    /**
     * @param columns the columns (as in the stdout table).
     * @param runs    the runs.
     * @return a markdown table, numbers right-aligned; runs that are not stationary marked, with a legend after the
     * table ({@link Unsettled}).
     */
    public static String runTable(final List<TableColumn> columns, final List<RunRecord> runs)
    {
        final StringBuilder md = new StringBuilder("|");
        final StringBuilder rule = new StringBuilder("|");
        for (final TableColumn column : columns)
        {
            md.append(' ').append(escape(column.header())).append(" |");
            rule.append(column.alignRight() ? "---:|" : "---|");
        }
        md.append('\n').append(rule).append('\n');
        for (final RunRecord run : runs)
        {
            md.append('|');
            boolean first = true;
            for (final TableColumn column : columns)
            {
                final String cell = column.cell().apply(run);
                md.append(' ').append(escape(first ? Unsettled.mark(cell, run) : cell)).append(" |");
                first = false;
            }
            md.append('\n');
        }
        final List<String> unsettled = Unsettled.lines(runs);
        if (!unsettled.isEmpty())
        {
            md.append("\n\\").append(escape(Unsettled.legend())).append(":\n\n");
            unsettled.forEach((line) -> md.append("- ").append(escape(line)).append('\n'));
        }
        return md.toString();
    }

    private static String provenance(final List<Section> sections)
    {
        final Set<String> settings = new LinkedHashSet<>();
        for (final Section section : sections)
        {
            final ExperimentResult result = section.result();
            settings.add("seed " + result.seed() + ", " + Fmt.num(result.durationMs(), 1) +
                " ms measured per run after " + Fmt.num(result.warmupMs(), 1) + " ms of warm-up");
        }
        return "Simulated with `rhcc experiment` (" + String.join("; ", settings) +
            "), scheme `dcqcn` (no intra-host control), calibrated simulator parameters.";
    }

    private static int rowNumber(final String id)
    {
        final String digits = id.replaceAll("[^0-9]", "");
        return digits.isEmpty() ? Integer.MAX_VALUE : Integer.parseInt(digits);
    }

    private static String escape(final String cell)
    {
        return cell.replace("|", "\\|").replace("\n", " ");
    }
}
