package org.rhcc.testvectors;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks the committed DCQCN vectors against the rules the reference implementations share (docs/platform.md §7:
 * the DCQCN authors' {@code qbb-net-device.cc}, the HPCC simulator's {@code rdma-hw.cc}, NVIDIA's parameter
 * documentation), from the files' own {@code # param} lines, independently of the Java core that generated them.
 */
class DcqcnVectorsPinReferenceRulesTest
{
    @ParameterizedTest
    @ValueSource(strings = { "dcqcn.csv", "dcqcn_paper.csv" })
    void shouldLeaveAlphaAloneUntilTheFirstCnpWhichCutsWithInitialAlpha(final String name)
    {
        final VectorFile file = VectorFile.read(name);
        final double line = Double.parseDouble(file.params.get("line_rate_gbps"));
        final double initialAlpha = Double.parseDouble(file.params.get("initial_alpha"));
        final List<Map<String, String>> rows = rows(file, "first_cnp_after_calm", 0);
        final Map<String, String> calm = rows.get(1);
        assertEquals("advance", calm.get("event"));
        assertEquals(1_000_000L, Long.parseLong(calm.get("t_ns")));
        assertEquals(initialAlpha, num(calm, "alpha"), 0.0, "1 ms without a CNP leaves alpha as it was");
        final Map<String, String> first = rows.get(2);
        assertEquals("cnp", first.get("event"));
        assertEquals(line * (1.0 - initialAlpha / 2.0), num(first, "rc_gbps"), 1e-12,
            "the first CNP cuts with initial_alpha");
    }

    @ParameterizedTest
    @ValueSource(strings = { "dcqcn.csv", "dcqcn_paper.csv" })
    void shouldCarryEveryCnpInsideTheHoldOffToACut(final String name)
    {
        final VectorFile file = VectorFile.read(name);
        final long holdOffNs = Long.parseLong(file.params.get("rate_decrease_interval_ns"));
        final List<Map<String, String>> flow0 = rows(file, "cnp_in_hold_off", 0);
        // open, cut at 1 us, CNP at 1 us + holdOff/2, advance to 1 us + holdOff - 1, advance to 1 us + holdOff
        final double afterFirst = num(flow0.get(1), "rc_gbps");
        assertEquals(afterFirst, num(flow0.get(2), "rc_gbps"), 0.0, "no cut inside the hold-off");
        assertEquals(afterFirst, num(flow0.get(3), "rc_gbps"), 0.0, "still none 1 ns before its end");
        assertEquals(1_000L + holdOffNs, Long.parseLong(flow0.get(4).get("t_ns")));
        assertTrue(num(flow0.get(4), "rc_gbps") < afterFirst, "the carried CNP cuts at the hold-off's end");

        // Flow 1: 8 CNPs spaced 0.9 and 1.05 holdOff apart, each within the hold-off of the cut before it (all are
        // carried) and too close for a timer increase in between: the rate must fall 8 times.
        int cnps = 0;
        int cuts = 0;
        double last = Double.NaN;
        for (final Map<String, String> row : rows(file, "cnp_in_hold_off", 1))
        {
            cnps += row.get("event").equals("cnp") ? 1 : 0;
            final double rc = num(row, "rc_gbps");
            cuts += rc < last ? 1 : 0;
            last = rc;
        }
        assertEquals(8, cnps);
        assertEquals(cnps, cuts);
    }

    @ParameterizedTest
    @ValueSource(strings = { "dcqcn.csv", "dcqcn_paper.csv" })
    void shouldClampTheTargetAfterAByteCounterIncrease(final String name)
    {
        final VectorFile file = VectorFile.read(name);
        final boolean clampAlways = file.params.get("clamp_target_rate").equals("1");
        final double line = Double.parseDouble(file.params.get("line_rate_gbps"));
        final double minRate = Double.parseDouble(file.params.get("min_rate_gbps"));

        // Flow 0: cut, one byte-counter increase, cut: R_T <- R_C under both target rules.
        final List<Map<String, String>> flow0 = rows(file, "byte_increase_then_cut", 0);
        assertTrue(num(flow0.get(2), "rc_gbps") > num(flow0.get(1), "rc_gbps"), "one byte-counter increase");
        assertEquals(num(flow0.get(2), "rc_gbps"), num(flow0.get(3), "rt_gbps"), 0.0);

        // Flow 1: one byte short of the counter, no increase: R_T stays unless the clamp is always on.
        final List<Map<String, String>> flow1 = rows(file, "byte_increase_then_cut", 1);
        assertEquals(num(flow1.get(1), "rc_gbps"), num(flow1.get(2), "rc_gbps"), 0.0, "no increase");
        assertEquals(clampAlways ? num(flow1.get(2), "rc_gbps") : line, num(flow1.get(3), "rt_gbps"), 0.0);

        // Flow 2: sending at its rate with a CNP every 10 us, the rate falls to the floor and stays there.
        final List<Map<String, String>> flow2 = rows(file, "byte_increase_then_cut", 2);
        assertEquals(minRate, num(flow2.get(flow2.size() - 1), "rc_gbps"), 0.0);
    }

    private static List<Map<String, String>> rows(final VectorFile file, final String caseName, final int flow)
    {
        final List<Map<String, String>> rows = file.rows.stream()
            .filter(r -> r.get("case").equals(caseName) && Integer.parseInt(r.get("flow")) == flow)
            .collect(Collectors.toList());
        assertTrue(rows.size() > 2, caseName + " flow " + flow + " has " + rows.size() + " rows");
        return rows;
    }

    private static double num(final Map<String, String> row, final String column)
    {
        return Double.parseDouble(row.get(column));
    }
}
