package org.rhcc.transport.counters;

/**
 * The counters transport allocates itself, one constant per type (type ids 4140..4149, {@link CounterAllocator}).
 */
public enum TransportCounterDescriptor implements CounterDescriptor
{
    /** Frames a decoding agent dropped, one counter per reason (the label's qualifier names it); scope = stream. */
    FRAMES_DROPPED(4141, "frames dropped", "count");

    /** Lowest type id reserved for transport's counters. */
    public static final int FIRST_TYPE_ID = 4140;
    /** Highest type id reserved for transport's counters. */
    public static final int LAST_TYPE_ID = 4149;

    static
    {
        CounterTypeIds.indexByTypeId("transport", FIRST_TYPE_ID, LAST_TYPE_ID, values(),
            TransportCounterDescriptor::typeId);
    }

    private final CounterType type;

    TransportCounterDescriptor(final int typeId, final String what, final String unit)
    {
        type = new CounterType(typeId, what, unit);
    }

    @Override
    public CounterType type()
    {
        return type;
    }
}
