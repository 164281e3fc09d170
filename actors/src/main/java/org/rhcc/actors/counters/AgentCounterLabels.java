package org.rhcc.actors.counters;

import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.counters.CounterKey;

import static org.rhcc.actors.counters.AgentCounterDescriptor.ACTUATOR_LAST_CLOCK_DONE;

/**
 * Allocates an agent's counters, labelled {@code rhcc <agent> <what>[<qualifier>] (<unit>): session=<id>} and keyed
 * by the session, an index within the family and a scope ({@link CounterKey}), as {@link AgentCounters} documents.
 *
 * @param allocator where the counters come from.
 * @param agent     the agent's role name, e.g. {@code rate-updater}.
 * @param sessionId the session.
 */
record AgentCounterLabels(CounterAllocator allocator, String agent, long sessionId)
{
    AtomicCounter allocate(final AgentCounterDescriptor descriptor)
    {
        return allocate(descriptor, 0, "", "");
    }

    AtomicCounter allocate(final AgentCounterDescriptor descriptor, final int index, final String scope,
        final String qualifier)
    {
        return allocator.allocate(descriptor.typeId(), new CounterKey(sessionId, index, scope),
            "rhcc " + agent + " " + descriptor.label(qualifier) + ": session=" + sessionId);
    }

    /**
     * @return the agent's gauge of the simulated time of its last lockstep answer, -1 until it answers.
     */
    AtomicCounter lastDoneNs()
    {
        final AtomicCounter lastDoneNs = allocate(ACTUATOR_LAST_CLOCK_DONE, 0, agent, "");
        lastDoneNs.setRelease(-1);
        return lastDoneNs;
    }
}
