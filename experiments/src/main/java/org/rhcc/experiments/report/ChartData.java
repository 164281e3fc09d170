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
 * @param panels     the panels of a figure drawn as several plots in one PNG (one per inter-host CC,
 *                   {@link InterHostCcPanels}), each a chart of its own with its panel title, categories and series;
 *                   empty for a single plot, whose categories and series are this chart's. A figure has no categories
 *                   or series of its own; its notes are printed once, under the last panel.
 */
public record ChartData(
    String fileName,
    String title,
    String xTitle,
    String yTitle,
    Kind kind,
    List<String> categories,
    List<Series> series,
    List<String> notes,
    List<ChartData> panels)
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
        panels = List.copyOf(panels);
        if (!panels.isEmpty() && !(categories.isEmpty() && series.isEmpty()))
        {
            throw new IllegalArgumentException("a figure of panels has no series of its own: " + fileName);
        }
        for (final ChartData panel : panels)
        {
            if (!panel.panels().isEmpty() || panel.kind() != kind)
            {
                throw new IllegalArgumentException("a panel of " + fileName + " must be a single plot of its kind");
            }
        }
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
        this(fileName, title, xTitle, yTitle, kind, categories, series, List.of(), List.of());
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
        return new ChartData(fileName, title, xTitle, yTitle, kind, categories, series, more, panels);
    }

    /**
     * @param figureTitle the figure's title, above every panel.
     * @param panelCharts the panels, each a single plot of this chart's kind; their own notes are dropped.
     * @param figureNotes lines printed once under the last panel.
     * @return a figure of the panels, with this chart's file name, kind and axis titles.
     */
    public ChartData withPanels(final String figureTitle, final List<ChartData> panelCharts,
        final List<String> figureNotes)
    {
        final List<ChartData> withoutNotes = new ArrayList<>();
        for (final ChartData panel : panelCharts)
        {
            withoutNotes.add(new ChartData(fileName, panel.title(), xTitle, yTitle, kind, panel.categories(),
                panel.series()));
        }
        return new ChartData(fileName, figureTitle, xTitle, yTitle, kind, List.of(), List.of(), figureNotes,
            withoutNotes);
    }

    /**
     * @param newTitle another title (a panel's).
     * @return a copy of this chart with that title.
     */
    public ChartData withTitle(final String newTitle)
    {
        return new ChartData(fileName, newTitle, xTitle, yTitle, kind, categories, series, notes, panels);
    }

    /**
     * @return the plots to draw: the panels of a figure, else this chart alone.
     */
    public List<ChartData> plots()
    {
        return panels.isEmpty() ? List.of(this) : panels;
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
