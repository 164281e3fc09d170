package org.rhcc.actors.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.typesafe.config.Config;
import org.rhcc.transport.aeron.IdleStrategies;

/**
 * The {@code rhcc} block of a node's configuration (documented key by key in {@code conf/reference.conf}), read once
 * at start and validated, so that a bad value fails the start with a message naming the key.
 *
 * @param roles                 cluster roles of this node ({@code receiver}, {@code sender}, {@code sim}).
 * @param workDir               the run's work area: Aeron directories, archive, H2 journal.
 * @param termLengthBytes       term length of rhcc's Aeron publications.
 * @param idleStrategy          idle strategy of the data-path agents.
 * @param driverIdleStrategy    idle strategy of the embedded media driver's threads while a session is open.
 * @param restIdleStrategy      idle strategy of the driver's threads while no session is open.
 * @param archiveEnabled        true to record the signal streams with Aeron Archive.
 * @param archiveDir            archive root; each node records into {@code archiveDir/archiveName}.
 * @param archiveName           this node's archive directory name.
 * @param platformIioChannel    channel of the platform's IIO samples (simulator to receiver).
 * @param platformAckChannel    channel of the platform's probe ACKs (simulator or NIC to sender).
 * @param platformCommandChannel channel of commands and lockstep answers (controllers to simulator).
 * @param internalChannel       channel of the node-internal streams (source agent to actuator agent).
 * @param platformIioStream     stream id of the platform's IIO samples.
 * @param platformAckStream     stream id of the platform's probe ACKs.
 * @param platformCommandStream stream id of commands to the platform.
 * @param iioStream             stream id of the internal, recorded IIO sample stream.
 * @param ackStream             stream id of the internal, recorded probe-ACK stream.
 * @param fragmentLimit         most frames an agent handles per duty cycle.
 * @param offerRetries          retries of a back-pressured offer before it counts as failed.
 * @param receiverHostId        id of the receiver host this node's receiver role controls.
 * @param senderHosts           ids of the sender hosts whose NICs this node's sender role owns: the QP blocks of
 *                              those hosts' sessions live on this node (and on no node that does not own them).
 * @param senderHostId          sender host whose NIC a session controls when this node opens it (the simulator's
 *                              sender host, or the autostart session's).
 * @param qpsPerEntity          QPs per sharded sender entity (a power of two).
 * @param controlIntervalNs     window over which QP rate changes are coalesced into one journal event, ns.
 * @param flushInterval         how often actors drain their agents' decision queues into the journal.
 * @param snapshotEvery         events between snapshots of a journal.
 * @param keepSnapshots         snapshots kept per journal.
 * @param lockstepTimeout       longest a lockstep callback waits for its controller's answer.
 * @param askTimeout            longest a control-plane request (session start/end) waits.
 * @param sourceMinBackoff      first restart delay of a crashed signal source.
 * @param sourceMaxBackoff      largest restart delay of a crashed signal source.
 * @param actuatorMaxRestarts   restarts of a crashed sender actuator agent (the rate updater) in one session before
 *                              its host goes to the fail-safe.
 * @param actuatorMinBackoff    first restart delay of a crashed rate-updater agent.
 * @param actuatorMaxBackoff    largest restart delay of a crashed rate-updater agent.
 * @param receiverOnHost        true when the receiver controls this host's hardware ({@code rhcc.receiver.hardware =
 *                              host}: the {@code rhcc node} command opens it), false for the simulated platform over
 *                              Aeron ({@code simulated}).
 * @param sensorIntervalNs      sampling interval of the sensor, ns.
 * @param autostart             the session a node opens by itself at start (a real host, where no simulator opens
 *                              sessions), or null.
 * @param joinTimeout           longest a node waits to be {@code Up} in its cluster before it gives up and stops.
 * @param standby               true for a standby node: its roles take over the sessions of a node of the same roles
 *                              that left the cluster, and open none of their own.
 * @param sendHost              the address the node's UDP publications send from (its Artery hostname), so that a
 *                              node bound to loopback has no socket on any other interface; empty for any.
 */
