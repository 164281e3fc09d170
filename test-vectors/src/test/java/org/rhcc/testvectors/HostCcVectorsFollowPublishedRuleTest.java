package org.rhcc.testvectors;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rhcc.testvectors.VectorFile.integer;
import static org.rhcc.testvectors.VectorFile.num;

/**
 * Checks rows of {@code hostcc.csv} against hostCC's published rule, derived here without rhcc's core: a line-by-line
 * transcription of the module's Rx path (Terabit-Ethernet/hostCC: {@code update_iio_wr_occ} and
 * {@code update_pcie_bw} in {@code src/hostcc-signals.c}, {@code host_local_response}, {@code increase_mba_val} and
 * {@code decrease_mba_val} in {@code src/hostcc-local-response.c}) on two sockets, plus closed forms for the rows a
 * reader can work out by hand. Vectors generated from the core would otherwise pin the core's mistakes.
 */
class HostCcVectorsFollowPublishedRuleTest
{
    private static final VectorFile FILE = VectorFile.read("hostcc.csv");

    /** hostCC's module state on a host with one remote socket (so its last level, SIGSTOP, is level 2). */
    private static final class HostCcModule
    {
        static final int I_T = 70;
        static final int B_T = 84;
        static final long SLACK_TIME_NS = 150_000;
        static final int MAX_LEVEL = 2;

        long smoothedAvgOccWr;
        long smoothedAvgPcieBw;
        int latestMbaVal;
        long lastReducedNs = Long.MIN_VALUE / 2;

        void sample(final long occ, final long bw, final long nowNs)
        {
            if (occ > 10)
            {
                smoothedAvgOccWr = ((7 * smoothedAvgOccWr) + (occ << 10)) >> 3;
            }
            if (bw < 150)
            {
                smoothedAvgPcieBw = ((255 * smoothedAvgPcieBw) + (bw << 10)) >> 8;
            }
            final long latestMeasuredAvgOccWr = smoothedAvgOccWr >> 10;
            if (smoothedAvgPcieBw < ((long)B_T << 10) && latestMeasuredAvgOccWr > I_T && latestMbaVal < MAX_LEVEL)
            {
                latestMbaVal++;
            }
            if (smoothedAvgPcieBw > ((long)B_T << 10) && latestMeasuredAvgOccWr < I_T &&
                nowNs - lastReducedNs >= SLACK_TIME_NS && latestMbaVal > 0)
            {
                latestMbaVal--;
                lastReducedNs = nowNs;
            }
        }
    }

    private static List<Map<String, String>> rows(final String caseName)
    {
        final List<Map<String, String>> rows = new ArrayList<>();
        for (final Map<String, String> row : FILE.rows)
        {
            if (row.get("case").equals(caseName))
            {
                rows.add(row);
            }
        }
        assertTrue(!rows.isEmpty(), "hostcc.csv has case " + caseName);
        return rows;
    }

    @Test
    void shouldAgreeWithATranscriptionOfHostCcsModuleOnEveryWellFormedRow()
    {
        String currentCase = "";
        HostCcModule module = null;
        int checked = 0;
        for (final Map<String, String> row : FILE.rows)
        {
            if (!row.get("case").equals(currentCase))
            {
                currentCase = row.get("case");
                module = new HostCcModule();
            }
            final double occ = num(row, "occ_sample");
            final double bw = num(row, "pcie_sample_gbps");
            if (!(occ >= 0.0 && bw >= 0.0 && occ < 1e6 && bw < 1e6))
            {
                continue;
            }
            module.sample((long)occ, (long)bw, integer(row, "t_ns"));
            final String where = "hostcc.csv " + row;
            assertEquals(module.smoothedAvgOccWr / 1024.0, num(row, "occ_smoothed"), 0.0, where);
            assertEquals(module.smoothedAvgPcieBw / 1024.0, num(row, "pcie_smoothed_gbps"), 0.0, where);
            assertEquals(module.latestMbaVal, integer(row, "hostcc_level"), where);
            // hostCC's levels on two sockets: 1 writes MBA 90 on the remote socket, 2 SIGSTOPs the process
            assertEquals(module.latestMbaVal == 2 ? 7 : 1, integer(row, "level_local"), where);
            assertEquals(module.latestMbaVal == 0 ? 1 : (module.latestMbaVal == 1 ? 6 : 7),
                integer(row, "level_xnuma"), where);
            // the network response marks while (smoothed >> 10) > I_T
            assertEquals((module.smoothedAvgOccWr >> 10) > HostCcModule.I_T ? "1" : "0", row.get("marking"), where);
            checked++;
        }
        assertTrue(checked > 2_500, "rows checked: " + checked);
    }

