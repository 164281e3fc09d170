package org.rhcc.sim;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.RunMetrics;
import org.rhcc.sim.api.Scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the probes measure (docs/model.md §4.10, {@link ProbeTracker}): the record's PCIe leg sees pure PCIe congestion,
 * its host leg follows the memory load, and probes flow in every run without a controller.
 */
class ProbePathTest
{
    private static final SimParameters PARAMS = SimParameters.calibrated();
    private static final double D_THR_NS = 200.0;

    private static RunMetrics run(final Scenario scenario)
    {
        return Simulation.run(Scenarios.withDurations(scenario, 3_000_000L, 1_000_000L), PARAMS, ControllerHook.NONE,
            ProgressListener.NONE).metrics();
    }

    @Test
    @DisplayName("TCP at 95 Gbit/s sharing the PCIe link, no CPU traffic: the probes' D rises above its no-congestion" +
        " value, moderately (not to the microseconds of the RX buffer), while IIO occupancy does not rise")
    void shouldRaiseDelayUnderPurePcieCongestion()
    {
        final RunMetrics quiet = run(Scenarios.congestion(0, true, 5L));
        final RunMetrics shared = run(Scenarios.pcieOnly(95.0, 5L));
        assertTrue(shared.tcpGbps() > 40.0, "TCP must share the link: " + shared.tcpGbps());
        assertTrue(shared.rxDelayNs() > 1.2 * quiet.rxDelayNs(),
            "D under PCIe congestion " + shared.rxDelayNs() + " must rise above " + quiet.rxDelayNs());
        assertTrue(shared.rxDelayNs() < 2.5 * D_THR_NS, "D must rise moderately, is " + shared.rxDelayNs());
        assertTrue(shared.iioOccupancy() < quiet.iioOccupancy() + 3.0,
            "B15: IIO occupancy must not rise: " + shared.iioOccupancy() + " vs " + quiet.iioOccupancy());
    }

    @Test
    @DisplayName("3x with MBA forced to level 5 and the NIC at line rate: the probes' D is below D_thr = 200 ns")
    void shouldKeepDelayBelowThresholdAtLevel5()
    {
        final RunMetrics m = run(Scenarios.forcedMba(5, 5L));
        assertTrue(m.rnicGbps() > 95.0, "the NIC must run at line rate: " + m.rnicGbps());
        assertTrue(m.rxDelayNs() > 0.0, "probes must be answered");
        assertTrue(m.rxDelayNs() < D_THR_NS, "D at level 5 must be below D_thr, is " + m.rxDelayNs());
    }

    @Test
    @DisplayName("probes flow without a controller: D is measured by probes, and differs from the mean IIO residency")
    void shouldMeasureDelayByProbesWithoutController()
    {
        final SimulationResult r = Simulation.run(Scenarios.withDurations(
            new Scenario(true, 1, CpuTraffic.LOCAL, 1, 8, 65_536, 0, 0.0, 0, 1L, 0L, 5L), 2_000_000L, 1_000_000L),
            PARAMS, ControllerHook.NONE, ProgressListener.NONE);
        final double expected = 2_000_000L * 97.0 / 8.0 / PARAMS.rnic().probeIntervalBytes();
        assertTrue(r.diagnostics().probesAnswered() > expected,
            "about one probe per 32 KB: " + r.diagnostics().probesAnswered() + " answered");
        assertTrue(r.metrics().rxDelayNs() > 0.0 && r.metrics().iioResidencyNs() > 0.0);
        assertTrue(Math.abs(r.metrics().rxDelayNs() - r.metrics().iioResidencyNs()) > 1.0,
            "D is the probes' reading, not the residency");
    }

    @Test
    @DisplayName("without RDMA traffic no probe flows and D is 0")
    void shouldReportNoDelayWithoutRdma()
    {
        final SimulationResult r = Simulation.run(RunSpec.cpuOnly(6, 40.0, 0, 0.0, 1.0, 0, 200_000L, 50_000L, 1L),
            PARAMS, ControllerHook.NONE, ProgressListener.NONE);
        assertEquals(0.0, r.metrics().rxDelayNs());
        assertEquals(0L, r.diagnostics().probesAnswered());
    }
}
