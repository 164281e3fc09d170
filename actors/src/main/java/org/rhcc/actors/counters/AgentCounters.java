package org.rhcc.actors.counters;

import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.transport.codec.MbaReason;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.counters.CounterHistogram;
import org.rhcc.transport.counters.CounterKey;
import org.rhcc.transport.message.FrameDropCounters;

/**
 * The counters of one session's data-plane agents, kept outside the agents so that a restarted agent carries on with
 * the same counts and anyone can read them: on a node they are Aeron counters in the media driver's counters file
 * (AeronStat lists them as {@code rhcc <role> <what> (<unit>): session=<id>}; the metrics endpoint reads them by type
 * id and {@link CounterKey}: the session, an index within the family, a scope); a replay or a test can keep them
 * unpublished. Each counter has one writer, the agent's thread (or, once the agent has stopped, its actor), which
 * publishes with ordered stores (no fence per event).
 * <p>
 * Counts are {@link CounterAllocator#retire retired} when their group is closed (a node keeps their sum, so its
 * totals stay monotonic, see {@code NodeCounters}); gauges are closed. Gauges of non-integer quantities are scaled
 * integers, named in their labels: occupancy in thousandths of an IIO entry, rates in Mbit/s.
 */
public final class AgentCounters
{
    /** Counter type id of a rate updater's probe ACKs processed. */
    public static final int RATE_UPDATER_ACKS_TYPE_ID = 4101;
    /** Counter type id of a rate updater's ACKs for QPs whose block is not registered. */
    public static final int RATE_UPDATER_UNROUTED_ACKS_TYPE_ID = 4102;
    /** Counter type id of a rate updater's rate updates refused by the platform stream. */
    public static final int RATE_UPDATER_REFUSED_UPDATES_TYPE_ID = 4103;
    /** Counter type id (gauge) of an agent's simulated time of its last lockstep answer, ns; scope = the agent. */
    public static final int LAST_CLOCK_DONE_TYPE_ID = 4104;
    /** Counter type id of a rate updater's probe ACKs rejected for a negative receiver delay. */
    public static final int RATE_UPDATER_NEGATIVE_DELAY_ACKS_TYPE_ID = 4105;
    /** Counter type id of a rate updater's probe ACKs rejected for an R_cc that is not a rate. */
    public static final int RATE_UPDATER_BAD_RATE_ACKS_TYPE_ID = 4106;
    /** Counter type id of a rate updater's journal batches lost to a full queue. */
    public static final int RATE_UPDATER_DROPPED_BATCHES_TYPE_ID = 4107;
    /** Counter type id of a rate updater's journal batches queued for its entities. */
    public static final int RATE_UPDATER_QUEUED_BATCHES_TYPE_ID = 4108;
    /** Counter type id of a rate updater's rate decisions, index {@link #LIMIT_R_REV} or {@link #LIMIT_R_CC}. */
    public static final int RATE_UPDATER_DECISIONS_TYPE_ID = 4109;
    /** Counter type id (gauge) of the QPs whose last decision was limited by R_rev or R_cc (index as above). */
    public static final int RATE_UPDATER_LIMITED_QPS_TYPE_ID = 4110;
    /** Counter type id of an MBA actuator's IIO samples processed. */
    public static final int CASCADE_SAMPLES_TYPE_ID = 4111;
    /** Counter type id of an MBA actuator's lockstep answers sent. */
    public static final int CASCADE_CLOCK_DONE_TYPE_ID = 4112;
    /** Counter type id of an MBA actuator's decisions lost to a full journal queue. */
    public static final int CASCADE_DROPPED_DECISIONS_TYPE_ID = 4113;
    /** Counter type id (gauge) of the smoothed IIO occupancy the rule acts on, thousandths of an entry. */
    public static final int CASCADE_OCCUPANCY_TYPE_ID = 4114;
    /** Counter type id (gauge) of the congestion threshold (I_thr, or hostCC's I_T), thousandths of an entry. */
    public static final int CASCADE_THRESHOLD_TYPE_ID = 4115;
    /** Counter type id of the IIO samples after which the host was congested (smoothed occupancy above it). */
    public static final int CASCADE_CONGESTED_SAMPLES_TYPE_ID = 4116;
    /** Counter type id (gauge) of a group's MBA level, 1 (100 %) .. 5; index = the group. */
    public static final int CASCADE_MBA_LEVEL_TYPE_ID = 4117;
    /** Counter type id of MBA level changes, index = the {@link MbaReason} value. */
    public static final int CASCADE_LEVEL_CHANGES_TYPE_ID = 4118;
    /** Counter type id (gauge) of the receiver host's fail-safe: 1 once entered, else 0. */
    public static final int CASCADE_FAIL_SAFE_TYPE_ID = 4119;
    /** Counter type id (gauge) of a sender session's R_rev floor (R_min), Mbit/s. */
    public static final int RATE_UPDATER_R_MIN_TYPE_ID = 4120;
    /** Counter type id of a signal source's signals put on the node's internal stream. */
    public static final int SOURCE_FORWARDED_TYPE_ID = 4121;
    /** Counter type id of a signal source's offers refused by the internal stream (each retried). */
    public static final int SOURCE_REFUSED_TYPE_ID = 4122;
    /** Counter type id of a host sensor's read latency, one counter per bucket of {@link #SENSOR_READ_BOUNDS_NS}. */
    public static final int SENSOR_READ_BUCKET_TYPE_ID = 4123;
    /** Counter type id of a host sensor's read latency, sum, ns. */
    public static final int SENSOR_READ_SUM_TYPE_ID = 4124;
    /** Counter type id of the frames an actuator agent published on the platform's command stream; scope = agent. */
    public static final int FRAMES_PUBLISHED_TYPE_ID = 4125;
    /** Counter type id of an actuator agent's claims refused for back-pressure (each retried); scope = agent. */
    public static final int PUBLISH_BACK_PRESSURED_TYPE_ID = 4126;
    /** Counter type id (gauge) of the sender host's fail-safe: 1 once entered, else 0. */
    public static final int RATE_UPDATER_FAIL_SAFE_TYPE_ID = 4127;
    /** Counter type id of the sum of the receiver processing delays (Eq. (2)'s samples) of the ACKs decided on, ns. */
    public static final int RATE_UPDATER_DELAY_SUM_TYPE_ID = 4128;
    /** Counter type id of the receiver processing delays summed in {@link #RATE_UPDATER_DELAY_SUM_TYPE_ID}. */
    public static final int RATE_UPDATER_DELAY_SAMPLES_TYPE_ID = 4129;

