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
        final double fewer = DdioHitModel.survivalAfter(0.1 * N, N);
        final double more = DdioHitModel.survivalAfter(N, N);
        assertTrue(fewer > more && fewer < 1.0 && more > 0.0);
        assertEquals(Math.exp(-0.1), fewer, 1e-12);
        assertEquals(Math.exp(-1.0), more, 1e-12);
        assertEquals(1.0, DdioHitModel.survivalAfter(0.0, N), 1e-12);
        assertEquals(1.0, DdioHitModel.survivalAfter(-5.0, N), 1e-12, "a negative count is no allocation");
    }
}
