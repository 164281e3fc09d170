package org.rhcc.actors.counters;

import org.agrona.CloseHelper;
import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.message.FrameDropCounters;

/**
 * The counters of one session's data-plane agents, kept outside the agents so that a restarted agent carries on with
 * the same counts and anyone can read them: on a node they are Aeron counters in the media driver's counters file
 * (AeronStat lists them as {@code rhcc <role> <what> (<unit>): session=<id>}, see
 * {@link CounterAllocator#published}); a replay or a test can keep them unpublished. Each counter has one writer, the
 * agent's thread, which publishes with ordered stores (no fence per event).
 */
public final class AgentCounters
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
    /** Counter type id of a rate updater's journal batches queued for its entities. */
    public static final int RATE_UPDATER_QUEUED_BATCHES_TYPE_ID = 4108;
    /** Counter type id of an MBA actuator's IIO samples processed. */
    public static final int CASCADE_SAMPLES_TYPE_ID = 4111;
    /** Counter type id of an MBA actuator's lockstep answers sent. */
    public static final int CASCADE_CLOCK_DONE_TYPE_ID = 4112;
    /** Counter type id of an MBA actuator's decisions lost to a full journal queue. */
    public static final int CASCADE_DROPPED_DECISIONS_TYPE_ID = 4113;
    /** Counter type id of a signal source's signals put on the node's internal stream. */
    public static final int SOURCE_FORWARDED_TYPE_ID = 4121;
    /** Counter type id of a signal source's offers refused by the internal stream (each retried). */
    public static final int SOURCE_REFUSED_TYPE_ID = 4122;

    private AgentCounters()
    {
    }

    /**
     * The rate updater's counters: probe ACKs processed, ACKs with no registered block, ACKs the controller rejected,
     * refused rate updates, journal batches queued and lost, the last lockstep answer and the ACK frames dropped.
     *
     * @param allocator where the counters come from.
     * @param sessionId the session.
     * @return the counters.
     */
    public static RateUpdaterActor rateUpdater(final CounterAllocator allocator, final long sessionId)
    {
        final Labels labels = new Labels(allocator, "rhcc rate-updater ", sessionId);
        return new RateUpdaterActor(
            labels.count(RATE_UPDATER_ACKS_TYPE_ID, "probe ACKs processed"),
            labels.count(RATE_UPDATER_UNROUTED_ACKS_TYPE_ID, "ACKs without a registered block"),
            labels.count(RATE_UPDATER_NEGATIVE_DELAY_ACKS_TYPE_ID,
                "probe ACKs rejected, negative receiver delay"),
            labels.count(RATE_UPDATER_BAD_RATE_ACKS_TYPE_ID, "probe ACKs rejected, R_cc not a rate"),
            labels.count(RATE_UPDATER_REFUSED_UPDATES_TYPE_ID, "rate updates refused by the platform"),
            labels.count(RATE_UPDATER_QUEUED_BATCHES_TYPE_ID, "journal batches queued"),
            labels.count(RATE_UPDATER_DROPPED_BATCHES_TYPE_ID, "journal batches dropped, queue full"),
            labels.lastDoneNs(),
            new FrameDropCounters("probe-acks session=" + sessionId, allocator));
    }

    /**
     * The MBA actuator's counters: IIO samples processed, lockstep answers sent, the last lockstep answer, decisions
     * lost to a full journal queue and the sample frames dropped.
     *
     * @param allocator where the counters come from.
     * @param sessionId the session.
     * @return the counters.
     */
    public static Cascade cascade(final CounterAllocator allocator, final long sessionId)
    {
        final Labels labels = new Labels(allocator, "rhcc mba-actuator ", sessionId);
        return new Cascade(
            labels.count(CASCADE_SAMPLES_TYPE_ID, "IIO samples processed"),
            labels.count(CASCADE_CLOCK_DONE_TYPE_ID, "ClockDone answers sent"),
            labels.lastDoneNs(),
            labels.count(CASCADE_DROPPED_DECISIONS_TYPE_ID, "decisions dropped, journal queue full"),
            new FrameDropCounters("iio-samples session=" + sessionId, allocator));
    }

    /**
     * A signal source's counters: signals put on the node's internal stream (frames relayed from the platform's
     * stream, or samples read from the host's sensor) and offers the internal stream refused.
     *
     * @param allocator  where the counters come from.
     * @param sourceName the source's role name, e.g. {@code iio-sample-source}.
     * @param sessionId  the session.
     * @return the counters.
     */
    public static Source source(final CounterAllocator allocator, final String sourceName, final long sessionId)
    {
        final Labels labels = new Labels(allocator, "rhcc " + sourceName + " ", sessionId);
        return new Source(
            labels.count(SOURCE_FORWARDED_TYPE_ID, "signals put on the internal stream"),
            labels.count(SOURCE_REFUSED_TYPE_ID, "offers refused by the internal stream"),
            new FrameDropCounters("platform " + sourceName + " session=" + sessionId, allocator));
    }

    private record Labels(CounterAllocator allocator, String prefix, long sessionId)
    {
        AtomicCounter count(final int typeId, final String what)
        {
            return allocator.allocate(typeId, prefix + what + " (count): session=" + sessionId);
        }

        AtomicCounter lastDoneNs()
        {
            final AtomicCounter lastDoneNs =
                allocator.allocate(LAST_CLOCK_DONE_TYPE_ID, prefix + "last ClockDone (ns): session=" + sessionId);
            lastDoneNs.setRelease(-1);
            return lastDoneNs;
        }
    }

    /**
     * The rate updater's counters.
     */
    public static final class RateUpdaterActor implements AutoCloseable
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
        /** Journal batches queued for the blocks' entities, count. */
        public final AtomicCounter queuedBatches;
        /** Journal batches lost because an entity fell a whole queue behind, count. */
        public final AtomicCounter droppedBatches;
        /** Simulated time of the last lockstep answer, ns, or -1. */
        public final AtomicCounter lastDoneNs;
        /** Probe-ACK frames dropped by the decoder, per reason. */
        public final FrameDropCounters frameDrops;

        RateUpdaterActor(final AtomicCounter acksSeen, final AtomicCounter unroutedAcks,
            final AtomicCounter negativeDelayAcks, final AtomicCounter badRateAcks,
            final AtomicCounter failedRateUpdates, final AtomicCounter queuedBatches,
            final AtomicCounter droppedBatches, final AtomicCounter lastDoneNs, final FrameDropCounters frameDrops)
        {
            this.acksSeen = acksSeen;
            this.unroutedAcks = unroutedAcks;
            this.negativeDelayAcks = negativeDelayAcks;
            this.badRateAcks = badRateAcks;
            this.failedRateUpdates = failedRateUpdates;
            this.queuedBatches = queuedBatches;
            this.droppedBatches = droppedBatches;
            this.lastDoneNs = lastDoneNs;
            this.frameDrops = frameDrops;
        }

        /**
         * Frees the counters (published ones leave the counters file).
         */
        public void close()
        {
            CloseHelper.closeAll(acksSeen, unroutedAcks, negativeDelayAcks, badRateAcks, failedRateUpdates,
                queuedBatches, droppedBatches, lastDoneNs, frameDrops);
        }
    }

    /**
     * The MBA actuator's counters.
     */
    public static final class Cascade implements AutoCloseable
    {
        /** IIO samples of the host processed, count. */
        public final AtomicCounter samplesSeen;
        /** Lockstep answers sent, count. */
        public final AtomicCounter clockDoneSent;
        /** Simulated time of the last lockstep answer, ns, or -1. */
        public final AtomicCounter lastDoneNs;
        /** Decisions lost because the actor fell a whole journal queue behind, count. */
        public final AtomicCounter droppedDecisions;
        /** IIO-sample frames dropped by the decoder, per reason. */
        public final FrameDropCounters frameDrops;

        Cascade(final AtomicCounter samplesSeen, final AtomicCounter clockDoneSent, final AtomicCounter lastDoneNs,
            final AtomicCounter droppedDecisions, final FrameDropCounters frameDrops)
        {
            this.samplesSeen = samplesSeen;
            this.clockDoneSent = clockDoneSent;
            this.lastDoneNs = lastDoneNs;
            this.droppedDecisions = droppedDecisions;
            this.frameDrops = frameDrops;
        }

        /**
         * Frees the counters (published ones leave the counters file).
         */
        public void close()
        {
            CloseHelper.closeAll(samplesSeen, clockDoneSent, lastDoneNs, droppedDecisions, frameDrops);
        }
    }

    /**
     * A signal source's counters.
     */
    public static final class Source implements AutoCloseable
    {
        /** Signals put on the node's internal stream, count. */
        public final AtomicCounter forwarded;
        /** Offers the internal stream refused (each retried), count. */
        public final AtomicCounter refused;
        /** Frames of the platform stream dropped, per reason (never relayed). */
        public final FrameDropCounters frameDrops;

        Source(final AtomicCounter forwarded, final AtomicCounter refused, final FrameDropCounters frameDrops)
        {
            this.forwarded = forwarded;
            this.refused = refused;
            this.frameDrops = frameDrops;
        }

        /**
         * Frees the counters (published ones leave the counters file).
         */
        public void close()
        {
            CloseHelper.closeAll(forwarded, refused, frameDrops);
        }
    }
}