    /** Index of a decision limited by R_rev ({@code R_rev <= R_cc}). */
    public static final int LIMIT_R_REV = 0;
    /** Index of a decision limited by R_cc. */
    public static final int LIMIT_R_CC = 1;

    /**
     * Bucket bounds of a host sensor's read latency, ns: an MSR read costs ~400 ns on the paper's host
     * (docs/paper.md §4, B10); a read that takes a cross-CPU interrupt or a preempted thread lands in the upper ones.
     */
    public static final long[] SENSOR_READ_BOUNDS_NS =
        { 250, 500, 1_000, 2_000, 5_000, 10_000, 25_000, 50_000, 100_000, 1_000_000 };

    private AgentCounters()
    {
    }

    /**
     * The rate updater's counters: probe ACKs processed, ACKs with no registered block, ACKs the controller rejected,
     * refused rate updates, journal batches queued and lost, the last lockstep answer, the ACK frames dropped, the
     * decisions and the QPs by the limit that bound them, R_min, the frames published on the command stream, the
     * fail-safe, and the sum and count of the receiver processing delays of the ACKs decided on.
     *
     * @param allocator where the counters come from.
     * @param sessionId the session.
     * @return the counters.
     */
    public static RateUpdaterActor rateUpdater(final CounterAllocator allocator, final long sessionId)
    {
        final Labels labels = new Labels(allocator, "rate-updater", sessionId);
        return new RateUpdaterActor(
            allocator,
            labels.count(RATE_UPDATER_ACKS_TYPE_ID, "probe ACKs processed"),
            labels.count(RATE_UPDATER_UNROUTED_ACKS_TYPE_ID, "ACKs without a registered block"),
            labels.count(RATE_UPDATER_NEGATIVE_DELAY_ACKS_TYPE_ID,
                "probe ACKs rejected, negative receiver delay"),
            labels.count(RATE_UPDATER_BAD_RATE_ACKS_TYPE_ID, "probe ACKs rejected, R_cc not a rate"),
            labels.count(RATE_UPDATER_REFUSED_UPDATES_TYPE_ID, "rate updates refused by the platform"),
            labels.count(RATE_UPDATER_QUEUED_BATCHES_TYPE_ID, "journal batches queued"),
            labels.count(RATE_UPDATER_DROPPED_BATCHES_TYPE_ID, "journal batches dropped, queue full"),
            labels.lastDoneNs(),
            new FrameDropCounters("probe-acks", "rate-updater", sessionId, allocator),
            new AtomicCounter[] {
                labels.count(RATE_UPDATER_DECISIONS_TYPE_ID, LIMIT_R_REV, "", "rate decisions, R_rev <= R_cc"),
                labels.count(RATE_UPDATER_DECISIONS_TYPE_ID, LIMIT_R_CC, "", "rate decisions, R_cc < R_rev") },
            new AtomicCounter[] {
                labels.gauge(RATE_UPDATER_LIMITED_QPS_TYPE_ID, LIMIT_R_REV, "", "QPs limited by R_rev (QPs)"),
                labels.gauge(RATE_UPDATER_LIMITED_QPS_TYPE_ID, LIMIT_R_CC, "", "QPs limited by R_cc (QPs)") },
            labels.gauge(RATE_UPDATER_R_MIN_TYPE_ID, 0, "", "R_rev floor R_min (Mbit/s)"),
            labels.count(FRAMES_PUBLISHED_TYPE_ID, 0, "rate-updater", "frames published"),
            labels.count(PUBLISH_BACK_PRESSURED_TYPE_ID, 0, "rate-updater", "claims back-pressured"),
            labels.gauge(RATE_UPDATER_FAIL_SAFE_TYPE_ID, 0, "", "fail-safe entered (0/1)"),
            labels.gauge(RATE_UPDATER_DELAY_SUM_TYPE_ID, 0, "", "receiver processing delays summed (ns)"),
            labels.count(RATE_UPDATER_DELAY_SAMPLES_TYPE_ID, "receiver processing delays summed"));
    }

