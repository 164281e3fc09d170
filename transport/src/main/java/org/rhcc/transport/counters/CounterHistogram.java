package org.rhcc.transport.counters;

import org.agrona.concurrent.status.AtomicCounter;

/**
 * A latency histogram kept in counters, so that AeronStat and the metrics endpoint read it like any other count:
 * one counter per bucket (type {@code bucketTypeId}, key index = bucket, the last bucket above every bound) and one
 * for the sum of the values (type {@code sumTypeId}), all in nanoseconds. Buckets hold the values in
 * {@code (bound[i-1], bound[i]]}, not cumulative counts; a reader sums them. The bounds are fixed by whoever owns the
 * type ids, so that a reader knows them from the type.
 * <p>
 * <b>Note:</b> {@link #record} allocates nothing and takes no lock. With one writer thread it uses ordered stores
 * only; a histogram shared by several writers ({@code shared}) uses atomic adds.
 */
public final class CounterHistogram implements AutoCloseable
{
    private final CounterAllocator allocator;
    private final long[] upperBoundsNs;
    private final AtomicCounter[] buckets;
    private final AtomicCounter sumNs;
    private final boolean shared;

    /**
     * @param allocator     where the counters come from.
     * @param bucketTypeId  type id of the bucket counters.
     * @param sumTypeId     type id of the sum counter.
     * @param sessionId     owner of the counters ({@link CounterKey#NODE} for the node).
     * @param scope         where the values are measured (the key's scope).
     * @param what          the label's subject, e.g. {@code rhcc iio-sample-source sensor read latency}.
     * @param upperBoundsNs ascending bucket bounds, ns; a last bucket takes every larger value.
     * @param shared        true if several threads record.
     */
    public CounterHistogram(final CounterAllocator allocator, final int bucketTypeId, final int sumTypeId,
        final long sessionId, final String scope, final String what, final long[] upperBoundsNs, final boolean shared)
    {
        for (int i = 1; i < upperBoundsNs.length; i++)
        {
            if (upperBoundsNs[i] <= upperBoundsNs[i - 1])
            {
                throw new IllegalArgumentException("histogram bounds must ascend: " + upperBoundsNs[i - 1] + ", " +
                    upperBoundsNs[i]);
            }
        }
        this.allocator = allocator;
        this.upperBoundsNs = upperBoundsNs.clone();
        this.shared = shared;
        final String owner = CounterKey.NODE == sessionId ? "node" : "session=" + sessionId;
        final String where = scope.isEmpty() ? "" : "scope=" + scope + " ";
        buckets = new AtomicCounter[upperBoundsNs.length + 1];
        for (int i = 0; i < buckets.length; i++)
        {
            final String bucket = i < upperBoundsNs.length ? "<= " + upperBoundsNs[i] + " ns" :
                "> " + upperBoundsNs[upperBoundsNs.length - 1] + " ns";
            buckets[i] = allocator.allocate(bucketTypeId, new CounterKey(sessionId, i, scope),
                what + ", " + bucket + " (count): " + where + owner);
        }
        sumNs = allocator.allocate(sumTypeId, new CounterKey(sessionId, 0, scope),
            what + ", sum (ns): " + where + owner);
    }

    /**
     * @param valueNs a measured value, ns.
     */
    public void record(final long valueNs)
    {
        int bucket = 0;
        while (bucket < upperBoundsNs.length && valueNs > upperBoundsNs[bucket])
        {
            bucket++;
        }
        if (shared)
        {
            buckets[bucket].increment();
            sumNs.getAndAdd(valueNs);
        }
        else
        {
            buckets[bucket].setRelease(buckets[bucket].getPlain() + 1);
            sumNs.setRelease(sumNs.getPlain() + valueNs);
        }
    }

    /**
     * @return values recorded.
     */
    public long count()
    {
        long count = 0;
        for (final AtomicCounter bucket : buckets)
        {
            count += bucket.get();
        }
        return count;
    }

    /**
     * @return sum of the values recorded, ns.
     */
    public long sumNs()
    {
        return sumNs.get();
    }

    /**
     * Retires the counts ({@link CounterAllocator#retire}): on a node they join its retired sums.
     */
    public void close()
    {
        for (final AtomicCounter bucket : buckets)
        {
            allocator.retire(bucket);
        }
        allocator.retire(sumNs);
    }
}