public record NodeSettings(
    List<String> roles,
    Path workDir,
    int termLengthBytes,
    String idleStrategy,
    String driverIdleStrategy,
    String restIdleStrategy,
    boolean archiveEnabled,
    Path archiveDir,
    String archiveName,
    String platformIioChannel,
    String platformAckChannel,
    String platformCommandChannel,
    String internalChannel,
    int platformIioStream,
    int platformAckStream,
    int platformCommandStream,
    int iioStream,
    int ackStream,
    int fragmentLimit,
    int offerRetries,
    int receiverHostId,
    List<Integer> senderHosts,
    int senderHostId,
    int qpsPerEntity,
    long controlIntervalNs,
    Duration flushInterval,
    int snapshotEvery,
    int keepSnapshots,
    Duration lockstepTimeout,
    Duration askTimeout,
    Duration sourceMinBackoff,
    Duration sourceMaxBackoff,
    int actuatorMaxRestarts,
    Duration actuatorMinBackoff,
    Duration actuatorMaxBackoff,
    boolean receiverOnHost,
    long sensorIntervalNs,
    SessionSpec autostart,
    Duration joinTimeout,
    boolean standby,
    String sendHost)
{
    /** Role of a node that runs the receiver host's IIO sample source and MBA actuator. */
    public static final String ROLE_RECEIVER = "receiver";
    /** Role of a node that runs the probe-ACK source, the rate updater and the sender entities. */
    public static final String ROLE_SENDER = "sender";
    /** Role of a node that hosts the simulated platform. */
    public static final String ROLE_SIM = "sim";
    /** Prefix of the cluster role a sender node has for every sender host it owns ({@link #senderHostRole}). */
    public static final String SENDER_HOST_ROLE_PREFIX = "sender-host-";
    /** Cluster role of a standby node ({@code rhcc.node.standby = on}). */
    public static final String ROLE_STANDBY = "standby";

    /**
     * Reads and validates the settings.
     *
     * @param config the node's resolved configuration (with {@code pekko} and {@code rhcc} blocks).
     * @return the settings.
     * @throws IllegalArgumentException naming the key whose value is wrong and what it must be.
     */
    public static NodeSettings from(final Config config)
    {
        final Config r = config.getConfig("rhcc");
        final List<String> roles = config.getStringList("pekko.cluster.roles");
        for (final String role : roles)
        {
            if (!ROLE_RECEIVER.equals(role) && !ROLE_SENDER.equals(role) && !ROLE_SIM.equals(role) &&
                !role.startsWith(SENDER_HOST_ROLE_PREFIX) && !ROLE_STANDBY.equals(role))
            {
                throw new IllegalArgumentException("pekko.cluster.roles contains '" + role + "': use receiver, " +
                    "sender and/or sim");
            }
        }
        final int qpsPerEntity = r.getInt("sender.qps-per-entity");
        if (qpsPerEntity < 1 || Integer.bitCount(qpsPerEntity) != 1 || qpsPerEntity > (1 << 20))
        {
            throw new IllegalArgumentException("rhcc.sender.qps-per-entity = " + qpsPerEntity +
                " must be a power of two from 1 to 1048576 (e.g. 1024)");
        }
        final long controlIntervalNs = r.getDuration("journal.control-interval").toNanos();
        if (controlIntervalNs < 1_000)
        {
            throw new IllegalArgumentException("rhcc.journal.control-interval must be at least 1us, got " +
                controlIntervalNs + " ns");
        }
        final String idle = r.getString("aeron.idle-strategy");
        IdleStrategies.parse(idle);
        final String driverIdle = r.getString("aeron.driver-idle-strategy");
        IdleStrategies.parse(driverIdle);
        final String restIdle = r.getString("aeron.rest-idle-strategy");
        IdleStrategies.parse(restIdle);
        final int snapshotEvery = positive(r, "journal.snapshot-every");
        final int keepSnapshots = positive(r, "journal.keep-snapshots");
        final int fragmentLimit = positive(r, "aeron.fragment-limit");
        final int offerRetries = r.getInt("aeron.offer-retries");
        if (offerRetries < 0)
        {
            throw new IllegalArgumentException("rhcc.aeron.offer-retries must be >= 0, got " + offerRetries);
        }
        final int actuatorMaxRestarts = r.getInt("supervision.actuator-max-restarts");
        if (actuatorMaxRestarts < 0)
        {
            throw new IllegalArgumentException("rhcc.supervision.actuator-max-restarts must be >= 0, got " +
                actuatorMaxRestarts);
        }
        final Path workDir = Path.of(r.getString("work-dir"));
        final List<Integer> senderHosts = senderHosts(r, roles);
        final int senderHostId = r.getInt("sender.host-id");
        if (senderHostId < 0)
        {
            throw new IllegalArgumentException("rhcc.sender.host-id must be >= 0, got " + senderHostId);
        }
        return new NodeSettings(
            List.copyOf(roles),
            workDir,
            r.getBytes("aeron.term-length").intValue(),
            idle,
            driverIdle,
            restIdle,
            r.getBoolean("aeron.archive.enabled"),
            Path.of(r.getString("aeron.archive.dir")),
            archiveName(config, roles),
            r.getString("aeron.platform.iio-channel"),
            r.getString("aeron.platform.ack-channel"),
            r.getString("aeron.platform.command-channel"),
            r.getString("aeron.internal-channel"),
            r.getInt("aeron.streams.platform-iio"),
            r.getInt("aeron.streams.platform-acks"),
            r.getInt("aeron.streams.platform-commands"),
            r.getInt("aeron.streams.iio"),
            r.getInt("aeron.streams.acks"),
            fragmentLimit,
            offerRetries,
            r.getInt("receiver.host-id"),
            senderHosts,
            senderHostId,
            qpsPerEntity,
            controlIntervalNs,
            r.getDuration("journal.flush-interval"),
            snapshotEvery,
            keepSnapshots,
            r.getDuration("lockstep.timeout"),
            r.getDuration("control.ask-timeout"),
            r.getDuration("supervision.source-min-backoff"),
            r.getDuration("supervision.source-max-backoff"),
            actuatorMaxRestarts,
            r.getDuration("supervision.actuator-min-backoff"),
            r.getDuration("supervision.actuator-max-backoff"),
            receiverOnHost(r.getString("receiver.hardware")),
            r.getDuration("receiver.sensor-interval").toNanos(),
            autostart(r, QpWeightSettings.parameterValue(r, r.getInt("session.qp-count"))),
            joinTimeout(r),
            r.getBoolean("node.standby"),
            sendHost(config));
    }

    /**
     * @return the node's Artery hostname when it names one address, empty when it names every interface.
     */
    private static String sendHost(final Config config)
    {
        final String host = config.hasPath("pekko.remote.artery.canonical.hostname") ?
            config.getString("pekko.remote.artery.canonical.hostname") : "";
        return host.isBlank() || "0.0.0.0".equals(host) || "::".equals(host) ? "" : host;
    }

    /**
     * @param channel a channel this node publishes on.
     * @return the channel sending from {@link #sendHost()} when it is UDP.
     */
    public String sending(final String channel)
    {
        return org.rhcc.transport.aeron.Channels.sendingFrom(channel, sendHost);
    }

    /**
     * @param config the node's whole configuration.
     * @param roles  the node's roles.
     * @return {@code rhcc.aeron.archive.name}, or when it is empty a name of this node: its roles, its Artery host and
     * port ({@code sender-10.0.0.3-25520}; the process id stands for a port chosen at start), so that the recordings of
     * several nodes can be replayed together and each session finds its own node's archive.
     */
    static String archiveName(final Config config, final List<String> roles)
    {
        final String configured = config.getString("rhcc.aeron.archive.name").trim();
        if (!configured.isEmpty())
        {
            return configured;
        }
        final String artery = "pekko.remote.artery.canonical.";
        final String host = config.hasPath(artery + "hostname") ? config.getString(artery + "hostname") : "local";
        final int port = config.hasPath(artery + "port") ? config.getInt(artery + "port") : 0;
        final String name = String.join("-", roles) + "-" + host + "-" +
            (port > 0 ? Integer.toString(port) : "pid" + ProcessHandle.current().pid());
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static Duration joinTimeout(final Config r)
    {
        final Duration timeout = r.getDuration("node.join-timeout");
        if (timeout.isNegative() || timeout.isZero())
        {
            throw new IllegalArgumentException("rhcc.node.join-timeout must be positive (e.g. 30s), got " + timeout);
        }
        return timeout;
    }

    private static boolean receiverOnHost(final String hardware)
    {
        switch (hardware.trim())
        {
            case "simulated":
                return false;
            case "host":
                return true;
            default:
                throw new IllegalArgumentException("rhcc.receiver.hardware = '" + hardware + "' must be simulated " +
                    "(the simulated platform over Aeron) or host (this host's IRP counter and resctrl MBA)");
        }
    }

    /**
     * @param role a role name.
     * @return true if this node has the role.
     */
    public boolean hasRole(final String role)
    {
        return roles.contains(role);
    }

    /**
     * @param senderHostId a sender host.
     * @return true if this node has the sender role and owns the host's NIC.
     */
    public boolean ownsSenderHost(final int senderHostId)
    {
        return hasRole(ROLE_SENDER) && senderHosts.contains(senderHostId);
    }

    /**
     * @param senderHostId a sender host.
     * @return the cluster role of the nodes that own the host's NIC, e.g. {@code sender-host-1}.
     */
    public static String senderHostRole(final int senderHostId)
    {
        return SENDER_HOST_ROLE_PREFIX + senderHostId;
    }

    /**
     * @return the cluster roles of this node: its configured roles, plus {@link #senderHostRole} of every sender host
     * it owns when it has the sender role.
     */
    public List<String> clusterRoles()
    {
        final List<String> all = new java.util.ArrayList<>();
        for (final String role : roles)
        {
            if (!role.startsWith(SENDER_HOST_ROLE_PREFIX) && !ROLE_STANDBY.equals(role))
            {
                all.add(role);
            }
        }
        if (standby)
        {
            all.add(ROLE_STANDBY);
        }
        if (hasRole(ROLE_SENDER))
        {
            for (final int host : senderHosts)
            {
                all.add(senderHostRole(host));
            }
        }
        return List.copyOf(all);
    }

    /**
     * @return this node's archive directory.
     */
    public Path nodeArchiveDir()
    {
        return archiveDir.resolve(archiveName);
    }

    private static SessionSpec autostart(final Config r, final String weights)
    {
        final Config a = r.getConfig("session");
        if (!a.getBoolean("autostart"))
        {
            return null;
        }
        final java.util.Map<String, String> params = new java.util.LinkedHashMap<>();
        for (final var entry : a.getConfig("params").entrySet())
        {
            params.put(entry.getKey(), String.valueOf(entry.getValue().unwrapped()));
        }
        if (!weights.isEmpty())
        {
            if (params.containsKey(org.rhcc.core.sender.QpWeights.KEY))
            {
                throw new IllegalArgumentException("rhcc.session.params." + org.rhcc.core.sender.QpWeights.KEY +
                    " and rhcc." + QpWeightSettings.PATH + " both set QP weights: keep one of them");
            }
            params.put(org.rhcc.core.sender.QpWeights.KEY, weights);
        }
        try
        {
            return new SessionSpec((System.currentTimeMillis() << 12) | 0xfff,
                a.getString("scheme"), params, a.getInt("qp-count"), a.getDouble("line-rate-gbps"),
                a.getInt("mba-groups"), r.getInt("receiver.host-id"), r.getInt("sender.host-id"));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("rhcc.session: " + ex.getMessage(), ex);
        }
    }

    private static List<Integer> senderHosts(final Config r, final List<String> roles)
    {
        final List<Integer> hosts;
        try
        {
            hosts = List.copyOf(r.getIntList("node.sender-hosts"));
        }
        catch (final com.typesafe.config.ConfigException.WrongType ex)
        {
            throw new IllegalArgumentException("rhcc.node.sender-hosts must be a list of sender host ids, e.g. [1]: " +
                ex.getMessage(), ex);
        }
        for (int i = 0; i < hosts.size(); i++)
        {
            if (hosts.get(i) < 0 || hosts.indexOf(hosts.get(i)) != i)
            {
                throw new IllegalArgumentException("rhcc.node.sender-hosts = " + hosts + " must list distinct " +
                    "sender host ids >= 0, e.g. [1]");
            }
        }
        if (hosts.isEmpty() && roles.contains(ROLE_SENDER))
        {
            throw new IllegalArgumentException("rhcc.node.sender-hosts is empty on a node with the sender role: list " +
                "the sender hosts whose NICs this node owns, e.g. [1]");
        }
        return hosts;
    }

    private static int positive(final Config r, final String key)
    {
        final int value = r.getInt(key);
        if (value < 1)
        {
            throw new IllegalArgumentException("rhcc." + key + " must be >= 1, got " + value);
        }
        return value;
    }
}
