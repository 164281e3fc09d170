package org.rhcc.core.receiver;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class HostCcFiveLevelPolicyTest
{
    private final List<Integer> levels = new ArrayList<>();
    private final MbaLevelSink sink = (group, level, nowNs) ->
    {
        if (group == 0)
        {
            levels.add(level);
        }
    };

    @Test
    void shouldThrottleOnEverySampleWhileOccupancyHighAndBandwidthLow()
    {
        final HostCcFiveLevelPolicy policy = HostCcFiveLevelPolicy.defaults();
        for (int i = 0; i < 10; i++)
        {
            policy.onSample(90.0, 40.0, i, sink);
        }
        assertEquals(List.of(2, 3, 4, 5), levels);
        assertEquals(5, policy.level());
    }

    @Test
    void shouldNotThrottleWhenBandwidthAboveThreshold()
    {
        final HostCcFiveLevelPolicy policy = HostCcFiveLevelPolicy.defaults();
        policy.onSample(90.0, 95.0, 0, sink);
        assertEquals(List.of(), levels);
    }

    @Test
    void shouldRelaxAtMostOncePerRelaxInterval()
    {
        final HostCcFiveLevelPolicy policy = new HostCcFiveLevelPolicy(70.0, 84.0, 150_000L, MbaLevelTable.paper(), 2);
        policy.onSample(90.0, 40.0, 0, sink);
        policy.onSample(90.0, 40.0, 1, sink);
        levels.clear();
        for (long t = 2; t < 400_000; t += 1_000)
        {
            policy.onSample(0.0, 100_000.0, t, sink);
        }
        assertEquals(List.of(2, 1), levels, "one step at the first relaxed sample, the next 150 us later");
    }

    @Test
    void shouldEmitForEveryGroup()
    {
        final List<Integer> groups = new ArrayList<>();
        final HostCcFiveLevelPolicy policy = HostCcFiveLevelPolicy.defaults();
        assertEquals(2, policy.onSample(90.0, 10.0, 0, (g, l, t) -> groups.add(g)));
        assertEquals(List.of(0, 1), groups);
    }

    @Test
    void shouldRejectInvalidConfiguration()
    {
        assertThrows(IllegalArgumentException.class,
            () -> new HostCcFiveLevelPolicy(0.0, 84.0, 1, MbaLevelTable.paper(), 2));
        assertThrows(IllegalArgumentException.class,
            () -> new HostCcFiveLevelPolicy(70.0, 84.0, 1, MbaLevelTable.paper(), 0));
    }
}
