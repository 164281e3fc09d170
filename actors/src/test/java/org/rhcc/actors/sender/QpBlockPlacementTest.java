package org.rhcc.actors.sender;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import io.aeron.Subscription;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.cluster.sharding.typed.GetShardRegionState;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNodes;
import org.rhcc.actors.config.FrameAuthSettings;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.config.RhccConfig;
import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.node.RhccNode;
import org.rhcc.actors.session.SessionClient;
import org.rhcc.actors.session.SessionProtocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two sender nodes of one in-JVM cluster, owning sender hosts 1 and 2: each session's QP blocks are sharded onto the
 * node that owns its sender host, and a session for a host nobody owns fails at its start.
 */
class QpBlockPlacementTest
{
    private static final int QPS_PER_ENTITY = 4;
    private static final int QPS = 16;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final List<AutoCloseable> resources = new ArrayList<>();

    @AfterEach
    void stop() throws Exception
    {
        for (int i = resources.size() - 1; i >= 0; i--)
        {
            resources.get(i).close();
        }
    }

    @Test
    void shouldPlaceEachSenderHostsBlocksOnTheNodeThatOwnsItsNic()
    {
        final RhccNode host1 = node(1, List.of());
        final RhccNode host2 = node(2, List.of(host1.address().toString()));
        host1.awaitUp(TIMEOUT, NodeSettings.senderHostRole(1), NodeSettings.senderHostRole(2));
        host2.awaitUp(TIMEOUT, NodeSettings.senderHostRole(1), NodeSettings.senderHostRole(2));

        // both sessions are opened from node 1's side: the one of host 2 must go to node 2
        final SessionClient client = new SessionClient(host1.system(), TIMEOUT);
        final SessionSpec onHost1 = spec(1);
        final SessionSpec onHost2 = spec(2);
        client.start(onHost1, List.of(SessionProtocol.SENDER_KEY));
        client.start(onHost2, List.of(SessionProtocol.SENDER_KEY));

        assertEquals(blocks(onHost1), entities(host1, 1), "host 1's blocks on the node owning host 1");
        assertEquals(blocks(onHost2), entities(host2, 2), "host 2's blocks on the node owning host 2");
        QpBlockSharding.init(host1.system(), host1.context(), host1.senderAgents(), 2);
        assertEquals(Set.of(), entities(host1, 2), "the other node only routes to host 2's blocks");

        for (final SessionSpec spec : List.of(onHost1, onHost2))
        {
            final List<SessionProtocol.Ended> ended = client.end(spec.sessionId(),
                List.of(SessionProtocol.SENDER_KEY));
            assertEquals(1, ended.size());
            assertEquals("", ended.get(0).failure(), ended.toString());
            assertEquals(QPS / QPS_PER_ENTITY, ended.get(0).decisions(), "blocks of the session");
        }

        final long startNs = System.nanoTime();
        final IllegalStateException unowned = assertThrows(IllegalStateException.class,
            () -> client.start(spec(3), List.of(SessionProtocol.SENDER_KEY)));
        assertEquals("no node owns sender host 3's NIC; set rhcc.node.sender-hosts on the node that runs it",
            unowned.getMessage());
        assertTrue(System.nanoTime() - startNs < TimeUnit.SECONDS.toNanos(5), "an unowned host fails at once");
    }

    private RhccNode node(final int senderHostId, final List<String> seeds)
    {
        final Map<String, Object> config = new LinkedHashMap<>();
        config.put("rhcc.work-dir", TestNodes.workDir("placement-" + senderHostId).toString());
        config.put("pekko.cluster.roles", List.of(NodeSettings.ROLE_SENDER));
        config.put("pekko.cluster.seed-nodes", seeds);
        config.put("pekko.remote.artery.canonical.port", 0);
        config.put("rhcc.node.sender-hosts", List.of(senderHostId));
        config.put("rhcc.sender.qps-per-entity", QPS_PER_ENTITY);
        config.put("rhcc.aeron.archive.enabled", "off");
        config.put(FrameAuthSettings.KEY_FILE, TestNodes.frameKeyFile(config).toString());
        final RhccNode node = RhccNode.start(RhccConfig.load(null, config));
        resources.add(node::close);
        // the platform's end of the command stream, so that the node's rate updaters connect and become ready
        final NodeSettings s = node.settings();
        final Subscription platform = node.context().aeron().addSubscription(s.platformCommandChannel(),
            s.platformCommandStream());
        resources.add(platform);
        return node;
    }

    private static SessionSpec spec(final int senderHostId)
    {
        return new SessionSpec(SessionClient.newSessionId(), "rhcc", Map.of(), QPS, 100.0, 2, 0, senderHostId);
    }

    private static Set<String> blocks(final SessionSpec spec)
    {
        final Set<String> ids = new TreeSet<>();
        for (int block = 0; block < QPS / QPS_PER_ENTITY; block++)
        {
            ids.add(QpBlockEntity.entityId(spec.sessionId(), block));
        }
        return ids;
    }

    private static Set<String> entities(final RhccNode node, final int senderHostId)
    {
        final ActorRef<org.apache.pekko.cluster.sharding.typed.ClusterShardingQuery> query =
            ClusterSharding.get(node.system()).shardState();
        final ShardRegion.CurrentShardRegionState state;
        try
        {
            state = AskPattern.<org.apache.pekko.cluster.sharding.typed.ClusterShardingQuery,
                ShardRegion.CurrentShardRegionState>ask(query, (replyTo) ->
                new GetShardRegionState(QpBlockSharding.typeKey(senderHostId), replyTo), TIMEOUT,
                node.system().scheduler()).toCompletableFuture().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException(ex);
        }
        final Set<String> ids = new TreeSet<>();
        for (final ShardRegion.ShardState shard : state.getShards())
        {
            ids.addAll(shard.getEntityIds());
        }
        return ids;
    }
}
