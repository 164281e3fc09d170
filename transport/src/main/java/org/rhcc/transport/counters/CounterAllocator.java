package org.rhcc.transport.counters;

import java.nio.ByteBuffer;

import io.aeron.Aeron;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersReader;

/**
 * Where rhcc's counters come from: on a node, Aeron counters in the media driver's counters file, readable from
 * outside the JVM (AeronStat lists them by label; the metrics endpoint reads the same file); in a replay, a test or
 * a benchmark, counters that only this process sees.
 * <p>
 * Type ids: transport's counters use 4140-4149, actors' agents 4101-4139 (their classes list them).
 */
@FunctionalInterface
public interface CounterAllocator
{
    /**
     * @param typeId counter type id.
     * @param label  label shown by readers of the counters file: {@code rhcc <who> <what> (<unit>): <key>=<id>}.
     * @return the counter, starting at 0; the caller closes it.
     */
    AtomicCounter allocate(int typeId, String label);

    /**
     * @param aeron the node's Aeron client.
     * @return counters registered with its media driver (visible in its counters file until closed).
     */
    static CounterAllocator published(final Aeron aeron)
    {
        return aeron::addCounter;
    }

    /**
     * @return counters that only this process sees.
     */
    static CounterAllocator unpublished()
    {
        return (typeId, label) -> new AtomicCounter(
            new UnsafeBuffer(ByteBuffer.allocateDirect(CountersReader.COUNTER_LENGTH)), 0);
    }
}
