package org.rhcc.multijvm;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rhcc.cli.RhccCommand;
import org.rhcc.transport.auth.FrameKey;

/**
 * A cluster started by hand on this host, each node an {@code rhcc node} process on a loopback alias standing in for
 * its host (all of 127/8 is loopback on Linux): sim on 127.0.0.1 (the seed node), receiver on 127.0.0.2, sender-a
 * (sender host 1) on 127.0.0.3 and, if asked, sender-b on 127.0.0.4. In its directory it makes the keys with
 * {@code rhcc certs} (one per node and one for a client), a frame key and a fresh PostgreSQL database, and writes each
 * node a configuration of the three-host profile, its keys and its own settings ({@link NodeConfigFile}). The sim node
 * starts first; the others start together once it is up.
 */
final class HandStartedCluster implements AutoCloseable
{
    /** The seed node, with the simulated platform. */
    static final String SIM = "sim";
    /** The receiver node. */
    static final String RECEIVER = "receiver";
    /** The sender node of sender host 1. */
    static final String SENDER_A = "sender-a";
    /** The optional second sender node. */
    static final String SENDER_B = "sender-b";
    /** Name of the receiver's standby (same host, its own platform endpoint, rhcc.node.standby = on). */
    static final String RECEIVER_STANDBY = "receiver-standby";
    /** Name of sender-a's standby (same host and sender host, its own endpoint, rhcc.node.standby = on). */
    static final String SENDER_STANDBY = "sender-standby";
    /** Keys and configuration for a client of the cluster (no node runs with them). */
    static final String CLIENT = "client";
    /** Longest wait for a node's "rhcc node up" line (two cores start up to four JVMs at once). */
    static final Duration UP_TIMEOUT = Duration.ofSeconds(90);
    private static final String ARTERY = "pekko.remote.artery.";
    private static final String PLATFORM = "rhcc.aeron.platform.";
    private static Path sharedCertsDir;

    private final Path dir;
    private final Path certsDir;
    private final Path confDir;
    private final Path frameKey;
    private final TestDatabase database;
    private final FreePorts ports = new FreePorts();
    private final String joinTimeout;
    private final boolean asOperated;
    private final Map<String, String> channels = new LinkedHashMap<>();
    private final Map<String, NodeProcess> nodes = new LinkedHashMap<>();
    private final int simPort;

    private HandStartedCluster(final Builder builder, final TestDatabase database)
    {
        this.dir = builder.dir;
        this.certsDir = sharedCerts();
        this.confDir = dir.resolve("conf");
        this.frameKey = dir.resolve("frame.key");
        this.database = database;
        this.joinTimeout = builder.joinTimeout;
        this.asOperated = builder.asOperated;
        this.simPort = ports.tcp(Alias.SIM);
        channels.put(PLATFORM + "iio-channel", udpChannel(Alias.RECEIVER));
        channels.put(PLATFORM + "ack-channel", udpChannel(Alias.SENDER_A));
        channels.put(PLATFORM + "command-channel", udpChannel(Alias.SIM));
    }

    /**
     * @param dir an empty directory for the keys, configurations, work areas and logs.
     * @return a builder of a cluster of sim, receiver and sender-a.
     */
    static Builder builder(final Path dir)
    {
        return new Builder(dir);
    }

    /**
     * The keys of every node name a cluster of this module may have, made once per test JVM and shared by its
     * clusters, which never run at once.
     *
     * @return the directory of {@code rhcc certs}.
     */
    private static synchronized Path sharedCerts()
    {
        if (null == sharedCertsDir)
        {
            sharedCertsDir = certs(RunDirectory.create("certs"), List.of(SIM, RECEIVER, SENDER_A, SENDER_B,
                RECEIVER_STANDBY, SENDER_STANDBY, CLIENT));
        }
        return sharedCertsDir;
    }

