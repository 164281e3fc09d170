package org.rhcc.actors.counters;

import org.rhcc.transport.codec.MbaReason;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.counters.CounterDescriptor;
import org.rhcc.transport.counters.CounterType;
import org.rhcc.transport.counters.CounterTypeIds;

/**
 * The counters of the data-plane agents (docs/design.md §7, "Counters"), one constant per counter type: its type id,
 * by which the metrics endpoint and any {@code CountersReader} over a node's counters file find it, and its label,
 * which {@link AgentCounters} prefixes with its owner and suffixes with its key when it allocates it:
 * {@code rhcc <owner> <what>[<qualifier>] (<unit>): session=<id>}. Constants are named after their owner
 * (docs/design.md §2.4: the rate updater, the MBA actuator, a signal source, any actuator agent) and what they count.
 * <p>
 * The type ids are on disk, in every node's counters file, and read by the metrics endpoint and AeronStat: they never
 * change, and a new counter takes a free id of {@link #FIRST_TYPE_ID}..{@link #LAST_TYPE_ID}, the range
 * {@link CounterAllocator} reserves for the agents. Both are checked when the class is initialised, as Aeron's
 * {@code SystemCounterDescriptor} checks its ids.
 */
public enum AgentCounterDescriptor implements CounterDescriptor
{
    /** The rate updater's probe ACKs processed. */
    RATE_UPDATER_ACKS(4101, "probe ACKs processed", "count"),
    /** The rate updater's ACKs for QPs whose block is not registered. */
    RATE_UPDATER_UNROUTED_ACKS(4102, "ACKs without a registered block", "count"),
    /** The rate updater's rate updates refused by the platform stream. */
    RATE_UPDATER_REFUSED_UPDATES(4103, "rate updates refused by the platform", "count"),
    /** Gauge: an actuator agent's simulated time of its last lockstep answer, ns, or -1; scope = the agent. */
    ACTUATOR_LAST_CLOCK_DONE(4104, "last ClockDone", "ns"),
    /** The rate updater's probe ACKs rejected for a negative receiver delay. */
    RATE_UPDATER_NEGATIVE_DELAY_ACKS(4105, "probe ACKs rejected, negative receiver delay", "count"),
    /** The rate updater's probe ACKs rejected for an R_cc that is not a rate. */
    RATE_UPDATER_BAD_RATE_ACKS(4106, "probe ACKs rejected, R_cc not a rate", "count"),
    /** The rate updater's journal batches lost to a full queue. */
    RATE_UPDATER_DROPPED_BATCHES(4107, "journal batches dropped, queue full", "count"),
    /** The rate updater's journal batches queued for its entities. */
    RATE_UPDATER_QUEUED_BATCHES(4108, "journal batches queued", "count"),
    /**
     * The rate updater's rate decisions, index {@link AgentCounters#LIMIT_R_REV} or {@link AgentCounters#LIMIT_R_CC}
     * (the label's qualifier names the limit).
     */
    RATE_UPDATER_DECISIONS(4109, "rate decisions", "count"),
    /** Gauge: the QPs whose last decision was limited by R_rev or R_cc (index as {@link #RATE_UPDATER_DECISIONS}). */
    RATE_UPDATER_LIMITED_QPS(4110, "QPs limited by", "QPs"),
    /** The MBA actuator's IIO samples processed. */
    MBA_ACTUATOR_SAMPLES(4111, "IIO samples processed", "count"),
    /** The MBA actuator's lockstep answers sent. */
    MBA_ACTUATOR_CLOCK_DONE_SENT(4112, "ClockDone answers sent", "count"),
    /** The MBA actuator's decisions lost to a full journal queue. */
    MBA_ACTUATOR_DROPPED_DECISIONS(4113, "decisions dropped, journal queue full", "count"),
    /** Gauge: the smoothed IIO occupancy the rule acts on, thousandths of an entry. */
    MBA_ACTUATOR_OCCUPANCY(4114, "smoothed IIO occupancy", "milli-entries"),
    /** Gauge: the congestion threshold (I_thr, or hostCC's I_T), thousandths of an entry. */
    MBA_ACTUATOR_THRESHOLD(4115, "congestion threshold", "milli-entries"),
    /** The IIO samples after which the host was congested (smoothed occupancy above the threshold). */
    MBA_ACTUATOR_CONGESTED_SAMPLES(4116, "IIO samples while congested", "count"),
    /** Gauge: a group's MBA level, 1 (100 %) .. 5; index = the group (the label's qualifier names it). */
    MBA_ACTUATOR_LEVEL(4117, "MBA level of group", "level"),
    /** MBA level changes, index = the {@link MbaReason} value (the label's qualifier names it). */
    MBA_ACTUATOR_LEVEL_CHANGES(4118, "MBA level changes", "count"),
    /** Gauge: the receiver host's fail-safe, 1 once entered, else 0. */
    MBA_ACTUATOR_FAIL_SAFE(4119, "fail-safe entered", "0/1"),
    /** Gauge: a sender session's R_rev floor (R_min), Mbit/s. */
    RATE_UPDATER_R_MIN(4120, "R_rev floor R_min", "Mbit/s"),
    /** A signal source's signals put on the node's internal stream; scope = the source. */
    SIGNAL_SOURCE_FORWARDED(4121, "signals put on the internal stream", "count"),
    /** A signal source's offers refused by the internal stream (each retried); scope = the source. */
    SIGNAL_SOURCE_REFUSED(4122, "offers refused by the internal stream", "count"),
    /**
     * A signal source's host sensor read latency, one counter per bucket of {@link AgentCounters#SENSOR_READ_BOUNDS_NS}
     * (a {@code CounterHistogram}, which qualifies the label with the bucket).
     */
    SIGNAL_SOURCE_SENSOR_READ_BUCKET(4123, "sensor read latency", "count"),
    /** A signal source's host sensor read latency, sum, ns (the histogram's sum). */
    SIGNAL_SOURCE_SENSOR_READ_SUM(4124, "sensor read latency", "ns"),
    /** The frames an actuator agent published on the platform's command stream; scope = the agent. */
    ACTUATOR_FRAMES_PUBLISHED(4125, "frames published", "count"),
    /** An actuator agent's claims refused for back-pressure (each retried); scope = the agent. */
    ACTUATOR_CLAIMS_BACK_PRESSURED(4126, "claims back-pressured", "count"),
    /** Gauge: the sender host's fail-safe, 1 once entered, else 0. */
    RATE_UPDATER_FAIL_SAFE(4127, "fail-safe entered", "0/1"),
    /** The sum of the receiver processing delays (Eq. (2)'s samples) of the ACKs decided on, ns. */
    RATE_UPDATER_DELAY_SUM(4128, "receiver processing delays summed", "ns"),
    /** The receiver processing delays summed in {@link #RATE_UPDATER_DELAY_SUM}. */
    RATE_UPDATER_DELAY_SAMPLES(4129, "receiver processing delays summed", "count");

