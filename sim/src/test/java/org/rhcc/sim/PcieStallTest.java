package org.rhcc.sim;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.RunMetrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The RDMA function's stalled posted writes (docs/model.md §4.3, {@link NicDma}): under pure PCIe congestion, with TCP
 * taking every other TLP of the link, the RDMA port's writes wait for its turns about half the time; without TCP and
 * without memory back-pressure they never wait.
 */
class PcieStallTest
{
    private static RunMetrics run(final double tcpGbps)
    {
        return Simulation.run(Scenarios.withDurations(Scenarios.pcieOnly(tcpGbps, 3L), 2_000_000L, 1_000_000L),
            SimParameters.calibrated(), ControllerHook.NONE, ProgressListener.NONE).metrics();
    }

    @Test
    @DisplayName("TCP at 71 Gbit/s on the other port: the RDMA port's posted writes stall about half the time")
    void shouldStallTheRdmaPortWhileTheOtherPortHoldsTheLink()
    {
        final RunMetrics shared = run(71.0);
        assertTrue(shared.tcpGbps() > 40.0, "TCP shares the link: " + shared.tcpGbps());
        assertEquals(0.5, shared.pcieStallFraction(), 0.1, "one TLP in two is TCP's");
    }

    @Test
    @DisplayName("no TCP, no CPU traffic: no stalled posted writes")
    void shouldNotStallAnUncontendedPort()
    {
        assertTrue(run(0.0).pcieStallFraction() < 0.01);
    }
}
