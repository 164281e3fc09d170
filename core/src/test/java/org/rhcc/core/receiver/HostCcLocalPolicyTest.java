package org.rhcc.core.receiver;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostCcLocalPolicyTest
{
    private static final int MBA_90 = MbaLevelTable.MBA_90_LEVEL;
    private static final int PAUSED = MbaLevelTable.PAUSED_LEVEL;

    private final List<String> changes = new ArrayList<>();
    private final MbaLevelSink sink = (group, level, nowNs) -> changes.add(group + "=" + level + "@" + nowNs);

    /**
     * Lifts the bandwidth EWMA (weight 1/256, starting at 0) well above B_T with samples that leave the occupancy
     * EWMA untouched (<= 10), so the policy stays unthrottled.
     */
    private static long warmBandwidth(final HostCcLocalPolicy policy, final double gbps, final long startNs)
    {
        long t = startNs;
        for (int i = 0; i < 3_000; i++)
        {
            policy.onSample(0.0, gbps, t, (g, l, n) -> { });
            t += 1_000;
        }
        return t;
    }

    @Test
    void shouldThrottleToTheRemoteSocketThenPauseOnSustainedOccupancyWithLowBandwidth()
    {
        final HostCcLocalPolicy policy = HostCcLocalPolicy.defaults();
        for (int i = 1; i <= 20; i++)
        {
            policy.onSample(90.0, 40.0, i, sink);
        }
        assertEquals(List.of("1=" + MBA_90 + "@12", "0=" + PAUSED + "@13", "1=" + PAUSED + "@13"), changes,
            "one level per sample once floor(s) > 70: remote socket at MBA 90, then the process paused");
        assertEquals(2, policy.hostCcLevel());
        assertEquals(policy.pauseLevel(), policy.hostCcLevel());
    }

    @Test
    void shouldDropOccupancySamplesOfTenOrLess()
    {
        final HostCcLocalPolicy policy = HostCcLocalPolicy.defaults();
        policy.onSample(64.0, 40.0, 0, sink);
        assertEquals(8.0, policy.smoothedOccupancy(), 0.0);
        policy.onSample(10.0, 40.0, 1, sink);
        policy.onSample(10.9, 40.0, 2, sink);
        policy.onSample(0.0, 40.0, 3, sink);
        assertEquals(8.0, policy.smoothedOccupancy(), 0.0, "samples <= 10 (integer part) leave the EWMA frozen");
        policy.onSample(11.0, 40.0, 4, sink);
        assertEquals((7 * 8.0 + 11.0) / 8.0, policy.smoothedOccupancy(), 1.0 / 1024);
    }

    @Test
    void shouldStayFrozenAboveThresholdWhenTrafficStops()
    {
        final HostCcLocalPolicy policy = HostCcLocalPolicy.defaults();
        for (int i = 0; i < 40; i++)
        {
            policy.onSample(120.0, 40.0, i, sink);
        }
        assertTrue(policy.occupancyAboveThreshold());
        final double frozen = policy.smoothedOccupancy();
        for (int i = 40; i < 1_000; i++)
        {
            policy.onSample(0.0, 40.0, i, sink);
        }
        assertEquals(frozen, policy.smoothedOccupancy(), 0.0);
        assertTrue(policy.occupancyAboveThreshold());
    }

    @Test
    void shouldNotThrottleWhileBandwidthAtOrAboveThreshold()
    {
        final HostCcLocalPolicy policy = HostCcLocalPolicy.defaults();
        final long t = warmBandwidth(policy, 100.0, 0);
        assertTrue(policy.pcieGbps() > 84.0);
        for (int i = 0; i < 200; i++)
        {
            policy.onSample(200.0, 100.0, t + i * 1_000L, sink);
        }
        assertTrue(policy.occupancyAboveThreshold());
        assertEquals(List.of(), changes);
        assertEquals(0, policy.hostCcLevel());
    }

    @Test
    void shouldDropBandwidthSamplesOfOneHundredFiftyOrMore()
    {
        final HostCcLocalPolicy policy = HostCcLocalPolicy.defaults();
        policy.onSample(0.0, 149.9, 0, sink);
        assertEquals(149.0 / 256.0, policy.pcieGbps(), 1.0 / 1024);
        final double before = policy.pcieGbps();
        policy.onSample(0.0, 150.0, 1, sink);
        policy.onSample(0.0, 400.0, 2, sink);
        assertEquals(before, policy.pcieGbps(), 0.0);
    }

    @Test
    void shouldRelaxAtMostOncePerRelaxIntervalAndResumeFromPause()
    {
        final HostCcLocalPolicy policy = HostCcLocalPolicy.defaults();
        for (int i = 0; i < 20; i++)
        {
            policy.onSample(90.0, 0.0, i * 1_000L, sink);
        }
        assertEquals(2, policy.hostCcLevel());
        changes.clear();
        // occupancy falls at once (samples of 20 > 10), bandwidth EWMA climbs past B_T after ~230 samples
        long firstRelaxNs = -1;
        for (long t = 20_000; t < 1_000_000; t += 1_000)
        {
            policy.onSample(20.0, 140.0, t, (g, l, n) ->
            {
                changes.add(g + "=" + l + "@" + n);
            });
            if (firstRelaxNs < 0 && !changes.isEmpty())
            {
                firstRelaxNs = t;
            }
        }
        assertTrue(firstRelaxNs > 0);
        assertEquals(List.of(
            "0=1@" + firstRelaxNs, "1=" + MBA_90 + "@" + firstRelaxNs,
            "1=1@" + (firstRelaxNs + 150_000)), changes,
            "SIGCONT first (remote socket still at MBA 90), then the socket unthrottled 150 us later");
        assertEquals(0, policy.hostCcLevel());
    }

    @Test
    void shouldNotRateLimitThrottlingAfterARelax()
    {
        final HostCcLocalPolicy policy = HostCcLocalPolicy.defaults();
        long t = warmBandwidth(policy, 0.0, 0);
        for (int i = 0; i < 20; i++)
        {
            policy.onSample(90.0, 0.0, t, sink);
            t += 1_000;
        }
        assertEquals(2, policy.hostCcLevel());
        while (policy.hostCcLevel() == 2)
        {
            policy.onSample(20.0, 149.0, t, sink);
            t += 1_000;
        }
        changes.clear();
        while (policy.pcieGbps() >= 84.0)
        {
            policy.onSample(20.0, 0.0, t, sink);
            t += 1_000;
        }
        policy.onSample(200.0, 0.0, t, sink);
        policy.onSample(200.0, 0.0, t + 1, sink);
        policy.onSample(200.0, 0.0, t + 2, sink);
        assertFalse(changes.isEmpty());
        assertEquals(2, policy.hostCcLevel(), "throttling steps do not wait for the relax interval");
    }

    @Test
    void shouldMapLevelsToGroupsLikeHostCcsSockets()
    {
        final HostCcLocalPolicy fourSockets = new HostCcLocalPolicy(70.0, 84.0, 150_000L, 4);
        assertEquals(4, fourSockets.pauseLevel());
        assertEquals(1, fourSockets.groupLevel(0, 3), "the NIC's socket is never MBA-throttled");
        assertEquals(MBA_90, fourSockets.groupLevel(2, 2));
        assertEquals(1, fourSockets.groupLevel(3, 2));
        assertEquals(PAUSED, fourSockets.groupLevel(0, 4));
        assertEquals(PAUSED, fourSockets.groupLevel(3, 4));
    }

    @Test
    void shouldResetToUnthrottled()
    {
        final HostCcLocalPolicy policy = HostCcLocalPolicy.defaults();
        for (int i = 0; i < 20; i++)
        {
            policy.onSample(90.0, 0.0, i, sink);
        }
        policy.resetToUnthrottled();
        assertEquals(0, policy.hostCcLevel());
        assertEquals(1, policy.level(0));
        assertEquals(1, policy.level(1));
    }

    @Test
    void shouldRejectInvalidConfiguration()
    {
        assertThrows(IllegalArgumentException.class, () -> new HostCcLocalPolicy(0.0, 84.0, 1, 2));
        assertThrows(IllegalArgumentException.class, () -> new HostCcLocalPolicy(70.0, 0.0, 1, 2));
        assertThrows(IllegalArgumentException.class, () -> new HostCcLocalPolicy(70.0, 84.0, -1, 2));
        assertThrows(IllegalArgumentException.class, () -> new HostCcLocalPolicy(70.0, 84.0, 1, 0));
    }
}
