package org.rhcc.experiments.report;

import java.awt.image.BufferedImage;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.ResultFixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnsettledMarkingTest
{
    private static final ExperimentResult CHECKED = ResultFixtures.congestionChecked();
    private static final List<TableColumn> COLUMNS = List.of(
        TableColumn.text("condition", (run) -> run.condition()),
        TableColumn.metric("RDMA Gbit/s", Metric.RNIC_GBPS, 1));

    @Test
    void shouldMarkTheRunInTheTextTableWithALegend()
    {
        assertEquals(
            "condition     RDMA Gbit/s\n" +
            "------------  -----------\n" +
            "PFC on, 0x           98.0\n" +
            "PFC on, 3x *         37.0\n" +
            "* not stationary: a metric differs by more than 5 % between the first and the second half of the " +
            "measured window:\n" +
            "  dcqcn | PFC on, 3x: rnic_gbps 15.0 %\n",
            TextTable.render(COLUMNS, CHECKED.runs().subList(0, 2)));
    }

    @Test
    void shouldLeaveTablesOfSettledOrUncheckedRunsAlone()
    {
        final String unchecked = TextTable.render(COLUMNS, ResultFixtures.congestion().runs());
        final String settled = TextTable.render(COLUMNS, List.of(CHECKED.runs().get(0), CHECKED.runs().get(2)));

        assertTrue(!unchecked.contains("*") && !settled.contains("*"), unchecked + settled);
    }

    @Test
    void shouldMarkTheRunInTheMarkdownTable()
    {
        final String md = MarkdownReport.runTable(COLUMNS, CHECKED.runs());

        assertTrue(md.contains("| PFC on, 3x * | 37.0 |\n"), md);
        assertTrue(md.contains("| PFC-free, 3x | 31.0 |\n"), md);
        assertTrue(md.contains("\n\\* not stationary: "), md);
        assertTrue(md.endsWith("- dcqcn \\| PFC on, 3x: rnic_gbps 15.0 %\n"), md);
    }

    @Test
    void shouldMarkTheSeriesAndNoteTheRunUnderTheChart() throws Exception
    {
        final ChartData bars = BarChartSpec.of("t.png", "t", "x", "y", (run) -> true, (run) -> run.congestionLabel(),
            (run) -> run.pfcLabel(), (run) -> run.value(Metric.RNIC_GBPS)).build(CHECKED).orElseThrow();
        final ChartData lines = LineChartSpec.of("t.png", "t", "x", "y", (run) -> !run.pfc(),
            (run) -> run.congestion(), (run) -> run.pfcLabel(), (run) -> run.value(Metric.RNIC_GBPS))
            .build(CHECKED).orElseThrow();

        assertEquals(List.of("PFC on *", "PFC-free"), bars.series().stream().map(ChartData.Series::name).toList());
        assertEquals(List.of("* not stationary: a metric differs by more than 5 % between the first and the second " +
            "half of the measured window:", "  dcqcn | PFC on, 3x: rnic_gbps 15.0 %"), bars.notes());
        assertEquals(List.of("PFC-free"), lines.series().stream().map(ChartData.Series::name).toList());
        assertTrue(lines.notes().isEmpty());

        final BufferedImage plain = new BufferedImage(100, 50, BufferedImage.TYPE_INT_RGB);
        assertSame(plain, ChartRenderer.withNotes(plain, List.of()));
        assertEquals(50 + 2 * 20 + 10, ChartRenderer.withNotes(plain, bars.notes()).getHeight());
        assertTrue(ChartRenderer.toPng(bars).length > 0);
    }

    @Test
    void shouldListTheRunsThatHadNotSettled()
    {
        final String text = StationarityReport.render(List.of(CHECKED, ResultFixtures.congestion()));

        assertEquals(
            "runs whose first and second half of the measured window differ by more than 5 % (* in the tables and " +
            "charts):\n" +
            "  congestion     2+5 ms, 4 of 4 runs checked: 1 not stationary\n" +
            "    dcqcn | PFC on, 3x: rnic_gbps 15.0 % (first half 40.000, second half 34.000)\n" +
            "  congestion     2+5 ms, 0 of 4 runs checked: all stationary\n" +
            "1 of 8 runs not stationary; 4 runs without a stationarity record (written before it was recorded: run " +
            "the experiment again)\n", text);
    }
}
