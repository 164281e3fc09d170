package org.rhcc.cli.report;

import java.util.List;
import java.util.Objects;

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
 */
public record ChartData(
    String fileName,
    String title,
    String xTitle,
    String yTitle,
    Kind kind,
    List<String> categories,
    List<Series> series)
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
