package org.rhcc.actors.node;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigValueFactory;
import io.aeron.Aeron;
import io.aeron.archive.client.AeronArchive;
import org.agrona.CloseHelper;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.rhcc.actors.config.FrameAuthSettings;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.config.RemotingSecurity;
import org.rhcc.actors.config.RhccConfig;
import org.rhcc.actors.context.NodeContext;
import org.rhcc.actors.context.ReceiverHardware;
import org.rhcc.actors.sender.SenderAgents;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.aeron.NodeActivity;
import org.rhcc.transport.archive.SignalRecorder;
import org.rhcc.transport.auth.FrameAuth;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One rhcc cluster node in this JVM: an embedded Aeron media driver (with an archive recording the node's internal
 * signal streams when it has a controller role) under the run's work area, the journal schema, and a Pekko Cluster
 * {@code ActorSystem} named {@code rhcc} with the roles of {@code pekko.cluster.roles} (a sender node also has the role
 * {@code sender-host-<id>} of every sender host of {@code rhcc.node.sender-hosts}). A node without seed nodes
 * joins itself. A receiver node on a real host is given the host's hardware ({@link ReceiverHardware}: sensor and
 * MBA groups), which whoever starts it has opened first, so that a missing device fails the start before anything
 * else exists; without it the receiver runs against the simulated platform over Aeron. Closing the node terminates
 * the system, closes the hardware and removes the driver's directory; a failed start releases whatever was started,
 * the hardware included.
 */
public final class RhccNode implements AutoCloseable
{
    /** Name of every rhcc actor system: nodes of one cluster must share it. */
    public static final String SYSTEM_NAME = "rhcc";

    private static final Logger LOGGER = LoggerFactory.getLogger(RhccNode.class);

    private final NodeSettings settings;
    private final ReceiverHardware hardware;
    private final EmbeddedMediaDriver driver;
    private final SignalRecorder recorder;
    private final NodeContext context;
    private final SenderAgents senderAgents;
    private final ActorSystem<Void> system;
    private final List<AutoCloseable> extensions = new ArrayList<>();

    private RhccNode(final NodeSettings settings, final ReceiverHardware hardware, final EmbeddedMediaDriver driver,
        final SignalRecorder recorder, final NodeContext context, final SenderAgents senderAgents,
        final ActorSystem<Void> system)
    {
        this.settings = settings;
        this.hardware = hardware;
        this.driver = driver;
        this.recorder = recorder;
        this.context = context;
        this.senderAgents = senderAgents;
        this.system = system;
    }

    /**
     * Starts a node whose receiver, if it has the role, runs against the simulated platform.
     *
     * @param config the node's resolved configuration ({@link org.rhcc.actors.config.RhccConfig#load}).
     * @throws IllegalArgumentException for a bad setting, naming it.
     */
    public static RhccNode start(final Config config)
    {
        return start(config, null);
    }

    /**
     * Starts a node.
     *
     * @param config   the node's resolved configuration ({@link org.rhcc.actors.config.RhccConfig#load}).
     * @param hardware the receiver host's open hardware, which the node owns from now on (it closes it when it
     *                 stops, or at once if the start fails); null for the simulated platform.
     * @throws IllegalArgumentException for a bad setting, naming it, or {@code rhcc.receiver.hardware = host}
     *                                  without hardware.
     */
    public static RhccNode start(final Config config, final ReceiverHardware hardware)
    {
        try
        {
            final NodeSettings settings = settings(config);
            if (null == hardware && settings.receiverOnHost() && settings.hasRole(NodeSettings.ROLE_RECEIVER))
            {
                throw new IllegalArgumentException("rhcc.receiver.hardware = host, but nothing opened this host's " +
                    "hardware: start the receiver with 'rhcc node' (or set rhcc.receiver.hardware = simulated)");
            }
            final Config clusterConfig = config.withValue("pekko.cluster.roles",
                ConfigValueFactory.fromIterable(settings.clusterRoles()));
            final boolean controller = settings.hasRole(NodeSettings.ROLE_RECEIVER) ||
                settings.hasRole(NodeSettings.ROLE_SENDER);
            final FrameAuth frameAuth = FrameAuthSettings.from(config);
            return start(config, settings, clusterConfig, controller, hardware, frameAuth);
        }
        catch (final RuntimeException | Error ex)
        {
            closeHardware(hardware);
            throw ex;
        }
    }

    private static NodeSettings settings(final Config config)
    {
        try
        {
            final NodeSettings settings = NodeSettings.from(config);
            RemotingSecurity.check(config);
            NodePorts.check(config, settings);
            return settings;
        }
        catch (final ConfigException ex)
        {
            throw RhccConfig.invalid(ex);
        }
    }

    private static RhccNode start(final Config config, final NodeSettings settings, final Config clusterConfig,
        final boolean controller, final ReceiverHardware hardware, final FrameAuth frameAuth)
    {
        final NodeActivity activity = new NodeActivity();
        // hot while the node starts: it adds its counters, publications and subscriptions
        return activity.whileHot(() -> start(config, settings, clusterConfig, controller, hardware, frameAuth,
            activity));
    }

