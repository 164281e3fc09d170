package org.rhcc.experiments.report;

import java.awt.Color;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.experiments.scheme.SchemeRegistry;

/**
 * How each series of a chart is drawn, so that no two series of one PNG look alike, its panels included.
 * <p>
 * A style is a colour of the colour-blind-safe palette (Okabe and Ito, 8 colours) in one of three variants: the colour
 * itself, a darker shade and a lighter one; lines of the second and third variant are also dashed and dotted, and
 * carry another marker. Paper reference series are drawn apart: near-black bars, black dashed lines with diamonds.
 * <ul>
 *   <li>When every simulated series of the chart is a scheme (its legend is the scheme's name) the colour says the
 *   intra-host scheme (rhcc, rhcc-gated, hostcc, ..., the CC alone) and the variant the inter-host CC (DCQCN, HPCC,
 *   Swift): rhcc and rhcc+hpcc share a hue in their two panels and differ in shade (and, as lines, in dash).</li>
 *   <li>Otherwise (series per condition or per quantity), in a figure of at most 3 panels of at most 8 series each,
 *   the n-th series of every panel takes the n-th colour and each panel its variant (step up 50 us has one hue under
 *   DCQCN, HPCC and Swift); in any other chart the series take the styles in order: the 8 colours, then their darker
 *   shades, then their lighter ones, 24 distinct styles.</li>
 * </ul>
 */
public final class ChartStyles
{
    /** Colours of the palette; a plot with more simulated series than this repeats a colour in another variant. */
    public static final int COLOURS = 8;
    /** Variants of a colour: itself, darker, lighter. */
    public static final int VARIANTS = 3;
    /** Markers a line may carry (index of {@link SeriesStyle#marker()}). */
    public static final int MARKERS = 5;

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
    private static final double DARKER = 0.6;
    private static final double LIGHTER = 0.5;
    private static final Color REFERENCE_LINE_COLOR = Color.BLACK;
    private static final Color REFERENCE_BAR_COLOR = new Color(30, 30, 30);
    private static final SchemeRegistry SCHEMES = SchemeRegistry.builtIn();

    private ChartStyles()
    {
    }

    /**
     * How one series is drawn.
     *
     * @param color     fill (bars) or line colour.
     * @param dash      0 solid, 1 dashed, 2 dotted (lines).
     * @param marker    the line's marker, 0 .. {@link #MARKERS} - 1 (circle, square, triangle up, diamond, triangle
     *                  down).
     * @param reference true for a paper reference series.
     */
    public record SeriesStyle(Color color, int dash, int marker, boolean reference)
    {
    }

    /**
     * @param chart a chart, a single plot or a figure of panels.
     * @return per plot ({@link ChartData#plots()}), per series in legend order, its style; no two simulated series of
     * the chart share colour and dash, and none shares the reference's.
     */
    public static List<List<SeriesStyle>> of(final ChartData chart)
    {
        final List<List<SeriesStyle>> byScheme = bySchemes(chart);
        return null != byScheme ? byScheme : inOrder(chart);
    }

    private static List<List<SeriesStyle>> bySchemes(final ChartData chart)
    {
        final Set<String> schemes = new HashSet<>();
        final Set<Integer> styles = new HashSet<>();
        final List<List<SeriesStyle>> plots = new ArrayList<>();
        for (final ChartData plot : chart.plots())
        {
            final List<SeriesStyle> styled = new ArrayList<>();
            for (final ChartData.Series series : plot.series())
            {
                if (series.reference())
                {
                    styled.add(reference(chart));
                    continue;
                }
                final SchemeEntry entry = scheme(Unsettled.unmarked(series.name()));
                if (null == entry || !schemes.add(entry.name()))
                {
                    return null;
                }
                final int colour = entry.intraHost().ordinal();
                final int variant = entry.interHost().ordinal();
                if (colour >= COLOURS || variant >= VARIANTS || !styles.add(variant * COLOURS + colour))
                {
                    return null;
                }
                styled.add(style(colour, variant));
            }
            plots.add(styled);
        }
        return plots;
    }

    private static List<List<SeriesStyle>> inOrder(final ChartData chart)
    {
        // a figure of at most 3 panels of at most 8 series each: the n-th series of every panel shares a colour, each
        // panel its variant; otherwise the styles run on across the chart
        boolean perPanel = !chart.panels().isEmpty() && chart.panels().size() <= VARIANTS;
        for (final ChartData plot : chart.plots())
        {
            perPanel &= plot.series().stream().filter((series) -> !series.reference()).count() <= COLOURS;
        }
        final List<List<SeriesStyle>> plots = new ArrayList<>();
        int next = 0;
        for (int p = 0; p < chart.plots().size(); p++)
        {
            final List<SeriesStyle> styled = new ArrayList<>();
            int inPlot = 0;
            for (final ChartData.Series series : chart.plots().get(p).series())
            {
                if (series.reference())
                {
                    styled.add(reference(chart));
                }
                else
                {
                    styled.add(perPanel ? style(inPlot, p) : style(next % COLOURS, (next / COLOURS) % VARIANTS));
                    inPlot++;
                    next++;
                }
            }
            plots.add(styled);
        }
        return plots;
    }

    private static SchemeEntry scheme(final String name)
    {
        for (final SchemeEntry entry : SCHEMES.all())
        {
            if (entry.name().equals(name) && entry.hasParts())
            {
                return entry;
            }
        }
        return null;
    }

    private static SeriesStyle style(final int colour, final int variant)
    {
        return new SeriesStyle(shade(PALETTE[colour], variant), variant, (colour + variant) % MARKERS, false);
    }

    private static SeriesStyle reference(final ChartData chart)
    {
        return new SeriesStyle(ChartData.Kind.BAR == chart.kind() ? REFERENCE_BAR_COLOR : REFERENCE_LINE_COLOR, 1, 3,
            true);
    }

    private static Color shade(final Color base, final int variant)
    {
        switch (variant)
        {
            case 1:
                return new Color((int)Math.round(base.getRed() * DARKER), (int)Math.round(base.getGreen() * DARKER),
                    (int)Math.round(base.getBlue() * DARKER));
            case 2:
                return new Color(lighter(base.getRed()), lighter(base.getGreen()), lighter(base.getBlue()));
            default:
                return base;
        }
    }

    private static int lighter(final int channel)
    {
        return (int)Math.round(channel + (255 - channel) * LIGHTER);
    }
}
