package org.rhcc.experiments.report;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.ResultFixtures;
import org.rhcc.experiments.result.RunRecord;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChartRendererTest
{
    @Test
    void shouldGroupBarsByCategoryWithOneSeriesPerConditionAndAReference()
    {
        final ChartData data = BarChartSpec.of("t.png", "title", "congestion", "RDMA goodput (Gbit/s)",
            (run) -> true, RunRecord::congestionLabel, RunRecord::pfcLabel, (run) -> run.value(Metric.RNIC_GBPS))
            .withReference("paper", Map.of("3x", 37.2))
            .build(ResultFixtures.congestion()).orElseThrow();

        assertEquals(List.of("0x", "3x"), data.categories());
        assertEquals(3, data.series().size());
        assertEquals("PFC on", data.series().get(0).name());
        assertArrayEquals(new double[]{ 98.0, 37.0 }, data.series().get(0).ys());
        assertEquals("PFC-free", data.series().get(1).name());
        assertArrayEquals(new double[]{ 97.0, 31.0 }, data.series().get(1).ys());
        assertTrue(data.series().get(2).reference());
        assertTrue(Double.isNaN(data.series().get(2).ys()[0]));
        assertEquals(37.2, data.series().get(2).ys()[1]);
    }

    @Test
    void shouldNameTheSchemeInTheLegendWhenSeveralSchemesRan()
    {
        final ExperimentResult two = new ExperimentResult("congestion", "B1-B6", 1L, 1.0, 0.0,
            List.of("dcqcn", "other"), Map.of(),
            List.of(ResultFixtures.run("dcqcn", true, 3, 37.0), ResultFixtures.run("other", true, 3, 80.0)));

        final ChartData data = BarChartSpec.of("t.png", "t", "x", "y", (run) -> true, RunRecord::congestionLabel,
            RunRecord::pfcLabel, (run) -> run.value(Metric.RNIC_GBPS)).build(two).orElseThrow();

        assertEquals(List.of("dcqcn, PFC on", "other, PFC on"),
            data.series().stream().map(ChartData.Series::name).toList());
    }

    @Test
    void shouldBuildNothingWhenNoRunMatches()
    {
        assertTrue(BarChartSpec.of("t.png", "t", "x", "y", (run) -> run.congestion() == 2,
            RunRecord::congestionLabel, null, (run) -> 1.0).build(ResultFixtures.congestion()).isEmpty());
    }

    @Test
    void shouldWriteReadableBarAndLinePngs(@TempDir final Path dir) throws Exception
    {
        final ExperimentResult result = ResultFixtures.congestion();
        final ChartData bars = MetricBarChartSpec.of("bars.png", "Memory", "congestion", "bandwidth (Gbit/s)",
            RunRecord::pfc, RunRecord::congestionLabel)
            .with("RDMA", (run) -> run.value(Metric.RNIC_GBPS))
            .with("IIO", (run) -> run.value(Metric.IIO_OCCUPANCY))
            .build(result).orElseThrow();
        final ChartData lines = LineChartSpec.of("lines.png", "Goodput", "congestion preset", "Gbit/s",
            (run) -> true, (run) -> run.congestion(), RunRecord::pfcLabel, (run) -> run.value(Metric.RNIC_GBPS))
            .build(result).orElseThrow();

        for (final ChartData data : List.of(bars, lines))
        {
            final Path png = ChartRenderer.writePng(data, dir);
            assertTrue(Files.size(png) > 5_000, png + " is too small to hold a chart");
            final BufferedImage image = ImageIO.read(png.toFile());
            assertNotNull(image);
            assertEquals(ChartRenderer.WIDTH_PX, image.getWidth());
            assertEquals(ChartRenderer.HEIGHT_PX, image.getHeight());
        }
        final BufferedImage fromBytes = ImageIO.read(new ByteArrayInputStream(ChartRenderer.toPng(bars)));
        assertEquals(ChartRenderer.WIDTH_PX, fromBytes.getWidth());
    }

    @Test
    void shouldEndTheYAxisAtARoundNumber()
    {
        assertEquals(400.0, ChartRenderer.niceCeiling(331.0), 1e-9);
        assertEquals(120.0, ChartRenderer.niceCeiling(102.9), 1e-9);
        assertEquals(1.0, ChartRenderer.niceCeiling(1.0), 1e-9);
        assertEquals(0.05, ChartRenderer.niceCeiling(0.047), 1e-12);
    }

    @Test
    void shouldSortLinePointsByX()
    {
        final ExperimentResult result = new ExperimentResult("x", "B0", 1L, 1.0, 0.0, List.of("dcqcn"), Map.of(),
            List.of(ResultFixtures.run("dcqcn", true, 3, 30.0), ResultFixtures.run("dcqcn", true, 0, 90.0)));

        final ChartData data = LineChartSpec.of("l.png", "t", "x", "y", (run) -> true, (run) -> run.congestion(),
            null, (run) -> run.value(Metric.RNIC_GBPS)).build(result).orElseThrow();

        assertArrayEquals(new double[]{ 0.0, 3.0 }, data.series().get(0).xs());
        assertArrayEquals(new double[]{ 90.0, 30.0 }, data.series().get(0).ys());
        assertEquals("dcqcn", data.series().get(0).name());
    }
}
