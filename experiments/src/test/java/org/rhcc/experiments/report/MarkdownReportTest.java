package org.rhcc.experiments.report;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.ResultFixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MarkdownReportTest
{
    @Test
    void shouldListRowsInRowNumberOrderAndEscapePipes()
    {
        final MarkdownReport.Section section = new MarkdownReport.Section(ResultFixtures.congestion(), List.of(
            new BaselineRow("B12", "delay", "120", "118"),
            new BaselineRow("B2", "drop | PFC-free", "-68 %", "-66 %"),
            new BaselineRow("B10", "msr", "400", "400"),
            new BaselineRow("ablation", "loops", "both needed", "2.4x")));

        final String md = MarkdownReport.baselineTable(List.of(section));
        final String[] lines = md.split("\n");

        assertTrue(lines[0].contains("seed 7, 5.0 ms measured per run after 2.0 ms of warm-up"), lines[0]);
        assertEquals("| Row | Measured | Paper (testbed) | Simulated (rhcc) | Experiment |", lines[2]);
        assertEquals("| B2 | drop \\| PFC-free | -68 % | -66 % | `congestion` |", lines[4]);
        assertTrue(lines[5].startsWith("| B10 "));
        assertTrue(lines[6].startsWith("| B12 "));
        assertEquals(7, lines.length, "evaluation rows are not baseline rows");
        final String evaluation = MarkdownReport.evaluationTable(List.of(section));
        assertTrue(evaluation.contains("| ablation | loops | both needed | 2.4x | `congestion` |"), evaluation);
        assertFalse(evaluation.contains("B12"));
    }

    @Test
    void shouldRenderRunTablesWithRightAlignedNumbers()
    {
        final String md = MarkdownReport.runTable(
            List.of(TableColumn.text("condition", (run) -> run.condition()),
                TableColumn.metric("RDMA Gbit/s", Metric.RNIC_GBPS, 1)),
            ResultFixtures.congestion().runs().subList(0, 1));

        assertEquals("| condition | RDMA Gbit/s |\n|---|---:|\n| PFC on, 0x | 98.0 |\n", md);
    }
}
