package org.rhcc.actors.counters;

import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.counters.CounterHistogram;
import org.rhcc.transport.counters.CounterKey;

/**
 * The node's journal counters, one set per journal kind ({@code receiver}: the MBA sessions' journals; {@code sender}:
 * the sender sessions' journals and their QP blocks' entities), kept for the node's lifetime (session
 * {@link CounterKey#NODE}, scope = the kind): events stored, the latency of each write ({@code persist} to stored,
 * a {@link CounterHistogram} over {@link #PERSIST_BOUNDS_NS}), and the journal's lag, a gauge of the events a journal
 * writer has taken from its agent (an MBA actuator actor drains its decision queue every
 * {@code rhcc.journal.flush-interval}, a QP-block entity its batch queue) and not yet stored.
 * <p>
 * Many actors write them at once (every session's journal, every entity), on Pekko's dispatcher threads, so they use
 * atomic adds; none of this is on a data-plane hot path (a receiver journals at most a few hundred decisions a second,
 * a sender block one batch per control interval, drained every {@code rhcc.journal.flush-interval}).
 */
public final class JournalCounters
{
    /** The MBA sessions' journals. */
    public static final String RECEIVER = "receiver";
    /** The sender sessions' journals and QP-block entities. */
    public static final String SENDER = "sender";

    /**
     * Bucket bounds of a journal write, ns: an H2 commit with {@code WRITE_DELAY=0} takes 1-3 ms on a quiet host,
     * PostgreSQL with {@code synchronous_commit} a few ms (bench/README.md, "Durability").
     */
    public static final long[] PERSIST_BOUNDS_NS = { 1_000_000, 2_500_000, 5_000_000, 10_000_000, 25_000_000,
        50_000_000, 100_000_000, 250_000_000, 500_000_000, 1_000_000_000, 2_500_000_000L, 5_000_000_000L };

    private final Journal receiver;
    private final Journal sender;

    private JournalCounters(final Journal receiver, final Journal sender)
    {
        this.receiver = receiver;
        this.sender = sender;
    }

    /**
     * @param allocator where the counters come from (the node's).
     * @return the node's journal counters.
     */
    public static JournalCounters allocate(final CounterAllocator allocator)
    {
        return new JournalCounters(new Journal(allocator, RECEIVER), new Journal(allocator, SENDER));
    }

    /**
     * @return counters only this process sees (tests, benchmarks).
     */
    public static JournalCounters unpublished()
    {
        return allocate(CounterAllocator.unpublished());
    }

    /**
     * @return the MBA sessions' journal counters.
     */
    public Journal receiver()
    {
        return receiver;
    }

    /**
     * @return the sender sessions' and QP blocks' journal counters.
     */
    public Journal sender()
    {
        return sender;
    }

    /**
     * @param role {@code receiver} or {@code sender}.
     * @return that kind's counters.
     */
    public Journal of(final String role)
    {
        return RECEIVER.equals(role) ? receiver : sender;
    }

    /**
     * One journal kind's counters.
     */
    public static final class Journal
    {
        private final AtomicCounter events;
        private final AtomicCounter lag;
        private final CounterHistogram persistLatency;

        Journal(final CounterAllocator allocator, final String kind)
        {
            final String prefix = "rhcc journal " + kind + " ";
            events = allocator.allocate(JournalCounterDescriptor.EVENTS.typeId(), CounterKey.node(0, kind),
                prefix + JournalCounterDescriptor.EVENTS.label());
            lag = allocator.allocate(JournalCounterDescriptor.LAG.typeId(), CounterKey.node(0, kind),
                prefix + JournalCounterDescriptor.LAG.label());
            persistLatency = new CounterHistogram(allocator, JournalCounterDescriptor.PERSIST_BUCKET.typeId(),
                JournalCounterDescriptor.PERSIST_SUM.typeId(), CounterKey.NODE, kind,
                prefix + JournalCounterDescriptor.PERSIST_BUCKET.what(), PERSIST_BOUNDS_NS, true);
        }

        /**
         * @param events events handed to a journal writer (they count in the lag until {@link #stored}).
         */
        public void handed(final int events)
        {
            if (0 != events)
            {
                lag.getAndAdd(events);
            }
        }

        /**
         * @param events events handed earlier that are now stored, or never will be (their writer stopped).
         */
        public void stored(final int events)
        {
            if (0 != events)
            {
                lag.getAndAdd(-events);
            }
        }

        /**
         * @param events    events one write stored.
         * @param latencyNs from the write's start ({@code persist}) until they were stored, ns.
         */
        public void persisted(final int events, final long latencyNs)
        {
            this.events.getAndAdd(events);
            persistLatency.record(latencyNs);
        }

        /**
         * @return events stored so far.
         */
        public long events()
        {
            return events.get();
        }

        /**
         * @return events handed to a writer and not yet stored.
         */
        public long lag()
        {
            return lag.get();
        }

        /**
         * @return writes measured so far.
         */
        public long writes()
        {
            return persistLatency.count();
        }
    }
}
