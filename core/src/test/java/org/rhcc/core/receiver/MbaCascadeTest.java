package org.rhcc.core.receiver;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class MbaCascadeTest
{
    private static final long US = 1_000L;

    private final List<String> changes = new ArrayList<>();
    private final MbaLevelSink sink = (group, level, nowNs) -> changes.add(group + ":" + level + "@" + nowNs);
    private final MbaCascade cascade = new MbaCascade(MbaCascadeConfig.paperDefaults());

    @Test
    void shouldSendCrossNumaStraightToLevelFourFirst()
    {
        assertEquals(1, cascade.onDecision(true, 0, sink));
        assertEquals(List.of("1:4@0"), changes);
        assertEquals(1, cascade.level(0));
        assertEquals(4, cascade.level(1));
    }

    @Test
    void shouldStepLocalGroupDownOncePerStepDownInterval()
    {
        cascade.onDecision(true, 0, sink);
        assertEquals(0, cascade.onDecision(true, 19 * US, sink));
        assertEquals(1, cascade.onDecision(true, 20 * US, sink));
        assertEquals(2, cascade.level(0));
        assertEquals(0, cascade.onDecision(true, 39 * US, sink));
        cascade.onDecision(true, 40 * US, sink);
        cascade.onDecision(true, 60 * US, sink);
        cascade.onDecision(true, 80 * US, sink);
        assertEquals(5, cascade.level(0));
        assertEquals(0, cascade.onDecision(true, 200 * US, sink), "floor: no change emitted past the max level");
        assertEquals(5, changes.size());
    }

    @Test
    void shouldRelaxLocalFirstThenCrossOneLevelPerStepUpInterval()
    {
        cascade.onDecision(true, 0, sink);
        cascade.onDecision(true, 20 * US, sink);
        changes.clear();
        assertEquals(0, cascade.onDecision(false, 169 * US, sink));
        assertEquals(1, cascade.onDecision(false, 170 * US, sink));
        assertEquals(List.of("0:1@170000"), changes);
        cascade.onDecision(false, 320 * US, sink);
        cascade.onDecision(false, 470 * US, sink);
        cascade.onDecision(false, 620 * US, sink);
        assertEquals(List.of("0:1@170000", "1:3@320000", "1:2@470000", "1:1@620000"), changes);
        assertEquals(0, cascade.onDecision(false, 10_000 * US, sink), "ceiling: nothing to relax at level 1");
    }

    @Test
    void shouldStepImmediatelyWhenNoGroupJumps()
    {
        final MbaCascadeConfig oneGroup = new MbaCascadeConfig(MbaLevelTable.paper(),
            List.of(new MbaCascadeConfig.Group("local", 0, 3)), 10 * US, 100 * US);
        final MbaCascade local = new MbaCascade(oneGroup);
        assertEquals(1, local.onDecision(true, 5, sink));
        assertEquals(2, local.level(0));
        local.onDecision(true, 10 * US + 5, sink);
        local.onDecision(true, 20 * US + 5, sink);
        assertEquals(3, local.level(0), "maxLevel caps the cascade");
    }

    @Test
    void shouldResetToUnthrottledWithoutEmitting()
    {
        cascade.onDecision(true, 0, sink);
        changes.clear();
        cascade.resetToUnthrottled();
        assertEquals(1, cascade.level(1));
        assertEquals(List.of(), changes);
        assertEquals(1, cascade.onDecision(true, 1, sink), "a new congestion episode starts over");
    }

    @Test
    void shouldRejectInvalidConfiguration()
    {
        final MbaLevelTable table = MbaLevelTable.paper();
        assertThrows(IllegalArgumentException.class,
            () -> new MbaCascadeConfig(table, List.of(), 1, 1));
        assertThrows(IllegalArgumentException.class,
            () -> new MbaCascadeConfig(table, List.of(new MbaCascadeConfig.Group("x", 0, 6)), 1, 1));
        assertThrows(IllegalArgumentException.class,
            () -> new MbaCascadeConfig(table, List.of(new MbaCascadeConfig.Group("x", 5, 4)), 1, 1));
        assertThrows(IllegalArgumentException.class,
            () -> new MbaCascadeConfig(table, List.of(new MbaCascadeConfig.Group("x", 0, 4)), -1, 1));
        assertThrows(IllegalArgumentException.class, () -> new MbaCascadeConfig.Group(" ", 0, 4));
        assertThrows(IllegalArgumentException.class, () -> new MbaCascadeConfig.Group("x", -1, 4));
    }
}
