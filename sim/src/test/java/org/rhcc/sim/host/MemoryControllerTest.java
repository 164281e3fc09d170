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
    void shouldLoseTheSameCapacityInShallowerDipsWhenRanksAreRefreshedOnTheirOwn()
    {
        final double[] whole = saturatedReads(DRAM);
        final double[] perRank = saturatedReads(withRefreshRanks(DRAM, 2));
        // the average: tRFC / tREFI of the bus either way (JEDEC: every rank refreshed once per tREFI)
        assertEquals(whole[0], perRank[0], 0.01 * whole[0]);
        // the deepest dip over a tRFC window: one of the two channels stopped, or one rank of one channel
        assertEquals(0.5, whole[1] / whole[0], 0.05, "a whole channel blocked halves the controller");
        assertEquals(0.75, perRank[1] / perRank[0], 0.05, "one of two ranks keeps three quarters");
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
    void shouldDrainAtLeastABatchPerTurnaroundWhenReadsAreSparse()
    {
        // a light mix (about a third of the bus): reads trickle in every step, writes keep the WPQ near W_lo, so
        // every drain is opportunistic; a bus that turned around for each trickling read would look saturated
        final MemoryController mc = new MemoryController(DRAM);
        final double readsPerStep = 0.04 * STEP_NS * DRAM.channels();
        final double writesPerStep = 0.08 * STEP_NS * DRAM.channels();
        final long steps = 40_000;
        for (long k = 0; k < steps; k++)
        {
            mc.enqueueReadInterleaved(0, readsPerStep);
            for (int c = 0; c < DRAM.channels(); c++)
            {
                mc.admitWrites(c, Math.min(mc.wpqSpace(c), writesPerStep / DRAM.channels()));
            }
            mc.step(k * STEP_NS, STEP_NS);
        }
        final double drains = mc.switches() / 2.0;
        final double batch = DRAM.wpqHighLines() - DRAM.wpqLowLines();
        assertTrue(mc.servedWritesTotal() / drains >= batch - 1e-6,
            "lines per drain " + mc.servedWritesTotal() / drains + " below one batch " + batch);
        assertTrue(mc.utilisation() < 0.8, "a light mix must not look saturated: " + mc.utilisation());
        assertTrue(mc.burstWaitNs() < 10.0, "and must not hold reads: " + mc.burstWaitNs());
        final double rho = mc.utilisation();
        assertTrue(rho < 0.5, "its turnarounds use free time: " + rho);
        assertTrue(mc.writeBurstWaitNs() <= DRAM.burstServiceNs() * rho / (2.0 * (1.0 - rho)) + 1e-9,
            "nor writes beyond the M/D/1 wait at that load: " + mc.writeBurstWaitNs());
    }

    @Test
    void shouldNotCountTurnaroundsTakenInIdleTimeAsBusy()
    {
        // a light mix: every drain is opportunistic (no read waits when it starts), so its turnarounds use free time;
        // the utilisation is the data and refresh share
        final MemoryController mc = new MemoryController(DRAM);
        final double readsPerStepPerChannel = 0.03 * STEP_NS;
        final double writesPerStepPerChannel = 0.06 * STEP_NS;
        final long steps = 40_000;
        for (long k = 0; k < steps; k++)
        {
            mc.enqueueReadInterleaved(0, readsPerStepPerChannel * DRAM.channels());
            for (int c = 0; c < DRAM.channels(); c++)
            {
                mc.admitWrites(c, Math.min(mc.wpqSpace(c), writesPerStepPerChannel));
            }
            mc.step(k * STEP_NS, STEP_NS);
        }
        final double lineNs = DRAM.tTransNs() / DRAM.bankEfficiency();
        final double dataShare = (readsPerStepPerChannel + writesPerStepPerChannel) / STEP_NS * lineNs;
        final double refreshShare = DRAM.refreshNs() / DRAM.refreshIntervalNs();
        final double turnaroundShare = mc.switches() / (double)DRAM.channels() * DRAM.tSwitchNs() / (steps * STEP_NS);
        assertTrue(turnaroundShare > 0.05, "the mix turns the bus around often: " + turnaroundShare);
        assertEquals(dataShare + refreshShare, mc.utilisation(), 0.05,
            "turnarounds taken in idle time are not load (turnaround share " + turnaroundShare + ")");
    }

    @Test
    void shouldServeAnIdleReadWithinAStep()
    {
        final MemoryController mc = new MemoryController(DRAM);
        mc.enqueueRead(1, 1, 1.0);
        mc.step(100.0, STEP_NS);
        assertEquals(1.0, mc.servedReads(1, 1), 1e-9);
    }

    @Test
    void shouldAddAlmostNoBurstWaitToAnIdleChannel()
    {
        final MemoryController mc = new MemoryController(DRAM);
        for (int k = 0; k < 1_000; k++)
        {
            mc.step(100_000.0 + k * STEP_NS, STEP_NS);
        }
        // only refresh keeps an idle channel busy (tRFC every tREFI)
        assertTrue(mc.utilisation() < 2.0 * DRAM.refreshNs() / DRAM.refreshIntervalNs());
        assertTrue(mc.burstWaitNs() < 0.5);
        assertTrue(mc.writeBurstWaitNs() < 0.5);
    }

    @Test
    void shouldFollowTheMd1WaitAtModerateUtilisation()
    {
        final MemoryController mc = new MemoryController(DRAM);
        final double lineNs = DRAM.tTransNs() / DRAM.bankEfficiency();
        final double linesPerStep = 0.5 * STEP_NS / lineNs * DRAM.channels();
        for (int k = 0; k < 20_000; k++)
        {
            mc.enqueueReadInterleaved(0, linesPerStep);
            mc.step(100_000.0 + k * STEP_NS, STEP_NS);
        }
        final double rho = mc.utilisation();
        assertEquals(0.5, rho, 0.05, "half the bus rate offered keeps the bus about half busy");
        final double md1 = DRAM.burstServiceNs() * rho / (2.0 * (1.0 - rho));
        final double writeMd1 = md1;
        assertTrue(mc.writeBurstWaitNs() > 0.0 && mc.writeBurstWaitNs() <= writeMd1 + 1e-9);
        assertTrue(mc.burstWaitNs() <= md1 + 1e-9);
    }

    @Test
    void shouldBoundTheBurstWaitByAFullQueueDrainAtSaturation()
    {
        final MemoryController mc = new MemoryController(DRAM);
        for (int k = 0; k < 20_000; k++)
        {
            mc.admitWrites(0, mc.wpqSpace(0));
            mc.admitWrites(1, mc.wpqSpace(1));
            mc.step(100_000.0 + k * STEP_NS, STEP_NS);
        }
        assertTrue(mc.utilisation() > 0.99, "a backlogged channel is busy");
        assertEquals(MemoryController.writeWaitMaxNs(DRAM), mc.writeBurstWaitNs(), 1e-9,
            "writes wait at most a full WPQ's drain time under reads-first scheduling");
        assertEquals(MemoryController.readWaitMaxNs(DRAM), mc.burstWaitNs(), 1e-9,
            "with no read queued, a read would wait a full RPQ's drain time at most");
        final double lineNs = DRAM.tTransNs() / DRAM.bankEfficiency();
        final double cycleNs = (DRAM.maxWriteBurstLines() + DRAM.minReadBurstLines()) * lineNs + 2.0 * DRAM.tSwitchNs();
        assertEquals(DRAM.wpqLines() / (double)DRAM.maxWriteBurstLines() * cycleNs,
            MemoryController.writeWaitMaxNs(DRAM), 1e-9, "a write batch, a read batch and two turnarounds per cycle");
        assertTrue(MemoryController.writeWaitMaxNs(DRAM) > DRAM.wpqLines() * lineNs,
            "read batches between the write batches make a full WPQ drain slower than its writes alone");
    }

    /**
     * @return {reads served per ns on average, the fewest served per ns over a tRFC window} with every channel's RPQ
     * kept full.
     */
    private static double[] saturatedReads(final SimParameters.Dram dram)
    {
        final MemoryController mc = new MemoryController(dram);
        final int window = (int)Math.round(dram.refreshNs() / STEP_NS);
        final double[] served = new double[window];
        final long steps = 200_000;
        double inWindow = 0.0;
        double fewest = Double.MAX_VALUE;
        double before = 0.0;
        for (long k = 0; k < steps; k++)
        {
            mc.enqueueReadInterleaved(0, Math.max(0.0, 40.0 - mc.readBacklog(0)) * dram.channels());
            mc.step(k * STEP_NS, STEP_NS);
            final double total = mc.servedReadsTotal(0);
            final int slot = (int)(k % window);
            inWindow += total - before - served[slot];
            served[slot] = total - before;
            before = total;
            if (k >= 10_000)
            {
                fewest = Math.min(fewest, inWindow);
            }
        }
        return new double[] {mc.servedReadsTotal(0) / (steps * STEP_NS), fewest / (window * STEP_NS)};
    }

    private static SimParameters.Dram withRefreshRanks(final SimParameters.Dram d, final int ranks)
    {
        return new SimParameters.Dram(d.channels(), d.tTransNs(), d.tSwitchNs(), d.tCasNs(), d.tRcdNs(), d.tRpNs(),
            d.rpqLines(), d.wpqLines(), d.wpqHighLines(), d.wpqLowLines(), d.minReadBurstLines(),
            d.maxWriteBurstLines(), d.refreshIntervalNs(), d.refreshNs(), ranks, d.bankEfficiency(), d.rowMissLow(),
            d.rowMissHigh(), d.rowMissStreams(), d.coreReadPathNs(), d.burstServiceNs());
    }
}
