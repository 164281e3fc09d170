package org.rhcc.actors.counters;

import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.transport.counters.CounterAllocator;

/**
 * Releases a group of an agent's counters when the group is closed: counts are {@link CounterAllocator#retire
 * retired}, so that the node keeps their sum and its totals stay monotonic; gauges are closed.
 */
final class CounterRelease
{
    private CounterRelease()
    {
    }

    static void retireAll(final CounterAllocator allocator, final AtomicCounter... counts)
    {
        for (final AtomicCounter count : counts)
        {
            allocator.retire(count);
        }
    }

    static void closeAll(final AtomicCounter... gauges)
    {
        for (final AtomicCounter gauge : gauges)
        {
            gauge.close();
        }
    }
}
