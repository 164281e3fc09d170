package org.rhcc.clustersim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.typesafe.config.Config;
import org.agrona.CloseHelper;
import org.rhcc.actors.config.FrameAuthSettings;
import org.rhcc.actors.config.HttpEndpointSettings;
import org.rhcc.actors.config.JournalSettings;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.config.RhccConfig;
import org.rhcc.actors.node.RhccNode;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.transport.auth.FrameKey;

/**
 * A local rhcc cluster that runs simulated experiments through actors and Aeron ({@code rhcc experiment --via
 * cluster}): this JVM is the {@code sim} node; with one node it also has the {@code receiver} and {@code sender} roles
 * (everything over Aeron IPC), with {@code --nodes 2} a child JVM has both controller roles, with {@code --nodes 3} one
 * child each; children talk Aeron UDP on 127.0.0.1 and share the H2 journal and a frame key written for this cluster
 * ({@code frame.key}, mode 0600, unless the overrides name one or turn authentication off). Everything lives under the
 * work area: journal ({@code journal.mv.db}), recordings ({@code archive/}), node logs and the Aeron directories, which
 * are deleted on {@link #close()} with the child processes.
 * <p>
 * Runs go one at a time: {@link #hook} gives each run its lockstep hook, which opens and closes the run's session.
 * <p>
 * The nodes serve no HTTP endpoint ({@code rhcc.node.http-port = off}) unless the overrides name a port for this
 * JVM's node, or {@code childHttpPortBase} the ports of the child JVMs' nodes (the first child gets it, the second
 * the next).
 */
public final class ClusterControllers implements AutoCloseable
{
    private static final Duration FORMATION_TIMEOUT = Duration.ofSeconds(90);

    private final Path workDir;
    private final RhccNode node;
    private final SimPlatform platform;
    private final List<ChildNode> children;

    private ClusterControllers(final Path workDir, final RhccNode node, final SimPlatform platform,
        final List<ChildNode> children)
    {
        this.workDir = workDir;
        this.node = node;
        this.platform = platform;
        this.children = children;
    }

    /**
     * Starts the cluster.
     *
     * @param nodes     JVMs in total, 1 to 3.
     * @param workDir   the run's work area (created if missing).
     * @param overrides further configuration for every node, by path.
     * @return the running cluster, formed and with every role present.
     * @throws IllegalArgumentException for a bad node count.
     */
    public static ClusterControllers start(final int nodes, final Path workDir, final Map<String, ?> overrides)
    {
        return start(nodes, workDir, overrides, 0);
    }

    /**
     * Starts the cluster.
     *
     * @param nodes             JVMs in total, 1 to 3.
     * @param workDir           the run's work area (created if missing).
     * @param overrides         further configuration for every node, by path.
     * @param childHttpPortBase HTTP endpoint port of the first child JVM's node (the next child's is one more), or 0
     *                          for none.
     * @return the running cluster, formed and with every role present.
     * @throws IllegalArgumentException for a bad node count.
     */
    public static ClusterControllers start(final int nodes, final Path workDir, final Map<String, ?> overrides,
        final int childHttpPortBase)
    {
        if (nodes < 1 || nodes > 3)
        {
            throw new IllegalArgumentException("--nodes " + nodes + " must be 1, 2 or 3 (sim; receiver; sender)");
        }
        final Path work = workDir.toAbsolutePath().normalize();
        try
        {
            Files.createDirectories(work);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create the work area " + work, ex);
        }
        final Map<String, Object> common = new LinkedHashMap<>(overrides);
        common.put("rhcc.work-dir", work.toString());
        common.putIfAbsent(HttpEndpointSettings.PORT_KEY, "off");
        if (!common.containsKey(FrameAuthSettings.KEY_FILE) && !common.containsKey(FrameAuthSettings.FRAME_AUTH))
        {
            common.put(FrameAuthSettings.KEY_FILE, newFrameKey(work).toString());
        }
        if (nodes > 1)
        {
            common.put("rhcc.aeron.platform.iio-channel", udp(freeUdpPort()));
            common.put("rhcc.aeron.platform.ack-channel", udp(freeUdpPort()));
            common.put("rhcc.aeron.platform.command-channel", udp(freeUdpPort()));
        }
        final Map<String, Object> self = new LinkedHashMap<>(common);
        self.put("pekko.cluster.roles", nodes == 1 ? List.of(NodeSettings.ROLE_SIM, NodeSettings.ROLE_RECEIVER,
            NodeSettings.ROLE_SENDER) : List.of(NodeSettings.ROLE_SIM));
        self.put("pekko.cluster.seed-nodes", List.of());
        self.put("rhcc.aeron.archive.name", "node");
        final List<ChildNode> children = new ArrayList<>();
        RhccNode node = null;
        SimPlatform platform = null;
        try
        {
            // with child JVMs, this node's Artery port is chosen up front so that they can start while it does
            self.put("pekko.remote.artery.canonical.port", nodes > 1 ? freeTcpPort() : 0);
            final Config selfConfig = RhccConfig.load(null, self);
            if (nodes > 1)
            {
                // they ask to join every second until this node listens, instead of the default 5 s
                final Map<String, Object> child = new LinkedHashMap<>(common);
                child.put("pekko.cluster.seed-nodes", List.of("pekko://" + RhccNode.SYSTEM_NAME + "@" +
                    selfConfig.getString("pekko.remote.artery.canonical.hostname") + ":" +
                    selfConfig.getInt("pekko.remote.artery.canonical.port")));
                child.put("pekko.cluster.seed-node-timeout", "1s");
                child.put("pekko.remote.artery.canonical.port", 0);
                launchChildren(nodes, work, child, childHttpPortBase, children);
            }
            node = RhccNode.start(selfConfig);
            node.awaitUp(FORMATION_TIMEOUT, NodeSettings.ROLE_RECEIVER, NodeSettings.ROLE_SENDER);
            platform = new SimPlatform(node);
            return new ClusterControllers(work, node, platform, children);
        }
        catch (final RuntimeException | Error ex)
        {
            CloseHelper.quietClose(platform);
            children.forEach(ChildNode::close);
            CloseHelper.quietClose(node);
            throw ex;
        }
    }

