package org.rhcc.actors.counters;

import java.nio.ByteBuffer;

import io.aeron.Aeron;
import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersReader;

/**
 * The counters of one session's data-plane agent, kept outside the agent so that a restarted agent carries on with
 * the same counts and anyone can read them: on a node they are Aeron counters in the media driver's counters file
 * (AeronStat lists them as {@code rhcc <role> <what> (<unit>): session=<id>}); a replay or a test can keep them
 * unpublished. Each counter has one writer, the agent's thread, which publishes with ordered stores (no fence per
 * event).
 */
public final class AgentCounters implements AutoCloseable
{
    /** Counter type id of a rate updater's probe ACKs processed. */
    public static final int RATE_UPDATER_ACKS_TYPE_ID = 4101;
    /** Counter type id of a rate updater's ACKs for QPs whose block is not registered. */
    public static final int RATE_UPDATER_UNROUTED_ACKS_TYPE_ID = 4102;
    /** Counter type id of a rate updater's rate updates refused by the platform stream. */
    public static final int RATE_UPDATER_REFUSED_UPDATES_TYPE_ID = 4103;
    /** Counter type id of an agent's simulated time of its last lockstep answer. */
    public static final int LAST_CLOCK_DONE_TYPE_ID = 4104;
    /** Counter type id of a rate updater's probe ACKs rejected for a negative receiver delay. */
    public static final int RATE_UPDATER_NEGATIVE_DELAY_ACKS_TYPE_ID = 4105;
    /** Counter type id of a rate updater's probe ACKs rejected for an R_cc that is not a rate. */
    public static final int RATE_UPDATER_BAD_RATE_ACKS_TYPE_ID = 4106;
    /** Counter type id of a rate updater's journal batches lost to a full queue. */
    public static final int RATE_UPDATER_DROPPED_BATCHES_TYPE_ID = 4107;
    /** Counter type id of an MBA cascade's IIO samples processed. */
    public static final int CASCADE_SAMPLES_TYPE_ID = 4111;
    /** Counter type id of an MBA cascade's lockstep answers sent. */
    public static final int CASCADE_CLOCK_DONE_TYPE_ID = 4112;

    /**
     * Where counters come from.
     */
    @FunctionalInterface
    public interface Allocator
    {
        /**
         * @param typeId counter type id.
         * @param label  label shown by readers of the counters file.
         * @return the counter, starting at 0.
         */
        AtomicCounter allocate(int typeId, String label);
    }

    private final AtomicCounter[] counters;

    private AgentCounters(final AtomicCounter... counters)
    {
        this.counters = counters;
    }

    /**
     * @param aeron the node's Aeron client.
     * @return counters registered with its media driver (visible in its counters file until closed).
     */
    public static Allocator published(final Aeron aeron)
    {
        return aeron::addCounter;
    }

    /**
     * @return counters that only this process sees (replays, tests, benchmarks).
     */
    public static Allocator unpublished()
    {
        return (typeId, label) -> new AtomicCounter(
            new UnsafeBuffer(ByteBuffer.allocateDirect(CountersReader.COUNTER_LENGTH)), 0);
    }

    /**
     * The rate updater's counters: probe ACKs processed, ACKs with no registered block, ACKs the controller rejected,
     * refused rate updates, journal batches lost and the last lockstep answer.
     *
     * @param allocator where the counters come from.
     * @param sessionId the session.
     * @return the counters.
     */
    public static RateUpdater rateUpdater(final Allocator allocator, final long sessionId)
    {
        final String of = "): session=" + sessionId;
        final AtomicCounter lastDoneNs =
            allocator.allocate(LAST_CLOCK_DONE_TYPE_ID, "rhcc rate-updater last ClockDone (ns" + of);
        lastDoneNs.setRelease(-1);
        return new RateUpdater(
            allocator.allocate(RATE_UPDATER_ACKS_TYPE_ID, "rhcc rate-updater probe ACKs processed (count" + of),
            allocator.allocate(RATE_UPDATER_UNROUTED_ACKS_TYPE_ID,
                "rhcc rate-updater ACKs without a registered block (count" + of),
            allocator.allocate(RATE_UPDATER_NEGATIVE_DELAY_ACKS_TYPE_ID,
                "rhcc rate-updater probe ACKs rejected, negative receiver delay (count" + of),
            allocator.allocate(RATE_UPDATER_BAD_RATE_ACKS_TYPE_ID,
                "rhcc rate-updater probe ACKs rejected, R_cc not a rate (count" + of),
            allocator.allocate(RATE_UPDATER_REFUSED_UPDATES_TYPE_ID,
                "rhcc rate-updater rate updates refused by the platform (count" + of),
            allocator.allocate(RATE_UPDATER_DROPPED_BATCHES_TYPE_ID,
                "rhcc rate-updater journal batches dropped, queue full (count" + of),
            lastDoneNs);
    }

