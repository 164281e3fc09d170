package org.rhcc.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.counters.AgentCounterDescriptor;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.counters.ControlPlaneCounterDescriptor;
import org.rhcc.actors.counters.JournalCounterDescriptor;
import org.rhcc.actors.counters.JournalCounters;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.codec.MbaReason;
import org.rhcc.transport.counters.CounterKey;
import org.rhcc.transport.counters.NodeCounters;
import org.rhcc.transport.counters.TransportCounterDescriptor;

import static org.rhcc.actors.counters.AgentCounterDescriptor.ACTUATOR_CLAIMS_BACK_PRESSURED;
import static org.rhcc.actors.counters.AgentCounterDescriptor.ACTUATOR_FRAMES_PUBLISHED;
import static org.rhcc.actors.counters.AgentCounterDescriptor.ACTUATOR_LAST_CLOCK_DONE;
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
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_REFUSED_UPDATES;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_R_MIN;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_UNROUTED_ACKS;
import static org.rhcc.actors.counters.AgentCounterDescriptor.SIGNAL_SOURCE_FORWARDED;
import static org.rhcc.actors.counters.AgentCounterDescriptor.SIGNAL_SOURCE_REFUSED;
import static org.rhcc.actors.counters.AgentCounterDescriptor.SIGNAL_SOURCE_SENSOR_READ_BUCKET;
import static org.rhcc.actors.counters.AgentCounterDescriptor.SIGNAL_SOURCE_SENSOR_READ_SUM;

/**
 * The node's counters as Prometheus metrics, read at scrape time from its media driver's counters file (the counters
 * AeronStat lists) by type id and {@link CounterKey}: counts summed over the node's sessions and retired sums
 * ({@code _total}, monotonic per node), gauges per session, latency histograms in seconds. Gauges kept as scaled
 * integers are scaled back to base units (occupancy in entries, rates in bytes per second, times in seconds).
 * <p>
 * The mapping, type id to metric (see the descriptor enums that declare them: {@link AgentCounterDescriptor},
 * {@link JournalCounterDescriptor}, {@link ControlPlaneCounterDescriptor}, {@link TransportCounterDescriptor}), is the
 * table in {@link #FAMILIES};
 * README.md, "Operating rhcc", lists the metrics.
 */
final class CounterMetrics implements MultiCollector
{
    private static final String RECEIVER = NodeSettings.ROLE_RECEIVER;
    private static final String SENDER = NodeSettings.ROLE_SENDER;
    private static final String SIM = NodeSettings.ROLE_SIM;
    private static final double MILLI = 1e-3;
    private static final double NANOS = 1e-9;
    /** Mbit/s to bytes per second. */
    private static final double MBPS_TO_BYTES = 1e6 / 8.0;

