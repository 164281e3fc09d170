package org.rhcc.sim.host;

import org.junit.jupiter.api.Test;
import org.rhcc.sim.SimParameters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemoryControllerTest
{
    private static final SimParameters.Dram DRAM = SimParameters.calibrated().dram();
    private static final double STEP_NS = 5.0;

    @Test
    void shouldServeSaturatingReadsAtTheBusRateLessBankAndRefreshLosses()
    {
        final MemoryController mc = new MemoryController(DRAM);
        final long steps = 200_000;
        for (long k = 0; k < steps; k++)
        {
            mc.enqueueReadInterleaved(0, Math.max(0.0, 40.0 - mc.readBacklog(0)) * DRAM.channels());
            mc.step(k * STEP_NS, STEP_NS);
        }
        final double gbPerS = mc.servedReadsTotal(0) * 64.0 / (steps * STEP_NS);
        final double bus = DRAM.channels() * 64.0 / DRAM.tTransNs();
        final double expected = bus * DRAM.bankEfficiency() * (1.0 - DRAM.refreshNs() / DRAM.refreshIntervalNs());
        assertEquals(expected, gbPerS, 0.01 * expected);
    }

    @Test
    void shouldHoldWritesUntilTheWpqIsFullAndThenDrainABatch()
    {
        final MemoryController mc = new MemoryController(DRAM);
        mc.enqueueReadInterleaved(0, 1_000.0);
        mc.admitWrites(0, DRAM.wpqHighLines() - 1.0);
        for (int k = 0; k < 10; k++)
        {
            mc.step(100_000.0 + k * STEP_NS, STEP_NS);
        }
        assertEquals(0.0, mc.servedWritesTotal(), "below W_hi with reads waiting nothing drains");
        mc.admitWrites(0, mc.wpqSpace(0));
        for (int k = 0; k < 200; k++)
        {
            mc.step(200_000.0 + k * STEP_NS, STEP_NS);
        }
        assertTrue(mc.servedWritesTotal() >= DRAM.wpqLines() - DRAM.wpqLowLines() - 1e-6);
        assertTrue(mc.switches() >= 2);
    }

    @Test
    void shouldServeAnIdleReadWithinAStep()
    {
        final MemoryController mc = new MemoryController(DRAM);
        mc.enqueueRead(1, 1, 1.0);
        mc.step(100.0, STEP_NS);
        assertEquals(1.0, mc.servedReads(1, 1), 1e-9);
    }
}
