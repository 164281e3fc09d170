package org.rhcc.experiments.result;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StationarityTest
{
    @Test
    void shouldJudgeTheDifferenceRelativeToTheLargerHalf()
    {
        assertEquals(0.04, Stationarity.relativeDifference(100.0, 96.0, 1.0), 1e-12);
        assertEquals(0.04, Stationarity.relativeDifference(96.0, 100.0, 1.0), 1e-12);
        assertEquals(0.5, Stationarity.relativeDifference(-2.0, -4.0, 1.0), 1e-12);

        assertTrue(new Stationarity.Builder().add("rnic_gbps", 100.0, 95.0, 1.0).build().stationary());
        assertFalse(new Stationarity.Builder().add("rnic_gbps", 100.0, 94.9, 1.0).build().stationary());
    }

    @Test
    void shouldJudgeValuesNearZeroAgainstTheFloor()
    {
        assertEquals(0.01, Stationarity.relativeDifference(0.01, 0.02, 1.0), 1e-12);
        assertEquals(0.0, Stationarity.relativeDifference(0.0, 0.0, 1.0));
        assertTrue(new Stationarity.Builder().add("cpu_mem_gbps", 0.0, 0.04, 1.0).build().stationary());
        assertFalse(new Stationarity.Builder().add("cpu_mem_gbps", 0.0, 0.06, 1.0).build().stationary());
        assertThrows(IllegalArgumentException.class, () -> new Stationarity.Halves(1.0, 1.0, 0.0));
    }

    @Test
    void shouldCompareTimeSharesAsAbsoluteDifferences()
    {
        final Stationarity shares = new Stationarity.Builder()
            .add("mba_local_level_4_share", 0.02, 0.06, Stationarity.SHARE_FLOOR)
            .add("mba_local_level_5_share", 0.98, 0.94, Stationarity.SHARE_FLOOR)
            .build();

        assertEquals(0.04, shares.maxDifference(), 1e-12);
        assertTrue(shares.stationary());
    }

    @Test
    void shouldTakeTheWorstMetricAndRefuseValuesThatAreNotNumbers()
    {
        final Stationarity moving = new Stationarity.Builder()
            .add("rnic_gbps", 97.8, 97.9, 1.0)
            .add("r_rev_gbps", 19.06, 17.48, 1.0)
            .add("cpu_mem_gbps", 85.0, 85.1, 1.0)
            .build();

        assertEquals("r_rev_gbps", moving.worstMetric());
        assertEquals((19.06 - 17.48) / 19.06, moving.maxDifference(), 1e-12);
        assertEquals("r_rev_gbps 8.3 %", moving.describeWorst());
        assertFalse(moving.stationary());

        final Stationarity unknown = new Stationarity.Builder()
            .add("rnic_gbps", 50.0, 50.0, 1.0)
            .add("rx", Double.NaN, 1.0, 1.0)
            .build();
        assertEquals("rx", unknown.worstMetric());
        assertTrue(Double.isNaN(unknown.maxDifference()));
        assertFalse(unknown.stationary());

        final Stationarity none = new Stationarity.Builder().build();
        assertNull(none.worstMetric());
        assertTrue(none.stationary());
    }
}