    private static void launchChildren(final int nodes, final Path work, final Map<String, Object> child,
        final int childHttpPortBase, final List<ChildNode> children)
    {
        if (2 == nodes)
        {
            children.add(ChildNode.launch(work, "controllers",
                List.of(NodeSettings.ROLE_RECEIVER, NodeSettings.ROLE_SENDER), http(child, childHttpPortBase, 0)));
        }
        else
        {
            children.add(ChildNode.launch(work, NodeSettings.ROLE_RECEIVER, List.of(NodeSettings.ROLE_RECEIVER),
                http(child, childHttpPortBase, 0)));
            children.add(ChildNode.launch(work, NodeSettings.ROLE_SENDER, List.of(NodeSettings.ROLE_SENDER),
                http(child, childHttpPortBase, 1)));
        }
    }

    private static Map<String, Object> http(final Map<String, Object> child, final int base, final int index)
    {
        final Map<String, Object> settings = new LinkedHashMap<>(child);
        settings.put(HttpEndpointSettings.PORT_KEY, 0 == base ? "off" : Integer.toString(base + index));
        return settings;
    }

    /**
     * @param scheme scheme label.
     * @param params the run's parameter overrides, in order.
     * @return a lockstep hook for one run.
     */
    public ControllerHook hook(final String scheme, final Map<String, String> params)
    {
        return platform.hook(scheme, params);
    }

    /**
     * @return the simulated platform the runs go through.
     */
    public SimPlatform platform()
    {
        return platform;
    }

    public Path workDir()
    {
        return workDir;
    }

    /**
     * @return the H2 journal's file, for {@code rhcc replay --journal}.
     */
    public Path journalFile()
    {
        return workDir.resolve("journal.mv.db");
    }

    /**
     * @return the archive root, for {@code rhcc replay --recording}.
     */
    public Path archiveDir()
    {
        return node.settings().archiveDir();
    }

    public RhccNode node()
    {
        return node;
    }

    /**
     * @return the journal the controllers write.
     */
    public JournalSettings journal()
    {
        return JournalSettings.from(node.system().settings().config());
    }

    /**
     * Stops the child nodes, this node, and deletes the Aeron directories; the journal and recordings stay.
     */
    public void close()
    {
        CloseHelper.quietClose(platform);
        children.forEach(ChildNode::close);
        node.close();
    }

    /**
     * A fresh random frame key for this cluster's nodes, in a file only this user may read (the child JVMs read it by
     * its path): {@code frame.key} in the work area, replaced per cluster.
     */
    private static Path newFrameKey(final Path work)
    {
        final Path file = work.resolve("frame.key");
        try
        {
            Files.deleteIfExists(file);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot replace the frame key " + file, ex);
        }
        return FrameKey.random().writeNew(file);
    }

    private static String udp(final int port)
    {
        return "aeron:udp?endpoint=127.0.0.1:" + port;
    }

    private static int freeTcpPort()
    {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress()))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot find a free TCP port on 127.0.0.1", ex);
        }
    }

    private static int freeUdpPort()
    {
        try (DatagramSocket socket = new DatagramSocket(0, java.net.InetAddress.getLoopbackAddress()))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot find a free UDP port on 127.0.0.1", ex);
        }
    }

    /**
     * @param config a configuration.
     * @return its work area.
     */
    static Path workDirOf(final Config config)
    {
        return Path.of(config.getString("rhcc.work-dir"));
    }
}
