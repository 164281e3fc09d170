package org.rhcc.core.receiver;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The protected CPU class (docs/design.md §4): the cascade and both hostCC policies never set it past its floor.
 */
class ProtectedGroupTest
{
    private static final long US = 1_000L;

    private final List<String> changes = new ArrayList<>();
    private final MbaLevelSink sink = (group, level, nowNs) -> changes.add(group + ":" + level);

    @Test
    void shouldAppendTheProtectedGroupLastWithItsFloorAsMaxLevel()
    {
        final MbaCascadeConfig config = MbaCascadeConfig.paperDefaults().withProtectedGroup(2);
        assertEquals(3, config.groups().size());
        assertEquals(new MbaCascadeConfig.Group(MbaCascadeConfig.PROTECTED_GROUP, 0, 2), config.groups().get(2));
        assertEquals(2, config.protectedFloorLevel());
        assertEquals(0, MbaCascadeConfig.paperDefaults().protectedFloorLevel());
        assertEquals(1, config.withProtectedGroup(1).protectedFloorLevel(), "replaced, not added twice");
        assertEquals(3, config.withProtectedGroup(1).groups().size());
        assertEquals(MbaCascadeConfig.paperDefaults(), config.withoutProtectedGroup());
        final MbaCascadeConfig paper = MbaCascadeConfig.paperDefaults();
        assertSame(paper, paper.withoutProtectedGroup());
    }

    @Test
    void shouldRejectAFloorOutsideTheTableAndAMisplacedProtectedGroup()
    {
        final IllegalArgumentException low =
            assertThrows(IllegalArgumentException.class, () -> MbaCascadeConfig.paperDefaults().withProtectedGroup(0));
        assertTrue(low.getMessage().contains("outside 1..5"), low.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MbaCascadeConfig.paperDefaults().withProtectedGroup(6));
        final MbaCascadeConfig paper = MbaCascadeConfig.paperDefaults();
        final IllegalArgumentException first = assertThrows(IllegalArgumentException.class,
            () -> new MbaCascadeConfig(paper.levels(), List.of(new MbaCascadeConfig.Group("protected", 0, 1),
                new MbaCascadeConfig.Group("local", 0, 5)), 20 * US, 150 * US));
        assertTrue(first.getMessage().contains("last group"), first.getMessage());
        assertThrows(IllegalArgumentException.class,
            () -> new MbaCascadeConfig(paper.levels(), List.of(new MbaCascadeConfig.Group("local", 0, 5),
                new MbaCascadeConfig.Group("protected", 2, 2)), 20 * US, 150 * US));
    }

    @Test
    void shouldKeepFloorOneUnthrottledAndLeaveTheTwoGroupCascadeUnchanged()
    {
        final MbaCascade plain = new MbaCascade(MbaCascadeConfig.paperDefaults());
        final MbaCascade protectedOne = new MbaCascade(MbaCascadeConfig.paperDefaults().withProtectedGroup(1));
        final List<String> plainChanges = new ArrayList<>();
        for (int i = 0; i < 400; i++)
        {
            final boolean congested = (i / 37) % 3 != 2;
            plain.onDecision(congested, i * 5 * US, (g, l, t) -> plainChanges.add(g + ":" + l));
            protectedOne.onDecision(congested, i * 5 * US, sink);
            assertEquals(1, protectedOne.level(2));
        }
        assertEquals(plainChanges, changes, "floor 1: the same decisions as without the protected group");
    }

    @Test
    void shouldThrottleTheProtectedGroupOnlyAfterTheOthersAndNeverPastItsFloor()
    {
        final MbaCascade cascade = new MbaCascade(MbaCascadeConfig.paperDefaults().withProtectedGroup(3));
        for (int i = 0; i < 20; i++)
        {
            cascade.onDecision(true, i * 20 * US, sink);
        }
        assertEquals(List.of("1:4", "0:2", "0:3", "0:4", "0:5", "2:2", "2:3"), changes);
        changes.clear();
        cascade.onDecision(false, 1_000 * US, sink);
        assertEquals(List.of("2:2"), changes, "the protected group is relaxed first");
    }

    @Test
    void shouldNeverExceedTheFloorUnderRandomDecisions()
    {
        final Random random = new Random(42);
        for (int floor = 1; floor <= 5; floor++)
        {
            final MbaCascade cascade = new MbaCascade(MbaCascadeConfig.paperDefaults().withProtectedGroup(floor));
            long t = 0;
            int max = 1;
            for (int i = 0; i < 20_000; i++)
            {
                t += 1 + random.nextInt(40) * US;
                cascade.onDecision(random.nextInt(3) > 0, t, sink);
                assertTrue(cascade.level(2) <= floor, "floor " + floor + " exceeded: " + cascade.level(2));
                max = Math.max(max, cascade.level(2));
            }
            assertEquals(floor, max, "the protected group reaches its floor under sustained congestion");
        }
    }

    @Test
    void shouldCapHostCcsPauseAtTheFloorAndNeverPauseTheProtectedClass()
    {
        final HostCcLocalPolicy floorOne = new HostCcLocalPolicy(70.0, 84.0, 150 * US, 3, 1);
        for (int i = 1; i <= 20; i++)
        {
            floorOne.onSample(90.0, 40.0, i, sink);
        }
        assertEquals(List.of("1:" + MbaLevelTable.MBA_90_LEVEL, "0:" + MbaLevelTable.PAUSED_LEVEL,
            "1:" + MbaLevelTable.PAUSED_LEVEL), changes, "two-socket levels as without the protected class");
        assertEquals(1, floorOne.level(2));
        assertEquals(2, floorOne.pauseLevel());

        changes.clear();
        final HostCcLocalPolicy floorTwo = new HostCcLocalPolicy(70.0, 84.0, 150 * US, 3, 2);
        for (int i = 1; i <= 20; i++)
        {
            floorTwo.onSample(90.0, 40.0, i, sink);
        }
        assertEquals(2, floorTwo.level(2), "held at its floor where the memory-heavy process is paused");
        assertTrue(changes.contains("2:2"));
        assertThrows(IllegalArgumentException.class, () -> new HostCcLocalPolicy(70.0, 84.0, 0, 1, 1));
    }

    @Test
    void shouldCapTheFiveLevelPolicyAtTheFloor()
    {
        final HostCcFiveLevelPolicy policy =
            new HostCcFiveLevelPolicy(45.0, 84.0, 150 * US, MbaLevelTable.paper(), 3, 2);
        for (int i = 1; i <= 10; i++)
        {
            policy.onSample(90.0, 40.0, i, sink);
        }
        assertEquals(5, policy.level(0));
        assertEquals(5, policy.level(1));
        assertEquals(2, policy.level(2));
        assertEquals(1, changes.stream().filter((c) -> c.startsWith("2:")).count(), "emitted once, when it changed");
        assertThrows(IllegalArgumentException.class,
            () -> new HostCcFiveLevelPolicy(45.0, 84.0, 0, MbaLevelTable.paper(), 3, 6));
    }
}
