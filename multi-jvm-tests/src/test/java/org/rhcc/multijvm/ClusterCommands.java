package org.rhcc.multijvm;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;

import org.rhcc.cli.RhccCommand;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the tests of a hand-started cluster do to it as an operator would: run an {@code rhcc} command, signal a node's
 * process, and wait for a node's log line while an experiment runs.
 */
final class ClusterCommands
{
    /**
     * Logged by a node, active or standby, once its part of a session is ready and the run can start: from then on,
     * its loss is a takeover of a running session (a node lost while its session opens is simply not chosen).
     */
    static final String READY = "is ready: the controller is in charge of the host";
    /**
     * How long after a node's {@link #READY} line its Ready answer has surely reached the sim node (it is logged as it
     * is sent): a node lost before then is replaced while the session opens, which is no takeover.
     */
    static final long READY_DELIVERED_MS = 300;

    /**
     * The runs a node is lost in: long enough (11 ms simulated) that a node killed {@code READY_DELIVERED_MS} after it
     * logged its part of a session ready dies in that session, not while it closes. The kill lands about 3.5 ms into
     * the 0x run, the fastest; at 5 ms a quiet machine once finished that run first. Every simulated ms after a
     * takeover costs wall time, as the lockstep then waits for every signal: 15 ms cost a test class about 110 s more.
     */
    static final List<String> NODE_LOSS_RUNS = List.of("--scheme", "rhcc", "--warmup-ms", "1",
        "--duration-ms", "10", "--no-charts");
    /** Longest an experiment through the cluster may take, node losses included. */
    static final Duration RUN_TIMEOUT = Duration.ofMinutes(6);

    private ClusterCommands()
    {
    }

    /**
     * The runs that lost a controller node, found by their metrics rather than by position: how many of an
     * experiment's runs finish before a node dies depends on the machine's speed, not on what is tested.
     *
     * @param runs an experiment JSON's {@code runs}.
     * @return the metrics of each run that recorded a takeover, in run order.
     */
    static List<JsonNode> interruptedRuns(final JsonNode runs)
    {
        final List<JsonNode> interrupted = new ArrayList<>();
        for (final JsonNode run : runs)
        {
            final JsonNode metrics = run.path("metrics");
            if (!metrics.path("controller_takeovers").isMissingNode())
            {
                interrupted.add(metrics);
            }
        }
        return interrupted;
    }

    /**
     * @param args the command's arguments.
     * @return exit code, stdout, stderr of an rhcc command run in this JVM.
     */
    static String[] rhcc(final String... args)
    {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final int exit = RhccCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new String[] {Integer.toString(exit), out.toString(), err.toString()};
    }

    /**
     * @param node   a node.
     * @param signal {@code STOP}, {@code CONT}, ...
     */
    static void signal(final NodeProcess node, final String signal) throws IOException, InterruptedException
    {
        final Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(node.pid())).start();
        assertEquals(0, kill.waitFor(), "kill -" + signal + " " + node.pid());
    }

    /**
     * @return lines of the node's log that contain the text.
     */
    static long count(final NodeProcess node, final String text)
    {
        return node.logLines().stream().filter(line -> line.contains(text)).count();
    }

    /**
     * Waits until the node's part of its next session is ready and its answer has reached the sim node: from then
     * on, the run is simulating and losing the node is a takeover.
     *
     * @param ready the node's count of {@link #READY} lines before the run started, plus the sessions to wait for.
     */
    static void awaitRunning(final NodeProcess node, final long ready, final CompletableFuture<String[]> run,
        final Duration timeout) throws InterruptedException
    {
        awaitLine(node, READY, ready, run, timeout);
        Thread.sleep(READY_DELIVERED_MS);
    }

    /**
     * Waits until the node's log has the text {@code count} times.
     *
     * @throws AssertionError if the experiment ends first, or the timeout passes.
     */
    static void awaitLine(final NodeProcess node, final String text, final long count,
        final CompletableFuture<String[]> run, final Duration timeout) throws InterruptedException
    {
        final long deadlineNs = System.nanoTime() + timeout.toNanos();
        while (count(node, text) < count)
        {
            if (run.isDone())
            {
                throw new AssertionError("the experiment ended before " + node.name() + " logged '" + text + "' " +
                    count + " time(s): " + String.join(" | ", run.join()));
            }
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new AssertionError(node.name() + " did not log '" + text + "' " + count + " times: " +
                    node.logTail());
            }
            Thread.sleep(50);
        }
    }

    /**
     * @return {@code rhcc replay} of the cluster's journal with the archives of the given nodes (under {@code dir}).
     */
    static String[] replay(final HandStartedCluster cluster, final Path dir, final List<String> nodes)
    {
        final List<String> args = new ArrayList<>(List.of("replay", "--journal", cluster.databaseUrl()));
        for (final String node : nodes)
        {
            args.add("--recording");
            args.add(dir.resolve("work").resolve(node).resolve("archive").toString());
        }
        return rhcc(args.toArray(String[]::new));
    }

    /**
     * @return the arguments of {@code rhcc experiment NAME --out OUT OPTIONS}, through the cluster's sim node as its
     * client if {@code throughCluster}, else in process.
     */
    static String[] experiment(final HandStartedCluster cluster, final String name, final Path out,
        final List<String> options, final boolean throughCluster)
    {
        final List<String> args = new ArrayList<>(List.of("experiment", name, "--out", out.toString()));
        args.addAll(options);
        if (throughCluster)
        {
            args.addAll(List.of("--cluster", cluster.simHostPort(), "--config",
                cluster.configFor(HandStartedCluster.CLIENT).toString()));
        }
        return args.toArray(String[]::new);
    }
}
