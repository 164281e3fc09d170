package org.rhcc.actors.counters;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentCounterDescriptorTest
{
    @Test
    void shouldGiveEachCounterItsOwnTypeIdInTheAgentsRange()
    {
        final Set<Integer> seen = new HashSet<>();
        for (final AgentCounterDescriptor descriptor : AgentCounterDescriptor.values())
        {
            assertTrue(descriptor.typeId() >= AgentCounterDescriptor.FIRST_TYPE_ID &&
                descriptor.typeId() <= AgentCounterDescriptor.LAST_TYPE_ID, descriptor + " in the agents' range");
            assertTrue(seen.add(descriptor.typeId()), descriptor + " has a type id of its own");
        }
    }

    @Test
    void shouldFindEachCounterByItsTypeId()
    {
        for (final AgentCounterDescriptor descriptor : AgentCounterDescriptor.values())
        {
            assertSame(descriptor, AgentCounterDescriptor.byTypeId(descriptor.typeId()));
        }
        assertNull(AgentCounterDescriptor.byTypeId(AgentCounterDescriptor.FIRST_TYPE_ID - 1));
        assertNull(AgentCounterDescriptor.byTypeId(AgentCounterDescriptor.LAST_TYPE_ID));
        assertNull(AgentCounterDescriptor.byTypeId(AgentCounterDescriptor.LAST_TYPE_ID + 1));
        assertNull(AgentCounterDescriptor.byTypeId(JournalCounterDescriptor.EVENTS.typeId()));
    }

    /** The type ids are in every node's counters file and read by the metrics endpoint: they never move. */
    @Test
    void shouldKeepTheTypeIdsOnDisk()
    {
        assertEquals(4101, AgentCounterDescriptor.RATE_UPDATER_ACKS.typeId());
        assertEquals(4111, AgentCounterDescriptor.MBA_ACTUATOR_SAMPLES.typeId());
        assertEquals(4129, AgentCounterDescriptor.RATE_UPDATER_DELAY_SAMPLES.typeId());
        assertEquals(29, AgentCounterDescriptor.values().length);
    }

    @Test
    void shouldLabelWhatItCountsWithItsUnit()
    {
        assertEquals("probe ACKs processed (count)", AgentCounterDescriptor.RATE_UPDATER_ACKS.label());
        assertEquals("rate decisions, R_cc < R_rev (count)",
            AgentCounterDescriptor.RATE_UPDATER_DECISIONS.label(", R_cc < R_rev"));
    }

    @Test
    void shouldRefuseADuplicateOrOutOfRangeTypeIdNamingTheConstants()
    {
        final IllegalStateException duplicate = assertThrows(IllegalStateException.class,
            () -> AgentCounterDescriptor.checkTypeIds(new String[] { "A", "B", "C" }, new int[] { 4101, 4102, 4101 }));
        assertTrue(duplicate.getMessage().contains("A and C"), duplicate.getMessage());
        assertTrue(duplicate.getMessage().contains("4101"), duplicate.getMessage());

        final IllegalStateException outside = assertThrows(IllegalStateException.class,
            () -> AgentCounterDescriptor.checkTypeIds(new String[] { "A", "J" }, new int[] { 4101, 4131 }));
        assertTrue(outside.getMessage().contains("J has type id 4131"), outside.getMessage());
    }
}
