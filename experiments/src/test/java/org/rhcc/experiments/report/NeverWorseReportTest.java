package org.rhcc.experiments.report;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.MetricWriter;
import org.rhcc.experiments.result.RunRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NeverWorseReportTest
{
    @Test
    void shouldPairEachSchemeWithItsCcAloneInTheSameConditionAndFlagLossesBeyondOnePercent()
    {
        final ExperimentResult incast = new ExperimentResult("incast", "x", 1, 20, 150,
            List.of("dcqcn", "rhcc", "rhcc-gated", "hpcc", "rhcc+hpcc", "rhcc-gated+hpcc"), Map.of(), List.of(
                run("dcqcn", "0x", Map.of(), 95.2, 176.3),
                run("rhcc", "0x", Map.of(), 95.0, 176.6),
                run("rhcc-gated", "0x", Map.of(), 95.2, 176.3),
                run("hpcc", "0x", Map.of(), 93.4, 179.7),
                run("rhcc+hpcc", "0x", Map.of(), 91.9, 182.5),
                run("rhcc-gated+hpcc", "0x", Map.of(), 93.4, 179.7),
                run("hpcc", "3x", Map.of(), 41.9, 400.5),
                run("rhcc+hpcc", "3x", Map.of(), 91.9, 182.5),
                // a sweep point without its CC alone is not compared
                run("rhcc", "3x", Map.of("i_thr", "60"), 90.0, 190.0)));

        final List<NeverWorseReport.Row> rows = NeverWorseReport.rows(List.of(incast));

        assertEquals(3, rows.size());
        final NeverWorseReport.Row dcqcn = rows.get(0);
        assertEquals("dcqcn", dcqcn.cc());
        assertEquals((95.0 - 95.2) / 95.2, dcqcn.goodputChange("rhcc"), 1e-12);
        assertFalse(dcqcn.loses("rhcc"), "0.2 % is worse but within the tolerance");
        final NeverWorseReport.Row hpcc = rows.get(1);
        assertEquals("hpcc", hpcc.cc());
        assertTrue(hpcc.loses("rhcc"), "1.6 % less goodput");
        assertFalse(hpcc.loses("rhcc-gated"));
        assertEquals(0.0, hpcc.latencyChange("rhcc-gated"), 0.0);
        assertTrue(Double.isNaN(rows.get(2).goodputChange("rhcc-gated")), "rhcc-gated did not run at 3x");

        final String text = NeverWorseReport.render(List.of(incast));
        assertTrue(text.contains("- `incast`, 0x: `rhcc+hpcc` 91.9 Gbit/s and 182.5 us against `hpcc` alone " +
            "93.4 Gbit/s and 179.7 us"), text);
        assertTrue(text.contains("| `rhcc-gated+hpcc` | `hpcc` | 1 | 0 | +0.0 % | 0 | +0.0 % | 0 |"), text);
        assertTrue(text.contains("| `rhcc+hpcc` | `hpcc` | 2 | 1 | -1.6 % | 1 | +1.6 % | 1 |"), text);
    }

    private static RunRecord run(final String scheme, final String condition, final Map<String, String> params,
        final double goodputGbps, final double latencyUs)
    {
        return new RunRecord(scheme, condition, true, 0, "local", 2, 4, 65536, null, null, 0, params,
            new MetricWriter().put(Metric.RNIC_GBPS, goodputGbps).put(Metric.LATENCY_AVG_US, latencyUs).toMap(),
            Map.of());
    }
}
