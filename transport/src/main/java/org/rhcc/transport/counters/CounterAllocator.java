package org.rhcc.transport.counters;

import java.nio.ByteBuffer;

import io.aeron.Aeron;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersReader;

/**
 * Where rhcc's counters come from: on a node, Aeron counters in the media driver's counters file, readable from
 * outside the JVM (AeronStat lists them by label; the metrics endpoint reads them by type id and {@link CounterKey});
 * in a replay, a test or a benchmark, counters that only this process sees.
 * <p>
 * A count whose owner goes away (a session's) is given back with {@link #retire}, a gauge with
 * {@code AtomicCounter.close()}: a node's allocator ({@link NodeCounters}) keeps the retired counts' sum, so that a
 * node's totals never go down when a session ends.
 * <p>
 * Type ids, one range per family, each listed by a descriptor enum ({@link CounterDescriptor}) that checks at class
 * initialisation that its ids are in its range and unique ({@link CounterTypeIds}): actors' data-plane agents 4101-4130
 * ({@code AgentCounterDescriptor}), the node's journals 4131-4139 ({@code JournalCounterDescriptor}), transport's
 * 4140-4149 ({@link TransportCounterDescriptor}), the control plane's 4150-4159 ({@code ControlPlaneCounterDescriptor}).
 */
@FunctionalInterface
public interface CounterAllocator
{
    /**
     * @param typeId counter type id.
     * @param key    whose counter it is, which of its family and where it counts.
     * @param label  label shown by readers of the counters file: {@code rhcc <who> <what> (<unit>): <key>=<id>}.
     * @return the counter, starting at 0; the caller closes or {@link #retire retires} it.
     */
    AtomicCounter allocate(int typeId, CounterKey key, String label);

    /**
     * A counter of the node, with no session, index or scope.
     *
     * @param typeId counter type id.
     * @param label  label shown by readers of the counters file.
     * @return the counter, starting at 0; the caller closes it.
     */
    default AtomicCounter allocate(final int typeId, final String label)
    {
        return allocate(typeId, CounterKey.node(0, ""), label);
    }

    /**
     * Frees a count whose owner is done with it (its agent has stopped): where counts are kept per node
     * ({@link NodeCounters}) its value first joins the node's sum of retired counts of its type, index and scope;
     * elsewhere it is closed.
     *
     * @param counter a count this allocator handed out; nothing writes it any more.
     */
    default void retire(final AtomicCounter counter)
    {
        counter.close();
    }

    /**
     * @param aeron the node's Aeron client.
     * @return counters registered with its media driver (visible in its counters file until closed), without
     * retired sums: for benchmarks and tests; a node uses its {@link NodeCounters}.
     */
    static CounterAllocator published(final Aeron aeron)
    {
        return (typeId, key, label) -> addCounter(aeron, typeId, key, label);
    }

    /**
     * @return counters that only this process sees.
     */
    static CounterAllocator unpublished()
    {
        return (typeId, key, label) -> new AtomicCounter(
            new UnsafeBuffer(ByteBuffer.allocateDirect(CountersReader.COUNTER_LENGTH)), 0);
    }

    /**
     * Registers a keyed counter with the driver (control path: allocates).
     *
     * @param aeron  the client.
     * @param typeId counter type id.
     * @param key    its key.
     * @param label  its label.
     */
    static AtomicCounter addCounter(final Aeron aeron, final int typeId, final CounterKey key, final String label)
    {
        final UnsafeBuffer keyBuffer = new UnsafeBuffer(new byte[key.encodedLength()]);
        final int keyLength = key.encode(keyBuffer, 0);
        final String shown = label.length() > CountersReader.MAX_LABEL_LENGTH ?
            label.substring(0, CountersReader.MAX_LABEL_LENGTH) : label;
        final UnsafeBuffer labelBuffer = new UnsafeBuffer(new byte[shown.length()]);
        final int labelLength = labelBuffer.putStringWithoutLengthAscii(0, shown);
        return aeron.addCounter(typeId, keyBuffer, 0, keyLength, labelBuffer, 0, labelLength);
    }
}