    /** Lowest type id reserved for the agents' counters ({@link CounterAllocator}: journals start at 4131). */
    public static final int FIRST_TYPE_ID = 4101;
    /** Highest type id reserved for the agents' counters. */
    public static final int LAST_TYPE_ID = 4130;

    private static final String FAMILY = "agent";
    private static final AgentCounterDescriptor[] BY_TYPE_ID;

    static
    {
        BY_TYPE_ID = CounterTypeIds.indexByTypeId(FAMILY, FIRST_TYPE_ID, LAST_TYPE_ID, values(),
            AgentCounterDescriptor::typeId);
    }

    private final CounterType type;

    AgentCounterDescriptor(final int typeId, final String what, final String unit)
    {
        type = new CounterType(typeId, what, unit);
    }

    @Override
    public CounterType type()
    {
        return type;
    }

    /**
     * @param typeId a counter type id.
     * @return the agent counter of that type id, or null if it is none.
     */
    public static AgentCounterDescriptor byTypeId(final int typeId)
    {
        return typeId < FIRST_TYPE_ID || typeId > LAST_TYPE_ID ? null : BY_TYPE_ID[typeId - FIRST_TYPE_ID];
    }

    /**
     * The class's check of its constants: every type id in {@link #FIRST_TYPE_ID}..{@link #LAST_TYPE_ID} and none
     * used twice.
     *
     * @param names   the constants' names.
     * @param typeIds their type ids, in the same order.
     * @throws IllegalStateException naming the constant out of range, or both constants that share a type id.
     */
    static void checkTypeIds(final String[] names, final int[] typeIds)
    {
        CounterTypeIds.check(FAMILY, FIRST_TYPE_ID, LAST_TYPE_ID, names, typeIds);
    }
}
