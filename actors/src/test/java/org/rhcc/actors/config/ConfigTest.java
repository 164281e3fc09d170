package org.rhcc.actors.config;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.Map;

import com.typesafe.config.Config;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNodes;
import org.rhcc.actors.node.RhccNode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigTest
{
    @Test
    void shouldMoveEveryDerivedPathWithTheWorkDir()
    {
        final Config config = RhccConfig.load(null, Map.of("rhcc.work-dir", "/tmp/run-7"));
        final NodeSettings settings = NodeSettings.from(config);

        assertEquals(Path.of("/tmp/run-7/archive"), settings.nodeArchiveDir().getParent());
        assertEquals("jdbc:h2:file:/tmp/run-7/journal;AUTO_SERVER=TRUE;WRITE_DELAY=0",
            config.getString("pekko-persistence-jdbc.shared-databases.slick.db.url"));
        assertEquals(1024, settings.qpsPerEntity());
        assertEquals(100_000L, settings.controlIntervalNs());
    }

    @Test
    void shouldNameEachNodesArchiveAfterTheNodeUnlessConfigured()
    {
        final Config sender = RhccConfig.load(null, Map.of("pekko.cluster.roles", java.util.List.of("sender"),
            "pekko.remote.artery.canonical.hostname", "10.0.0.3", "pekko.remote.artery.canonical.port", 25520));
        assertEquals("sender-10.0.0.3-25520", NodeSettings.from(sender).archiveName());

        final Config anyPort = RhccConfig.load(null, Map.of("pekko.cluster.roles", java.util.List.of("sim", "receiver"),
            "pekko.remote.artery.canonical.hostname", "127.0.0.1", "pekko.remote.artery.canonical.port", 0));
        assertEquals("sim-receiver-127.0.0.1-pid" + ProcessHandle.current().pid(),
            NodeSettings.from(anyPort).archiveName());

        final Config named = RhccConfig.load(null, Map.of("rhcc.aeron.archive.name", "rx1"));
        assertEquals("rx1", NodeSettings.from(named).archiveName());
    }

    @Test
    void shouldLoadTheLowLatencyProfileOnTopOfTheSingleHostDeployment()
    {
        final NodeSettings settings = NodeSettings.from(
            RhccConfig.load(Path.of("../conf/profiles/low-latency.conf"), Map.of()));

        assertEquals(java.util.List.of("sim", "receiver", "sender"), settings.roles());
        assertEquals("busy-spin", settings.idleStrategy());
        assertEquals("sleep-10ms", settings.driverIdleStrategy());
        assertEquals(16 << 20, settings.termLengthBytes());
    }

    @Test
    void shouldSelectPostgresqlWithItsProfileAndDriver()
    {
        final Config config = RhccConfig.load(null, Map.of("rhcc.journal.backend", "postgres"));

        assertEquals("slick.jdbc.PostgresProfile$",
            config.getString("pekko-persistence-jdbc.shared-databases.slick.profile"));
        assertEquals("jdbc:postgresql://127.0.0.1:5432/test",
            config.getString("pekko-persistence-jdbc.shared-databases.slick.db.url"));
    }

    @Test
    void shouldRejectBadSettingsNamingTheKey()
    {
        final IllegalArgumentException blocks = assertThrows(IllegalArgumentException.class,
            () -> NodeSettings.from(RhccConfig.load(null, Map.of("rhcc.sender.qps-per-entity", 1000))));
        assertTrue(blocks.getMessage().contains("rhcc.sender.qps-per-entity"), blocks.getMessage());
        final IllegalArgumentException backend = assertThrows(IllegalArgumentException.class,
            () -> RhccConfig.load(null, Map.of("rhcc.journal.backend", "cassandra")));
        assertTrue(backend.getMessage().contains("use h2 or postgres"), backend.getMessage());
        final IllegalArgumentException role = assertThrows(IllegalArgumentException.class,
            () -> NodeSettings.from(RhccConfig.load(null, Map.of("pekko.cluster.roles", java.util.List.of("x")))));
        assertTrue(role.getMessage().contains("'x'"), role.getMessage());
        final IllegalArgumentException hardware = assertThrows(IllegalArgumentException.class,
            () -> NodeSettings.from(RhccConfig.load(null, Map.of("rhcc.receiver.hardware", "real"))));
        assertTrue(hardware.getMessage().startsWith("rhcc.receiver.hardware = 'real' must be simulated"),
            hardware.getMessage());
    }

    @Test
    void shouldRefuseAReceiverOnThisHostThatWasGivenNoHardware()
    {
        final Config config = RhccConfig.load(null, Map.of("rhcc.receiver.hardware", "host",
            "pekko.cluster.roles", java.util.List.of("receiver")));
        assertTrue(NodeSettings.from(config).receiverOnHost());

        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> RhccNode.start(config).close());
        assertTrue(ex.getMessage().startsWith("rhcc.receiver.hardware = host, but nothing opened this host's " +
            "hardware"), ex.getMessage());
    }

    @Test
    void shouldGiveASenderNodeTheRoleOfEverySenderHostItOwns()
    {
        final NodeSettings defaults = NodeSettings.from(RhccConfig.load(null, Map.of()));
        assertEquals(java.util.List.of(1), defaults.senderHosts());
        assertEquals(1, defaults.senderHostId());
        assertEquals(java.util.List.of("sim", "receiver", "sender", "sender-host-1"), defaults.clusterRoles());

        final NodeSettings two = NodeSettings.from(RhccConfig.load(null, Map.of("pekko.cluster.roles",
            java.util.List.of("sender"), "rhcc.node.sender-hosts", java.util.List.of(2, 3))));
        assertEquals(java.util.List.of("sender", "sender-host-2", "sender-host-3"), two.clusterRoles());
        assertTrue(two.ownsSenderHost(3));
        assertTrue(!two.ownsSenderHost(1));
        final NodeSettings receiver = NodeSettings.from(RhccConfig.load(null, Map.of("pekko.cluster.roles",
            java.util.List.of("receiver"), "rhcc.node.sender-hosts", java.util.List.of())));
        assertEquals(java.util.List.of("receiver"), receiver.clusterRoles());

        final IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
            () -> NodeSettings.from(RhccConfig.load(null, Map.of("rhcc.node.sender-hosts", java.util.List.of()))));
        assertTrue(empty.getMessage().startsWith("rhcc.node.sender-hosts is empty on a node with the sender role"),
            empty.getMessage());
        final IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
            () -> NodeSettings.from(RhccConfig.load(null, Map.of("rhcc.node.sender-hosts", java.util.List.of(1, 1)))));
        assertTrue(twice.getMessage().contains("distinct"), twice.getMessage());
    }

    @Test
    void shouldCreateTheH2SchemaIdempotently() throws Exception
    {
        final JournalSettings journal = JournalSettings.of(TestNodes.workDir("schema").resolve("journal").toString());
        JournalSchema.ensure(journal);
        JournalSchema.ensure(journal);

        try (Connection c = DriverManager.getConnection(journal.url(), "sa", "");
            ResultSet tables = c.getMetaData().getTables(null, "PUBLIC", "event_journal", null))
        {
            assertTrue(tables.next());
        }
        assertEquals("CREATE UNIQUE INDEX IF NOT EXISTS \"i\" on t (\"o\")",
            JournalSchema.patch("CREATE UNIQUE INDEX \"i\" on t (\"o\")"));
    }

    @Test
    void shouldTellAJournalFileFromAUrl()
    {
        assertEquals(JournalSettings.POSTGRES, JournalSettings.of("jdbc:postgresql://h/db").backend());
        assertTrue(JournalSettings.of("/x/journal.mv.db").url().startsWith("jdbc:h2:file:/x/journal;"));
        assertThrows(IllegalArgumentException.class, () -> JournalSettings.of("jdbc:mysql://h/db"));
    }
}
