package org.rhcc.actors.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import com.typesafe.config.Config;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every configuration error a node can catch before it starts is one line naming the problem and the fix: a file
 * that does not parse, an unknown rhcc key (with the closest valid one), a secret in a file others may read, plain
 * tcp off loopback, TLS without usable stores, a join timeout that is not positive.
 */
class ConfigValidationTest
{
    @TempDir
    Path dir;

    @Test
    void shouldNameTheClosestValidKeyOfATypo() throws IOException
    {
        final Path file = write("node.conf", "rhcc.node.sender-host = [2]\n");

        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> RhccConfig.load(file, Map.of()));

        assertEquals("unknown key rhcc.node.sender-host (" + file + ": 1): did you mean rhcc.node.sender-hosts? " +
            "(every key is documented in conf/reference.conf)", ex.getMessage());
        oneLine(ex);
    }

    @Test
    void shouldAcceptAnyKeyOfAnOpenBlockAndTheProfiles()
    {
        assertDoesNotThrow(() -> RhccConfig.load(null, Map.of("rhcc.session.params.i_thr", 50)));
        for (final String profile : List.of("single-host", "low-latency", "real-host-receiver", "three-host", "tls"))
        {
            assertDoesNotThrow(() -> RhccConfig.load(Path.of("../conf/profiles/" + profile + ".conf"), Map.of()),
                profile);
        }
        final UnknownKeys keys = UnknownKeys.ofReference();
        assertTrue(keys.known("rhcc.receiver.host.heartbeat-file"));
        assertEquals("rhcc.journal.h2.path", keys.closest("rhcc.journal.h2.pth"));
    }

    @Test
    void shouldRefuseAFileThatDoesNotParseOnOneLine() throws IOException
    {
        final Path file = write("broken.conf", "rhcc {\n  node.join-timeout = 3s\n");

        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> RhccConfig.load(file, Map.of()));

        assertTrue(ex.getMessage().startsWith("invalid configuration: " + file + ": "), ex.getMessage());
        assertTrue(ex.getMessage().endsWith("(fix the file; every rhcc key and its type is documented in " +
            "conf/reference.conf)"), ex.getMessage());
        oneLine(ex);
    }

    @Test
    void shouldRefuseASecretInAFileOthersMayRead() throws IOException
    {
        final Path file = write("journal.conf", "rhcc.journal.postgres.password = \"s3cret\"\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> RhccConfig.load(file, Map.of()));

        assertEquals(file + " holds a secret (rhcc.journal.postgres.password) and its group or other users may " +
            "read it: chmod 600 " + file, ex.getMessage());
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        assertDoesNotThrow(() -> RhccConfig.load(file, Map.of()));
        final Path noSecret = write("plain.conf", "rhcc.journal.postgres.password = \"\"\n");
        Files.setPosixFilePermissions(noSecret, PosixFilePermissions.fromString("rw-r--r--"));
        assertDoesNotThrow(() -> RhccConfig.load(noSecret, Map.of()), "an empty password is no secret");
    }

    @Test
    void shouldAllowPlainTcpOnLoopbackOnly()
    {
        assertDoesNotThrow(() -> RemotingSecurity.check(RhccConfig.load(null, Map.of())));

        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> RemotingSecurity.check(RhccConfig.load(null,
                Map.of("pekko.remote.artery.canonical.hostname", "10.0.0.2"))));

        assertTrue(ex.getMessage().startsWith("pekko.remote.artery.transport = tcp on 10.0.0.2 " +
            "(pekko.remote.artery.canonical.hostname) would let any host join the cluster: include " +
            "profiles/tls.conf"), ex.getMessage());
        final IllegalArgumentException bind = assertThrows(IllegalArgumentException.class,
            () -> RemotingSecurity.check(RhccConfig.load(null,
                Map.of("pekko.remote.artery.bind.hostname", "0.0.0.0"))));
        assertTrue(bind.getMessage().contains("(pekko.remote.artery.bind.hostname)"), bind.getMessage());
    }

    @Test
    void shouldRefuseTlsWithoutItsStoresOrWithoutMutualAuthentication() throws IOException
    {
        final Path tls = Path.of("../conf/profiles/tls.conf");
        final IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
            () -> RemotingSecurity.check(RhccConfig.load(tls, Map.of())));
        assertTrue(missing.getMessage().startsWith("pekko.remote.artery.ssl.config-ssl-engine.key-store keystore " +
            "does not exist: make them with 'rhcc certs"), missing.getMessage());

        final Path junk = write("node.p12", "not a key store");
        Files.setPosixFilePermissions(junk, PosixFilePermissions.fromString("rw-------"));
        final IllegalArgumentException unreadable = assertThrows(IllegalArgumentException.class,
            () -> RemotingSecurity.check(RhccConfig.load(tls,
                Map.of("pekko.remote.artery.ssl.config-ssl-engine.key-store", junk.toString()))));
        assertTrue(unreadable.getMessage().startsWith("cannot open pekko.remote.artery.ssl.config-ssl-engine" +
            ".key-store " + junk), unreadable.getMessage());
        oneLine(unreadable);

        Files.setPosixFilePermissions(junk, PosixFilePermissions.fromString("rw-r--r--"));
        final IllegalArgumentException shared = assertThrows(IllegalArgumentException.class,
            () -> RemotingSecurity.check(RhccConfig.load(tls,
                Map.of("pekko.remote.artery.ssl.config-ssl-engine.key-store", junk.toString()))));
        assertTrue(shared.getMessage().endsWith("chmod 600 " + junk), shared.getMessage());

        final IllegalArgumentException oneWay = assertThrows(IllegalArgumentException.class,
            () -> RemotingSecurity.check(RhccConfig.load(tls,
                Map.of("pekko.remote.artery.ssl.config-ssl-engine.require-mutual-authentication", "off"))));
        assertTrue(oneWay.getMessage().endsWith("require-mutual-authentication = off would let a node without a " +
            "key of the cluster's CA connect: set it on"), oneWay.getMessage());
    }

    @Test
    void shouldRefuseAJoinTimeoutThatIsNotPositive()
    {
        final Config config = RhccConfig.load(null, Map.of("rhcc.node.join-timeout", "0s"));

        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> NodeSettings.from(config));

        assertEquals("rhcc.node.join-timeout must be positive (e.g. 30s), got PT0S", ex.getMessage());
        assertEquals(java.time.Duration.ofSeconds(30), NodeSettings.from(RhccConfig.load(null, Map.of()))
            .joinTimeout());
    }

    @Test
    void shouldServeTheH2JournalOnLoopbackOnly() throws Exception
    {
        final Config config = RhccConfig.load(null, Map.of("rhcc.work-dir", dir.toString()));
        final JournalSettings journal = JournalSettings.from(config);

        try (Connection connection = DriverManager.getConnection(journal.url(), journal.user(), journal.password()))
        {
            assertTrue(connection.isValid(1));
            final Properties lock = new Properties();
            try (InputStream in = Files.newInputStream(dir.resolve("journal.lock.db")))
            {
                lock.load(in);
            }
            final String server = lock.getProperty("server");
            final int port = Integer.parseInt(server.substring(server.lastIndexOf(':') + 1));
            // /proc/net/tcp and tcp6: local address in hex (127.0.0.1, or ::ffff:127.0.0.1 on a dual-stack socket,
            // end in 0100007F), state 0A = LISTEN
            final String listening = String.format("0100007F:%04X", port);
            final List<String> sockets = new java.util.ArrayList<>();
            for (final String table : List.of("/proc/net/tcp", "/proc/net/tcp6"))
            {
                sockets.addAll(Files.readAllLines(Path.of(table)).stream()
                    .filter((line) -> line.contains(String.format(":%04X ", port)) && line.contains(" 0A ")).toList());
            }
            assertEquals(1, sockets.size(), sockets::toString);
            assertTrue(sockets.get(0).contains(listening), sockets.get(0));
        }
    }

    private Path write(final String name, final String text) throws IOException
    {
        return Files.writeString(dir.resolve(name), text);
    }

    private static void oneLine(final Exception ex)
    {
        assertEquals(1, ex.getMessage().lines().count(), ex.getMessage());
    }
}
