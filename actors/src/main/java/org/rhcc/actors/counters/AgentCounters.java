package org.rhcc.actors.counters;

import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.transport.codec.MbaReason;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.counters.CounterHistogram;
import org.rhcc.transport.counters.CounterKey;
import org.rhcc.transport.message.FrameDropCounters;

import static org.rhcc.actors.counters.AgentCounterDescriptor.ACTUATOR_CLAIMS_BACK_PRESSURED;
import static org.rhcc.actors.counters.AgentCounterDescriptor.ACTUATOR_FRAMES_PUBLISHED;
import static org.rhcc.actors.counters.AgentCounterDescriptor.MBA_ACTUATOR_CLOCK_DONE_SENT;
import static org.rhcc.actors.counters.AgentCounterDescriptor.MBA_ACTUATOR_CONGESTED_SAMPLES;
import static org.rhcc.actors.counters.AgentCounterDescriptor.MBA_ACTUATOR_DROPPED_DECISIONS;
import static org.rhcc.actors.counters.AgentCounterDescriptor.MBA_ACTUATOR_FAIL_SAFE;
import static org.rhcc.actors.counters.AgentCounterDescriptor.MBA_ACTUATOR_LEVEL;
import static org.rhcc.actors.counters.AgentCounterDescriptor.MBA_ACTUATOR_LEVEL_CHANGES;
import static org.rhcc.actors.counters.AgentCounterDescriptor.MBA_ACTUATOR_OCCUPANCY;
import static org.rhcc.actors.counters.AgentCounterDescriptor.MBA_ACTUATOR_SAMPLES;
import static org.rhcc.actors.counters.AgentCounterDescriptor.MBA_ACTUATOR_THRESHOLD;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_ACKS;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_BAD_RATE_ACKS;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_DECISIONS;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_DELAY_SAMPLES;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_DELAY_SUM;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_DROPPED_BATCHES;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_FAIL_SAFE;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_LIMITED_QPS;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_NEGATIVE_DELAY_ACKS;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_QUEUED_BATCHES;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_REFUSED_UPDATES;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_R_MIN;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_UNROUTED_ACKS;
import static org.rhcc.actors.counters.AgentCounterDescriptor.SIGNAL_SOURCE_FORWARDED;
import static org.rhcc.actors.counters.AgentCounterDescriptor.SIGNAL_SOURCE_REFUSED;
import static org.rhcc.actors.counters.AgentCounterDescriptor.SIGNAL_SOURCE_SENSOR_READ_BUCKET;
import static org.rhcc.actors.counters.AgentCounterDescriptor.SIGNAL_SOURCE_SENSOR_READ_SUM;
import static org.rhcc.actors.counters.CounterRelease.closeAll;
import static org.rhcc.actors.counters.CounterRelease.retireAll;

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
     */
    public static RateUpdater rateUpdater(final CounterAllocator allocator, final long sessionId)
    {
        final AgentCounterLabels labels = new AgentCounterLabels(allocator, "rate-updater", sessionId);
        return new RateUpdater(
            allocator,
            labels.allocate(RATE_UPDATER_ACKS),
            labels.allocate(RATE_UPDATER_UNROUTED_ACKS),
            labels.allocate(RATE_UPDATER_NEGATIVE_DELAY_ACKS),
            labels.allocate(RATE_UPDATER_BAD_RATE_ACKS),
            labels.allocate(RATE_UPDATER_REFUSED_UPDATES),
            labels.allocate(RATE_UPDATER_QUEUED_BATCHES),
            labels.allocate(RATE_UPDATER_DROPPED_BATCHES),
            labels.lastDoneNs(),
            new FrameDropCounters("probe-acks", "rate-updater", sessionId, allocator),
            new AtomicCounter[] {
                labels.allocate(RATE_UPDATER_DECISIONS, LIMIT_R_REV, "", ", R_rev <= R_cc"),
                labels.allocate(RATE_UPDATER_DECISIONS, LIMIT_R_CC, "", ", R_cc < R_rev") },
            new AtomicCounter[] {
                labels.allocate(RATE_UPDATER_LIMITED_QPS, LIMIT_R_REV, "", " R_rev"),
                labels.allocate(RATE_UPDATER_LIMITED_QPS, LIMIT_R_CC, "", " R_cc") },
            labels.allocate(RATE_UPDATER_R_MIN),
            labels.allocate(ACTUATOR_FRAMES_PUBLISHED, 0, "rate-updater", ""),
            labels.allocate(ACTUATOR_CLAIMS_BACK_PRESSURED, 0, "rate-updater", ""),
            labels.allocate(RATE_UPDATER_FAIL_SAFE),
            labels.allocate(RATE_UPDATER_DELAY_SUM),
            labels.allocate(RATE_UPDATER_DELAY_SAMPLES));
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
     */
    public static MbaActuator mbaActuator(final CounterAllocator allocator, final long sessionId, final int groups)
    {
        final AgentCounterLabels labels = new AgentCounterLabels(allocator, "mba-actuator", sessionId);
        final AtomicCounter[] levels = new AtomicCounter[groups];
        for (int g = 0; g < groups; g++)
        {
            levels[g] = labels.allocate(MBA_ACTUATOR_LEVEL, g, "", " " + g);
            levels[g].setRelease(1);
        }
        final AtomicCounter[] changes = new AtomicCounter[MbaReason.FAILSAFE_RESET.value() + 1];
        for (final MbaReason reason : MbaReason.values())
        {
            if (MbaReason.NULL_VAL != reason && MbaReason.UNSPECIFIED != reason)
            {
                changes[reason.value()] = labels.allocate(MBA_ACTUATOR_LEVEL_CHANGES, reason.value(), "",
                    ", " + reason.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
            }
        }
        return new MbaActuator(
            allocator,
            labels.allocate(MBA_ACTUATOR_SAMPLES),
            labels.allocate(MBA_ACTUATOR_CLOCK_DONE_SENT),
            labels.lastDoneNs(),
            labels.allocate(MBA_ACTUATOR_DROPPED_DECISIONS),
            new FrameDropCounters("iio-samples", "mba-actuator", sessionId, allocator),
            labels.allocate(MBA_ACTUATOR_OCCUPANCY),
            labels.allocate(MBA_ACTUATOR_THRESHOLD),
            labels.allocate(MBA_ACTUATOR_CONGESTED_SAMPLES),
            levels,
            changes,
            labels.allocate(MBA_ACTUATOR_FAIL_SAFE),
            labels.allocate(ACTUATOR_FRAMES_PUBLISHED, 0, "mba-actuator", ""),
            labels.allocate(ACTUATOR_CLAIMS_BACK_PRESSURED, 0, "mba-actuator", ""));
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
     */
    public static Source source(final CounterAllocator allocator, final String sourceName, final long sessionId,
        final boolean readsSensor)
    {
        final AgentCounterLabels labels = new AgentCounterLabels(allocator, sourceName, sessionId);
        return new Source(
            allocator,
            labels.allocate(SIGNAL_SOURCE_FORWARDED, 0, sourceName, ""),
            labels.allocate(SIGNAL_SOURCE_REFUSED, 0, sourceName, ""),
            new FrameDropCounters("platform " + sourceName, sourceName, sessionId, allocator),
            readsSensor ? new CounterHistogram(allocator, SIGNAL_SOURCE_SENSOR_READ_BUCKET.typeId(),
                SIGNAL_SOURCE_SENSOR_READ_SUM.typeId(), sessionId, sourceName,
                "rhcc " + sourceName + " " + SIGNAL_SOURCE_SENSOR_READ_BUCKET.what(), SENSOR_READ_BOUNDS_NS, false) :
                null);
    }

    /**
     * A signal source's counters, for a source that relays the platform's stream.
     *
     * @param allocator  where the counters come from.
     * @param sourceName the source's role name, e.g. {@code iio-sample-source}.
     * @param sessionId  the session.
     */
    public static Source source(final CounterAllocator allocator, final String sourceName, final long sessionId)
    {
        return source(allocator, sourceName, sessionId, false);
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

        RateUpdater(final CounterAllocator allocator, final AtomicCounter acksSeen,
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
    public static final class MbaActuator implements AutoCloseable
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

        MbaActuator(final CounterAllocator allocator, final AtomicCounter samplesSeen, final AtomicCounter clockDoneSent,
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
