package org.rhcc.metrics;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.actors.config.FrameAuthSettings;
import org.rhcc.actors.config.HttpEndpointSettings;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.config.RhccConfig;
import org.rhcc.actors.node.RhccNode;
import org.rhcc.transport.auth.FrameKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code /health} and {@code /ready} of a real receiver node whose journal is PostgreSQL (127.0.0.1:5432, user
 * postgres, trust auth, as the journal tests use; skipped without it), reached through a TCP relay the test can cut:
 * alive from the start; not ready, with the reason, until it has joined its cluster (its seed node starts later);
 * ready once it is Up; not ready, naming the journal, while the journal cannot be reached; ready again when it can.
 */
class NodeReadinessTest
{
    @Test
    void shouldBeReadyOnlyWhenJoinedAndItsJournalAnswers() throws Exception
    {
        assumeTrue(postgresListening(), "PostgreSQL on 127.0.0.1:5432");
        final String database = "rhcc_metrics_" + System.nanoTime();
        execute("postgres", "CREATE DATABASE " + database);
        final Path work = TestSupport.workDir("readiness");
        final Path frameKey = FrameKey.random().writeNew(work.resolve("frame.key"));
        final int seedPort = TestSupport.freePort();
        final int httpPort = TestSupport.freePort();
        try (TcpRelay relay = new TcpRelay("127.0.0.1", 5432))
        {
            relay.start();
            final Map<String, Object> receiver = new LinkedHashMap<>();
            receiver.put("rhcc.work-dir", work.resolve("receiver").toString());
            receiver.put("pekko.cluster.roles", List.of(NodeSettings.ROLE_RECEIVER));
            receiver.put("pekko.cluster.seed-nodes", List.of("pekko://rhcc@127.0.0.1:" + seedPort));
            receiver.put("pekko.cluster.seed-node-timeout", "1s");
            receiver.put("pekko.cluster.retry-unsuccessful-join-after", "1s");
            receiver.put("pekko.remote.artery.canonical.port", TestSupport.freePort());
            receiver.put("rhcc.aeron.archive.enabled", "off");
            receiver.put(FrameAuthSettings.KEY_FILE, frameKey.toString());
            receiver.put("rhcc.journal.backend", "postgres");
            receiver.put("rhcc.journal.postgres.url", "jdbc:postgresql://127.0.0.1:" + relay.port() + "/" + database);
            receiver.put(HttpEndpointSettings.PORT_KEY, httpPort);
            try (RhccNode node = RhccNode.start(RhccConfig.load(null, receiver)))
            {
                assertEquals(new Scrape.Answer(200, "ok\n"), Scrape.get(httpPort, "/health"));
                final Scrape.Answer joining = Scrape.get(httpPort, "/ready");
                assertEquals(503, joining.status());
                assertEquals("not ready: has not joined its cluster yet (seed nodes [pekko://rhcc@127.0.0.1:" +
                    seedPort + "])\n", joining.body());

                final Map<String, Object> seed = new LinkedHashMap<>();
                seed.put("rhcc.work-dir", work.resolve("seed").toString());
                seed.put("pekko.cluster.roles", List.of(NodeSettings.ROLE_SIM));
                seed.put("pekko.cluster.seed-nodes", List.of());
                seed.put("pekko.remote.artery.canonical.port", seedPort);
                seed.put(FrameAuthSettings.KEY_FILE, frameKey.toString());
                seed.put(HttpEndpointSettings.PORT_KEY, "off");
                try (RhccNode seedNode = RhccNode.start(RhccConfig.load(null, seed)))
                {
                    TestSupport.await(Duration.ofSeconds(30), "/ready 200 once joined",
                        () -> 200 == Scrape.get(httpPort, "/ready").status());
                    assertEquals("ready\n", Scrape.get(httpPort, "/ready").body());
                    assertEquals(2.0, Scrape.value(Scrape.metrics(httpPort), "rhcc_cluster_members{status=\"up\"}"),
                        "the receiver and its seed " + seedNode.address());
                    assertEquals(1.0, Scrape.value(Scrape.metrics(httpPort), "rhcc_node_info{address=\"" +
                        node.address() + "\",roles=\"receiver\",status=\"up\"}"));

                    relay.stop();
                    TestSupport.await(Duration.ofSeconds(15), "/ready 503 without the journal",
                        () -> 503 == Scrape.get(httpPort, "/ready").status());
                    final String cut = Scrape.get(httpPort, "/ready").body();
                    assertTrue(cut.startsWith("not ready: journal postgres jdbc:postgresql://127.0.0.1:" +
                        relay.port() + "/" + database + " unreachable: "), cut);
                    assertEquals(200, Scrape.get(httpPort, "/health").status(), "alive all the same");

                    relay.start();
                    TestSupport.await(Duration.ofSeconds(15), "/ready 200 with the journal back",
                        () -> 200 == Scrape.get(httpPort, "/ready").status());
                }
            }
        }
        finally
        {
            execute("postgres", "DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
        }
    }

    private static boolean postgresListening()
    {
        try (Socket socket = new Socket())
        {
            socket.connect(new InetSocketAddress("127.0.0.1", 5432), 500);
            return true;
        }
        catch (final java.io.IOException ex)
        {
            return false;
        }
    }

    private static void execute(final String database, final String sql) throws Exception
    {
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/" + database,
            "postgres", ""); Statement statement = connection.createStatement())
        {
            statement.execute(sql);
        }
    }
}
