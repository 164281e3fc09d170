package org.rhcc.sim;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The calibration table of docs/model.md §9: every baseline row (no controller) and the C rows against the paper's
 * number and its tolerance, with {@link SimParameters#calibrated()} at seed {@link CalibrationTable#TEST_SEED}. Each
 * test asserts one row of {@link CalibrationTable}, which defines the rows, their runs and their checks ({@code rhcc
 * calibration} prints the same rows); the rows share their runs, evaluated once for the class on two threads.
 */
class CalibrationTest
{
    private static final Map<String, CalibrationRow> ROWS = new HashMap<>();

    /**
     * Evaluates every row at once on two threads: the rows' runs are independent, single-threaded simulations.
     */
    @BeforeAll
    static void evaluateTheTable()
    {
        new CalibrationTable(SimParameters.calibrated(), CalibrationTable.TEST_SEED, CalibrationTable.TEST_MEASURED_NS)
            .rows(CalibrationTable.keys(), 2, (row) -> ROWS.put(row.key(), row));
    }

    private static void assertRow(final String key)
    {
        final CalibrationRow row = ROWS.get(key);
        assertTrue(row.holds(), () -> key + ": " + row.failures());
    }

    @Test
    @DisplayName("A1: total memory bandwidth 33.2 GB/s (CPU-only, saturating MLC 1:1, all 18 cores), +-3 %")
    void shouldMatchA1TotalMemoryBandwidth()
    {
        assertRow("A1");
    }

    @Test
    @DisplayName("A2: MLC 1:1 presets 1x/2x/3x = 19.0/25.3/30.3 GB/s isolated, +-5 %")
    void shouldMatchA2MlcPresets()
    {
        assertRow("A2");
    }

    @Test
    @DisplayName("A3: MBA levels 1..5 = 33.2/26.5/20.0/15.0/10.0 GB/s (max MLC generator), +-5 %, monotone")
    void shouldMatchA3MbaLevels()
    {
        assertRow("A3");
    }

    @Test
    @DisplayName("A4: idle read latency 81 ns local / 130 ns remote (CLX reference), +-5 %")
    void shouldMatchA4IdleLatency()
    {
        assertRow("A4");
    }

    @Test
    @DisplayName("A5: no contention: IIO occupancy 20 +- 3 lines, receiver processing delay (probes) 120 ns +- 20 %")
    void shouldMatchA5NoContention()
    {
        assertRow("A5");
    }

    @Test
    @DisplayName("A6: read-only loaded latency ([ML] MLC, CLX): <= 1.25x idle (+-5 %) up to 55 % of peak, 2.0x near" +
        " 95 %, 2.9x at saturation, +-25 %")
    void shouldMatchA6LoadedLatencyShape()
    {
        assertRow("A6");
    }

    @Test
    @DisplayName("B1 (1x): IIO occupancy 44 lines (1 ms windows), +-10 %")
    void shouldMatchB1IioOccupancyAt1x()
    {
        assertRow("B1 1x");
    }

    @Test
    @DisplayName("B1 (2x, 3x): IIO occupancy 68 / 94 lines (1 ms windows), +-10 %")
    void shouldMatchB1IioOccupancyAt2xAnd3x()
    {
        assertRow("B1 2x 3x");
    }

    @Test
    @DisplayName("B2: receiver processing delay as the probes measure it, 190 ns at 1x (+-10 % and below D_thr =" +
        " 200), 510 / 900 ns at 2x/3x (+-30 %), 100 us windows")
    void shouldMatchB2ReceiverDelay()
    {
        assertRow("B2");
    }

    @Test
    @DisplayName("B8: the thresholds bracket the 1x point: IIO occupancy <= I_thr = 45 and D < D_thr = 200 ns at 1x," +
        " both above at 2x")
    void shouldBracketThe1xPointWithBothThresholds()
    {
        assertRow("B8");
    }

    @Test
    @DisplayName("B9: 3x with MBA forced to levels 3, 4, 5 and the NIC at line rate: IIO occupancy, IIO residency and" +
        " D fall strictly with the level, and at level 5 lie at least 10 % below their 1x values")
    void shouldFollowTheMemoryLoadUnderForcedMbaLevels()
    {
        assertRow("B9");
    }

    @Test
    @DisplayName("B3: 3x goodput -62 % with PFC vs 0x, +-5 pp; PFC pauses and CNPs rise with congestion")
    void shouldMatchB3ThroughputLoss()
    {
        assertRow("B3");
    }

    @Test
    @DisplayName("B3 (PFC-free): 3x goodput -68 % vs 0x, +-5 pp")
    void shouldMatchB3ThroughputLossPfcFree()
    {
        assertRow("B3 PFC-free");
    }

    @Test
    @DisplayName("B4: 3x mean message latency 2.4x (PFC) and 2.6x (PFC-free) of 0x, +-25 %")
    void shouldMatchB4LatencyInflation()
    {
        assertRow("B4");
    }

    @Test
    @DisplayName("B4 (PFC-free): 3x mean message latency 2.6x of 0x, +-25 %")
    void shouldMatchB4LatencyInflationPfcFree()
    {
        assertRow("B4 PFC-free");
    }

    @Test
    @DisplayName("B5 (cross): cross-NUMA MLC costs the NIC more than local MLC, with more PFC pauses")
    void shouldMakeCrossNumaWorseThanLocal()
    {
        assertRow("B5 cross worse");
    }

    @Test
    @DisplayName("B5 (hybrid): 3x goodput with hybrid MLC placement up to 40 % below local placement (B7 grid), +-5 pp")
    void shouldMatchB5HybridPlacement()
    {
        assertRow("B5 hybrid");
    }

    @Test
    @DisplayName("B5 (cross): 3x goodput with cross-NUMA MLC up to 24 % below local placement (B7 grid), +-5 pp")
    void shouldMatchB5CrossNumaPlacement()
    {
        assertRow("B5 cross");
    }

    @Test
    @DisplayName("B13 (trend, not fitted): 3x with MBA forced to levels 1..5, NIC goodput rises step by step to full" +
        " rate by level 4 while CPU bandwidth falls")
    void shouldRecoverTheNicStepByStepUnderForcedMbaLevels()
    {
        assertRow("B13");
    }

    @Test
    @DisplayName("C1: 3x, MBA level 1, the NIC's rate held: D below 200 ns at 5 Gbit/s, crosses D_thr = 200 ns between" +
        " 14 and 23 Gbit/s (the RNIC-only fixed point, Fig. 21), B2's 3x value at DCQCN's operating point")
    void shouldPlaceTheSenderLoopsFixedPointAt3xWhereTheRnicOnlyLoopSettles()
    {
        assertRow("C1");
    }

    @Test
    @DisplayName("C2: 3x, MBA level 1..5: D non-decreasing in the NIC's held rate, no jump over 150 ns per 5 Gbit/s" +
        " below the path's capacity")
    void shouldRaiseTheProbesDelayWithTheNicsOwnTrafficAtEveryLevel()
    {
        assertRow("C2");
    }

    @Test
    @DisplayName("B6: Little's law O = T x IIO residency per 100 us window, +-30 %")
    void shouldMatchB6LittleConsistency()
    {
        assertRow("B6");
    }

    @Test
    @DisplayName("B7: goodput flat for 1..256 QPs (no contention), +-5 %")
    void shouldMatchB7FlatAcrossQps()
    {
        assertRow("B7");
    }
}
