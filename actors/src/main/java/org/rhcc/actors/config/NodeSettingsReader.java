package org.rhcc.actors.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import org.rhcc.core.sender.QpWeights;
import org.rhcc.transport.aeron.IdleStrategies;

/**
 * Reads the {@code rhcc} block of a node's configuration into {@link NodeSettings} and validates it key by key, so
 * that a bad value fails the start with a message naming the key ({@code conf/reference.conf} documents the keys).
 * The checks run in a fixed order, so that of several bad values the same one is always reported.
 */
final class NodeSettingsReader
{
    private NodeSettingsReader()
    {
    }

    /**
     * @param config the node's resolved configuration (with {@code pekko} and {@code rhcc} blocks).
     * @throws IllegalArgumentException naming the key whose value is wrong and what it must be.
     */
    static NodeSettings read(final Config config)
    {
        final Config r = config.getConfig("rhcc");
        final List<String> roles = roles(config);
        final int qpsPerEntity = qpsPerEntity(r);
        final long controlIntervalNs = controlIntervalNs(r);
        final String idle = idleStrategy(r, "aeron.idle-strategy");
        final String driverIdle = idleStrategy(r, "aeron.driver-idle-strategy");
        final String restIdle = idleStrategy(r, "aeron.rest-idle-strategy");
        final int snapshotEvery = positive(r, "journal.snapshot-every");
        final int keepSnapshots = positive(r, "journal.keep-snapshots");
        final int fragmentLimit = positive(r, "aeron.fragment-limit");
        final int offerRetries = nonNegative(r, "aeron.offer-retries");
        final int actuatorMaxRestarts = nonNegative(r, "supervision.actuator-max-restarts");
        final Path workDir = Path.of(r.getString("work-dir"));
        final List<Integer> senderHosts = senderHosts(r, roles);
        final int senderHostId = nonNegative(r, "sender.host-id");
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

    private static List<String> roles(final Config config)
    {
        final List<String> roles = config.getStringList("pekko.cluster.roles");
        for (final String role : roles)
        {
            if (!NodeSettings.ROLE_RECEIVER.equals(role) && !NodeSettings.ROLE_SENDER.equals(role) &&
                !NodeSettings.ROLE_SIM.equals(role) && !role.startsWith(NodeSettings.SENDER_HOST_ROLE_PREFIX) &&
                !NodeSettings.ROLE_STANDBY.equals(role))
            {
                throw new IllegalArgumentException("pekko.cluster.roles contains '" + role + "': use receiver, " +
                    "sender and/or sim");
            }
        }
        return roles;
    }

    private static int qpsPerEntity(final Config r)
    {
        final int qpsPerEntity = r.getInt("sender.qps-per-entity");
        if (qpsPerEntity < 1 || Integer.bitCount(qpsPerEntity) != 1 || qpsPerEntity > (1 << 20))
        {
            throw new IllegalArgumentException("rhcc.sender.qps-per-entity = " + qpsPerEntity +
                " must be a power of two from 1 to 1048576 (e.g. 1024)");
        }
        return qpsPerEntity;
    }

    private static long controlIntervalNs(final Config r)
    {
        final long controlIntervalNs = r.getDuration("journal.control-interval").toNanos();
        if (controlIntervalNs < 1_000)
        {
            throw new IllegalArgumentException("rhcc.journal.control-interval must be at least 1us, got " +
                controlIntervalNs + " ns");
        }
        return controlIntervalNs;
    }

    private static String idleStrategy(final Config r, final String key)
    {
        final String idle = r.getString(key);
        IdleStrategies.parse(idle);
        return idle;
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

    private static SessionSpec autostart(final Config r, final String weights)
    {
        final Config a = r.getConfig("session");
        if (!a.getBoolean("autostart"))
        {
            return null;
        }
        final Map<String, String> params = new LinkedHashMap<>();
        for (final var entry : a.getConfig("params").entrySet())
        {
            params.put(entry.getKey(), String.valueOf(entry.getValue().unwrapped()));
        }
        if (!weights.isEmpty())
        {
            if (params.containsKey(QpWeights.KEY))
            {
                throw new IllegalArgumentException("rhcc.session.params." + QpWeights.KEY +
                    " and rhcc." + QpWeightSettings.PATH + " both set QP weights: keep one of them");
            }
            params.put(QpWeights.KEY, weights);
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
        catch (final ConfigException.WrongType ex)
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
        if (hosts.isEmpty() && roles.contains(NodeSettings.ROLE_SENDER))
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

    private static int nonNegative(final Config r, final String key)
    {
        final int value = r.getInt(key);
        if (value < 0)
        {
            throw new IllegalArgumentException("rhcc." + key + " must be >= 0, got " + value);
        }
        return value;
    }
}
