package org.rhcc.actors.counters;

import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.counters.CounterDescriptor;
import org.rhcc.transport.counters.CounterType;
import org.rhcc.transport.counters.CounterTypeIds;

/**
 * The control plane's counters ({@link ControlPlaneCounters}), one constant per type, type ids 4150..4159
 * ({@link CounterAllocator}); checked when the class is initialised ({@link CounterTypeIds}). Scope = the role
 * ({@code receiver} or {@code sender}); the label's owner is {@code <role> sessions} for the guardians' counters and
 * {@code platform <role>} for the simulated platform's.
 */
public enum ControlPlaneCounterDescriptor implements CounterDescriptor
{
    /** Sessions opened by a role's guardian. */
    SESSIONS_OPENED(4151, "opened", "count"),
    /** Sessions a role's guardian closed (asked to, orphaned, or at the node's stop). */
    SESSIONS_CLOSED(4152, "closed", "count"),
    /** Sessions whose platform's node was downed or left, ended by the guardian. */
    SESSIONS_ORPHANED(4153, "orphaned", "count"),
    /** Sessions a standby opened for a departed node (a takeover, on the standby). */
    SESSIONS_TAKEN_OVER(4154, "taken over", "count"),
    /** Times the platform unthrottled its simulated receiver host (fail-safe entered). */
    PLATFORM_FAILSAFES(4155, "host fail-safes entered", "count"),
    /** Gauge: 1 while the simulated receiver host is in its fail-safe, else 0. */
    PLATFORM_FAILSAFE(4156, "host in fail-safe", "0/1"),
    /** Takeovers the platform arranged; scope = the role taken over. */
    PLATFORM_TAKEOVERS(4157, "takeovers", "count"),
    /** Gauge: the last takeover's time from the last answer to the standby in control, ns. */
    PLATFORM_TAKEOVER_GAP(4158, "last takeover without control", "ns");

    /** Lowest type id reserved for the control plane's counters. */
    public static final int FIRST_TYPE_ID = 4150;
    /** Highest type id reserved for the control plane's counters. */
    public static final int LAST_TYPE_ID = 4159;

    static
    {
        CounterTypeIds.indexByTypeId("control-plane", FIRST_TYPE_ID, LAST_TYPE_ID, values(),
            ControlPlaneCounterDescriptor::typeId);
    }

    private final CounterType type;

    ControlPlaneCounterDescriptor(final int typeId, final String what, final String unit)
    {
        type = new CounterType(typeId, what, unit);
    }

    @Override
    public CounterType type()
    {
        return type;
    }
}
