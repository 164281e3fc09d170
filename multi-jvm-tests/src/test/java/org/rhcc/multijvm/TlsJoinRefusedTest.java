package org.rhcc.multijvm;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rhcc.multijvm.HandStartedCluster.Alias;
import static org.rhcc.multijvm.HandStartedCluster.SIM;

/**
 * Only a node holding a key of the cluster's CA joins a hand-started TLS cluster: a node whose key another CA signed,
 * and a node of plain Artery tcp without any key (accepted at start, since its address is loopback), both seed at the
 * sim node, never become members (the sim node, which formed the cluster and leads it, sees only its own nodes join)
 * and stop after their join timeout with one line and exit status 2; the intruder logs the certificate it refused, with
 * the seed's address.
 */
class TlsJoinRefusedTest
{
    private static final String OUTSIDER_JOIN_TIMEOUT = "10s";
    /** Longest an outsider may run once it has started joining: its join timeout + 15 s. */
    private static final Duration OUTSIDER_JOIN_BOUND = Duration.ofSeconds(10 + 15);
    /** Longest wait for an outsider to exit from its launch: the JVM's own start may take 15 s on a loaded machine. */
    private static final Duration OUTSIDER_EXIT_TIMEOUT = Duration.ofSeconds(10 + 60);
    private static final String INTRUDER = "intruder";
    private static final String PLAIN = "plain";
    /** Pekko's line for a joining node, on the leader (INFO of org.apache.pekko.cluster.Cluster, logback-test.xml). */
    private static final Pattern JOINING = Pattern.compile("Node \\[pekko://rhcc@([0-9.]+):\\d+] is JOINING");

    @Test
    void shouldRefuseANodeOfAnotherCaAndANodeWithoutKeys()
    {
        final long testStartNs = System.nanoTime();
        final Path dir = RunDirectory.create("tls-join-refused");
        try (HandStartedCluster cluster = HandStartedCluster.builder(dir).start())
        {
            final long upMs = (System.nanoTime() - testStartNs) / 1_000_000;
            final Path other = HandStartedCluster.certs(dir.resolve("other"), List.of(INTRUDER));
            cluster.writeConfig(INTRUDER, Alias.OUTSIDER, other.resolve(INTRUDER + ".conf"),
                outsider(cluster, Map.of()));
            cluster.writeConfig(PLAIN, Alias.OUTSIDER, null,
                outsider(cluster, Map.of("pekko.remote.artery.transport", "tcp")));

            final long outsidersStartNs = System.nanoTime();
            final NodeProcess intruder = cluster.startNode(INTRUDER, "sender");
            final NodeProcess plain = cluster.startNode(PLAIN, "sender");
            final int intruderExit = intruder.exitCode(OUTSIDER_EXIT_TIMEOUT);
            final int plainExit = plain.exitCode(OUTSIDER_EXIT_TIMEOUT);
            final long outsidersMs = (System.nanoTime() - outsidersStartNs) / 1_000_000;
            final long intruderJoinMs = (intruder.exitNs() - intruder.firstOutputNs()) / 1_000_000;
            final long plainJoinMs = (plain.exitNs() - plain.firstOutputNs()) / 1_000_000;

            for (final long joinMs : new long[] {intruderJoinMs, plainJoinMs})
            {
                assertTrue(joinMs < OUTSIDER_JOIN_BOUND.toMillis(), "stopped within its join timeout + 15 s of " +
                    "its first line: " + joinMs + " ms");
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

            final List<String> simLog = cluster.node(SIM).logLines();
            // TLS 1.3: the joining node checks the seed's certificate first and refuses it, naming the seed
            final String refused = intruder.logLines().stream().filter(l -> l.contains("refused to connect to"))
                .findFirst().orElse("");
            assertTrue(refused.contains(Alias.SIM) && refused.contains("CN=" + SIM) &&
                refused.contains("is not signed by this cluster's CA"), "the intruder logged the refused " +
                "certificate with the peer's address: " + intruder.logTail());
            assertEquals(Set.of(Alias.SIM, Alias.RECEIVER, Alias.SENDER_A), joined(simLog),
                "the sim node, the cluster's leader, saw only its own nodes join: " + simLog);
            for (final NodeProcess node : cluster.nodes().values())
            {
                assertEquals(node == intruder || node == plain, !node.isAlive(), node.name() + " runs");
            }
            System.out.printf("tls join refused: 3 nodes up in %d ms; intruder and plain-tcp node refused, exit %d " +
                "and %d, %d and %d ms after their first line (both gone %d ms after launch); intruder: %s%n", upMs,
                intruderExit, plainExit, intruderJoinMs, plainJoinMs, outsidersMs, refused);
        }
    }

    private static Map<String, Object> outsider(final HandStartedCluster cluster, final Map<String, Object> more)
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