    /** Every counter and gauge family read from the counters file. */
    static final List<CounterFamily> FAMILIES = List.of(
        CounterFamily.counter("rhcc_receiver_iio_samples",
            "IIO occupancy samples the MBA actuator decided on (Eq. (1))", RECEIVER)
            .from(MBA_ACTUATOR_SAMPLES.typeId()).withDefault(),
        CounterFamily.counter("rhcc_receiver_congested_samples",
            "IIO samples after which the smoothed occupancy was above the threshold; the congested fraction is " +
            "its rate over rhcc_receiver_iio_samples_total's", RECEIVER)
            .from(MBA_ACTUATOR_CONGESTED_SAMPLES.typeId()).withDefault(),
        CounterFamily.gauge("rhcc_receiver_iio_occupancy_entries",
            "Smoothed IIO write-buffer occupancy I_cur (Eq. (1)), 64-byte entries", RECEIVER, "session")
            .from(MBA_ACTUATOR_OCCUPANCY.typeId(), MILLI, CounterMetrics::session),
        CounterFamily.gauge("rhcc_receiver_iio_threshold_entries",
            "Congestion threshold the smoothed occupancy is compared with (I_thr; hostCC's I_T), entries", RECEIVER,
            "session")
            .from(MBA_ACTUATOR_THRESHOLD.typeId(), MILLI, CounterMetrics::session),
        CounterFamily.gauge("rhcc_receiver_mba_level",
            "MBA level of a group, 1 (100 %) to 5 (20 %); group 0 local, 1 cross-NUMA", RECEIVER, "session", "group")
            .from(MBA_ACTUATOR_LEVEL.typeId(), 1.0,
                (key) -> new String[] { Long.toString(key.sessionId()), Integer.toString(key.index()) }),
        CounterFamily.counter("rhcc_receiver_mba_level_changes",
            "MBA level changes by reason: congestion_onset (more than one level at once), step_down, step_up, " +
            "failsafe_reset (a throttled group released by the fail-safe)", RECEIVER, "reason")
            .from(MBA_ACTUATOR_LEVEL_CHANGES.typeId(), 1.0, CounterMetrics::mbaReason)
            .withDefault("congestion_onset").withDefault("step_down").withDefault("step_up")
            .withDefault("failsafe_reset"),
        CounterFamily.gauge("rhcc_receiver_failsafe",
            "1 once the receiver host went to its fail-safe (every group at 100 %, no further decisions), else 0",
            RECEIVER, "session")
            .from(MBA_ACTUATOR_FAIL_SAFE.typeId(), 1.0, CounterMetrics::session),
        CounterFamily.counter("rhcc_sender_probe_acks",
            "Probe ACKs the rate updater processed (Eq. (2)-(4))", SENDER)
            .from(RATE_UPDATER_ACKS.typeId()).withDefault(),
        CounterFamily.counter("rhcc_sender_acks_rejected",
            "Probe ACKs that changed no rate, by reason: unrouted (no registered block), negative_delay, bad_rate",
            SENDER, "reason")
            .from(RATE_UPDATER_UNROUTED_ACKS.typeId(), 1.0, (key) -> new String[] { "unrouted" })
            .from(RATE_UPDATER_NEGATIVE_DELAY_ACKS.typeId(), 1.0,
                (key) -> new String[] { "negative_delay" })
            .from(RATE_UPDATER_BAD_RATE_ACKS.typeId(), 1.0, (key) -> new String[] { "bad_rate" })
            .withDefault("unrouted").withDefault("negative_delay").withDefault("bad_rate"),
        CounterFamily.counter("rhcc_sender_probe_delay_seconds",
            "Sum of the receiver processing delays t_resp - t_recv (Eq. (2)'s samples) of the probe ACKs decided on; " +
            "over rhcc_sender_probe_delay_samples_total's increase, the mean D (rhcc tune --native reads both)",
            SENDER)
            .from(RATE_UPDATER_DELAY_SUM.typeId(), NANOS, (key) -> new String[0]).withDefault(),
        CounterFamily.counter("rhcc_sender_probe_delay_samples",
            "Receiver processing delays summed in rhcc_sender_probe_delay_seconds_total", SENDER)
            .from(RATE_UPDATER_DELAY_SAMPLES.typeId()).withDefault(),
        CounterFamily.counter("rhcc_sender_decisions",
            "Rate decisions R_send = min(R_rev, R_cc) (Eq. (4)) by the limit that bound them", SENDER, "limit")
            .from(RATE_UPDATER_DECISIONS.typeId(), 1.0, CounterMetrics::limit)
            .withDefault("r_rev").withDefault("r_cc"),
        CounterFamily.gauge("rhcc_sender_qps",
            "QPs whose last decision on this node was bound by R_rev or by R_cc", SENDER, "session", "limit")
            .from(RATE_UPDATER_LIMITED_QPS.typeId(), 1.0, (key) ->
            {
                final String[] limit = limit(key);
                return null == limit ? null : new String[] { Long.toString(key.sessionId()), limit[0] };
            }),
        CounterFamily.gauge("rhcc_sender_rrev_floor_bytes_per_second",
            "The floor of R_rev, R_min, bytes per second", SENDER, "session")
            .from(RATE_UPDATER_R_MIN.typeId(), MBPS_TO_BYTES, CounterMetrics::session),
        CounterFamily.gauge("rhcc_sender_failsafe",
            "1 once the sender host went to its fail-safe (receivable-rate limits released, senders at R_cc), else 0",
            SENDER, "session")
            .from(RATE_UPDATER_FAIL_SAFE.typeId(), 1.0, CounterMetrics::session),
        CounterFamily.counter("rhcc_sender_rate_updates_refused",
            "Rate updates the platform's rate port refused (the sender host then goes to its fail-safe)", SENDER)
            .from(RATE_UPDATER_REFUSED_UPDATES.typeId()).withDefault(),
        CounterFamily.counter("rhcc_sessions_opened",
            "Sessions this node's role opened (a standby's are takeovers)", null, "role")
            .from(ControlPlaneCounterDescriptor.SESSIONS_OPENED.typeId(), 1.0, CounterMetrics::scope),
        CounterFamily.counter("rhcc_sessions_closed",
            "Sessions of this node's role that ended (closed by the platform, orphaned, or at the node's stop)", null,
            "role")
            .from(ControlPlaneCounterDescriptor.SESSIONS_CLOSED.typeId(), 1.0, CounterMetrics::scope),
        CounterFamily.counter("rhcc_sessions_orphaned",
            "Sessions ended because the node that opened them (the platform) was downed or left the cluster", null,
            "role")
            .from(ControlPlaneCounterDescriptor.SESSIONS_ORPHANED.typeId(), 1.0, CounterMetrics::scope),
        CounterFamily.counter("rhcc_sessions_taken_over",
            "Sessions this standby opened for a node that left the cluster mid-session", null, "role")
            .from(ControlPlaneCounterDescriptor.SESSIONS_TAKEN_OVER.typeId(), 1.0, CounterMetrics::scope),
        CounterFamily.counter("rhcc_platform_receiver_failsafes",
            "Times the simulated platform unthrottled its receiver host because the receiver controller was silent " +
            "for rhcc.lockstep.failsafe-after (fail-safe entered)", SIM)
            .from(ControlPlaneCounterDescriptor.PLATFORM_FAILSAFES.typeId()).withDefault(),
        CounterFamily.gauge("rhcc_platform_receiver_failsafe",
            "1 while the simulated receiver host runs unthrottled because its controller is silent, else 0", SIM)
            .from(ControlPlaneCounterDescriptor.PLATFORM_FAILSAFE.typeId()),
        CounterFamily.counter("rhcc_platform_takeovers",
            "Sessions the simulated platform moved to a standby after their node left the cluster, by role", SIM,
            "role")
            .from(ControlPlaneCounterDescriptor.PLATFORM_TAKEOVERS.typeId(), 1.0, CounterMetrics::scope),
        CounterFamily.gauge("rhcc_platform_takeover_gap_seconds",
            "The last takeover's time from the departed controller's last answer to the standby in control", SIM,
            "role")
            .fromNonNegative(ControlPlaneCounterDescriptor.PLATFORM_TAKEOVER_GAP.typeId(), NANOS, CounterMetrics::scope),
        CounterFamily.counter("rhcc_journal_events",
            "Events the node's journals stored, by journal kind", null, "journal")
            .from(JournalCounterDescriptor.EVENTS.typeId(), 1.0, CounterMetrics::scope),
        CounterFamily.gauge("rhcc_journal_lag_events",
            "Journal lag: events a journal writer took from its agent and has not yet stored", null, "journal")
            .from(JournalCounterDescriptor.LAG.typeId(), 1.0, CounterMetrics::scope),
        CounterFamily.counter("rhcc_journal_dropped_events",
            "Decisions or batches lost because a journal writer fell a whole queue behind its agent", null,
            "journal")
            .from(MBA_ACTUATOR_DROPPED_DECISIONS.typeId(), 1.0,
                (key) -> new String[] { JournalCounters.RECEIVER })
            .from(RATE_UPDATER_DROPPED_BATCHES.typeId(), 1.0,
                (key) -> new String[] { JournalCounters.SENDER }),
        CounterFamily.counter("rhcc_transport_frames_received",
            "Signal frames a source took from the platform (relayed onto the node's recorded stream) or read from " +
            "the host's sensor", null, "agent")
            .from(SIGNAL_SOURCE_FORWARDED.typeId(), 1.0, CounterMetrics::scope),
        CounterFamily.counter("rhcc_transport_frames_published",
            "Frames an actuator agent published on the platform's command stream (commands, rate updates, " +
            "lockstep answers)", null, "agent")
            .from(ACTUATOR_FRAMES_PUBLISHED.typeId(), 1.0, CounterMetrics::scope),
        CounterFamily.counter("rhcc_transport_frames_dropped",
            "Frames dropped before use, by the agent that checked them and the reason (malformed, unauthenticated, " +
            "replayed, a command outside the session)", null, "agent", "reason")
            .from(TransportCounterDescriptor.FRAMES_DROPPED.typeId(), 1.0, CounterMetrics::dropReason),
        CounterFamily.counter("rhcc_transport_offers_back_pressured",
            "Offers refused for back-pressure or an admin action and retried (a relayed signal is never dropped)",
            null, "agent")
            .from(SIGNAL_SOURCE_REFUSED.typeId(), 1.0, CounterMetrics::scope)
            .from(ACTUATOR_CLAIMS_BACK_PRESSURED.typeId(), 1.0, CounterMetrics::scope),
        CounterFamily.gauge("rhcc_lockstep_clock_seconds",
            "Simulated time of an agent's last lockstep answer (ClockDone), seconds", null, "session", "agent")
            .fromNonNegative(ACTUATOR_LAST_CLOCK_DONE.typeId(), NANOS,
                (key) -> new String[] { Long.toString(key.sessionId()), key.scope() }));

