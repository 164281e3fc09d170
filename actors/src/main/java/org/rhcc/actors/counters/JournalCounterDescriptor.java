package org.rhcc.actors.counters;

import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.counters.CounterDescriptor;
import org.rhcc.transport.counters.CounterType;
import org.rhcc.transport.counters.CounterTypeIds;

/**
 * The node's journal counters ({@link JournalCounters}), one constant per type, type ids 4131..4139
 * ({@link CounterAllocator}); checked when the class is initialised ({@link CounterTypeIds}). Scope = the journal
 * kind ({@code receiver} or {@code sender}), which the label's owner names: {@code rhcc journal <kind> <what> (<unit>)}.
 */
public enum JournalCounterDescriptor implements CounterDescriptor
{
    /** The events a journal stored. */
    EVENTS(4131, "events stored", "count"),
    /** A journal's write latency, one counter per bucket of {@link JournalCounters#PERSIST_BOUNDS_NS}. */
    PERSIST_BUCKET(4132, "write latency", "count"),
    /** A journal's write latency, sum, ns. */
    PERSIST_SUM(4133, "write latency", "ns"),
    /** Gauge: the events handed to a journal writer and not yet stored. */
    LAG(4134, "events waiting to be stored", "count");

    /** Lowest type id reserved for the journals' counters. */
    public static final int FIRST_TYPE_ID = 4131;
    /** Highest type id reserved for the journals' counters. */
    public static final int LAST_TYPE_ID = 4139;

    static
    {
        CounterTypeIds.indexByTypeId("journal", FIRST_TYPE_ID, LAST_TYPE_ID, values(),
            JournalCounterDescriptor::typeId);
    }

    private final CounterType type;

    JournalCounterDescriptor(final int typeId, final String what, final String unit)
    {
        type = new CounterType(typeId, what, unit);
    }

    @Override
    public CounterType type()
    {
        return type;
    }
}
