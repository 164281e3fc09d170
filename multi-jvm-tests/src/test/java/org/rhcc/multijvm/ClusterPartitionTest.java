package org.rhcc.multijvm;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rhcc.multijvm.ClusterCommands.NODE_LOSS_RUNS;
import static org.rhcc.multijvm.ClusterCommands.READY;
import static org.rhcc.multijvm.ClusterCommands.RUN_TIMEOUT;
import static org.rhcc.multijvm.ClusterCommands.awaitLine;
import static org.rhcc.multijvm.ClusterCommands.awaitRunning;
import static org.rhcc.multijvm.ClusterCommands.count;
import static org.rhcc.multijvm.ClusterCommands.experiment;
import static org.rhcc.multijvm.ClusterCommands.interruptedRuns;
import static org.rhcc.multijvm.ClusterCommands.replay;
import static org.rhcc.multijvm.ClusterCommands.rhcc;
import static org.rhcc.multijvm.ClusterCommands.signal;
import static org.rhcc.multijvm.HandStartedCluster.RECEIVER;
import static org.rhcc.multijvm.HandStartedCluster.SENDER_A;
import static org.rhcc.multijvm.HandStartedCluster.SENDER_STANDBY;
import static org.rhcc.multijvm.HandStartedCluster.SIM;

/**
 * A cluster started by hand (README, "Running a cluster by hand") that loses a node without a kill of its process,
 * and then its sim node: sim, receiver and sender-a on their loopback aliases over Artery TLS with a PostgreSQL
 * journal, and a standby of sender-a on its host (no receiver is lost here). The active sender node frozen mid-run (a
 * partition's loopback equivalent) is downed by the split-brain resolver and taken over by its standby, and once
 * resumed stops by itself, its frames refused; {@code rhcc replay} reproduces every journaled decision. A sim node
 * killed mid-run ends the command with one line and exit 1. Its own cluster, beside {@link ClusterRunTest}'s, so that
 * the two classes' waits for the split-brain resolver overlap.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterPartitionTest
{
    private static final ObjectMapper JSON = new ObjectMapper();

    private static HandStartedCluster cluster;
    private static Path dir;

    @BeforeAll
    static void startCluster()
    {
        dir = RunDirectory.create("cluster-partition");
        cluster = HandStartedCluster.builder(dir).withSenderStandby().start();
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
    void shouldResolveAFrozenSenderNodeWithoutDoubleActuation() throws Exception
    {
        // the loopback equivalent of a partition that cuts the active sender node off: SIGSTOP (the cluster cannot
        // tell a frozen node from one behind a cut link); the standby on its host takes its session over
        final NodeProcess frozen = cluster.node(SENDER_A);
        final long opened = count(frozen, READY);
        final Path out = dir.resolve("partition");
        final CompletableFuture<String[]> run = CompletableFuture.supplyAsync(() -> rhcc(experiment(cluster, "signals",
            out, NODE_LOSS_RUNS, true)));
        awaitRunning(frozen, opened + 1, run, RUN_TIMEOUT);
        signal(frozen, "STOP");
        final String[] result;
        try
        {
            result = run.get(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }
        finally
        {
            signal(frozen, "CONT");
        }
        assertEquals("0", result[0], result[2]);
        final JsonNode runs = JSON.readTree(out.resolve("signals.json").toFile()).path("runs");
        final List<JsonNode> interrupted = interruptedRuns(runs);
        assertEquals(1, interrupted.size(), "one run lost its sender node: " + runs);
        assertEquals(1, interrupted.get(0).path("controller_takeovers").asInt(), interrupted.get(0).toString());

        // back from the "partition", the node finds itself downed and stops by itself: it never takes the session
        // back, and what it still sends is refused (the platform's frames now go to the new standby)
        final int exit = frozen.exitCode(Duration.ofSeconds(90));
        final List<String> stderr = frozen.stderrLines();
        assertEquals(1, exit, frozen.logTail());
        assertTrue(!stderr.isEmpty() && stderr.get(stderr.size() - 1).startsWith("rhcc node: this node (") &&
            stderr.get(stderr.size() - 1).contains("was downed by its cluster"), String.join("\n", stderr));
        final String[] replayed = replay(cluster, dir, List.of(RECEIVER, SENDER_A, SENDER_STANDBY));
        assertEquals("0", replayed[0], replayed[1] + replayed[2]);
        assertTrue(replayed[1].contains("reproduced") && replayed[1].contains("1 session(s) taken over"),
            replayed[1]);
        System.out.printf(Locale.ROOT, "cluster run: sender node frozen (SIGSTOP) -> standby in control %.2f s; " +
            "resumed, it stopped by itself (exit %d); replay: %s%n",
            interrupted.get(0).path("controller_gap_max_s").asDouble(), exit, replayed[1].strip());
    }

    @Test
    @Order(2)
    void shouldEndTheCommandWithOneLineWhenTheSimNodeDies() throws Exception
    {
        final NodeProcess sender = cluster.node(SENDER_STANDBY);
        final long opened = count(sender, READY);
        final CompletableFuture<String[]> run = CompletableFuture.supplyAsync(() -> rhcc(experiment(cluster, "signals",
            dir.resolve("sim-loss"), NODE_LOSS_RUNS, true)));
        // mid-experiment: the second run's session is open on both controllers
        awaitLine(sender, READY, opened + 2, run, RUN_TIMEOUT);
        cluster.node(SIM).kill9();
        final String[] result = run.get(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertEquals("1", result[0], result[2]);
        final String[] lines = result[2].strip().split("\n");
        final String last = lines[lines.length - 1];
        assertTrue(last.startsWith("rhcc experiment: lost the sim node pekko://rhcc@") &&
            last.contains("before signals finished: it stopped, or this client could not reach it"), result[2]);
    }
}
