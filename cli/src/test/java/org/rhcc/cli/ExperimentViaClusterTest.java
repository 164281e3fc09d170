package org.rhcc.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.experiments.scheme.SchemeRegistry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExperimentViaClusterTest
{
    private static final String[] SHORT = { "--duration-ms", "0.3", "--warmup-ms", "0.1", "--seed", "5",
        "--no-charts" };

    /**
     * Every scheme through the one-JVM cluster, in lockstep, against the same runs in process. It once came out 2 bytes
     * off on a loaded machine; the two ways a signal could be lost or delivered twice (a back-pressured relay that
     * crashed and resumed after the frame, a session's relay outliving its session into the next) are closed, and it
     * passed 10 of 10 runs under heavy CPU load since.
     */
    @Test
    void shouldWriteByteIdenticalJsonThroughTheCluster(@TempDir final Path dir) throws Exception
    {
        final List<String> options = new ArrayList<>(List.of(SHORT));
        options.addAll(List.of("--scheme", String.join(",", clusterSchemes())));
        assertSameJsonInProcessAndThroughCluster(dir, "signals", options);
        assertTrue(Files.isRegularFile(dir.resolve("cluster").resolve("cluster").resolve("journal.mv.db")));
    }

    /**
     * The protected CPU class through the cluster: the receiver node's cascade gets the third MBA group with the same
     * floor from the same params, and the session's MBA group count follows the simulated host's. i_thr = 1 keeps the
     * cascade throttling, so the protected group's level changes cross the cluster too.
     */
    @Test
    void shouldWriteByteIdenticalProtectedCpuJsonThroughTheCluster(@TempDir final Path dir) throws Exception
    {
        final List<String> options = new ArrayList<>(List.of(SHORT));
        options.addAll(List.of("--scheme", "rhcc", "--set", "i_thr=1"));
        final byte[] json = assertSameJsonInProcessAndThroughCluster(dir, "protected-cpu", options);
        assertTrue(new String(json, StandardCharsets.UTF_8).contains("mba_protected_level_2_share"));
    }

    /**
     * QPs opened with their weights by the cluster's sender entities (each by its global QP number) decide as the
     * in-process sender does: the weighted experiment's JSON, per-QP shares included, is byte-identical.
     */
    @Test
    void shouldWriteByteIdenticalWeightedSharesThroughTheCluster(@TempDir final Path dir) throws Exception
    {
        final byte[] json = assertSameJsonInProcessAndThroughCluster(dir, "weighted", List.of("--duration-ms", "0.5",
            "--warmup-ms", "0.5", "--seed", "5", "--no-charts", "--scheme", "rhcc,rnic-only"));
        assertTrue(new String(json, StandardCharsets.UTF_8).contains("\"qp_3_share\""));
    }

    @Test
    void shouldRejectABadViaOrNodeCountOnOneLine(@TempDir final Path dir)
    {
        final CommandResult via = run("signals", dir, "--via", "grid");
        assertEquals(RhccCommand.EXIT_USAGE, via.exitCode());
        assertEquals("rhcc experiment: --via 'grid' must be inproc or cluster", via.err().trim());
        final CommandResult nodes = run("signals", dir, "--via", "cluster", "--nodes", "4");
        assertEquals(RhccCommand.EXIT_USAGE, nodes.exitCode());
        assertEquals("rhcc experiment: --nodes 4 must be 1, 2 or 3", nodes.err().trim());
        final CommandResult inprocNodes = run("signals", dir, "--nodes", "3");
        assertEquals("rhcc experiment: --nodes 3 needs --via cluster", inprocNodes.err().trim());
    }

    @Test
    void shouldReportAJournalThatCannotBeReplayed(@TempDir final Path dir)
    {
        final CommandResult replay = CommandResult.run("replay", "--journal", dir.resolve("none").toString(),
            "--recording", dir.toString());
        assertEquals(RhccCommand.EXIT_USAGE, replay.exitCode());
        assertTrue(replay.err().startsWith("rhcc replay: --journal "), replay.err());
    }

    /**
     * @return the built-in schemes the cluster runs: every one made of a controller scheme and an inter-host CC (all
     * of them, the inter-host CCs HPCC and Swift and the rhcc-gated schemes included).
     */
    private static List<String> clusterSchemes()
    {
        final List<String> names = new ArrayList<>();
        for (final SchemeEntry entry : SchemeRegistry.builtIn().all())
        {
            if (entry.hasParts())
            {
                names.add(entry.name());
            }
        }
        assertTrue(names.containsAll(List.of("dcqcn", "rhcc", "hpcc", "rhcc+hpcc", "swift", "rhcc+swift")),
            names::toString);
        return names;
    }

    /**
     * Runs an experiment in process into {@code dir/inproc} and through the one-JVM cluster into {@code dir/cluster}.
     *
     * @return the JSON both wrote, after asserting that both runs succeeded and that it is byte-identical.
     */
    private static byte[] assertSameJsonInProcessAndThroughCluster(final Path dir, final String experiment,
        final List<String> options) throws Exception
    {
        final List<String> inprocArgs = new ArrayList<>(List.of("experiment", experiment,
            "--out", dir.resolve("inproc").toString()));
        inprocArgs.addAll(options);
        final List<String> clusterArgs = new ArrayList<>(List.of("experiment", experiment,
            "--out", dir.resolve("cluster").toString(), "--via", "cluster"));
        clusterArgs.addAll(options);
        final CommandResult inproc = CommandResult.run(inprocArgs.toArray(new String[0]));
        final CommandResult cluster = CommandResult.run(clusterArgs.toArray(new String[0]));

        assertEquals(RhccCommand.EXIT_OK, inproc.exitCode(), inproc.err());
        assertEquals(RhccCommand.EXIT_OK, cluster.exitCode(), cluster.err());
        assertTrue(cluster.err().contains("cluster up; journal"), cluster.err());
        final byte[] json = Files.readAllBytes(dir.resolve("inproc").resolve(experiment + ".json"));
        assertArrayEquals(json, Files.readAllBytes(dir.resolve("cluster").resolve(experiment + ".json")));
        return json;
    }

    private static CommandResult run(final String experiment, final Path dir, final String... more)
    {
        final List<String> args = new ArrayList<>(List.of("experiment", experiment, "--out", dir.toString()));
        args.addAll(List.of(SHORT));
        args.addAll(List.of(more));
        return CommandResult.run(args.toArray(new String[0]));
    }
}
