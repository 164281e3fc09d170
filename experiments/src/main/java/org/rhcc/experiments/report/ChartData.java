package org.rhcc.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.rhcc.experiments.result.RunRecord;

/**
 * What one chart shows, independent of the plotting library: titles with units, and its series. The
 * {@link ChartRenderer} turns it into a PNG.
 *
 * @param fileName   PNG file name without directory, e.g. {@code congestion-throughput.png}.
 * @param title      chart title.
 * @param xTitle     x-axis title with its unit.
 * @param yTitle     y-axis title with its unit.
 * @param kind       how to draw it.
 * @param categories x-axis categories in order ({@link Kind#BAR} only; empty otherwise).
 * @param series     one legend entry each, in legend order.
 * @param notes      lines printed under the plot, e.g. the runs shown that are not stationary ({@link Unsettled});
 *                   may be empty.
 */
public record ChartData(
    String fileName,
    String title,
    String xTitle,
    String yTitle,
    Kind kind,
    List<String> categories,
    List<Series> series,
    List<String> notes)
{
    /**
     * Validates the names and freezes the lists.
     */
    public ChartData
    {
        Objects.requireNonNull(fileName, "fileName");
        if (!fileName.endsWith(".png") || fileName.contains("/"))
        {
            throw new IllegalArgumentException("chart file name must be a plain *.png name: " + fileName);
        }
        categories = List.copyOf(categories);
        series = List.copyOf(series);
        notes = List.copyOf(notes);
    }

    /**
     * A chart without notes.
     *
     * @param fileName   PNG file name without directory.
     * @param title      chart title.
     * @param xTitle     x-axis title with its unit.
     * @param yTitle     y-axis title with its unit.
     * @param kind       how to draw it.
     * @param categories x-axis categories ({@link Kind#BAR} only).
     * @param series     the legend entries.
     */
    public ChartData(
        final String fileName,
        final String title,
        final String xTitle,
        final String yTitle,
        final Kind kind,
        final List<String> categories,
        final List<Series> series)
    {
        this(fileName, title, xTitle, yTitle, kind, categories, series, List.of());
    }

    /**
     * @param runs the runs the chart shows.
     * @return a copy of this chart with a note under the plot naming each run shown that is not stationary
     * ({@link Unsettled}); this chart itself when every run settled.
     */
    public ChartData withUnsettledNotes(final List<RunRecord> runs)
    {
        final List<String> lines = Unsettled.lines(runs);
        if (lines.isEmpty())
        {
            return this;
        }
        final List<String> more = new ArrayList<>(notes);
        more.add(Unsettled.legend() + ":");
        lines.forEach((line) -> more.add("  " + line));
        return new ChartData(fileName, title, xTitle, yTitle, kind, categories, series, more);
    }

    /**
     * How a chart is drawn.
     */
    public enum Kind
    {
        /** Grouped bars over discrete conditions (e.g. 0x..3x), one bar colour per series. */
        BAR,
        /** Lines with markers over a numeric x axis. */
        LINE
    }

    /**
     * One legend entry.
     *
     * @param name      legend text.
     * @param xs        x values ({@link Kind#LINE}); null for {@link Kind#BAR}.
     * @param ys        y values, aligned with {@code xs} or with the chart's categories; NaN where there is none.
     * @param reference true for a series of paper (testbed) numbers drawn for comparison, not a simulated one.
     */
    public record Series(String name, double[] xs, double[] ys, boolean reference)
    {
        /**
         * Validates the lengths.
         */
        public Series
        {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(ys, "ys");
            if (null != xs && xs.length != ys.length)
            {
                throw new IllegalArgumentException(
                    "series '" + name + "' has " + xs.length + " x values but " + ys.length + " y values");
            }
        }
    }
}
