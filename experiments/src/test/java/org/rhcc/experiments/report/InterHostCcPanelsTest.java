package org.rhcc.experiments.report;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.baseline.CongestionExperiment;
import org.rhcc.experiments.baseline.PcieExperiment;
import org.rhcc.experiments.evaluation.AblationExperiment;
import org.rhcc.experiments.evaluation.CascadeTimingExperiment;
import org.rhcc.experiments.evaluation.EvaluationSchemes;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Crowded charts are drawn as one panel per inter-host CC, and no two series of a chart look alike.
 */
class InterHostCcPanelsTest
{
    private static final List<String> OVER_DCQCN = List.of("dcqcn", "rhcc", "hostcc", "rnic-only", "cpu-only",
        "hostcc-5level", "rhcc-gated", "hostcc-emulated");
    private static final List<String> OVER_HPCC = List.of("hpcc", "rhcc+hpcc", "rhcc-gated+hpcc");
    private static final List<String> OVER_SWIFT = List.of("swift", "rhcc+swift", "rhcc-gated+swift");
    private static final List<String> PANELS = List.of("over DCQCN", "over HPCC", "over Swift");

    private static RunRecord run(final String scheme, final boolean pfc, final int congestion, final Double tcpGbps,
        final double value)
    {
        final Map<String, Number> metrics = new LinkedHashMap<>();
        for (final String metric : List.of("rnic_gbps", "latency_avg_us", "latency_p99_us", "pfc_pause_fraction",
            "cnp_count", "cpu_mem_gbps", "rnic_mem_gbps", "total_mem_gbps", "pcie_stall_fraction", "ddio_miss_rate",
            "tcp_gbps", "tcp_drop_rate", "iio_occupancy", "rx_delay_ns", "iio_residency_ns"))
        {
            metrics.put(metric, value);
        }
        final Map<String, double[]> series = new LinkedHashMap<>();
        series.put("t_ms", new double[]{ 0.1, 0.2, 0.3 });
        for (final String name : List.of("iio_occupancy", "rx_delay_ns", "mba_level_local", "sender_rate_gbps",
            "rnic_gbps", "cpu_mem_gbps"))
        {
            series.put(name, new double[]{ value, value + 1.0, value + 2.0 });
        }
        return new RunRecord(scheme, (pfc ? "PFC on, " : "PFC-free, ") + congestion + "x", pfc, congestion, "local", 1,
            8, 65536, null, tcpGbps, null == tcpGbps ? 0 : 2, Map.of(), metrics, series);
    }

    /** Every default scheme of the experiment in every condition of the congestion plan (PFC on/off, 0x..3x). */
    private static ExperimentResult congestionLike(final Experiment experiment)
    {
        final List<RunRecord> runs = new ArrayList<>();
        double value = 10.0;
        for (final boolean pfc : new boolean[]{ true, false })
        {
            for (int congestion = 0; congestion <= 3; congestion++)
            {
                for (final String scheme : experiment.defaultSchemes())
                {
                    runs.add(run(scheme, pfc, congestion, null, value++));
                }
            }
        }
        return new ExperimentResult(experiment.name(), experiment.paperRows(), 1L, 1.0, 1.0,
            experiment.defaultSchemes(), Map.of(), runs);
    }

    private static ChartData chart(final List<ChartData> charts, final String fileName)
    {
        return charts.stream().filter((chart) -> fileName.equals(chart.fileName())).findFirst().orElseThrow();
    }

    private static List<String> names(final ChartData plot)
    {
        return plot.series().stream().map(ChartData.Series::name).toList();
    }

    private static void assertPanelsPerInterHostCc(final ChartData chart, final List<String> dcqcnSchemes)
    {
        assertEquals(PANELS, chart.panels().stream().map(ChartData::title).toList(), chart.fileName());
        assertEquals(dcqcnSchemes, names(chart.panels().get(0)), chart.fileName());
        assertEquals(OVER_HPCC, names(chart.panels().get(1)), chart.fileName());
        assertEquals(OVER_SWIFT, names(chart.panels().get(2)), chart.fileName());
        assertTrue(chart.series().isEmpty() && chart.categories().isEmpty(), "a figure has no series of its own");
    }

    private static void assertNoTwoSeriesAlike(final ChartData chart)
    {
        final List<List<ChartStyles.SeriesStyle>> styles = ChartStyles.of(chart);
        assertEquals(chart.plots().size(), styles.size());
        final Set<String> seen = new HashSet<>();
        for (int p = 0; p < styles.size(); p++)
        {
            assertEquals(chart.plots().get(p).series().size(), styles.get(p).size());
            for (final ChartStyles.SeriesStyle style : styles.get(p))
            {
                if (!style.reference())
                {
                    assertTrue(seen.add(style.color().getRGB() + "/" + style.dash()),
                        chart.fileName() + ": two series drawn in " + style);
                }
            }
        }
    }

