package org.rhcc.sim.host;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DdioHitModelTest
{
    private static final double N = 70_312.0;

    @Test
    void shouldKeepASmallWorkingSetResidentWithoutCorePollution()
    {
        assertEquals(1.0, DdioHitModel.hitProbability(0.19, 0.0, 2.0 / 11.0, 8_192.0, N, 1.0), 1e-6);
    }

    @Test
    void shouldSolveTheSelfConsistentHitRateForAWorkingSetLargerThanTheWays()
    {
        final double p = DdioHitModel.hitProbability(0.19, 0.0, 2.0 / 11.0, 2.0 * N, N, 1.0);
        assertEquals(Math.exp(-2.0 * (1.0 - p)), p, 1e-6);
        assertTrue(p < 0.3);
    }

    @Test
    void shouldMissMoreWhenCoresStreamThroughTheDdioWays()
    {
        final double quiet = DdioHitModel.hitProbability(0.19, 0.0, 2.0 / 11.0, 1.5 * N, N, 1.0);
        final double busy = DdioHitModel.hitProbability(0.19, 0.24, 2.0 / 11.0, 1.5 * N, N, 1.0);
        assertTrue(busy < quiet);
    }

    @Test
    void shouldKeepThePreviousValueWithoutNicTraffic()
    {
        assertEquals(0.4, DdioHitModel.hitProbability(0.0, 0.2, 0.2, N, N, 0.4));
    }

    @Test
    void shouldKeepASmallRingInTheDdioWaysWhenAllocationsAreFew()
    {
        final double a = DdioHitModel.allocationsPerNs(0.19, 0.2, 0.15, 2.0 / 11.0);
        assertEquals(0.19 * 0.8 + 0.15 * 2.0 / 11.0, a, 1e-12);
        final double slowRing = DdioHitModel.survival(a, 600_000.0, N);
        final double fastRing = DdioHitModel.survival(a, 60_000.0, N);
        assertTrue(fastRing > slowRing && fastRing < 1.0 && slowRing > 0.0);
        assertEquals(Math.exp(-a * 60_000.0 / N), fastRing, 1e-12);
        assertEquals(1.0, DdioHitModel.survival(0.0, 60_000.0, N), 1e-12);
    }
}