    /**
     * The MBA actuator's counters: IIO samples processed, lockstep answers sent, the last lockstep answer, decisions
     * lost to a full journal queue, the sample frames dropped, the smoothed occupancy and its threshold, the congested
     * samples, each group's level, the level changes by reason, the fail-safe, and the frames published on the
     * command stream.
     *
     * @param allocator where the counters come from.
     * @param sessionId the session.
     * @param groups    MBA groups of the session.
     * @return the counters.
     */
    public static Cascade cascade(final CounterAllocator allocator, final long sessionId, final int groups)
    {
        final Labels labels = new Labels(allocator, "mba-actuator", sessionId);
        final AtomicCounter[] levels = new AtomicCounter[groups];
        for (int g = 0; g < groups; g++)
        {
            levels[g] = labels.gauge(CASCADE_MBA_LEVEL_TYPE_ID, g, "", "MBA level of group " + g + " (level)");
            levels[g].setRelease(1);
        }
        final AtomicCounter[] changes = new AtomicCounter[MbaReason.FAILSAFE_RESET.value() + 1];
        for (final MbaReason reason : MbaReason.values())
        {
            if (MbaReason.NULL_VAL != reason && MbaReason.UNSPECIFIED != reason)
            {
                changes[reason.value()] = labels.count(CASCADE_LEVEL_CHANGES_TYPE_ID, reason.value(), "",
                    "MBA level changes, " + reason.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
            }
        }
        return new Cascade(
            allocator,
            labels.count(CASCADE_SAMPLES_TYPE_ID, "IIO samples processed"),
            labels.count(CASCADE_CLOCK_DONE_TYPE_ID, "ClockDone answers sent"),
            labels.lastDoneNs(),
            labels.count(CASCADE_DROPPED_DECISIONS_TYPE_ID, "decisions dropped, journal queue full"),
            new FrameDropCounters("iio-samples", "mba-actuator", sessionId, allocator),
            labels.gauge(CASCADE_OCCUPANCY_TYPE_ID, 0, "", "smoothed IIO occupancy (milli-entries)"),
            labels.gauge(CASCADE_THRESHOLD_TYPE_ID, 0, "", "congestion threshold (milli-entries)"),
            labels.count(CASCADE_CONGESTED_SAMPLES_TYPE_ID, "IIO samples while congested"),
            levels,
            changes,
            labels.gauge(CASCADE_FAIL_SAFE_TYPE_ID, 0, "", "fail-safe entered (0/1)"),
            labels.count(FRAMES_PUBLISHED_TYPE_ID, 0, "mba-actuator", "frames published"),
            labels.count(PUBLISH_BACK_PRESSURED_TYPE_ID, 0, "mba-actuator", "claims back-pressured"));
    }

    /**
     * A signal source's counters: signals put on the node's internal stream (frames relayed from the platform's
     * stream, or samples read from the host's sensor), offers the internal stream refused, the platform frames
     * dropped, and for a source that reads the host's sensor its read latency.
     *
     * @param allocator   where the counters come from.
     * @param sourceName  the source's role name, e.g. {@code iio-sample-source}.
     * @param sessionId   the session.
     * @param readsSensor true if the source reads the host's sensor (then it has a read latency histogram).
     * @return the counters.
     */
    public static Source source(final CounterAllocator allocator, final String sourceName, final long sessionId,
        final boolean readsSensor)
    {
        final Labels labels = new Labels(allocator, sourceName, sessionId);
        return new Source(
            allocator,
            labels.count(SOURCE_FORWARDED_TYPE_ID, 0, sourceName, "signals put on the internal stream"),
            labels.count(SOURCE_REFUSED_TYPE_ID, 0, sourceName, "offers refused by the internal stream"),
            new FrameDropCounters("platform " + sourceName, sourceName, sessionId, allocator),
            readsSensor ? new CounterHistogram(allocator, SENSOR_READ_BUCKET_TYPE_ID, SENSOR_READ_SUM_TYPE_ID,
                sessionId, sourceName, "rhcc " + sourceName + " sensor read latency", SENSOR_READ_BOUNDS_NS, false) :
                null);
    }

    /**
     * A signal source's counters, for a source that relays the platform's stream.
     *
     * @param allocator  where the counters come from.
     * @param sourceName the source's role name, e.g. {@code iio-sample-source}.
     * @param sessionId  the session.
     * @return the counters.
     */
    public static Source source(final CounterAllocator allocator, final String sourceName, final long sessionId)
    {
        return source(allocator, sourceName, sessionId, false);
    }

    /**
     * Allocates an agent's counters, labelled {@code rhcc <agent> <what> (<unit>): session=<id>}.
     */
    private record Labels(CounterAllocator allocator, String agent, long sessionId)
    {
        AtomicCounter count(final int typeId, final String what)
        {
            return count(typeId, 0, "", what);
        }

        AtomicCounter count(final int typeId, final int index, final String scope, final String what)
        {
            return allocator.allocate(typeId, new CounterKey(sessionId, index, scope),
                "rhcc " + agent + " " + what + " (count): session=" + sessionId);
        }

        AtomicCounter gauge(final int typeId, final int index, final String scope, final String whatAndUnit)
        {
            return allocator.allocate(typeId, new CounterKey(sessionId, index, scope),
                "rhcc " + agent + " " + whatAndUnit + ": session=" + sessionId);
        }

        AtomicCounter lastDoneNs()
        {
            final AtomicCounter lastDoneNs = gauge(LAST_CLOCK_DONE_TYPE_ID, 0, agent, "last ClockDone (ns)");
            lastDoneNs.setRelease(-1);
            return lastDoneNs;
        }
    }

    private static void retireAll(final CounterAllocator allocator, final AtomicCounter... counts)
    {
        for (final AtomicCounter count : counts)
        {
            allocator.retire(count);
        }
    }

    private static void closeAll(final AtomicCounter... gauges)
    {
        for (final AtomicCounter gauge : gauges)
        {
            gauge.close();
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
        /** Rate decisions by the limit that bound them ({@link #LIMIT_R_REV}, {@link #LIMIT_R_CC}), count. */
        public final AtomicCounter[] decisions;
        /** QPs whose last decision was bound by each limit, gauge (QPs). */
        public final AtomicCounter[] limitedQps;
        /** The session's R_rev floor R_min, gauge (Mbit/s). */
        public final AtomicCounter rMinMbps;
        /** Frames published on the platform's command stream, count. */
        public final AtomicCounter framesPublished;
        /** Claims on the command stream refused for back-pressure or an admin action, count. */
        public final AtomicCounter backPressured;
        /** The fail-safe: 1 once entered (written by the actor), else 0. */
        public final AtomicCounter failSafe;
        /** Sum of the receiver processing delays (Eq. (2)'s samples) of the ACKs decided on, ns. */
        public final AtomicCounter delaySumNs;
        /** The delays summed in {@link #delaySumNs}, count. */
        public final AtomicCounter delaySamples;
        private final CounterAllocator allocator;

        RateUpdaterActor(final CounterAllocator allocator, final AtomicCounter acksSeen,
            final AtomicCounter unroutedAcks, final AtomicCounter negativeDelayAcks, final AtomicCounter badRateAcks,
            final AtomicCounter failedRateUpdates, final AtomicCounter queuedBatches,
            final AtomicCounter droppedBatches, final AtomicCounter lastDoneNs, final FrameDropCounters frameDrops,
            final AtomicCounter[] decisions, final AtomicCounter[] limitedQps, final AtomicCounter rMinMbps,
            final AtomicCounter framesPublished, final AtomicCounter backPressured, final AtomicCounter failSafe,
            final AtomicCounter delaySumNs, final AtomicCounter delaySamples)
        {
            this.allocator = allocator;
            this.acksSeen = acksSeen;
            this.unroutedAcks = unroutedAcks;
            this.negativeDelayAcks = negativeDelayAcks;
            this.badRateAcks = badRateAcks;
            this.failedRateUpdates = failedRateUpdates;
            this.queuedBatches = queuedBatches;
            this.droppedBatches = droppedBatches;
            this.lastDoneNs = lastDoneNs;
            this.frameDrops = frameDrops;
            this.decisions = decisions;
            this.limitedQps = limitedQps;
            this.rMinMbps = rMinMbps;
            this.framesPublished = framesPublished;
            this.backPressured = backPressured;
            this.failSafe = failSafe;
            this.delaySumNs = delaySumNs;
            this.delaySamples = delaySamples;
        }

        /**
         * Retires the counts and closes the gauges (published ones leave the counters file).
         */
        public void close()
        {
            retireAll(allocator, acksSeen, unroutedAcks, negativeDelayAcks, badRateAcks, failedRateUpdates,
                queuedBatches, droppedBatches, framesPublished, backPressured, delaySumNs, delaySamples);
            retireAll(allocator, decisions);
            frameDrops.close();
            closeAll(lastDoneNs, rMinMbps, failSafe);
            closeAll(limitedQps);
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
        /** The smoothed occupancy the rule acts on, gauge (thousandths of an IIO entry). */
        public final AtomicCounter occupancyMilli;
        /** The congestion threshold the occupancy is compared with, gauge (thousandths of an IIO entry). */
        public final AtomicCounter thresholdMilli;
        /** IIO samples after which the host was congested, count. */
        public final AtomicCounter congestedSamples;
        /** Each group's MBA level, gauge (1 .. 5). */
        public final AtomicCounter[] levels;
        /** MBA level changes by reason, indexed by {@link MbaReason#value()} (null where none is counted), count. */
        public final AtomicCounter[] levelChanges;
        /** The fail-safe: 1 once entered, else 0. */
        public final AtomicCounter failSafe;
        /** Frames published on the platform's command stream, count. */
        public final AtomicCounter framesPublished;
        /** Claims on the command stream refused for back-pressure or an admin action, count. */
        public final AtomicCounter backPressured;
        private final CounterAllocator allocator;

        Cascade(final CounterAllocator allocator, final AtomicCounter samplesSeen, final AtomicCounter clockDoneSent,
            final AtomicCounter lastDoneNs, final AtomicCounter droppedDecisions, final FrameDropCounters frameDrops,
            final AtomicCounter occupancyMilli, final AtomicCounter thresholdMilli,
            final AtomicCounter congestedSamples, final AtomicCounter[] levels, final AtomicCounter[] levelChanges,
            final AtomicCounter failSafe, final AtomicCounter framesPublished, final AtomicCounter backPressured)
        {
            this.allocator = allocator;
            this.samplesSeen = samplesSeen;
            this.clockDoneSent = clockDoneSent;
            this.lastDoneNs = lastDoneNs;
            this.droppedDecisions = droppedDecisions;
            this.frameDrops = frameDrops;
            this.occupancyMilli = occupancyMilli;
            this.thresholdMilli = thresholdMilli;
            this.congestedSamples = congestedSamples;
            this.levels = levels;
            this.levelChanges = levelChanges;
            this.failSafe = failSafe;
            this.framesPublished = framesPublished;
            this.backPressured = backPressured;
        }

        /**
         * Retires the counts and closes the gauges (published ones leave the counters file).
         */
        public void close()
        {
            retireAll(allocator, samplesSeen, clockDoneSent, droppedDecisions, congestedSamples, framesPublished,
                backPressured);
            for (final AtomicCounter changes : levelChanges)
            {
                if (null != changes)
                {
                    allocator.retire(changes);
                }
            }
            frameDrops.close();
            closeAll(lastDoneNs, occupancyMilli, thresholdMilli, failSafe);
            closeAll(levels);
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
        /** Read latency of the host's sensor, or null for a source that relays the platform's stream. */
        public final CounterHistogram sensorReadLatency;
        private final CounterAllocator allocator;

        Source(final CounterAllocator allocator, final AtomicCounter forwarded, final AtomicCounter refused,
            final FrameDropCounters frameDrops, final CounterHistogram sensorReadLatency)
        {
            this.allocator = allocator;
            this.forwarded = forwarded;
            this.refused = refused;
            this.frameDrops = frameDrops;
            this.sensorReadLatency = sensorReadLatency;
        }

        /**
         * Retires the counts (published ones leave the counters file).
         */
        public void close()
        {
            retireAll(allocator, forwarded, refused);
            frameDrops.close();
            if (null != sensorReadLatency)
            {
                sensorReadLatency.close();
            }
        }
    }
}
