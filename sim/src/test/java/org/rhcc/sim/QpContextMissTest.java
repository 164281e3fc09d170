package org.rhcc.sim;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.Scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The receiver NIC's QP-context cache (docs/model.md §4.3) at 0x under DCQCN alone: with more QPs than contexts on
 * chip, the sender NIC's round robin makes most lookups miss, the receive pipeline waits for each context, and the
 * NIC loses about half its goodput (measured RC throughput falls by about half at 4,096 connections); the probes'
 * D sees the misses while the IIO occupancy falls with the goodput. With as many QPs as contexts only the first
 * lookups miss, and without the model thousands of QPs keep line rate (row B7 extended).
 */
class QpContextMissTest
{
    private static final int ENTRIES = SimParameters.QpcCache.ESTIMATED_ENTRIES;

    private static SimulationResult run(final int qps, final int cacheEntries)
    {
        return run(qps, cacheEntries, 0);
    }

    private static SimulationResult run(final int qps, final int cacheEntries, final int activeQps)
    {
        final SimParameters calibrated = SimParameters.calibrated();
        final SimParameters params = calibrated.withRnic(calibrated.rnic()
            .withQpcCache(calibrated.rnic().qpcCache().withEntries(cacheEntries))
            .withActiveQpsPerSender(activeQps));
        final Scenario scenario = new Scenario(true, 0, CpuTraffic.LOCAL, 1, qps, 65_536, 0, 0.0, 0, 5_000_000L,
            5_000_000L, 1L);
        return Simulation.run(RunSpec.of(scenario, params), params, ControllerHook.NONE, ProgressListener.NONE);
    }

    @Test
    @DisplayName("4,096 QPs over 1,024 contexts: most lookups miss, goodput falls by a third or more, D at least "
        + "doubles, IIO occupancy does not rise")
    void shouldLoseGoodputWhenQpsOutnumberContexts()
    {
        final SimulationResult off = run(4_096, 0);
        final SimulationResult on = run(4_096, ENTRIES);
        final double missRate = on.diagnostics().qpContextMissRate();
        assertTrue(missRate > 0.6, "miss rate " + missRate);
        assertTrue(on.metrics().rnicGbps() < 0.67 * off.metrics().rnicGbps(),
            "goodput " + on.metrics().rnicGbps() + " against " + off.metrics().rnicGbps() + " Gbit/s without misses");
        assertTrue(on.metrics().rxDelayNs() > 2.0 * off.metrics().rxDelayNs(),
            "D " + on.metrics().rxDelayNs() + " against " + off.metrics().rxDelayNs() + " ns");
        assertTrue(on.metrics().iioOccupancy() <= off.metrics().iioOccupancy(),
            "IIO " + on.metrics().iioOccupancy() + " against " + off.metrics().iioOccupancy() + " lines");
    }

    @Test
    @DisplayName("the sender serving 512 of its 4,096 QPs at a time: one miss per QP and 32 KB turn, goodput back "
        + "above 80 Gbit/s, D back near the run without misses")
    void shouldRecoverWithAnActiveQpBudget()
    {
        final SimulationResult all = run(4_096, ENTRIES);
        final SimulationResult budget = run(4_096, ENTRIES, ENTRIES / 2);
        final SimulationResult off = run(4_096, 0);
        final double missRate = budget.diagnostics().qpContextMissRate();
        // a turn is 8 packets of 4 KB and one probe: at most one miss in nine lookups, plus turns cut short
        assertTrue(missRate > 0.05 && missRate < 0.2, "miss rate " + missRate);
        assertTrue(budget.metrics().rnicGbps() > 80.0 && budget.metrics().rnicGbps() > 1.5 * all.metrics().rnicGbps(),
            "goodput " + budget.metrics().rnicGbps() + " against " + all.metrics().rnicGbps() + " Gbit/s");
        assertTrue(budget.metrics().rxDelayNs() < 1.5 * off.metrics().rxDelayNs(),
            "D " + budget.metrics().rxDelayNs() + " against " + off.metrics().rxDelayNs() + " ns without misses");
    }

    @Test
    @DisplayName("without the model, 4,096 QPs keep line rate and no QP is timed out by its own slow turn")
    void shouldKeepLineRateWithoutTheModel()
    {
        final SimulationResult off = run(4_096, 0);
        assertTrue(off.metrics().rnicGbps() > 95.0, "goodput " + off.metrics().rnicGbps());
        assertEquals(0L, off.diagnostics().retransmittedPackets(), "retransmissions");
        assertEquals(0.0, off.diagnostics().qpContextMissRate());
    }

    @Test
    @DisplayName("256 QPs in 1,024 contexts: no miss after the first lookups, the goodput of the run without the model")
    void shouldNotMissWhenContextsFit()
    {
        final SimulationResult off = run(256, 0);
        final SimulationResult on = run(256, ENTRIES);
        assertEquals(0.0, on.diagnostics().qpContextMissRate(), "miss rate in the measured window");
        assertEquals(off.metrics().rnicGbps(), on.metrics().rnicGbps(), 0.01 * off.metrics().rnicGbps());
    }
}
