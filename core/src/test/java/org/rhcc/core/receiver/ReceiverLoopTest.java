package org.rhcc.core.receiver;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rhcc.core.port.MbaActuator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReceiverLoopTest
{
    static final class RecordingActuator implements MbaActuator
    {
        final int[] levels = { 1, 1 };
        int refuseLevel = Integer.MAX_VALUE;
        int resets;

        public int groupCount()
        {
            return levels.length;
        }

        public void applyLevel(final int group, final int level, final long nowNs)
        {
            if (level >= refuseLevel)
            {
                throw new IllegalStateException("schemata write failed");
            }
            levels[group] = level;
        }

        public void resetToUnthrottled()
        {
            resets++;
            levels[0] = 1;
            levels[1] = 1;
        }
    }

    @Test
    void shouldApplyCascadeDecisionsThroughActuatorAndObserver()
    {
        final RecordingActuator actuator = new RecordingActuator();
        final List<String> journal = new ArrayList<>();
        final ReceiverLoop loop = new ReceiverLoop(RhccMbaPolicy.paperDefaults(), actuator,
            (g, l, t) -> journal.add(g + "->" + l));
        assertEquals(0, loop.onSample(20.0, 90.0, 400));
        assertEquals(1, loop.onSample(200.0, 90.0, 800));
        assertEquals(4, actuator.levels[1]);
        assertEquals(List.of("1->4"), journal);
    }

    @Test
    void shouldEnterFailSafeWhenActuatorRefuses()
    {
        final RecordingActuator actuator = new RecordingActuator();
        actuator.refuseLevel = 4;
        final ReceiverLoop loop = new ReceiverLoop(RhccMbaPolicy.paperDefaults(), actuator, (g, l, t) -> { });
        loop.onSample(200.0, 0.0, 0);
        assertTrue(loop.failSafe());
        assertTrue(loop.failure().contains("schemata write failed"));
        assertEquals(1, actuator.resets);
        assertEquals(1, loop.policy().level(1));
        assertEquals(0, loop.onSample(500.0, 0.0, 1_000_000), "no decisions in fail-safe");
    }

    @Test
    void shouldDriveHostCcPolicyThroughSamePort()
    {
        final RecordingActuator actuator = new RecordingActuator();
        final ReceiverLoop loop = new ReceiverLoop(HostCcFiveLevelPolicy.defaults(), actuator, (g, l, t) -> { });
        loop.onSample(100.0, 10.0, 0);
        assertEquals(2, actuator.levels[0]);
        assertEquals(2, actuator.levels[1]);
        assertFalse(loop.failSafe());
    }
}