    @Test
    void shouldDrawEveryCongestionChartOfSchemesAsOnePanelPerInterHostCc()
    {
        final Experiment congestion = new CongestionExperiment();
        final List<ChartData> charts = congestion.chartData(congestionLike(congestion));
        assertEquals(OVER_DCQCN, EvaluationSchemes.ALL, "the DCQCN panel holds every scheme over DCQCN");
        for (final String fileName : List.of("congestion-throughput-pfc.png", "congestion-throughput-pfc-free.png",
            "congestion-latency-avg-pfc.png", "congestion-latency-avg-pfc-free.png", "congestion-latency-p99-pfc.png",
            "congestion-pfc-pause.png", "congestion-cnp.png"))
        {
            final ChartData chart = chart(charts, fileName);
            assertPanelsPerInterHostCc(chart, OVER_DCQCN);
            assertEquals(List.of("0x", "1x", "2x", "3x"), chart.panels().get(1).categories());
        }
        // the baseline's charts show dcqcn alone: one plot, as before
        for (final String fileName : List.of("congestion-memory.png", "congestion-pcie-ddio.png"))
        {
            assertTrue(chart(charts, fileName).panels().isEmpty(), fileName);
        }
        charts.forEach(InterHostCcPanelsTest::assertNoTwoSeriesAlike);
    }

    @Test
    void shouldDrawTheAblationTracesAndPcieBySchemeInPanels()
    {
        final Experiment ablation = new AblationExperiment();
        final List<RunRecord> ablationRuns = new ArrayList<>();
        for (final String scheme : ablation.defaultSchemes())
        {
            ablationRuns.add(run(scheme, true, 3, null, 10.0 + ablationRuns.size()));
        }
        final List<ChartData> traces = ablation.chartData(new ExperimentResult("ablation", "-", 1L, 1.0, 1.0,
            ablation.defaultSchemes(), Map.of(), ablationRuns));
        final List<String> overDcqcn = List.of("dcqcn", "rhcc", "rnic-only", "cpu-only", "rhcc-gated",
            "hostcc-emulated");
        for (final String fileName : List.of("ablation-trace-iio.png", "ablation-trace-delay.png",
            "ablation-trace-rnic.png", "ablation-trace-cpu.png"))
        {
            assertPanelsPerInterHostCc(chart(traces, fileName), overDcqcn);
        }
        // two quantities over 12 scheme groups: not crowded in colours, one plot
        assertTrue(chart(traces, "ablation-bandwidth.png").panels().isEmpty());
        traces.forEach(InterHostCcPanelsTest::assertNoTwoSeriesAlike);

        final Experiment pcie = new PcieExperiment();
        final List<RunRecord> runs = new ArrayList<>();
        for (final String scheme : pcie.defaultSchemes())
        {
            runs.add(run(scheme, true, 0, null, 97.0));
            runs.add(run(scheme, true, 0, 95.0, 51.0));
        }
        final List<ChartData> charts = pcie.chartData(new ExperimentResult("pcie", "B15", 1L, 1.0, 1.0,
            pcie.defaultSchemes(), Map.of(), runs));
        for (final String fileName : List.of("pcie-schemes.png", "pcie-tcp.png", "pcie-tcp-drops.png"))
        {
            assertPanelsPerInterHostCc(chart(charts, fileName), OVER_DCQCN);
        }
        charts.forEach(InterHostCcPanelsTest::assertNoTwoSeriesAlike);
    }

    @Test
    void shouldGiveAnIntraHostSchemeOneHueUnderEveryCc()
    {
        final Experiment congestion = new CongestionExperiment();
        final ChartData chart = chart(congestion.chartData(congestionLike(congestion)),
            "congestion-throughput-pfc.png");
        final List<List<ChartStyles.SeriesStyle>> styles = ChartStyles.of(chart);
        // rhcc is the second series over DCQCN, rhcc+hpcc and rhcc+swift the second over HPCC and Swift
        final ChartStyles.SeriesStyle rhcc = styles.get(0).get(1);
        final ChartStyles.SeriesStyle rhccHpcc = styles.get(1).get(1);
        final ChartStyles.SeriesStyle rhccSwift = styles.get(2).get(1);
        assertEquals(hue(rhcc.color()), hue(rhccHpcc.color()), 0.02);
        assertEquals(hue(rhcc.color()), hue(rhccSwift.color()), 0.02);
        assertNotEquals(rhcc.color(), rhccHpcc.color());
        assertNotEquals(rhcc.color(), rhccSwift.color());
        // dcqcn and rhcc+hpcc, which shared a colour in one plot before panels, now differ in hue
        assertTrue(Math.abs(hue(styles.get(0).get(0).color()) - hue(rhccHpcc.color())) > 0.1);
    }

