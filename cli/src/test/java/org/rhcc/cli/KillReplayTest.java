package org.rhcc.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.actors.config.JournalSettings;
import org.rhcc.actors.replay.DecisionReplayer;
import org.rhcc.actors.replay.JournalReader;
import org.rhcc.actors.replay.ReplayReport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Durability under kill -9 (docs/design.md §7, "Durability"): a one-JVM {@code rhcc experiment signals --via cluster}
 * run in a child JVM is killed with SIGKILL ({@link Process#destroyForcibly()} is {@code kill(pid, SIGKILL)} on Linux)
 * at a random point after its cluster is up, and {@code rhcc replay}'s replayer then runs over its journal and
 * recording: every journaled decision must be reproduced, none missing, and the decisions the node took after its
 * journal's last write must be rebuilt from the recording up to the sessions' write-ahead marks. 20 kills by default
 * ({@code -Drhcc.kills=N}), each 1-12 s after the cluster is up; about 8 minutes (a killed node's archive can be
 * opened only once its mark file has aged, about 10 s).
 */
@Tag("slow")
class KillReplayTest
{
    private static final int KILLS = Integer.getInteger("rhcc.kills", 20);
    private static final long SEED = Long.getLong("rhcc.kills.seed", 12L);
    private static final long MIN_KILL_DELAY_MS = 1_000;
    private static final long MAX_KILL_DELAY_MS = 12_000;

    @Test
    void shouldReproduceEveryJournaledDecisionAfterKillDashNine(@TempDir final Path dir) throws Exception
    {
        final Random random = new Random(SEED);
        long journaled = 0;
        long rebuilt = 0;
        long unrecorded = 0;
        int sessions = 0;
        int interrupted = 0;
        final List<String> divergences = new ArrayList<>();
        for (int kill = 1; kill <= KILLS; kill++)
        {
            final Path run = dir.resolve("run-" + kill);
            final long delayMs = MIN_KILL_DELAY_MS +
                (long)(random.nextDouble() * (MAX_KILL_DELAY_MS - MIN_KILL_DELAY_MS));
            killRun(run, delayMs);
            final ReplayReport report = replay(run);
            final String[] lines = read(run.resolve("stderr.txt")).strip().split("\\R");
            System.out.printf("kill %d after %d ms (run at: %s): %s%n", kill, delayMs, lines[lines.length - 1].strip(),
                report.summary());
            journaled += report.decisions();
            rebuilt += report.unjournaled();
            unrecorded += report.unrecorded();
            sessions += report.sessions();
            interrupted += report.interrupted();
            report.divergences().forEach((d) -> divergences.add("kill after " + delayMs + " ms: " + d));
            org.agrona.IoUtil.delete(run.toFile(), true);
        }
        System.out.printf("%d kill -9: %d sessions (%d interrupted), %d journaled decisions reproduced, %d decisions " +
            "taken after the journal's last write rebuilt from the recordings, %d signals taken but not yet " +
            "recorded, %d divergences%n", KILLS, sessions, interrupted, journaled, rebuilt, unrecorded, divergences.size());
        assertEquals(List.of(), divergences);
        assertTrue(interrupted > 0, "no kill interrupted a session: the kills missed the runs");
    }

    /**
     * Starts the run in a child JVM, waits for its cluster to be up, then kills it with SIGKILL after the delay.
     */
    private static void killRun(final Path run, final long delayMs) throws Exception
    {
        Files.createDirectories(run);
        final Path err = run.resolve("stderr.txt");
        final Process process = ChildJvm.java(List.of("--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens", "java.base/java.util.zip=ALL-UNNAMED", "--add-opens",
            "java.base/jdk.internal.misc=ALL-UNNAMED"), RhccCommand.class.getName(), "experiment", "signals",
            "--via", "cluster", "--scheme", "rhcc", "--duration-ms", "4", "--warmup-ms", "1", "--no-charts", "--out",
            run.toString())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        try
        {
            final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (!Files.readString(err).contains("cluster up") && process.isAlive())
            {
                if (System.nanoTime() > deadlineNs)
                {
                    throw new AssertionError("the run's cluster did not come up in 180 s: " + Files.readString(err));
                }
                Thread.sleep(20);
            }
            assertTrue(process.isAlive(), () -> "the run stopped before its cluster was up: " + read(err));
            Thread.sleep(delayMs);
        }
        finally
        {
            process.destroyForcibly();
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the killed run did not exit");
        }
    }

    private static String read(final Path file)
    {
        try
        {
            return Files.readString(file);
        }
        catch (final java.io.IOException ex)
        {
            return ex.toString();
        }
    }

    private static ReplayReport replay(final Path run)
    {
        final Path journal = run.resolve("cluster").resolve("journal.mv.db");
        if (!Files.isRegularFile(journal))
        {
            return new ReplayReport(0, 0, 0, 0, 0, 0, 0, 0, List.of());
        }
        return new DecisionReplayer(new JournalReader(JournalSettings.of(journal.toString())),
            List.of(run.resolve("cluster").resolve("archive")), run.resolve("replay")).replay();
    }
}