    private static RhccNode start(final Config config, final NodeSettings settings, final Config clusterConfig,
        final boolean controller, final ReceiverHardware hardware, final FrameAuth frameAuth,
        final NodeActivity activity)
    {
        final EmbeddedMediaDriver driver = NodeStreams.launchDriver(config, settings, controller, activity);
        SignalRecorder recorder = null;
        final RhccNode node;
        try
        {
            final Aeron aeron = driver.connect();
            if (driver.hasArchive())
            {
                final AeronArchive archive = driver.connectArchive(aeron);
                recorder = new SignalRecorder(archive);
                NodeStreams.startRecordings(recorder, settings);
            }
            final NodeContext context = NodeContext.of(settings, aeron, recorder, hardware, frameAuth, activity);
            final SenderAgents senderAgents = new SenderAgents();
            final ActorSystem<Void> system = ActorSystem.create(NodeGuardian.create(context, senderAgents),
                SYSTEM_NAME, clusterConfig);
            joinCluster(config, settings, system);
            node = new RhccNode(settings, hardware, driver, recorder, context, senderAgents, system);
        }
        catch (final RuntimeException | Error ex)
        {
            if (null != recorder)
            {
                recorder.close();
            }
            driver.close();
            throw ex;
        }
        try
        {
            node.startExtensions();
        }
        catch (final RuntimeException | Error ex)
        {
            // the node closes what it started: its extensions, the actor system, the recorder and the driver
            node.close();
            throw ex;
        }
        return node;
    }

    /**
     * A node without seed nodes joins itself; one with seed nodes joins through them (Pekko does that by itself).
     */
    private static void joinCluster(final Config config, final NodeSettings settings, final ActorSystem<Void> system)
    {
        final Cluster cluster = Cluster.get(system);
        if (config.getStringList("pekko.cluster.seed-nodes").isEmpty())
        {
            cluster.manager().tell(Join.create(cluster.selfMember().address()));
        }
        LOGGER.info("rhcc node {} started with roles {} in {}", cluster.selfMember().address(), settings.roles(),
            settings.workDir());
    }

    private void startExtensions()
    {
        for (final NodeExtension extension : ServiceLoader.load(NodeExtension.class, RhccNode.class.getClassLoader()))
        {
            final AutoCloseable started = extension.start(this);
            if (null != started)
            {
                extensions.add(started);
            }
        }
    }

    /**
     * Waits until this node is {@code Up} and the cluster has an {@code Up} member of each given role.
     *
     * @param timeout how long to wait.
     * @param roles   roles that must be present.
     * @throws IllegalStateException if they are not in time, or the node stops first.
     */
    public void awaitUp(final Duration timeout, final String... roles)
    {
        ClusterMembership.awaitUp(system, timeout, roles);
    }

    /**
     * Waits until this node is {@code Up} in its cluster, {@code rhcc.node.join-timeout} at most.
     *
     * @throws IllegalArgumentException on one line naming the seed nodes and what to check, if it is not in time.
     * @throws IllegalStateException    if the node stops first (e.g. its autostart session failed).
     */
    public void awaitJoined()
    {
        try
        {
            awaitUp(settings.joinTimeout());
        }
        catch (final IllegalStateException ex)
        {
            if (system.getWhenTerminated().toCompletableFuture().isDone())
            {
                throw ex;
            }
            final List<String> seeds = system.settings().config().getStringList("pekko.cluster.seed-nodes");
            throw new IllegalArgumentException("did not join the cluster of seed nodes " + seeds + " within " +
                settings.joinTimeout().toSeconds() + " s (rhcc.node.join-timeout): check that a seed node runs " +
                "there and is reachable, and that every node has the same pekko.remote.artery.transport and keys " +
                "from the same CA (rhcc certs)");
        }
    }

    /**
     * @return the node's actor system.
     */
    public ActorSystem<Void> system()
    {
        return system;
    }

    /**
     * @return the node's shared resources.
     */
    public NodeContext context()
    {
        return context;
    }

    /**
     * @return the sender hosts' states of the sessions whose rate updater runs on this node, by session.
     */
    public SenderAgents senderAgents()
    {
        return senderAgents;
    }

    public NodeSettings settings()
    {
        return settings;
    }

    /**
     * @return the node's cluster address.
     */
    public Address address()
    {
        return Cluster.get(system).selfMember().address();
    }

    /**
     * @return the embedded media driver.
     */
    public EmbeddedMediaDriver driver()
    {
        return driver;
    }

    /**
     * Terminates the actor system (stopping every agent; a receiver session resets its MBA groups as it stops), closes
     * the receiver host's hardware if the node has it, stops the recordings and closes the driver, deleting its
     * directory. Idempotent.
     */
    public void close()
    {
        // hot while it stops, as while it starts: closing what it added is a round trip to the driver each
        context.activity().enter();
        for (int i = extensions.size() - 1; i >= 0; i--)
        {
            CloseHelper.quietClose(extensions.get(i));
        }
        extensions.clear();
        system.terminate();
        try
        {
            system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
        catch (final Exception ex)
        {
            LOGGER.warn("actor system did not terminate cleanly: {}", ex.toString());
        }
        // after the actor system: the sessions have stopped and reset the host through it
        closeHardware(hardware);
        if (null != recorder)
        {
            try
            {
                recorder.close();
            }
            catch (final RuntimeException ex)
            {
                // the archive went first (a node downed after a pause, or stopping while its driver is torn down):
                // its recordings end with the driver, which must still close and remove its directory
                LOGGER.warn("recordings not stopped cleanly ({}); the archive closes with the driver", ex.toString());
            }
        }
        driver.close();
    }

    private static void closeHardware(final ReceiverHardware hardware)
    {
        if (null == hardware)
        {
            return;
        }
        try
        {
            hardware.close();
        }
        catch (final RuntimeException ex)
        {
            LOGGER.error("receiver host did not close cleanly (the fail-safe watchdog restores MBA): {}",
                ex.toString());
        }
    }
}