    @Test
    void shouldThrottleAtTheTwelfthSampleOfNinetyAsTheClosedFormSays()
    {
        // s_k = 90 (1 - (7/8)^k): 69.3 after 11 samples, 71.9 after 12; one level per sample from then on
        final List<Map<String, String>> rows = rows("throttle_sustained");
        for (int k = 1; k <= 11; k++)
        {
            assertEquals(0, integer(rows.get(k - 1), "hostcc_level"), "sample " + k);
            assertEquals(90.0 * (1 - Math.pow(7.0 / 8.0, k)), num(rows.get(k - 1), "occ_smoothed"), 0.01);
        }
        assertEquals(1, integer(rows.get(11), "hostcc_level"));
        assertEquals("6", rows.get(11).get("level_xnuma"), "remote socket at MBA 90");
        assertEquals("1", rows.get(11).get("level_local"));
        assertEquals(2, integer(rows.get(12), "hostcc_level"));
        assertEquals("7", rows.get(12).get("level_local"), "process paused: every core stops");
        assertEquals("7", rows.get(12).get("level_xnuma"));
        assertEquals(2, integer(rows.get(rows.size() - 1), "hostcc_level"), "nothing beyond the pause");
    }

    @Test
    void shouldLeaveTheOccupancyEwmaUntouchedBySamplesOfTenOrLess()
    {
        final List<Map<String, String>> rows = rows("sample_gate");
        for (int i = 1; i < rows.size(); i++)
        {
            if ((long)num(rows.get(i), "occ_sample") <= 10)
            {
                assertEquals(rows.get(i - 1).get("occ_smoothed"), rows.get(i).get("occ_smoothed"),
                    rows.get(i).toString());
            }
        }
        final Map<String, String> last = rows.get(rows.size() - 1);
        assertEquals("1", last.get("marking"), "frozen above I_T when traffic stops: marking continues");
    }

    @Test
    void shouldNotThrottleWhileTheSmoothedBandwidthIsAtOrAboveEightyFour()
    {
        for (final Map<String, String> row : rows("bandwidth_at_or_above_bt"))
        {
            if (num(row, "pcie_smoothed_gbps") >= 84.0)
            {
                assertEquals(0, integer(row, "hostcc_level"), row.toString());
            }
        }
        // samples of 100 from 0: s_n = 100 (1 - (255/256)^n) passes 84 after ln(0.16) / ln(255/256) = 468.2 samples
        final List<Map<String, String>> rows = rows("bandwidth_at_or_above_bt");
        assertTrue(num(rows.get(466), "pcie_smoothed_gbps") < 84.0);
        assertTrue(num(rows.get(470), "pcie_smoothed_gbps") > 84.0);
    }

    @Test
    void shouldRelaxOnceThenWaitOneHundredFiftyMicroseconds()
    {
        final List<Map<String, String>> rows = rows("relax_rate_limit");
        final List<Long> relaxNs = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++)
        {
            if (integer(rows.get(i), "hostcc_level") < integer(rows.get(i - 1), "hostcc_level"))
            {
                relaxNs.add(integer(rows.get(i), "t_ns"));
                assertTrue(num(rows.get(i), "pcie_smoothed_gbps") > 84.0 && num(rows.get(i), "occ_smoothed") < 70.0);
            }
        }
        // samples of 140 from 0 pass 84 after ln(0.4) / ln(255/256) = 234.1 samples: the 235th of the relaxing
        // phase, which starts after 15 throttling samples, 400 ns apart
        assertEquals(List.of((15 + 235) * 400L, (15 + 235) * 400L + 150_000L), relaxNs);
        final Map<String, String> resumed = rows.get(15 + 234);
        assertEquals("1", resumed.get("level_local"), "SIGCONT");
        assertEquals("6", resumed.get("level_xnuma"), "the remote socket stays at MBA 90");
    }
}
