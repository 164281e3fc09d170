package org.rhcc.multijvm;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rhcc.multijvm.HandStartedCluster.Alias;
import static org.rhcc.multijvm.HandStartedCluster.RECEIVER;
import static org.rhcc.multijvm.HandStartedCluster.SENDER_A;
import static org.rhcc.multijvm.HandStartedCluster.SENDER_B;
import static org.rhcc.multijvm.HandStartedCluster.SIM;

/**
 * The README's "Running a cluster by hand" on one host: four {@code rhcc node} processes on their loopback aliases, each
 * configured with the three-host profile and its keys from {@code rhcc certs}, join over Artery TLS and journal to a
 * fresh PostgreSQL database; SIGTERM stops each, the sim node last, and each other node leaves the cluster (the sim
 * node, its leader, confirms it exiting) rather than being dropped from it.
 */
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

    @Test
    void shouldJoinFourNodesOverTlsWithAPostgresJournalAndStopThemWithSigterm() throws Exception
    {
        final long startNs = System.nanoTime();
        final Map<String, Integer> exitCodes = new ConcurrentHashMap<>();
        try (HandStartedCluster cluster = HandStartedCluster.builder(RunDirectory.create("hand-started"))
            .withSenderB().start())
        {
            final long upMs = (System.nanoTime() - startNs) / 1_000_000;
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

            final long stopStartNs = System.nanoTime();
            cluster.nodes().values().parallelStream().filter(n -> !SIM.equals(n.name()))
                .forEach(n -> exitCodes.put(n.name(), n.stop(STOP_TIMEOUT)));
            exitCodes.put(SIM, cluster.node(SIM).stop(STOP_TIMEOUT));
            final long stopMs = (System.nanoTime() - stopStartNs) / 1_000_000;
            System.out.printf("hand-started cluster: 4 nodes up in %d ms, stopped by SIGTERM in %d ms, exit codes " +
                "%s%n", upMs, stopMs, exitCodes);
            final List<String> simLogAtStop = cluster.node(SIM).logLines();
            for (final String alias : List.of(Alias.RECEIVER, Alias.SENDER_A, Alias.SENDER_B))
            {
                assertTrue(simLogAtStop.stream().anyMatch(line -> line.contains("Exiting confirmed [pekko://rhcc@" +
                    alias + ":")), alias + " left the cluster rather than being downed: " + simLogAtStop);
            }
            for (final NodeProcess node : cluster.nodes().values())
            {
                assertEquals(SIGTERM_EXIT, exitCodes.get(node.name()), node.name() + " stopped by SIGTERM: " +
                    node.logTail());
                assertTrue(node.stderrLines().stream().noneMatch(line -> line.startsWith("rhcc node:")),
                    node.name() + " stopped without an error line: " + node.logTail());
            }
        }
    }
}