    /** Every histogram family read from the counters file. */
    static final List<HistogramFamily> HISTOGRAMS = List.of(
        new HistogramFamily("rhcc_receiver_sensor_read_seconds",
            "Latency of one read of the host's IIO occupancy sensor (the uncore IRP counter's MSR)", RECEIVER,
            SIGNAL_SOURCE_SENSOR_READ_BUCKET.typeId(), SIGNAL_SOURCE_SENSOR_READ_SUM.typeId(),
            AgentCounters.SENSOR_READ_BOUNDS_NS, "agent"),
        new HistogramFamily("rhcc_journal_persist_seconds",
            "Latency of one journal write, persist to stored", null, JournalCounterDescriptor.PERSIST_BUCKET.typeId(),
            JournalCounterDescriptor.PERSIST_SUM.typeId(), JournalCounters.PERSIST_BOUNDS_NS, "journal"));

    private final NodeCounters counters;
    private final Set<String> roles;

    /**
     * @param counters the node's counters.
     * @param roles    the node's roles (families of other roles are reported only once counted).
     */
    CounterMetrics(final NodeCounters counters, final Set<String> roles)
    {
        this.counters = counters;
        this.roles = roles;
    }

    @Override
    public MetricSnapshots collect()
    {
        final CounterReading reading = CounterReading.of(counters);
        final List<MetricSnapshot> snapshots = new ArrayList<>();
        for (final CounterFamily family : FAMILIES)
        {
            add(snapshots, family.snapshot(reading, hasRole(family.role())));
        }
        for (final HistogramFamily family : HISTOGRAMS)
        {
            add(snapshots, family.snapshot(reading, hasRole(family.role())));
        }
        return new MetricSnapshots(snapshots);
    }

