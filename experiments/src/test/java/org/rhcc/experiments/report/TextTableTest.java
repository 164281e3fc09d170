package org.rhcc.experiments.report;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.ResultFixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TextTableTest
{
    @Test
    void shouldAlignTextLeftAndNumbersRight()
    {
        final String table = TextTable.render(
            List.of(TableColumn.text("condition", (run) -> run.condition()),
                TableColumn.metric("RDMA Gbit/s", Metric.RNIC_GBPS, 1)),
            ResultFixtures.congestion().runs().subList(0, 2));

        assertEquals(
            "condition   RDMA Gbit/s\n" +
            "----------  -----------\n" +
            "PFC on, 0x         98.0\n" +
            "PFC on, 3x         37.0\n", table);
    }

    @Test
    void shouldFormatMissingNumbersAsNotAvailable()
    {
        assertEquals("n/a", Fmt.num(Double.NaN, 1));
        assertEquals("0.0", Fmt.num(-0.0, 1));
        assertEquals("0.0", Fmt.num(-0.01, 1));
        assertEquals("-0.1", Fmt.num(-0.06, 1));
        assertEquals("0", Fmt.num(-0.2, 0));
        assertEquals("-62 %", Fmt.change(-0.62));
        assertEquals("+5 %", Fmt.change(0.05));
        assertEquals("0 %", Fmt.change(0.001));
        assertEquals("0 %", Fmt.change(-0.001));
        assertEquals("2.4x", Fmt.times(2.4));
        assertEquals("64 KB", Fmt.bytes(65536));
        assertEquals("1 MB", Fmt.bytes(1 << 20));
        assertEquals("100 B", Fmt.bytes(100));
    }
}
