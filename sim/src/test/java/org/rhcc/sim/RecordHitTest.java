package org.rhcc.sim;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.host.IoPath;
import org.rhcc.sim.host.MemoryController;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The probe record's DDIO outcome does not depend on how fast the NIC sends (docs/model.md §4.5, §4.10): the ring's
 * reuse distance is counted in the NIC's own write stream, so cutting the NIC's rate never raises its own delay signal.
 */
class RecordHitTest
{
    @Test
    @DisplayName("the record's hit probability is exp(-slots x 32 KB / 64 B / N_ddio) at any NIC rate")
    void shouldNotDependOnTheNicsRate()
    {
        final SimParameters params = SimParameters.calibrated();
        final double slow = primedRecordHit(params, 5.0);
        final double fast = primedRecordHit(params, 100.0);
        final double lines = params.rnic().probeRecordSlots() * params.rnic().probeIntervalBytes() / 64.0;
        assertEquals(Math.exp(-lines / params.io().ddioLines()), fast, 1e-12);
        assertEquals(fast, slow, 0.0, "as hit at 5 Gbit/s as at line rate");
        assertTrue(fast > 0.0 && fast < 1.0);
    }

    private static double primedRecordHit(final SimParameters params, final double nicGbps)
    {
        final IoPath io = new IoPath(params.io(), params.pcie(), params.stepNs(),
            MemoryController.writeWaitMaxNs(params.dram()));
        final ProbeTracker probes = new ProbeTracker(io, params.stepNs(), params.io().victimDirtyProbability(),
            ControllerHook.NONE);
        new DdioHitRefresh(params, io, probes, null, 1.0e6).prime(nicGbps / 512.0, 64.0);
        return probes.recordHitProbability();
    }
}
