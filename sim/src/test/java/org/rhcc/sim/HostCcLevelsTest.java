package org.rhcc.sim;

import org.junit.jupiter.api.Test;
import org.rhcc.core.receiver.MbaLevelTable;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.Scenario;
import org.rhcc.sim.api.SimPorts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * hostCC's two settings in the simulator: resctrl's 10 % (MBA delay 90) continued from the calibrated table, and a
 * paused CPU group (SIGSTOP of the memory-heavy process).
 */
class HostCcLevelsTest
{
    private static final long SWITCH_NS = 300_000L;

    private static Scenario hybrid(final int congestion, final long durationNs)
    {
        return new Scenario(true, congestion, CpuTraffic.HYBRID, 1, 8, 65_536, 0, 0.0, 0, durationNs, 0L, 3L);
    }

    /**
     * Applies the given level to the given groups at {@link #SWITCH_NS} and, if {@code resumeNs > 0}, level 1 to them
     * at that time.
     */
    private static TimeSeries run(final Scenario scenario, final int level, final long resumeNs, final int... groups)
    {
        final ControllerHook hook = new ControllerHook()
        {
            private SimPorts ports;

            public void attach(final SimPorts ports, final long nowNs)
            {
                this.ports = ports;
            }

            public boolean wantsIioSamples()
            {
                return true;
            }

            public void onIioSample(final IioSample sample)
            {
                if (sample.nowNs() == SWITCH_NS || sample.nowNs() == resumeNs)
                {
                    for (final int group : groups)
                    {
                        ports.mba().apply(MbaLevelCommandRecord.of(group, sample.nowNs() == SWITCH_NS ? level : 1,
                            sample.nowNs()));
                    }
                }
            }
        };
        return Simulation.run(scenario, SimParameters.calibrated(), hook, ProgressListener.NONE).timeSeries();
    }

    private static double meanCross(final TimeSeries ts, final int from, final int to)
    {
        double sum = 0.0;
        for (int i = from; i < to; i++)
        {
            sum += ts.cpuCrossMemGbps(i);
        }
        return sum / (to - from);
    }

    @Test
    void shouldContinueTheCalibratedBandwidthCurveToTenPercent()
    {
        // independent of the code: the paper's table gives 15.0 GB/s at 40 % and 10.0 GB/s at 20 % for the
        // saturating generator; its last segment (0.25 GB/s per %) continued to 10 % gives 7.5 GB/s, and a
        // request-rate throttle's delay scales as 1 / bandwidth: d(10) = d(20) 10.0 / 7.5
        final SimParameters.Mba mba = SimParameters.calibrated().mba();
        assertEquals(mba.delayNsOf(5) * 10.0 / 7.5, mba.mba90DelayNs(), 1e-9);
        assertEquals(mba.mba90DelayNs(), mba.maxDelayNs(), 0.0);
    }

    @Test
    void shouldRefuseTenPercentWithoutThePapersFiveLevelsAndTablesThatClaimHostCcsLevels()
    {
        final SimParameters.Mba fourLevels = new SimParameters.Mba(1_000.0, new double[]{ 0.0, 80.0, 120.0, 200.0 });
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, fourLevels::mba90DelayNs);
        assertTrue(e.getMessage().contains("five levels"), e.getMessage());
        assertEquals(200.0, fourLevels.maxDelayNs(), 0.0);
        assertThrows(IllegalArgumentException.class,
            () -> new SimParameters.Mba(1_000.0, new double[]{ 0.0, 80.0, 120.0, 200.0, 250.0, 300.0 }));
        final SimParameters.Mba steep = new SimParameters.Mba(1_000.0, new double[]{ 0.0, 50.0, 60.0, 70.0, 400.0 });
        assertThrows(IllegalArgumentException.class, steep::mba90DelayNs, "the curve would reach 0 before 10 %");
    }

    @Test
    void shouldThrottleTheCrossGroupHarderAtMba90ThanAtLevelFive()
    {
        final Scenario scenario = hybrid(3, 1_500_000L);
        final TimeSeries level5 = run(scenario, 5, 0L, 1);
        final TimeSeries mba90 = run(scenario, MbaLevelTable.MBA_90_LEVEL, 0L, 1);
        final int last = mba90.windowCount();
        assertEquals(MbaLevelTable.MBA_90_LEVEL, mba90.mbaLevel(1, last - 1));
        assertEquals(1, mba90.mbaLevel(0, last - 1), "only the cross-NUMA group is throttled");
        final double at5 = meanCross(level5, last - 5, last);
        final double at90 = meanCross(mba90, last - 5, last);
        assertTrue(at90 < at5, "MBA 90 " + at90 + " vs level 5 " + at5 + " Gbit/s");
        final double expected = SimParameters.calibrated().mba().delayNsOf(5) /
            SimParameters.calibrated().mba().mba90DelayNs();
        assertEquals(expected, at90 / at5, 0.1, "paced cores: bandwidth follows 1 / request spacing");
    }

    @Test
    void shouldStopAPausedGroupsMemoryTrafficAndResumeIt()
    {
        final long resumeNs = 900_000L;
        final TimeSeries ts = run(hybrid(3, 1_500_000L), MbaLevelTable.PAUSED_LEVEL, resumeNs, 0, 1);
        final long windowNs = ts.windowNs();
        final int beforePause = (int)(SWITCH_NS / windowNs) - 1;
        final int paused = (int)(resumeNs / windowNs) - 1;
        final int resumed = ts.windowCount() - 1;
        assertTrue(ts.totalMemGbps(beforePause) > 100.0, "3x hybrid MLC runs: " + ts.totalMemGbps(beforePause));
        assertEquals(MbaLevelTable.PAUSED_LEVEL, ts.mbaLevel(0, paused));
        assertEquals(MbaLevelTable.PAUSED_LEVEL, ts.mbaLevel(1, paused));
        assertEquals(0.0, ts.cpuLocalMemGbps(paused), 1e-6, "a paused group issues no memory requests");
        assertEquals(0.0, ts.cpuCrossMemGbps(paused), 1e-6);
        assertTrue(ts.rnicGbps(paused) > 90.0, "the NIC gets the memory: " + ts.rnicGbps(paused));
        assertEquals(1, ts.mbaLevel(0, resumed));
        assertTrue(ts.cpuLocalMemGbps(resumed) > 0.5 * ts.cpuLocalMemGbps(beforePause), "SIGCONT resumes the cores");
    }

    @Test
    void shouldCompleteRequestsInFlightWhenPaused()
    {
        final TimeSeries ts = run(hybrid(3, 1_000_000L), MbaLevelTable.PAUSED_LEVEL, 0L, 0, 1);
        final int windowOfPause = (int)(SWITCH_NS / ts.windowNs());
        assertTrue(ts.cpuLocalMemGbps(windowOfPause) > 0.0,
            "reads issued before the pause still complete in the window it lands in");
    }
}