    private boolean hasRole(final String role)
    {
        return null == role || roles.contains(role);
    }

    private static void add(final List<MetricSnapshot> snapshots, final MetricSnapshot snapshot)
    {
        if (null != snapshot)
        {
            snapshots.add(snapshot);
        }
    }

    private static String[] session(final CounterKey key)
    {
        return new String[] { Long.toString(key.sessionId()) };
    }

    private static String[] scope(final CounterKey key)
    {
        return new String[] { key.scope() };
    }

    private static String[] limit(final CounterKey key)
    {
        return switch (key.index())
        {
            case AgentCounters.LIMIT_R_REV -> new String[] { "r_rev" };
            case AgentCounters.LIMIT_R_CC -> new String[] { "r_cc" };
            default -> null;
        };
    }

    private static String[] mbaReason(final CounterKey key)
    {
        for (final MbaReason reason : MbaReason.values())
        {
            if (reason.value() == key.index() && MbaReason.NULL_VAL != reason)
            {
                return new String[] { reason.name().toLowerCase(Locale.ROOT) };
            }
        }
        return null;
    }

    private static String[] dropReason(final CounterKey key)
    {
        return key.index() >= 0 && key.index() < DropReason.count() ?
            new String[] { key.scope(), DropReason.byOrdinal(key.index()).name().toLowerCase(Locale.ROOT) } : null;
    }
}
