package org.rhcc.experiments.report;

import java.util.ArrayList;
import java.util.List;

import org.rhcc.experiments.result.RunRecord;

/**
 * A plain, aligned text table: a header, a rule, one line per run; columns separated by two spaces. A run that is not
 * stationary gets {@value Unsettled#MARK} after its first cell, and the table ends with a legend naming each such run
 * ({@link Unsettled}).
 */
public final class TextTable
{
    private TextTable()
    {
    }

    /**
     * @param columns the columns.
     * @param runs    one line each, in order.
     * @return the table, every line ending with "\n".
     */
    public static String render(final List<TableColumn> columns, final List<RunRecord> runs)
    {
        final List<String[]> rows = new ArrayList<>(runs.size());
        final int[] widths = new int[columns.size()];
        for (int c = 0; c < widths.length; c++)
        {
            widths[c] = columns.get(c).header().length();
        }
        for (final RunRecord run : runs)
        {
            final String[] row = new String[columns.size()];
            for (int c = 0; c < row.length; c++)
            {
                final String cell = columns.get(c).cell().apply(run);
                row[c] = 0 == c ? Unsettled.mark(cell, run) : cell;
                widths[c] = Math.max(widths[c], row[c].length());
            }
            rows.add(row);
        }

        final StringBuilder text = new StringBuilder();
        final String[] header = new String[columns.size()];
        final String[] rule = new String[columns.size()];
        for (int c = 0; c < header.length; c++)
        {
            header[c] = columns.get(c).header();
            rule[c] = "-".repeat(widths[c]);
        }
        appendLine(text, columns, widths, header);
        appendLine(text, columns, widths, rule);
        for (final String[] row : rows)
        {
            appendLine(text, columns, widths, row);
        }
        final List<String> unsettled = Unsettled.lines(runs);
        if (!unsettled.isEmpty())
        {
            text.append(Unsettled.legend()).append(":\n");
            unsettled.forEach((line) -> text.append("  ").append(line).append('\n'));
        }
        return text.toString();
    }

    private static void appendLine(
        final StringBuilder text, final List<TableColumn> columns, final int[] widths, final String[] cells)
    {
        final StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.length; c++)
        {
            if (c > 0)
            {
                line.append("  ");
            }
            final String pad = " ".repeat(widths[c] - cells[c].length());
            if (columns.get(c).alignRight())
            {
                line.append(pad).append(cells[c]);
            }
            else
            {
                line.append(cells[c]).append(pad);
            }
        }
        int end = line.length();
        while (end > 0 && line.charAt(end - 1) == ' ')
        {
            end--;
        }
        text.append(line, 0, end).append('\n');
    }
}
