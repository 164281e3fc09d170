package org.rhcc.experiments.baseline;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.Columns;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.TextTable;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.MetricWriter;
import org.rhcc.experiments.result.RunRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pcie experiment reports TCP's goodput and the TCP bytes the receiver NIC dropped: in its table, in B15 and per
 * scheme over DCQCN.
 */
class PcieTcpReportTest
{
    private static RunRecord run(final String scheme, final Double offeredGbps, final double rnicGbps,
        final double tcpGbps, final double tcpDropRate)
    {
        final MetricWriter metrics = new MetricWriter()
            .put(Metric.RNIC_GBPS, rnicGbps)
            .put(Metric.TCP_GBPS, tcpGbps)
            .put(Metric.TCP_DROP_RATE, tcpDropRate)
            .put(Metric.IIO_OCCUPANCY, 21.0)
            .put(Metric.RX_DELAY_NS, 300.0)
            .put(Metric.LATENCY_AVG_US, 250.0);
        return new RunRecord(scheme, null == offeredGbps ? "no TCP (reference)" : "TCP " + offeredGbps, true, 0,
            "local", 1, 8, 65536, null, offeredGbps, null == offeredGbps ? 0 : 2, Map.of(), metrics.toMap(), Map.of());
    }

    private static ExperimentResult result()
    {
        final List<RunRecord> runs = new ArrayList<>();
        for (final String scheme : List.of("dcqcn", "rhcc", "hpcc"))
        {
            final double slower = "rhcc".equals(scheme) ? 0.5 : 1.0;
            runs.add(run(scheme, null, 97.9, 0.0, 0.0));
            runs.add(run(scheme, 37.0, 66.8 * slower, 37.0, 0.0));
            runs.add(run(scheme, 71.0, 51.9 * slower, "rhcc".equals(scheme) ? 70.8 : 51.9,
                "rhcc".equals(scheme) ? 0.00007 : 0.04423));
            runs.add(run(scheme, 95.0, 51.9 * slower, "rhcc".equals(scheme) ? 82.5 : 51.9,
                "rhcc".equals(scheme) ? 0.02002 : 0.04768));
        }
        return new ExperimentResult("pcie", "B15", 1L, 10.0, 2.0, List.of("dcqcn", "rhcc", "hpcc"), Map.of(), runs);
    }

    private static BaselineRow row(final List<BaselineRow> rows, final String id)
    {
        return rows.stream().filter((row) -> id.equals(row.id())).findFirst().orElseThrow();
    }

    @Test
    void shouldReportTcpGoodputAndDropsInB15AndPerScheme()
    {
        final List<BaselineRow> rows = new PcieExperiment().compare(result());

        final BaselineRow b15 = row(rows, "B15");
        assertTrue(b15.condition().contains("TCP Gbit/s; TCP drop %"), b15.condition());
        assertEquals("97.9 / 66.8 / 51.9 / 51.9; 0.0 / 37.0 / 51.9 / 51.9; 0.00 / 0.00 / 4.42 / 4.77; " +
            "21 / 21 / 21 / 21; 300 / 300 / 300 / 300", b15.simulated());
        // per scheme over DCQCN that ran, in the evaluation's order; HPCC alone is not a scheme over DCQCN
        assertEquals("dcqcn 51.9 / 51.9 Gbit/s, 4.42 / 4.77 %; rhcc 70.8 / 82.5 Gbit/s, 0.01 / 2.00 %",
            row(rows, "pcie TCP").simulated());
    }

    @Test
    void shouldSayNotAvailableWhenNoSchemeOverDcqcnRan()
    {
        final ExperimentResult hpccOnly = new ExperimentResult("pcie", "B15", 1L, 10.0, 2.0, List.of("hpcc"),
            Map.of(), List.of(run("hpcc", 95.0, 51.9, 51.9, 0.04)));
        assertEquals("n/a", PcieExperiment.tcpPerScheme(hpccOnly).simulated());
    }

    @Test
    void shouldPrintTcpGoodputAndDropsInTheTable()
    {
        final PcieExperiment pcie = new PcieExperiment();
        assertTrue(pcie.tableColumns().containsAll(List.of(Columns.TCP_GBPS, Columns.TCP_DROP)));
        final String table = TextTable.render(pcie.tableColumns(), result().runs());
        assertTrue(table.contains("TCP Gbit/s") && table.contains("TCP drop %"), table);
        assertTrue(table.contains("4.77"), table);
    }
}
