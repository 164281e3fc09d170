package org.rhcc.clusterservice;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.pekko.cluster.typed.Cluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.config.FrameAuthSettings;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.config.RhccConfig;
import org.rhcc.actors.counters.ControlPlaneCounters;
import org.rhcc.actors.node.RhccNode;
import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRequest;
import org.rhcc.experiments.ExperimentRunner;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.RunListener;
import org.rhcc.experiments.UserInputException;
import org.rhcc.experiments.result.ResultJson;
import org.rhcc.metrics.TestSupport;
import org.rhcc.sim.SimParameters;
import org.rhcc.transport.auth.FrameKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node started with the sim role (and, here, both controller roles) serves experiments to a client that joins its
 * cluster: the client's result is the in-process one, byte for byte; a scheme the controllers cannot run fails with
 * one line and the service goes on; a client that cannot reach the cluster gives up after its join timeout with one
 * line.
 */
class ExperimentServiceTest
{
    private static RhccNode node;
    private static SimPlatformHost host;
    private static Path work;

    @BeforeAll
    static void startSimNode()
    {
        work = TestSupport.workDir("experiment-service");
        final Map<String, Object> config = new LinkedHashMap<>();
        config.put("rhcc.work-dir", work.toString());
        config.put(FrameAuthSettings.KEY_FILE, FrameKey.random().writeNew(work.resolve("frame.key")).toString());
        config.put("pekko.cluster.roles", List.of(NodeSettings.ROLE_SIM, NodeSettings.ROLE_RECEIVER,
            NodeSettings.ROLE_SENDER));
        config.put("pekko.cluster.seed-nodes", List.of());
        config.put("pekko.remote.artery.canonical.port", 0);
        node = RhccNode.start(RhccConfig.load(null, config));
        node.awaitJoined();
        host = SimPlatformHost.start(node);
    }

    @AfterAll
    static void stopSimNode()
    {
        if (null != host)
        {
            host.close();
        }
        if (null != node)
        {
            node.close();
        }
    }

    @Test
    void shouldGiveTheInProcessResultToAClientOfTheCluster() throws IOException
    {
        final ExperimentRequest request = new ExperimentRequest("signals", 3L, 0.5, 1.0, List.of("rhcc"), Map.of());
        final SimParameters base = SimParameters.calibrated();
        final Map.Entry<Experiment, ExperimentSettings> only = request.resolve(base).entrySet().iterator().next();
        final String inProcess = ResultJson.toJson(
            new ExperimentRunner(base, 1, RunListener.NONE).run(only.getKey(), only.getValue()));

        final String viaCluster;
        try (ExperimentClient client = ExperimentClient.connect(port(), null))
        {
            assertEquals(1, java.util.stream.StreamSupport.stream(
                Cluster.get(node.system()).state().getMembers().spliterator(), false).count(),
                "the client is not a member of the cluster");
            viaCluster = ResultJson.toJson(client.run(request, only.getKey(), only.getValue(), RunListener.NONE,
                (line) -> { }));

            final ExperimentFailedException unknown = assertThrows(ExperimentFailedException.class,
                () -> client.run(new ExperimentRequest("nope", 3L, null, null, null, Map.of()), List.of(),
                RunListener.NONE, (line) -> { }));
            assertTrue(unknown.getMessage().startsWith("unknown experiment 'nope'"), unknown.getMessage());
            final ExperimentFailedException all = assertThrows(ExperimentFailedException.class,
                () -> client.run(new ExperimentRequest("all", 3L, null, null, null, Map.of()), List.of(),
                RunListener.NONE, (line) -> { }));
            assertTrue(all.getMessage().startsWith("ask the sim node for one experiment at a time"),
                all.getMessage());
        }

        assertEquals(inProcess, viaCluster);
        assertTrue(inProcess.contains("\"scheme\" : \"rhcc\""), "the runs are rhcc's");
    }

    @Test
    void shouldCancelTheExperimentOfAClientThatWentAwayAndServeTheNext() throws Exception
    {
        final ExperimentRequest longer = new ExperimentRequest("signals", 3L, 0.5, 50.0, List.of("rhcc"), Map.of());
        final Map.Entry<Experiment, ExperimentSettings> plan =
            longer.resolve(SimParameters.calibrated()).entrySet().iterator().next();
        final ControlPlaneCounters.Role receiver = node.context().controlPlane().of(ControlPlaneCounters.RECEIVER);
        final long openedBefore = receiver.opened();
        final CountDownLatch started = new CountDownLatch(1);
        final ExperimentClient gone = ExperimentClient.connect(port(), null);
        final CompletableFuture<Throwable> outcome = CompletableFuture.supplyAsync(() ->
        {
            try
            {
                gone.run(longer, plan.getKey(), plan.getValue(), new RunListener()
                {
                    @Override
                    public void onRunStarted(final int index, final org.rhcc.experiments.PlannedRun run)
                    {
                        started.countDown();
                    }
                }, (line) -> { });
                return null;
            }
            catch (final RuntimeException ex)
            {
                return ex;
            }
        });
        assertTrue(started.await(60, TimeUnit.SECONDS), "the first run started");
        gone.close();
        final Throwable failure = outcome.get(30, TimeUnit.SECONDS);
        assertTrue(failure instanceof ExperimentFailedException && failure.getMessage().contains("stopped"),
            String.valueOf(failure));

        final ExperimentRequest request = new ExperimentRequest("signals", 3L, 0.5, 1.0, List.of("rhcc"), Map.of());
        final Map.Entry<Experiment, ExperimentSettings> next =
            request.resolve(SimParameters.calibrated()).entrySet().iterator().next();
        try (ExperimentClient client = ExperimentClient.connect(port(), null))
        {
            client.run(request, next.getKey(), next.getValue(), RunListener.NONE, (line) -> { });
        }
        // the cancelled run's session and the next client's both closed: none is left open on the controllers
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (receiver.closedCount() < receiver.opened() && System.nanoTime() < deadlineNs)
        {
            Thread.sleep(20);
        }
        assertTrue(receiver.opened() - openedBefore >= 2, "sessions opened: " + receiver.opened());
        assertEquals(receiver.opened(), receiver.closedCount(), "every session the runs opened is closed");
        // a session per run: the closed client's experiment stopped before its last run (the next one ran them all)
        final int plannedRuns = plan.getKey().plan(plan.getValue()).size();
        final int nextRuns = next.getKey().plan(next.getValue()).size();
        assertTrue(receiver.opened() - openedBefore < plannedRuns + nextRuns, "the closed client's experiment was " +
            "cancelled, not run to its end: " + (receiver.opened() - openedBefore) + " sessions for " + plannedRuns +
            " + " + nextRuns + " planned runs");
    }

    @Test
    void shouldGiveUpOnAClusterItCannotJoinWithOneLine() throws IOException
    {
        final Path config = work.resolve("unreachable.conf");
        Files.writeString(config, "include \"application\"\nrhcc.node.join-timeout = 2s\n");
        final UserInputException ex = assertThrows(UserInputException.class,
            () -> ExperimentClient.connect("127.0.0.1:1", config));
        assertTrue(ex.getMessage().startsWith("found no experiment service at pekko://rhcc@127.0.0.1:1 within 2 s"),
            ex.getMessage());
        assertThrows(UserInputException.class, () -> ExperimentClient.connect("127.0.0.1", null));
    }

    private static String port()
    {
        return "127.0.0.1:" + node.address().getPort().get();
    }
}
