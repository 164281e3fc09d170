package org.rhcc.experiments.report;

import java.util.Objects;
import java.util.function.Function;

import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;

/**
 * One column of the plain table {@code rhcc experiment} prints on stdout.
 *
 * @param header     column title, with the unit.
 * @param cell       a run's cell text.
 * @param alignRight true for numbers.
 */
public record TableColumn(String header, Function<RunRecord, String> cell, boolean alignRight)
{
    /**
     * Validates the arguments.
     */
    public TableColumn
    {
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(cell, "cell");
    }

    /**
     * @param header column title.
     * @param cell   a run's cell text.
     * @return a left-aligned text column.
     */
    public static TableColumn text(final String header, final Function<RunRecord, String> cell)
    {
        return new TableColumn(header, cell, false);
    }

    /**
     * @param header   column title with the unit.
     * @param metric   the metric, e.g. {@link Metric#RNIC_GBPS}.
     * @param decimals digits after the decimal point.
     * @return a right-aligned number column.
     */
    public static TableColumn metric(final String header, final Metric metric, final int decimals)
    {
        return new TableColumn(header, (run) -> Fmt.num(run.value(metric), decimals), true);
    }
}