    /**
     * The MBA cascade's counters: IIO samples processed, lockstep answers sent and the last lockstep answer.
     *
     * @param allocator where the counters come from.
     * @param sessionId the session.
     * @return the counters.
     */
    public static Cascade cascade(final Allocator allocator, final long sessionId)
    {
        final String of = "): session=" + sessionId;
        final AtomicCounter lastDoneNs =
            allocator.allocate(LAST_CLOCK_DONE_TYPE_ID, "rhcc mba-cascade last ClockDone (ns" + of);
        lastDoneNs.setRelease(-1);
        return new Cascade(
            allocator.allocate(CASCADE_SAMPLES_TYPE_ID, "rhcc mba-cascade IIO samples processed (count" + of),
            allocator.allocate(CASCADE_CLOCK_DONE_TYPE_ID, "rhcc mba-cascade ClockDone answers sent (count" + of),
            lastDoneNs);
    }

    /**
     * Frees the counters (published ones leave the counters file).
     */
    public void close()
    {
        CloseHelper.closeAll(counters);
    }

    /**
     * The rate updater's counters.
     */
    public static final class RateUpdater implements AutoCloseable
    {
        /** Probe ACKs processed, count. */
        public final AtomicCounter acksSeen;
        /** ACKs of QPs whose block is not registered, count. */
        public final AtomicCounter unroutedAcks;
        /** ACKs rejected by Eq. (2)'s input check for a negative receiver delay, count. */
        public final AtomicCounter negativeDelayAcks;
        /** ACKs rejected for an R_cc that is not a rate (negative or NaN), count. */
        public final AtomicCounter badRateAcks;
        /** Rate updates the platform stream refused, count. */
        public final AtomicCounter failedRateUpdates;
        /** Journal batches lost because an entity fell a whole queue behind, count. */
        public final AtomicCounter droppedBatches;
        /** Simulated time of the last lockstep answer, ns, or -1. */
        public final AtomicCounter lastDoneNs;
        private final AgentCounters all;

        RateUpdater(final AtomicCounter acksSeen, final AtomicCounter unroutedAcks,
            final AtomicCounter negativeDelayAcks, final AtomicCounter badRateAcks,
            final AtomicCounter failedRateUpdates, final AtomicCounter droppedBatches, final AtomicCounter lastDoneNs)
        {
            this.acksSeen = acksSeen;
            this.unroutedAcks = unroutedAcks;
            this.negativeDelayAcks = negativeDelayAcks;
            this.badRateAcks = badRateAcks;
            this.failedRateUpdates = failedRateUpdates;
            this.droppedBatches = droppedBatches;
            this.lastDoneNs = lastDoneNs;
            this.all = new AgentCounters(acksSeen, unroutedAcks, negativeDelayAcks, badRateAcks, failedRateUpdates,
                droppedBatches, lastDoneNs);
        }

        /**
         * Frees the counters.
         */
        public void close()
        {
            all.close();
        }
    }

    /**
     * The MBA cascade's counters.
     */
    public static final class Cascade implements AutoCloseable
    {
        /** IIO samples of the host processed, count. */
        public final AtomicCounter samplesSeen;
        /** Lockstep answers sent, count. */
        public final AtomicCounter clockDoneSent;
        /** Simulated time of the last lockstep answer, ns, or -1. */
        public final AtomicCounter lastDoneNs;
        private final AgentCounters all;

        Cascade(final AtomicCounter samplesSeen, final AtomicCounter clockDoneSent, final AtomicCounter lastDoneNs)
        {
            this.samplesSeen = samplesSeen;
            this.clockDoneSent = clockDoneSent;
            this.lastDoneNs = lastDoneNs;
            this.all = new AgentCounters(samplesSeen, clockDoneSent, lastDoneNs);
        }

        /**
         * Frees the counters.
         */
        public void close()
        {
            all.close();
        }
    }
}
