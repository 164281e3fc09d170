package org.rhcc.sim;

import org.junit.jupiter.api.Test;
import org.rhcc.sim.api.CpuTraffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RunSpecTest
{
    @Test
    void shouldPlaceThePresetThreadsByCpuTraffic()
    {
        final SimParameters p = SimParameters.calibrated();
        final int threads = p.cpu().preset3x().threads();
        final RunSpec local = RunSpec.of(Scenarios.placement(3, CpuTraffic.LOCAL, 1L), p);
        final RunSpec cross = RunSpec.of(Scenarios.placement(3, CpuTraffic.CROSS, 1L), p);
        final RunSpec hybrid = RunSpec.of(Scenarios.placement(3, CpuTraffic.HYBRID, 1L), p);
        assertEquals(threads, local.localThreads());
        assertEquals(0, local.remoteThreads());
        assertEquals(0, cross.localThreads());
        assertEquals(threads, cross.remoteThreads());
        assertEquals(threads, hybrid.localThreads());
        assertEquals(threads, hybrid.remoteThreads());
        assertEquals(0, RunSpec.of(Scenarios.congestion(0, true, 1L), p).localThreads());
    }

    @Test
    void shouldRejectTcpLoadWithoutFlows()
    {
        assertThrows(IllegalArgumentException.class, () -> new RunSpec(true, 1, 1, 65_536, 0, 0.0, 0, 0.0, 1.0, 0,
            10.0, 0, 1_000_000L, 0L, 1L));
    }
}
