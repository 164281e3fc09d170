package org.rhcc.experiments.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws a {@link ChartData} as a PNG with XChart's {@link BitmapEncoder}; works headless
 * ({@code -Djava.awt.headless=true}, which the {@code rhcc} launcher sets).
 * <p>
 * Every series is drawn in its {@link ChartStyles} style: a colour-blind-safe palette (Okabe and Ito) in three variants
 * (the colour, darker and dashed, lighter and dotted), so that no two series of a PNG look alike; paper reference
 * series are drawn near-black (bars) or black, dashed, with diamond markers (lines), so that a reader sees at once
 * which numbers come from the testbed.
 * A figure of panels ({@link ChartData#panels()}, one per inter-host CC, {@link InterHostCcPanels}) is drawn as one
 * XChart plot per panel, {@link #PANEL_HEIGHT_PX} high, with a common y axis, stacked under the figure's title in one
 * image (XChart's own matrix of charts has no title or notes of its own, so the image is composed with java.awt).
 * The chart's notes ({@link ChartData#notes()}, e.g. the runs shown that are not stationary) are printed under it.
 */
public final class ChartRenderer
{
    /** Width of every chart, pixels. */
    public static final int WIDTH_PX = 960;
    /** Height of every chart, pixels. */
    public static final int HEIGHT_PX = 560;
    /** Height of each panel of a figure, pixels. */
    public static final int PANEL_HEIGHT_PX = 430;
    /** Height of a figure's title strip above its panels, pixels. */
    public static final int FIGURE_TITLE_PX = 40;

    private static final Marker[] MARKERS =
    {
        SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.DIAMOND,
        SeriesMarkers.TRIANGLE_DOWN,
    };
    private static final BasicStroke[] LINE_STROKES =
    {
        new BasicStroke(2.0f),
        new BasicStroke(2.0f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10.0f, new float[]{ 9.0f, 5.0f }, 0.0f),
        new BasicStroke(2.0f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10.0f, new float[]{ 2.0f, 4.0f }, 0.0f),
    };
    /** Bar groups whose labels fit upright under a chart. */
    private static final int UPRIGHT_CATEGORIES = 6;
    /** Lines with more points than this are drawn without markers. */
    private static final int MARKED_POINTS = 40;
    private static final double[] NICE_STEPS = { 1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0 };
    private static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 18);
    private static final Font PANEL_TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    private static final Font AXIS_TITLE_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 15);
    private static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    private static final Font LEGEND_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    private static final Font NOTE_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    private static final Color NOTE_COLOR = new Color(170, 30, 30);
    private static final int NOTE_LINE_PX = 20;

    private ChartRenderer()
    {
    }

    /**
     * Writes the chart to {@code directory/data.fileName()}.
     *
     * @param data      the chart.
     * @param directory where to write.
     * @throws IOException if the file cannot be written.
     */
    public static Path writePng(final ChartData data, final Path directory) throws IOException
    {
        final Path file = directory.resolve(data.fileName());
        try (OutputStream out = Files.newOutputStream(file))
        {
            encode(data, out);
        }
        return file;
    }

    /**
     * @param data the chart.
     * @throws IOException if encoding fails.
     */
    public static byte[] toPng(final ChartData data) throws IOException
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        encode(data, out);
        return out.toByteArray();
    }

    private static void encode(final ChartData data, final OutputStream out) throws IOException
    {
        if (!ImageIO.write(withNotes(image(data), data.notes()), "png", out))
        {
            throw new IOException("no PNG writer in this JVM");
        }
    }

    /**
     * @param data a chart.
     * @return its plot, or its panels stacked under its title.
     */
    private static BufferedImage image(final ChartData data)
    {
        final List<List<ChartStyles.SeriesStyle>> styles = ChartStyles.of(data);
        final double yMax = yAxisMax(data);
        final boolean legendInColumn = legendInColumn(data);
        if (data.panels().isEmpty())
        {
            return BitmapEncoder.getBufferedImage(
                toChart(data, styles.get(0), new Frame(HEIGHT_PX, TITLE_FONT, yMax, legendInColumn)));
        }
        final List<ChartData> panels = data.panels();
        final Frame panelFrame = new Frame(PANEL_HEIGHT_PX, PANEL_TITLE_FONT, yMax, legendInColumn);
        final BufferedImage image = new BufferedImage(WIDTH_PX, FIGURE_TITLE_PX + PANEL_HEIGHT_PX * panels.size(),
            BufferedImage.TYPE_INT_RGB);
        final Graphics2D g = whiteCanvas(image);
        try
        {
            g.setFont(TITLE_FONT);
            g.setColor(Color.BLACK);
            final int titleWidthPx = g.getFontMetrics().stringWidth(data.title());
            g.drawString(data.title(), Math.max(8, (WIDTH_PX - titleWidthPx) / 2), FIGURE_TITLE_PX - 12);
            for (int i = 0; i < panels.size(); i++)
            {
                g.drawImage(BitmapEncoder.getBufferedImage(toChart(panels.get(i), styles.get(i), panelFrame)), 0,
                    FIGURE_TITLE_PX + i * PANEL_HEIGHT_PX, null);
            }
        }
        finally
        {
            g.dispose();
        }
        return image;
    }

    /**
     * @return a graphics context over {@code image}, filled white, with anti-aliased text; the caller disposes it.
     */
    private static Graphics2D whiteCanvas(final BufferedImage image)
    {
        final Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        return g;
    }

    /**
     * How one plot is framed: its height and title font (a chart's, or a panel's), the y axis's end and the legend's
     * layout, the same for every panel of a figure.
     */
    private record Frame(int heightPx, Font titleFont, double yMax, boolean legendInColumn)
    {
    }

    /**
     * @param chart the rendered chart.
     * @param notes lines to print under it.
     * @return {@code chart} itself without notes, else a taller image with the notes under the chart, left-aligned.
     */
    static BufferedImage withNotes(final BufferedImage chart, final List<String> notes)
    {
        if (notes.isEmpty())
        {
            return chart;
        }
        final BufferedImage image = new BufferedImage(chart.getWidth(),
            chart.getHeight() + NOTE_LINE_PX * notes.size() + NOTE_LINE_PX / 2, BufferedImage.TYPE_INT_RGB);
        final Graphics2D g = whiteCanvas(image);
        try
        {
            g.drawImage(chart, 0, 0, null);
            g.setFont(NOTE_FONT);
            g.setColor(NOTE_COLOR);
            int y = chart.getHeight() + NOTE_LINE_PX - 4;
            for (final String note : notes)
            {
                g.drawString(note, 16, y);
                y += NOTE_LINE_PX;
            }
        }
        finally
        {
            g.dispose();
        }
        return image;
    }

    private static Chart<?, ?> toChart(final ChartData plot, final List<ChartStyles.SeriesStyle> styles,
        final Frame frame)
    {
        final Chart<?, ?> chart = ChartData.Kind.BAR == plot.kind() ? barChart(plot, styles, frame.heightPx()) :
            lineChart(plot, styles, frame.heightPx());
        final AxesChartStyler styler = (AxesChartStyler)chart.getStyler();
        styler.setChartTitleFont(frame.titleFont());
        legendLayout(styler, frame.legendInColumn());
        if (frame.yMax() > 0.0)
        {
            styler.setYAxisMax(frame.yMax());
        }
        return chart;
    }

    private static CategoryChart barChart(final ChartData data, final List<ChartStyles.SeriesStyle> styles,
        final int heightPx)
    {
        final CategoryChart chart = new CategoryChartBuilder()
            .width(WIDTH_PX).height(heightPx)
            .title(data.title()).xAxisTitle(data.xTitle()).yAxisTitle(data.yTitle())
            .build();
        style(chart.getStyler());
        chart.getStyler().setAvailableSpaceFill(0.8);
        chart.getStyler().setOverlapped(false);
        if (data.categories().size() > UPRIGHT_CATEGORIES)
        {
            // slanted, every group keeps its label (upright, XChart drops every other one)
            chart.getStyler().setXAxisLabelRotation(30);
            chart.getStyler().setXAxisTickMarkSpacingHint(20);
        }
        for (int i = 0; i < data.series().size(); i++)
        {
            final ChartData.Series series = data.series().get(i);
            final CategorySeries added = chart.addSeries(series.name(), data.categories(), values(series.ys()));
            added.setFillColor(styles.get(i).color());
            added.setLineColor(styles.get(i).color());
        }
        return chart;
    }

    private static XYChart lineChart(final ChartData data, final List<ChartStyles.SeriesStyle> styles,
        final int heightPx)
    {
        final XYChart chart = new XYChartBuilder()
            .width(WIDTH_PX).height(heightPx)
            .title(data.title()).xAxisTitle(data.xTitle()).yAxisTitle(data.yTitle())
            .build();
        style(chart.getStyler());
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        for (int i = 0; i < data.series().size(); i++)
        {
            final ChartData.Series series = data.series().get(i);
            final ChartStyles.SeriesStyle style = styles.get(i);
            final XYSeries added = chart.addSeries(series.name(), values(series.xs()), values(series.ys()));
            added.setLineColor(style.color());
            added.setMarkerColor(style.color());
            added.setLineStyle(LINE_STROKES[style.dash()]);
            added.setMarker(!style.reference() && series.xs().length > MARKED_POINTS ? SeriesMarkers.NONE :
                MARKERS[style.marker()]);
        }
        return chart;
    }

    private static void style(final AxesChartStyler styler)
    {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotBorderColor(Color.GRAY);
        styler.setPlotGridLinesColor(new Color(225, 225, 225));
        styler.setChartTitleFont(TITLE_FONT);
        styler.setChartTitleBoxVisible(false);
        styler.setAxisTitleFont(AXIS_TITLE_FONT);
        styler.setAxisTickLabelsFont(TICK_FONT);
        styler.setLegendFont(LEGEND_FONT);
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Horizontal);
        styler.setLegendBorderColor(Color.WHITE);
        styler.setMarkerSize(9);
        styler.setYAxisMin(0.0);
        styler.setChartPadding(12);
    }

    /**
     * A legend stays in one row under the plot while it fits the chart's width (about 8 px per character plus 60 px
     * per entry for the marker and spacing); a longer one goes in a column to the right of the plot, so that no entry
     * is cut off. The panels of a figure all take the layout its longest legend needs, so that their plots line up.
     *
     * @return true when a legend of the chart needs a column.
     */
    private static boolean legendInColumn(final ChartData chart)
    {
        for (final ChartData plot : chart.plots())
        {
            int widthPx = 0;
            for (final ChartData.Series series : plot.series())
            {
                widthPx += 8 * series.name().length() + 60;
            }
            if (widthPx > WIDTH_PX - 40)
            {
                return true;
            }
        }
        return false;
    }

    private static void legendLayout(final AxesChartStyler styler, final boolean inColumn)
    {
        if (inColumn)
        {
            styler.setLegendPosition(Styler.LegendPosition.OutsideE);
            styler.setLegendLayout(Styler.LegendLayout.Vertical);
        }
    }

    /**
     * @return a round number a little above the largest value of every plot of the chart (0 when there is none), for
     * the y axis to end at, so that it always gets several labelled ticks (XChart otherwise labels only the extremes
     * of some ranges) and the panels of a figure share one scale.
     */
    private static double yAxisMax(final ChartData data)
    {
        double max = 0.0;
        for (final ChartData plot : data.plots())
        {
            for (final ChartData.Series series : plot.series())
            {
                for (final double y : series.ys())
                {
                    if (Double.isFinite(y))
                    {
                        max = Math.max(max, y);
                    }
                }
            }
        }
        return max > 0.0 ? niceCeiling(1.05 * max) : 0.0;
    }

    /**
     * @param value a positive number.
     * @return the smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10 times a power of ten that is at least
     * {@code value}.
     */
    static double niceCeiling(final double value)
    {
        final double decade = Math.pow(10.0, Math.floor(Math.log10(value)));
        final double fraction = value / decade;
        for (final double step : NICE_STEPS)
        {
            if (fraction <= step + 1e-9)
            {
                return step * decade;
            }
        }
        return 10.0 * decade;
    }

    private static List<Double> values(final double[] values)
    {
        final List<Double> list = new ArrayList<>(values.length);
        for (final double value : values)
        {
            list.add(Double.isFinite(value) ? value : null);
        }
        return list;
    }
}
