package org.rhcc.actors.node;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNodes;
import org.rhcc.actors.config.FrameAuthSettings;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.config.RhccConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node that cannot start says why on one line, before it holds anything: Artery's port or a platform stream's UDP
 * port in use, a journal it cannot open (PostgreSQL at a wrong port, an H2 file another process holds), a cluster it
 * does not join within {@code rhcc.node.join-timeout}.
 */
class NodeStartFailureTest
{
    @Test
    void shouldRefuseAnArteryPortInUse() throws IOException
    {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            final Map<String, Object> config = config("artery-port", NodeSettings.ROLE_SIM);
            config.put("pekko.remote.artery.canonical.port", taken.getLocalPort());

            final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> RhccNode.start(RhccConfig.load(null, config)));

            assertEquals("pekko.remote.artery.canonical.port: 127.0.0.1:" + taken.getLocalPort() + " is in use by " +
                "another process (another rhcc node?): stop it, or give this node another port in " +
                "pekko.remote.artery.canonical.port", ex.getMessage());
        }
    }

    @Test
    void shouldRefuseAnHttpEndpointPortInUseOrNotAPort() throws IOException
    {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            final Map<String, Object> config = config("http-port", NodeSettings.ROLE_SIM);
            config.put("rhcc.node.http-port", taken.getLocalPort());

            final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> RhccNode.start(RhccConfig.load(null, config)));

            assertEquals("rhcc.node.http-port: 127.0.0.1:" + taken.getLocalPort() + " is in use by another process " +
                "(another rhcc node?): stop it, or give this node another port in rhcc.node.http-port",
                ex.getMessage());
        }
        final Map<String, Object> config = config("http-port-bad", NodeSettings.ROLE_SIM);
        config.put("rhcc.node.http-port", "on");
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> RhccNode.start(RhccConfig.load(null, config)));
        assertEquals("rhcc.node.http-port = 'on': use a port (1-65535), auto (the Artery port + 1000) or off",
            ex.getMessage());
    }

    @Test
    void shouldRefuseAnAeronUdpPortInUse() throws IOException
    {
        try (DatagramSocket taken = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)))
        {
            final Map<String, Object> config = config("aeron-port", NodeSettings.ROLE_RECEIVER);
            config.put("rhcc.aeron.platform.iio-channel", "aeron:udp?endpoint=127.0.0.1:" + taken.getLocalPort());

            final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> RhccNode.start(RhccConfig.load(null, config)));

            assertTrue(ex.getMessage().startsWith("rhcc.aeron.platform.iio-channel: 127.0.0.1:" +
                taken.getLocalPort() + " is in use by another process"), ex.getMessage());
        }
    }

    @Test
    void shouldRefuseAPostgresqlJournalAtAWrongPort() throws IOException
    {
        final int closedPort = closedPort();
        final Map<String, Object> config = config("postgres", NodeSettings.ROLE_SENDER);
        config.put("rhcc.journal.backend", "postgres");
        config.put("rhcc.journal.postgres.url", "jdbc:postgresql://127.0.0.1:" + closedPort + "/rhcc");

        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> RhccNode.start(RhccConfig.load(null, config)));

        assertTrue(ex.getMessage().startsWith("cannot open the journal postgres jdbc:postgresql://127.0.0.1:" +
            closedPort + "/rhcc: "), ex.getMessage());
        assertTrue(ex.getMessage().endsWith("(check the host and port of rhcc.journal.postgres.url and that " +
            "PostgreSQL accepts connections there)"), ex.getMessage());
        assertEquals(1, ex.getMessage().lines().count(), ex.getMessage());
    }

    @Test
    void shouldRefuseAnH2JournalAnotherProcessHolds() throws Exception
    {
        final Map<String, Object> config = config("h2-locked", NodeSettings.ROLE_SENDER);
        final Path journal = Path.of(config.get("rhcc.work-dir").toString(), "journal");
        final Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), H2Holder.class.getName(), journal.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(),
            StandardCharsets.UTF_8)))
        {
            assertEquals("open", out.readLine(), "the other process holds the file");

            final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> RhccNode.start(RhccConfig.load(null, config)));

            assertTrue(ex.getMessage().startsWith("cannot open the journal h2 jdbc:h2:file:" + journal),
                ex.getMessage());
            assertTrue(ex.getMessage().endsWith("(another process holds the H2 file without AUTO_SERVER (an H2 " +
                "console or tool): stop it, or point rhcc.work-dir elsewhere)"), ex.getMessage());
            assertEquals(1, ex.getMessage().lines().count(), ex.getMessage());
        }
        finally
        {
            holder.getOutputStream().close();
            assertTrue(holder.waitFor(30, TimeUnit.SECONDS), "the holder exits when its input closes");
        }
    }

    /**
     * An H2 tool in another JVM: opens the file database without AUTO_SERVER (holding its lock alone), says "open",
     * and keeps it until its standard input closes.
     */
    public static final class H2Holder
    {
        private H2Holder()
        {
        }

        /**
         * @param args the database path.
         * @throws Exception if the database cannot be opened.
         */
        public static void main(final String[] args) throws Exception
        {
            try (Connection connection = DriverManager.getConnection("jdbc:h2:file:" + args[0], "sa", ""))
            {
                System.out.println(connection.isValid(1) ? "open" : "closed");
                System.out.flush();
                System.in.transferTo(OutputStream.nullOutputStream());
            }
        }
    }

    @Test
    void shouldGiveUpJoiningUnreachableSeedsAfterTheJoinTimeout() throws IOException
    {
        final int closedPort = closedPort();
        final Map<String, Object> config = config("seeds", NodeSettings.ROLE_SIM);
        final String seed = "pekko://rhcc@127.0.0.1:" + closedPort;
        config.put("pekko.cluster.seed-nodes", List.of(seed));
        config.put("rhcc.node.join-timeout", "2s");

        try (RhccNode node = RhccNode.start(RhccConfig.load(null, config)))
        {
            final long startNs = System.nanoTime();
            final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, node::awaitJoined);
            final long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs);

            assertEquals("did not join the cluster of seed nodes [" + seed + "] within 2 s " +
                "(rhcc.node.join-timeout): check that a seed node runs there and is reachable, and that every node " +
                "has the same pekko.remote.artery.transport and keys from the same CA (rhcc certs)", ex.getMessage());
            assertTrue(waitedMs >= 2000 && waitedMs < Duration.ofSeconds(10).toMillis(), waitedMs + " ms");
        }
    }

    private static int closedPort() throws IOException
    {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            return probe.getLocalPort();
        }
    }

    private static Map<String, Object> config(final String name, final String role)
    {
        final Map<String, Object> config = new LinkedHashMap<>();
        config.put("rhcc.work-dir", TestNodes.workDir(name).toString());
        config.put("pekko.cluster.roles", List.of(role));
        config.put("pekko.remote.artery.canonical.port", 0);
        config.put("rhcc.aeron.archive.enabled", "off");
        config.put(FrameAuthSettings.KEY_FILE, TestNodes.frameKeyFile(config).toString());
        return config;
    }
}
