package org.rhcc.multijvm;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rhcc.multijvm.HandStartedCluster.Alias;
import static org.rhcc.multijvm.HandStartedCluster.RECEIVER;
import static org.rhcc.multijvm.HandStartedCluster.SENDER_A;
import static org.rhcc.multijvm.HandStartedCluster.SENDER_B;
import static org.rhcc.multijvm.HandStartedCluster.SIM;

/**
 * The README's "Running a cluster by hand" on one host, one cluster for three checks in order: four
 * {@code rhcc node} processes on their loopback aliases, each configured with the three-host profile and its keys
 * from {@code rhcc certs}, join over Artery TLS and journal to a fresh PostgreSQL database; only a node holding a key
 * of the cluster's CA joins: a node whose key another CA signed, and a node of plain Artery tcp without any key
 * (accepted at start, since its address is loopback), both seed at the sim node, never become members (the sim node,
 * which formed the cluster and leads it, sees only its own nodes join) and stop after their join timeout with one line
 * and exit status 2, the intruder logging the certificate it refused with the seed's address; SIGTERM then stops each
 * member, the sim node last, and each other node leaves the cluster (the sim node, its leader, confirms it exiting)
 * rather than being dropped from it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HandStartedClusterTest
{
    /**
     * Exit status of a node stopped by SIGTERM: its shutdown hook stops the node, and the JVM, whose shutdown the
     * signal began, exits with 128 + 15 as any JVM does (System.exit(0) from the command's return cannot change a
     * status once shutdown has begun).
     */
    private static final int SIGTERM_EXIT = 143;
    /** Longest a node may take to stop: its Aeron driver and archive close too, on two cores shared by four nodes. */
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    private static final List<String> MEMBERS = List.of(SIM, RECEIVER, SENDER_A, SENDER_B);
    private static final String OUTSIDER_JOIN_TIMEOUT = "10s";
    /**
     * Longest an outsider may run once it has started and begins to join (its "started" line: the node's Aeron driver,
     * archive and endpoints came before, which took up to 15 s on two loaded cores): its join timeout + 15 s.
     */
    private static final Duration OUTSIDER_JOIN_BOUND = Duration.ofSeconds(10 + 15);
    /** Longest wait for an outsider to exit from its launch: the JVM's own start may take 15 s on a loaded machine. */
    private static final Duration OUTSIDER_EXIT_TIMEOUT = Duration.ofSeconds(10 + 60);
    private static final String INTRUDER = "intruder";
    private static final String PLAIN = "plain";
    /** Pekko's line for a joining node, on the leader (INFO of org.apache.pekko.cluster.Cluster, logback-test.xml). */
    private static final Pattern JOINING = Pattern.compile("Node \\[pekko://rhcc@([0-9.]+):\\d+] is JOINING");

    private static Path dir;
    private static HandStartedCluster cluster;
    private static long upMs;

    @BeforeAll
    static void startCluster()
    {
        final long startNs = System.nanoTime();
        dir = RunDirectory.create("hand-started");
        cluster = HandStartedCluster.builder(dir).withSenderB().start();
        upMs = (System.nanoTime() - startNs) / 1_000_000;
    }

    @AfterAll
    static void stopCluster()
    {
        if (null != cluster)
        {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void shouldJoinFourNodesOverTlsWithAPostgresJournal() throws Exception
    {
        final Map<String, List<String>> expected = new LinkedHashMap<>();
        expected.put(SIM, List.of(Alias.SIM, "sim"));
        expected.put(RECEIVER, List.of(Alias.RECEIVER, "receiver"));
        expected.put(SENDER_A, List.of(Alias.SENDER_A, "sender"));
        expected.put(SENDER_B, List.of(Alias.SENDER_B, "sender"));
        assertEquals(expected.keySet(), cluster.nodes().keySet());
        for (final Map.Entry<String, List<String>> node : expected.entrySet())
        {
            final List<String> log = cluster.node(node.getKey()).logLines();
            final Pattern up = Pattern.compile(Pattern.quote("rhcc node up: pekko://rhcc@" +
                node.getValue().get(0) + ":") + "\\d+ roles \\[" + node.getValue().get(1) + "]");
            assertTrue(log.stream().anyMatch(line -> up.matcher(line).matches()), node.getKey() + " up: " + log);
            assertTrue(log.stream().anyMatch(line -> line.contains("Remoting started with transport [Artery " +
                "tls-tcp]")), node.getKey() + " runs Artery over TLS: " + log);
        }
        final List<String> simLog = cluster.node(SIM).logLines();
        for (final String alias : List.of(Alias.RECEIVER, Alias.SENDER_A, Alias.SENDER_B))
        {
            assertTrue(simLog.stream().anyMatch(line -> line.contains("Leader is moving node [pekko://rhcc@" +
                alias + ":") && line.contains("to [Up]")), "the sim node moved " + alias + " to Up: " + simLog);
        }
        assertTrue(simLog.stream().anyMatch(line -> line.contains("Node [pekko://rhcc@" + Alias.SENDER_B + ":") &&
            line.contains("is JOINING, roles [sender, sender-host-2,")), "sender-b owns sender host 2: " + simLog);

        final Set<String> tables = cluster.database().tables();
        assertTrue(tables.containsAll(Set.of("event_journal", "event_tag", "snapshot", "durable_state")),
            "journal tables in " + cluster.database().name() + ": " + tables);
        System.out.printf("hand-started cluster: 4 nodes up in %d ms%n", upMs);
    }

    @Test
    @Order(2)
    void shouldRefuseANodeOfAnotherCaAndANodeWithoutKeys()
    {
        final Path other = HandStartedCluster.certs(dir.resolve("other"), List.of(INTRUDER));
        cluster.writeConfig(INTRUDER, Alias.OUTSIDER, other.resolve(INTRUDER + ".conf"), outsider(Map.of()));
        cluster.writeConfig(PLAIN, Alias.OUTSIDER, null, outsider(Map.of("pekko.remote.artery.transport", "tcp")));

        final long outsidersStartNs = System.nanoTime();
        final NodeProcess intruder = cluster.startNode(INTRUDER, "sender");
        final NodeProcess plain = cluster.startNode(PLAIN, "sender");
        final int intruderExit = intruder.exitCode(OUTSIDER_EXIT_TIMEOUT);
        final int plainExit = plain.exitCode(OUTSIDER_EXIT_TIMEOUT);
        final long outsidersMs = (System.nanoTime() - outsidersStartNs) / 1_000_000;
        final long intruderJoinMs = (intruder.exitNs() - intruder.startedNs()) / 1_000_000;
        final long plainJoinMs = (plain.exitNs() - plain.startedNs()) / 1_000_000;

        for (final NodeProcess outsider : List.of(intruder, plain))
        {
            assertTrue(outsider.startedNs() > 0, outsider.name() + " started: " + outsider.logTail());
        }
        for (final long joinMs : new long[] {intruderJoinMs, plainJoinMs})
        {
            assertTrue(joinMs < OUTSIDER_JOIN_BOUND.toMillis(), "stopped within its join timeout + 15 s of " +
                "starting to join: " + joinMs + " ms");
        }
        final String refusal = "rhcc node: did not join the cluster of seed nodes [" + cluster.simAddress() +
            "] within 10 s (rhcc.node.join-timeout)";
        for (final NodeProcess outsider : List.of(intruder, plain))
        {
            assertEquals(2, outsider == intruder ? intruderExit : plainExit, outsider.logTail());
            final List<String> err = outsider.stderrLines();
            assertFalse(err.isEmpty(), outsider.name() + " said why it stopped");
            final String last = err.get(err.size() - 1);
            assertTrue(last.startsWith(refusal), outsider.name() + "'s last line: " + last);
            assertFalse(outsider.logLines().stream().anyMatch(l -> l.startsWith(NodeProcess.UP_PREFIX)),
                outsider.name() + " never up");
        }
        assertTrue(intruder.logLines().stream().anyMatch(line -> line.contains("SSLHandshakeException")),
            "the intruder's TLS handshakes failed: " + intruder.logTail());
        assertTrue(plain.logLines().stream().anyMatch(line -> line.contains("Remoting started with transport " +
            "[Artery tcp]")), "the plain node passed rhcc's start checks (tcp on loopback): " + plain.logTail());

        // TLS 1.3: the joining node checks the seed's certificate first and refuses it, naming the seed
        final String refused = intruder.logLines().stream().filter(l -> l.contains("refused to connect to"))
            .findFirst().orElse("");
        assertTrue(refused.contains(Alias.SIM) && refused.contains("CN=" + SIM) &&
            refused.contains("is not signed by this cluster's CA"), "the intruder logged the refused " +
            "certificate with the peer's address: " + intruder.logTail());
        final List<String> simLog = cluster.node(SIM).logLines();
        assertEquals(Set.of(Alias.SIM, Alias.RECEIVER, Alias.SENDER_A, Alias.SENDER_B), joined(simLog),
            "the sim node, the cluster's leader, saw only its own nodes join: " + simLog);
        for (final NodeProcess node : cluster.nodes().values())
        {
            assertEquals(node == intruder || node == plain, !node.isAlive(), node.name() + " runs");
        }
        System.out.printf("tls join refused: intruder and plain-tcp node refused, exit %d and %d, %d and %d ms " +
            "after they started to join (both gone %d ms after launch); intruder: %s%n", intruderExit, plainExit,
            intruderJoinMs, plainJoinMs, outsidersMs, refused);
    }

    @Test
    @Order(3)
    void shouldStopEveryMemberWithSigtermAndLetItLeave()
    {
        final Map<String, Integer> exitCodes = new ConcurrentHashMap<>();
        final long stopStartNs = System.nanoTime();
        MEMBERS.stream().filter(name -> !SIM.equals(name)).parallel()
            .forEach(name -> exitCodes.put(name, cluster.node(name).stop(STOP_TIMEOUT)));
        exitCodes.put(SIM, cluster.node(SIM).stop(STOP_TIMEOUT));
        final long stopMs = (System.nanoTime() - stopStartNs) / 1_000_000;
        System.out.printf("hand-started cluster: 4 nodes stopped by SIGTERM in %d ms, exit codes %s%n", stopMs,
            exitCodes);
        final List<String> simLogAtStop = cluster.node(SIM).logLines();
        for (final String alias : List.of(Alias.RECEIVER, Alias.SENDER_A, Alias.SENDER_B))
        {
            assertTrue(simLogAtStop.stream().anyMatch(line -> line.contains("Exiting confirmed [pekko://rhcc@" +
                alias + ":")), alias + " left the cluster rather than being downed: " + simLogAtStop);
        }
        for (final String name : MEMBERS)
        {
            final NodeProcess node = cluster.node(name);
            assertEquals(SIGTERM_EXIT, exitCodes.get(name), name + " stopped by SIGTERM: " + node.logTail());
            assertTrue(node.stderrLines().stream().noneMatch(line -> line.startsWith("rhcc node:")),
                name + " stopped without an error line: " + node.logTail());
        }
    }

    private static Map<String, Object> outsider(final Map<String, Object> more)
    {
        final Map<String, Object> overrides = cluster.subscribedChannel("sender", Alias.OUTSIDER);
        overrides.put("rhcc.node.join-timeout", OUTSIDER_JOIN_TIMEOUT);
        overrides.putAll(more);
        return overrides;
    }

    /**
     * @param leaderLog the log of the node that formed the cluster.
     * @return the host of every node it saw join (itself included).
     */
    private static Set<String> joined(final List<String> leaderLog)
    {
        final Set<String> hosts = new TreeSet<>();
        for (final String line : leaderLog)
        {
            final Matcher joining = JOINING.matcher(line);
            if (joining.find())
            {
                hosts.add(joining.group(1));
            }
        }
        return hosts;
    }
}
