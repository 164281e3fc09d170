package org.rhcc.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.actors.counters.AgentCounterDescriptor;
import org.rhcc.actors.counters.ControlPlaneCounterDescriptor;
import org.rhcc.actors.counters.JournalCounterDescriptor;
import org.rhcc.transport.counters.CounterDescriptor;
import org.rhcc.transport.counters.CounterTypeIds;
import org.rhcc.transport.counters.TransportCounterDescriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every counter rhcc allocates comes from one of four descriptor enums, and the metrics endpoint reads them by type id
 * from the range it scans ({@link CounterReading}): the families' ids never clash, and the ids already on disk in
 * nodes' counters files never move.
 */
class CounterDescriptorsTest
{
    private static final List<CounterDescriptor> ALL = new ArrayList<>();

    static
    {
        ALL.addAll(List.of(AgentCounterDescriptor.values()));
        ALL.addAll(List.of(JournalCounterDescriptor.values()));
        ALL.addAll(List.of(TransportCounterDescriptor.values()));
        ALL.addAll(List.of(ControlPlaneCounterDescriptor.values()));
    }

    @Test
    void shouldGiveEveryCounterOfEveryFamilyATypeIdOfItsOwnInTheRangeTheEndpointReads()
    {
        final Map<Integer, CounterDescriptor> byTypeId = new HashMap<>();
        for (final CounterDescriptor descriptor : ALL)
        {
            assertTrue(descriptor.typeId() >= CounterReading.FIRST_TYPE_ID &&
                descriptor.typeId() <= CounterReading.LAST_TYPE_ID, descriptor + " read by the metrics endpoint");
            assertNull(byTypeId.put(descriptor.typeId(), descriptor), descriptor + " shares its type id");
        }
    }

    /** The type ids are in every node's counters file and read by the metrics endpoint: they never move. */
    @Test
    void shouldKeepTheTypeIdsOnDisk()
    {
        assertEquals(4131, JournalCounterDescriptor.EVENTS.typeId());
        assertEquals(4134, JournalCounterDescriptor.LAG.typeId());
        assertEquals(4141, TransportCounterDescriptor.FRAMES_DROPPED.typeId());
        assertEquals(4151, ControlPlaneCounterDescriptor.SESSIONS_OPENED.typeId());
        assertEquals(4158, ControlPlaneCounterDescriptor.PLATFORM_TAKEOVER_GAP.typeId());
        assertEquals("host in fail-safe (0/1)", ControlPlaneCounterDescriptor.PLATFORM_FAILSAFE.label());
        assertEquals("frames dropped, bad tag (count)", TransportCounterDescriptor.FRAMES_DROPPED.label(", bad tag"));
    }

    @Test
    void shouldRefuseAFamilyWithADuplicateOrOutOfRangeTypeIdNamingTheConstants()
    {
        final IllegalStateException duplicate = assertThrows(IllegalStateException.class,
            () -> CounterTypeIds.check("journal", 4131, 4139, new String[] { "A", "B" }, new int[] { 4132, 4132 }));
        assertEquals("journal counters A and B have the same type id 4132", duplicate.getMessage());
        final IllegalStateException outside = assertThrows(IllegalStateException.class,
            () -> CounterTypeIds.check("journal", 4131, 4139, new String[] { "A" }, new int[] { 4141 }));
        assertEquals("journal counter A has type id 4141, outside the journal counters' range 4131..4139",
            outside.getMessage());
    }
}
