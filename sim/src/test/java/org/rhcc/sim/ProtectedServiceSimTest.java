package org.rhcc.sim;

import org.junit.jupiter.api.Test;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.ProtectedService;
import org.rhcc.sim.api.ProtectedServiceMetrics;
import org.rhcc.sim.api.RunMetrics;
import org.rhcc.sim.api.Scenario;
import org.rhcc.sim.api.SimPorts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The protected CPU service (docs/model.md §4.8, §4.9): its pacing, its own MBA group, and its place in the local one.
 */
class ProtectedServiceSimTest
{
    private static final double THREADS = 2;
    private static final double INJECTION_NS = 100.0;

    private static Scenario scenario(final int congestion, final int forcedLevel, final boolean ownGroup)
    {
        return new Scenario(true, congestion, CpuTraffic.LOCAL, 1, 8, 65_536, forcedLevel, 0.0, 0, 1_000_000L,
            500_000L, 3L, new ProtectedService((int)THREADS, INJECTION_NS, ownGroup));
    }

    private static SimulationResult run(final Scenario scenario, final ControllerHook hook)
    {
        return Simulation.run(scenario, SimParameters.calibrated(), hook, ProgressListener.NONE);
    }

    @Test
    void shouldIssueAtItsPaceOnAnIdleHostAndCountApartFromThePresetsCores()
    {
        final SimulationResult r = run(scenario(0, 0, true), ControllerHook.NONE);
        final ProtectedServiceMetrics service = r.protectedService();
        final double pacedGbps = THREADS * 2.0 * 512.0 / INJECTION_NS;
        assertEquals(pacedGbps, service.memGbps(), 0.02 * pacedGbps, "2 threads, a read and a write-back per 100 ns");
        assertTrue(service.readLatencyNs() > 81.0 && service.readLatencyNs() < 150.0,
            "near the idle local latency: " + service.readLatencyNs());
        final RunMetrics m = r.metrics();
        assertEquals(0.0, m.cpuMemGbps(), 1e-9, "the preset's cores are not the service");
        assertTrue(m.totalMemGbps() > m.rnicMemGbps() + 0.9 * pacedGbps, "total DRAM counts the service");
    }

    @Test
    void shouldSlowTheServiceByItsMbaLevelAndHoldEachReadInTheThrottle()
    {
        final SimulationResult free = run(scenario(0, 0, true), ControllerHook.NONE);
        final SimulationResult level5 = run(scenario(0, 5, true), ControllerHook.NONE);
        final double d5 = SimParameters.calibrated().mba().delayNsOf(5);
        final double pacedGbps = THREADS * 2.0 * 512.0 / d5;
        assertEquals(pacedGbps, level5.protectedService().memGbps(), 0.03 * pacedGbps, "spacing max(tau_inj, d_5)");
        assertTrue(level5.protectedService().readLatencyNs() > free.protectedService().readLatencyNs() + 0.9 * d5,
            "each read waits d_5 in the throttle");
    }

    @Test
    void shouldGiveTheServiceAThirdMbaGroupOnlyInItsOwnGroup()
    {
        final int[] groups = new int[2];
        run(scenario(0, 0, true), new GroupProbe(groups, 0, 2));
        assertEquals(3, groups[0]);
        run(scenario(0, 0, false), new GroupProbe(groups, 1, 0));
        assertEquals(2, groups[1]);
        assertThrows(IllegalArgumentException.class, () -> run(scenario(0, 0, false), new GroupProbe(groups, 1, 2)));
    }

    @Test
    void shouldThrottleTheServiceWithTheLocalGroupWhenItIsInIt()
    {
        final SimulationResult inLocal = run(scenario(0, 0, false), new GroupProbe(new int[1], 0, 0));
        final SimulationResult own = run(scenario(0, 0, true), new GroupProbe(new int[1], 0, 0));
        final double d5 = SimParameters.calibrated().mba().delayNsOf(5);
        assertEquals(THREADS * 2.0 * 512.0 / d5, inLocal.protectedService().memGbps(), 0.5,
            "group 0 at level 5 throttles the service's cores too");
        assertEquals(THREADS * 2.0 * 512.0 / INJECTION_NS, own.protectedService().memGbps(), 0.5,
            "in its own group, group 0's level leaves it alone");
        assertEquals(5, inLocal.timeSeries().mbaLevel(2, inLocal.timeSeries().windowCount() - 1));
        assertEquals(1, own.timeSeries().mbaLevel(2, own.timeSeries().windowCount() - 1));
    }

    @Test
    void shouldAllocateNothingPerStepWithTheService()
    {
        final long extraBytes = StepAllocation.extraBytesFor5MsMore((round, durationNs) -> new Scenario(true, 3,
            CpuTraffic.LOCAL, 1, 8, 65_536, 0, 0.0, 0, durationNs, 500_000L, 5L,
            new ProtectedService(2, INJECTION_NS, true)));
        // 5 ms more simulated time = 1,000,000 more steps; only the longer time series may grow.
        assertTrue(extraBytes < 64 * 1024, "per-step allocation: " + extraBytes + " extra bytes for 5 ms more");
    }

    /**
     * Records the actuator's group count at attach and sets one group to level 5 at once.
     */
    private static final class GroupProbe implements ControllerHook
    {
        private final int[] groups;
        private final int slot;
        private final int throttledGroup;

        GroupProbe(final int[] groups, final int slot, final int throttledGroup)
        {
            this.groups = groups;
            this.slot = slot;
            this.throttledGroup = throttledGroup;
        }

        @Override
        public void attach(final SimPorts ports, final long nowNs)
        {
            groups[slot] = ports.mba().groupCount();
            ports.mba().apply(MbaLevelCommandRecord.of(throttledGroup, 5, nowNs));
        }
    }
}
