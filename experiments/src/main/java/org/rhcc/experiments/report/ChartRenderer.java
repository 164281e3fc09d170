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
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws a {@link ChartData} as a PNG with XChart's {@link BitmapEncoder}; works headless
 * ({@code -Djava.awt.headless=true}, which the {@code rhcc} launcher sets).
 * <p>
 * Simulated series use a colour-blind-safe palette (Okabe and Ito) of 8 colours, lines past the eighth dashed and past
 * the sixteenth dotted; paper reference series are drawn in grey (bars) or black, dashed, with diamond markers
 * (lines), so that a reader sees at once which numbers come from the testbed.
 * The chart's notes ({@link ChartData#notes()}, e.g. the runs shown that are not stationary) are printed under it.
 */
public final class ChartRenderer
{
    /** Width of every chart, pixels. */
    public static final int WIDTH_PX = 960;
    /** Height of every chart, pixels. */
    public static final int HEIGHT_PX = 560;

    private static final Color[] PALETTE =
    {
        new Color(0, 114, 178),
        new Color(213, 94, 0),
        new Color(0, 158, 115),
        new Color(204, 121, 167),
        new Color(230, 159, 0),
        new Color(86, 180, 233),
        new Color(120, 120, 120),
        new Color(240, 228, 66),
    };
    private static final Marker[] MARKERS =
    {
        SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.DIAMOND,
        SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.TRIANGLE_UP,
    };
    private static final BasicStroke[] LINE_STROKES =
    {
        new BasicStroke(2.0f),
        new BasicStroke(2.0f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10.0f, new float[]{ 9.0f, 5.0f }, 0.0f),
        new BasicStroke(2.0f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10.0f, new float[]{ 2.0f, 4.0f }, 0.0f),
    };
    /** Bar groups whose labels fit upright under a chart. */
    private static final int UPRIGHT_CATEGORIES = 6;
    private static final double[] NICE_STEPS = { 1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0 };
    private static final Color REFERENCE_COLOR = Color.BLACK;
    private static final Color REFERENCE_BAR_COLOR = new Color(110, 110, 110);
    private static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 18);
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
     * @return the PNG's path.
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
     * @return the PNG bytes.
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
        if (!ImageIO.write(withNotes(BitmapEncoder.getBufferedImage(toChart(data)), data.notes()), "png", out))
        {
            throw new IOException("no PNG writer in this JVM");
        }
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
        final Graphics2D g = image.createGraphics();
        try
        {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            g.drawImage(chart, 0, 0, null);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
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

    static Chart<?, ?> toChart(final ChartData data)
    {
        return ChartData.Kind.BAR == data.kind() ? barChart(data) : lineChart(data);
    }

    private static CategoryChart barChart(final ChartData data)
    {
        final CategoryChart chart = new CategoryChartBuilder()
            .width(WIDTH_PX).height(HEIGHT_PX)
            .title(data.title()).xAxisTitle(data.xTitle()).yAxisTitle(data.yTitle())
            .build();
        style(chart.getStyler());
        legendLayout(chart.getStyler(), data);
        chart.getStyler().setAvailableSpaceFill(0.8);
        chart.getStyler().setOverlapped(false);
        if (data.categories().size() > UPRIGHT_CATEGORIES)
        {
            // slanted, every group keeps its label (upright, XChart drops every other one)
            chart.getStyler().setXAxisLabelRotation(30);
            chart.getStyler().setXAxisTickMarkSpacingHint(20);
        }
        yAxisMax(chart.getStyler(), data);

        int colour = 0;
        for (final ChartData.Series series : data.series())
        {
            final CategorySeries added = chart.addSeries(series.name(), data.categories(), values(series.ys()));
            if (series.reference())
            {
                added.setFillColor(REFERENCE_BAR_COLOR);
                added.setLineColor(REFERENCE_BAR_COLOR);
            }
            else
            {
                added.setFillColor(PALETTE[colour % PALETTE.length]);
                added.setLineColor(PALETTE[colour % PALETTE.length]);
                colour++;
            }
        }
        return chart;
    }

    private static XYChart lineChart(final ChartData data)
    {
        final XYChart chart = new XYChartBuilder()
            .width(WIDTH_PX).height(HEIGHT_PX)
            .title(data.title()).xAxisTitle(data.xTitle()).yAxisTitle(data.yTitle())
            .build();
        style(chart.getStyler());
        legendLayout(chart.getStyler(), data);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        yAxisMax(chart.getStyler(), data);

        int colour = 0;
        for (final ChartData.Series series : data.series())
        {
            final XYSeries added = chart.addSeries(series.name(), values(series.xs()), values(series.ys()));
            if (series.reference())
            {
                added.setLineColor(REFERENCE_COLOR);
                added.setMarkerColor(REFERENCE_COLOR);
                added.setMarker(SeriesMarkers.DIAMOND);
                added.setLineStyle(SeriesLines.DASH_DASH);
            }
            else
            {
                // past the palette's 8 colours the lines are dashed, then dotted, so that no two look alike
                final int round = colour / PALETTE.length;
                final Color color = PALETTE[colour % PALETTE.length];
                added.setLineColor(color);
                added.setMarkerColor(color);
                added.setMarker(series.xs().length > 40 ? SeriesMarkers.NONE :
                    MARKERS[(colour + round) % MARKERS.length]);
                added.setLineStyle(LINE_STROKES[round % LINE_STROKES.length]);
                colour++;
            }
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
     * Keeps the legend in one row under the plot while it fits the chart's width (about 8 px per character plus
     * 60 px per entry for the marker and spacing); a longer legend goes in a column to the right of the plot, so that
     * no entry is cut off.
     */
    private static void legendLayout(final AxesChartStyler styler, final ChartData data)
    {
        int widthPx = 0;
        for (final ChartData.Series series : data.series())
        {
            widthPx += 8 * series.name().length() + 60;
        }
        if (widthPx > WIDTH_PX - 40)
        {
            styler.setLegendPosition(Styler.LegendPosition.OutsideE);
            styler.setLegendLayout(Styler.LegendLayout.Vertical);
        }
    }

    /**
     * Sets the y axis to end at a round number a little above the largest value, so that the axis always gets
     * several labelled ticks (XChart otherwise labels only the extremes of some ranges).
     */
    private static void yAxisMax(final AxesChartStyler styler, final ChartData data)
    {
        double max = 0.0;
        for (final ChartData.Series series : data.series())
        {
            for (final double y : series.ys())
            {
                if (Double.isFinite(y))
                {
                    max = Math.max(max, y);
                }
            }
        }
        if (max > 0.0)
        {
            styler.setYAxisMax(niceCeiling(1.05 * max));
        }
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
