package org.rhcc.actors;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.aeron.Aeron;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.config.RhccConfig;
import org.rhcc.actors.context.NodeContext;
import org.rhcc.actors.context.ReceiverHardware;
import org.rhcc.actors.sender.SenderAgents;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.aeron.NodeActivity;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameKey;

/**
 * A node's shared resources without a cluster, for actor tests: an embedded driver, settings from the real
 * configuration layers, a random frame key, and a config for an {@code ActorTestKit} with a local provider.
 */
public final class TestNode implements AutoCloseable
{
    private final EmbeddedMediaDriver driver;
    private final NodeContext context;
    private final SenderAgents senderAgents = new SenderAgents();
    private final Config config;

    /**
     * @param name      of the work area.
     * @param overrides further settings.
     */
    public TestNode(final String name, final Map<String, Object> overrides)
    {
        this(name, overrides, null);
    }

    /**
     * @param name      of the work area.
     * @param overrides further settings.
     * @param hardware  the receiver host's hardware the node's actors use, or null for the simulated platform.
     */
    public TestNode(final String name, final Map<String, Object> overrides, final ReceiverHardware hardware)
    {
        final Path work = TestNodes.workDir(name);
        final Map<String, Object> o = new LinkedHashMap<>(overrides);
        o.put("rhcc.work-dir", work.toString());
        o.put("pekko.actor.provider", "local");
        config = RhccConfig.load(null, o);
        final NodeSettings settings = NodeSettings.from(config);
        driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(work));
        final Aeron aeron = driver.connect();
        context = NodeContext.of(settings, aeron, null, hardware, FrameAuth.of(FrameKey.random()), new NodeActivity());
    }

    /**
     * @return the node's shared resources.
     */
    public NodeContext context()
    {
        return context;
    }

    /**
     * @return the node's rate-updater agents by session.
     */
    public SenderAgents senderAgents()
    {
        return senderAgents;
    }

    /**
     * @param extra settings that win, e.g. a persistence test kit's.
     * @return configuration for an actor test kit.
     */
    public Config config(final Config extra)
    {
        return extra.withFallback(ConfigFactory.parseMap(Map.of("pekko.actor.provider", "local")))
            .withFallback(config);
    }

    public Aeron aeron()
    {
        return context.aeron();
    }

    @Override
    public void close()
    {
        driver.close();
    }
}