    /**
     * Makes the keys of a cluster in-process with {@code rhcc certs --out out --nodes nodes}.
     *
     * @param out   directory of the CA and the stores.
     * @param nodes node names.
     * @return out.
     * @throws IllegalStateException with its stderr if the command fails.
     */
    static Path certs(final Path out, final List<String> nodes)
    {
        final StringWriter err = new StringWriter();
        final int exit = RhccCommand.execute(new String[] {"certs", "--out", out.toString(), "--nodes",
            String.join(",", nodes)}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        if (RhccCommand.EXIT_OK != exit)
        {
            throw new IllegalStateException("rhcc certs --out " + out + " exited with " + exit + ": " + err);
        }
        return out;
    }

    /**
     * @param name a node's name.
     * @return its process.
     */
    NodeProcess node(final String name)
    {
        final NodeProcess node = nodes.get(name);
        if (null == node)
        {
            throw new IllegalArgumentException("no node " + name + " in " + nodes.keySet());
        }
        return node;
    }

    /**
     * @return the running nodes by name, in start order.
     */
    Map<String, NodeProcess> nodes()
    {
        return Collections.unmodifiableMap(nodes);
    }

    /**
     * @return the directory of the keys of {@code rhcc certs} (the CA, and {@code NAME.conf} per node and client).
     */
    Path certsDir()
    {
        return certsDir;
    }

    /**
     * @return the directory of the configuration files.
     */
    Path confDir()
    {
        return confDir;
    }

    /**
     * @param name a node's (or the client's, or an extra node's) name.
     * @return its configuration file.
     */
    Path configFor(final String name)
    {
        return confDir.resolve(name + ".conf");
    }

    /**
     * @return the cluster's directory (logs of the nodes are {@code NAME.log} in it).
     */
    Path dir()
    {
        return dir;
    }

    TestDatabase database()
    {
        return database;
    }

    /**
     * @return the journal database's JDBC URL.
     */
    String databaseUrl()
    {
        return database.url();
    }

    /**
     * @param key a platform channel's key: {@code iio-channel}, {@code ack-channel} or {@code command-channel}.
     * @return the channel every node of the cluster has.
     */
    String platformChannel(final String key)
    {
        return channels.get(PLATFORM + key);
    }

    /**
     * @return the sim node's Artery host and port, e.g. {@code 127.0.0.1:40211} (for {@code --cluster}).
     */
    String simHostPort()
    {
        return Alias.SIM + ":" + simPort;
    }

    /**
     * @return the sim node's address, the seed node of every other: {@code pekko://rhcc@127.0.0.1:PORT}.
     */
    String simAddress()
    {
        return "pekko://rhcc@" + simHostPort();
    }

    /**
     * @param alias a loopback alias.
     * @return an {@code aeron:udp} channel to a free port on it.
     */
    String udpChannel(final String alias)
    {
        return "aeron:udp?endpoint=" + alias + ":" + ports.udp(alias);
    }

    /**
     * @param role  a node's role: sim, receiver or sender.
     * @param alias its loopback alias.
     * @return the platform channel that role subscribes to (sim: commands, receiver: IIO samples, sender: probe
     * ACKs), on a free port of the alias, by key: for a node whose subscription would otherwise take a port that a
     * node of the cluster holds.
     */
    Map<String, Object> subscribedChannel(final String role, final String alias)
    {
        final String key = switch (role)
        {
            case "sim" -> "command-channel";
            case "receiver" -> "iio-channel";
            case "sender" -> "ack-channel";
            default -> throw new IllegalArgumentException("role " + role + " is none of sim, receiver, sender");
        };
        final Map<String, Object> channel = new LinkedHashMap<>();
        channel.put(PLATFORM + key, udpChannel(alias));
        return channel;
    }

    /**
     * @param role  receiver or sender.
     * @param alias the host of the node it stands in for.
     * @return the settings of a standby of that role on that host: its own platform endpoint there.
     */
    Map<String, Object> standby(final String role, final String alias)
    {
        final Map<String, Object> settings = subscribedChannel(role, alias);
        settings.put("rhcc.node.standby", true);
        return settings;
    }

    /**
     * Writes the configuration of a node (or client) that is not part of the cluster's start: the three-host profile,
     * the given keys, and the settings every node of this cluster has (its alias and a free Artery port, the sim node
     * as seed, its own work area, the frame key, the platform channels, the journal database, the join timeout; the
     * idle strategies are the profile's),
     * each replaced by the override of the same key, then the other overrides.
     *
     * @param name      its name ({@link #configFor(String)} finds the file; its work area is {@code work/<name>}).
     * @param alias     its loopback alias.
     * @param keys      its {@code NAME.conf} from {@code rhcc certs} (this cluster's or another CA's), or null for none.
     * @param overrides settings that replace or add to those.
     */
    Path writeConfig(final String name, final String alias, final Path keys, final Map<String, Object> overrides)
    {
        final Map<String, Object> settings = new LinkedHashMap<>();
        settings.put(ARTERY + "canonical.hostname", alias);
        settings.put(ARTERY + "canonical.port", SIM.equals(name) ? simPort : ports.tcp(alias));
        settings.put("pekko.cluster.seed-nodes", List.of(simAddress()));
        settings.put("rhcc.work-dir", dir.resolve("work").resolve(name).toAbsolutePath().toString());
        settings.put("rhcc.security.frame-key-file", frameKey.toAbsolutePath().toString());
        settings.putAll(channels);
        settings.put("rhcc.journal.postgres.url", database.url());
        if (null != joinTimeout)
        {
            settings.put("rhcc.node.join-timeout", joinTimeout);
        }
        settings.putAll(overrides);
        final NodeConfigFile file = NodeConfigFile.threeHost(keys);
        settings.forEach(file::set);
        return file.write(configFor(name));
    }

    /**
     * Starts a node that is not part of the cluster's start (its configuration written with
     * {@link #writeConfig}); its log is {@code NAME.log} in the cluster's directory, and it is stopped with the
     * cluster.
     *
     * @param name  its name.
     * @param roles its roles, comma-separated.
     * @return its process, not yet necessarily up.
     */
    NodeProcess startNode(final String name, final String roles)
    {
        if (nodes.containsKey(name))
        {
            throw new IllegalArgumentException("node " + name + " was started already");
        }
        final NodeProcess node = NodeProcess.start(dir, name, roles, configFor(name), name, asOperated);
        nodes.put(name, node);
        return node;
    }

    /**
     * Starts a node again with its configuration, as an operator restarts a node that died (its earlier process must
     * have exited); its log goes on in {@code NAME.log}'s successor {@code NAME-2.log}, and so on.
     *
     * @param name  its name.
     * @param roles its roles, comma-separated.
     * @return its new process, not yet necessarily up.
     */
    NodeProcess restartNode(final String name, final String roles)
    {
        final NodeProcess old = node(name);
        if (old.isAlive())
        {
            throw new IllegalStateException("node " + name + " still runs (pid " + old.pid() + ")");
        }
        int generation = 2;
        while (Files.exists(dir.resolve(name + "-" + generation + ".log")))
        {
            generation++;
        }
        final NodeProcess node = NodeProcess.start(dir, name, roles, configFor(name), name + "-" + generation,
            asOperated);
        nodes.put(name, node);
        return node;
    }

    /**
     * @param name a node's name.
     * @return its Artery port, from its configuration.
     */
    int arteryPort(final String name)
    {
        try
        {
            for (final String line : Files.readAllLines(configFor(name)))
            {
                final String trimmed = line.trim();
                if (trimmed.startsWith(ARTERY + "canonical.port"))
                {
                    return Integer.parseInt(trimmed.substring(trimmed.indexOf('=') + 1).trim());
                }
            }
        }
        catch (final java.io.IOException ex)
        {
            throw new java.io.UncheckedIOException(ex);
        }
        throw new IllegalStateException("no Artery port in " + configFor(name));
    }

    /**
     * Stops every node still running (SIGTERM, the sim node last), then drops the database.
     */
    @Override
    public void close()
    {
        final List<NodeProcess> reverse = new ArrayList<>(nodes.values());
        Collections.reverse(reverse);
        try
        {
            reverse.parallelStream().filter(n -> !SIM.equals(n.name())).forEach(NodeProcess::close);
            reverse.stream().filter(n -> SIM.equals(n.name())).forEach(NodeProcess::close);
        }
        finally
        {
            database.close();
        }
    }

    private void start(final Builder builder)
    {
        FrameKey.random().writeNew(frameKey);
        writeConfig(SIM, Alias.SIM, certsDir.resolve(SIM + ".conf"), Map.of());
        writeConfig(RECEIVER, Alias.RECEIVER, certsDir.resolve(RECEIVER + ".conf"), Map.of());
        writeConfig(SENDER_A, Alias.SENDER_A, certsDir.resolve(SENDER_A + ".conf"), Map.of());
        if (builder.senderB)
        {
            final Map<String, Object> senderB = subscribedChannel("sender", Alias.SENDER_B);
            senderB.put("rhcc.node.sender-hosts", builder.senderBHosts);
            senderB.put("rhcc.sender.host-id", builder.senderBHostId);
            writeConfig(SENDER_B, Alias.SENDER_B, certsDir.resolve(SENDER_B + ".conf"), senderB);
        }
        if (builder.receiverStandby)
        {
            writeConfig(RECEIVER_STANDBY, Alias.RECEIVER, certsDir.resolve(RECEIVER_STANDBY + ".conf"),
                standby("receiver", Alias.RECEIVER));
        }
        if (builder.senderStandby)
        {
            writeConfig(SENDER_STANDBY, Alias.SENDER_A, certsDir.resolve(SENDER_STANDBY + ".conf"),
                standby("sender", Alias.SENDER_A));
        }
        writeConfig(CLIENT, Alias.CLIENT, certsDir.resolve(CLIENT + ".conf"), Map.of());

        // The sim node is the first seed: only it can form the cluster, so the others may start beside it (each
        // JVM's start is most of a node's start) and join once it is up, however their starts interleave.
        startNode(SIM, "sim");
        if (builder.receiverStandby)
        {
            startNode(RECEIVER_STANDBY, "receiver");
        }
        // a receiver's age in the cluster decides nothing (no shards): the primary starts beside its standby
        startNode(RECEIVER, "receiver");
        if (builder.senderStandby)
        {
            // the sender's standby first, as README advises: the oldest owner of a sender host hosts its shard
            // coordinator, which then does not have to move when the primary dies
            startNode(SENDER_STANDBY, "sender");
            nodes.get(SENDER_STANDBY).awaitUp(UP_TIMEOUT);
        }
        startNode(SENDER_A, "sender");
        if (builder.senderB)
        {
            startNode(SENDER_B, "sender");
        }
        for (final NodeProcess node : nodes.values())
        {
            node.awaitUp(UP_TIMEOUT);
        }
    }

    /**
     * The loopback aliases standing in for the hosts.
     */
    static final class Alias
    {
        /** The sim host. */
        static final String SIM = "127.0.0.1";
        /** The receiver host. */
        static final String RECEIVER = "127.0.0.2";
        /** Sender host 1. */
        static final String SENDER_A = "127.0.0.3";
        /** The second sender host. */
        static final String SENDER_B = "127.0.0.4";
        /** A host outside the cluster. */
        static final String OUTSIDER = "127.0.0.5";
        /** The client's host. */
        static final String CLIENT = "127.0.0.6";

        private Alias()
        {
        }
    }

    /**
     * What to start: sim, receiver, sender-a, and optionally sender-b.
     */
    static final class Builder
    {
        private final Path dir;
        private boolean senderB;
        private List<Integer> senderBHosts = List.of(2);
        private int senderBHostId = 2;
        /**
         * Null for the node's own default (conf/reference.conf, 30 s): what an operator's node waits on a loaded host;
         * under the suite's load a node took more than 20 s from its start to Up.
         */
        private String joinTimeout;
        private boolean receiverStandby;
        private boolean senderStandby;
        private boolean asOperated;

        private Builder(final Path dir)
        {
            this.dir = dir;
        }

        /**
         * Adds sender-b as sender host 2.
         *
         * @return this builder.
         */
        Builder withSenderB()
        {
            return withSenderB(List.of(2), 2);
        }

        /**
         * Adds sender-b.
         *
         * @param senderHosts its {@code rhcc.node.sender-hosts}.
         * @param hostId      its {@code rhcc.sender.host-id}.
         * @return this builder.
         */
        Builder withSenderB(final List<Integer> senderHosts, final int hostId)
        {
            this.senderB = true;
            this.senderBHosts = List.copyOf(senderHosts);
            this.senderBHostId = hostId;
            return this;
        }

        /**
         * Adds a standby of the receiver and one of sender-a, each on its primary's host (alias) with its
         * primary's roles and platform endpoint.
         *
         * @return this builder.
         */
        Builder withStandbys()
        {
            this.receiverStandby = true;
            return withSenderStandby();
        }

        /**
         * Adds a standby of sender-a only, on its host (alias) with its roles and platform endpoint.
         *
         * @return this builder.
         */
        Builder withSenderStandby()
        {
            this.senderStandby = true;
            return this;
        }

        /**
         * Starts every node with the JVM options operators run it with alone (conf/jvm/node.options), for a test that
         * measures what an idle node costs; without it, the nodes compile at the JDK's default thresholds
         * ({@link NodeProcess}).
         *
         * @return this builder.
         */
        Builder asOperated()
        {
            this.asOperated = true;
            return this;
        }

        /**
         * @param joinTimeout every node's {@code rhcc.node.join-timeout}, e.g. {@code 20s}; without it, the node's
         *                    default.
         * @return this builder.
         */
        Builder joinTimeout(final String joinTimeout)
        {
            this.joinTimeout = joinTimeout;
            return this;
        }

        /**
         * Makes the keys, frame key and database, writes the configurations and starts the nodes.
         *
         * @return the cluster, every node up.
         * @throws AssertionError with a node's log tail if one is not up in time; whatever started is stopped.
         */
        HandStartedCluster start()
        {
            final HandStartedCluster cluster;
            try
            {
                Files.createDirectories(dir);
            }
            catch (final java.io.IOException ex)
            {
                throw new java.io.UncheckedIOException("cannot create " + dir, ex);
            }
            final TestDatabase database = TestDatabase.create();
            try
            {
                cluster = new HandStartedCluster(this, database);
            }
            catch (final RuntimeException ex)
            {
                database.close();
                throw ex;
            }
            try
            {
                cluster.start(this);
            }
            catch (final RuntimeException | AssertionError ex)
            {
                cluster.close();
                throw ex;
            }
            return cluster;
        }
    }
}