    @Test
    void shouldKeepOneCcOrAFewSeriesInOnePlot()
    {
        final ExperimentResult result = new ExperimentResult("x", "B0", 1L, 1.0, 1.0,
            List.of("rhcc", "dcqcn", "hpcc", "swift"), Map.of(),
            List.of(run("rhcc", true, 3, null, 90.0), run("dcqcn", true, 3, null, 40.0),
                run("hpcc", true, 3, null, 41.0), run("swift", true, 3, null, 37.0)));
        final ChartSpec bySchemes = BarChartSpec.of("few.png", "t", "x", "y", (run) -> true,
            RunRecord::congestionLabel, null, (run) -> run.value(Metric.RNIC_GBPS));
        assertTrue(InterHostCcPanels.of(bySchemes).build(result).orElseThrow().panels().isEmpty(),
            "four series: no colour repeats, one plot");

        final Experiment cascade = new CascadeTimingExperiment();
        final List<RunRecord> runs = new ArrayList<>();
        for (final String scheme : List.of("rhcc", "cpu-only", "rhcc-gated"))
        {
            for (final String up : List.of("50", "150", "500"))
            {
                runs.add(new RunRecord(scheme, "down 20 us, up " + up + " us", true, 3, "local", 1, 8, 65536,
                    null, null, 0, Map.of("step_down_us", "20", "step_up_us", up), Map.of(Metric.RNIC_GBPS.jsonName(), 90.0),
                    Map.of()));
            }
        }
        final List<ChartData> charts = cascade.chartData(new ExperimentResult("cascade-timing", "-", 1L, 1.0, 1.0,
            List.of("rhcc", "cpu-only", "rhcc-gated"), Map.of(), runs));
        for (final ChartData chart : charts)
        {
            assertTrue(chart.panels().isEmpty(), chart.fileName() + ": every run over DCQCN, one plot");
            assertNoTwoSeriesAlike(chart);
        }
    }

    @Test
    void shouldStyleManySeriesOfOnePlotApartAndConditionsAlikeAcrossPanels()
    {
        final List<ChartData.Series> many = new ArrayList<>();
        for (int i = 0; i < 24; i++)
        {
            many.add(new ChartData.Series("condition " + i, new double[]{ 1.0 }, new double[]{ i }, false));
        }
        many.add(new ChartData.Series("paper (testbed)", new double[]{ 1.0 }, new double[]{ 3.0 }, true));
        final ChartData lines = new ChartData("many.png", "t", "x", "y", ChartData.Kind.LINE, List.of(), many);
        assertNoTwoSeriesAlike(lines);
        assertTrue(ChartStyles.of(lines).get(0).get(24).reference());

        final List<ChartData> panels = new ArrayList<>();
        for (final String cc : List.of("DCQCN", "HPCC", "Swift"))
        {
            panels.add(new ChartData("p.png", "over " + cc, "x", "y", ChartData.Kind.BAR, List.of("3x"),
                List.of(new ChartData.Series("step up 50 us", null, new double[]{ 1.0 }, false),
                    new ChartData.Series("step up 150 us", null, new double[]{ 2.0 }, false))));
        }
        final ChartData figure = panels.get(0).withPanels("t", panels, List.of());
        assertNoTwoSeriesAlike(figure);
        final List<List<ChartStyles.SeriesStyle>> styles = ChartStyles.of(figure);
        assertEquals(hue(styles.get(0).get(1).color()), hue(styles.get(2).get(1).color()), 0.02,
            "the second condition keeps its hue in every panel");
    }

    @Test
    void shouldRenderTheFigureAsItsPanelsStackedUnderOneTitle() throws Exception
    {
        final Experiment congestion = new CongestionExperiment();
        final ChartData chart = chart(congestion.chartData(congestionLike(congestion)),
            "congestion-throughput-pfc.png");
        final BufferedImage image = ImageIO.read(new ByteArrayInputStream(ChartRenderer.toPng(chart)));
        assertEquals(ChartRenderer.WIDTH_PX, image.getWidth());
        assertEquals(ChartRenderer.FIGURE_TITLE_PX + 3 * ChartRenderer.PANEL_HEIGHT_PX, image.getHeight());
        // each panel's plot draws bars in its own colours: the DCQCN panel rhcc's, the HPCC panel rhcc+hpcc's
        final List<List<ChartStyles.SeriesStyle>> styles = ChartStyles.of(chart);
        assertTrue(contains(image, 0, styles.get(0).get(1).color()), "rhcc's bars in the first panel");
        assertTrue(contains(image, 1, styles.get(1).get(1).color()), "rhcc+hpcc's bars in the second panel");
        assertTrue(!contains(image, 1, styles.get(0).get(1).color()), "no rhcc bar in the HPCC panel");
    }

    private static boolean contains(final BufferedImage image, final int panel, final Color color)
    {
        final int top = ChartRenderer.FIGURE_TITLE_PX + panel * ChartRenderer.PANEL_HEIGHT_PX;
        for (int y = top; y < top + ChartRenderer.PANEL_HEIGHT_PX; y++)
        {
            for (int x = 0; x < image.getWidth(); x++)
            {
                if ((image.getRGB(x, y) & 0xFFFFFF) == (color.getRGB() & 0xFFFFFF))
                {
                    return true;
                }
            }
        }
        return false;
    }

    private static float hue(final Color color)
    {
        return Color.RGBtoHSB(color.getRed(), color.getGreen(), color.getBlue(), null)[0];
    }
}
