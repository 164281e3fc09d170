package org.rhcc.multijvm;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.rhcc.cli.RhccCommand;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rhcc.multijvm.ClusterCommands.READY;
import static org.rhcc.multijvm.ClusterCommands.awaitLine;
import static org.rhcc.multijvm.ClusterCommands.awaitRunning;
import static org.rhcc.multijvm.ClusterCommands.count;
import static org.rhcc.multijvm.ClusterCommands.interruptedRuns;
import static org.rhcc.multijvm.ClusterCommands.rhcc;
import static org.rhcc.multijvm.ClusterCommands.signal;
import static org.rhcc.multijvm.HandStartedCluster.Alias;
import static org.rhcc.multijvm.HandStartedCluster.CLIENT;
import static org.rhcc.multijvm.HandStartedCluster.RECEIVER;
import static org.rhcc.multijvm.HandStartedCluster.RECEIVER_STANDBY;
import static org.rhcc.multijvm.HandStartedCluster.SENDER_A;
import static org.rhcc.multijvm.HandStartedCluster.SENDER_STANDBY;
import static org.rhcc.multijvm.HandStartedCluster.SIM;

/**
 * A hand-started five-node cluster (sim, receiver, sender-a and a standby of each controller, the three-host profile
 * over TLS with a PostgreSQL journal) under load, takeovers and its operators, one cluster for every check, in order:
 * idle nodes rest (under 2 % of a core each, the goal; README, "Operating rhcc", says what they measure) and every
 * socket of the loopback profile is bound to loopback; 20 experiments through it from a client that is no member, with both cores loaded by a CPU hog and a random node
 * frozen (SIGSTOP) for 5 s in every third, never down a member and each either gives the in-process JSON byte for
 * byte or fails with one line, except that a receiver controller silent for 500 ms (frozen, or starved by the load)
 * gets its simulated host unthrottled, as a real host's watchdog would, and that run's JSON records the fail-safe
 * (it is the fail-safe's run, not the in-process one); no session stays open; a kill -9 of the receiver
 * primary shows on the surviving nodes' metrics (fail-safe within a second, then the takeover) and in the client's
 * output, and after its restart five more runs give the in-process JSON; a node frozen until its cluster downs it
 * exits by itself with one line and exit 1 within 5 s of resuming; no Aeron directory is left by any exit.
 * <p>
 * Long (about 6 minutes on two loaded cores; 21-27 minutes at the last release; it prints its
 * time): tagged slow, run with
 * {@code mvn -B -pl multi-jvm-tests -am verify -DexcludedGroups= -Dgroups=slow -Dtest=ClusterUnderLoadTest
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("slow")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterUnderLoadTest
{
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SESSION_OPENS = "receiver opens session";
    private static final List<String> OPTIONS = List.of("--scheme", "rhcc", "--warmup-ms", "0.2", "--duration-ms",
        "0.3", "--no-charts");
    /**
     * The runs the receiver node is lost in: long enough (10.2 ms simulated) that the node, killed
     * {@code READY_DELIVERED_MS} after it logged its part of the first session ready, dies inside a session and not
     * while one closes (a 0.5 ms run ends in a few hundred ms on a quiet machine, and the kill then found no session
     * to take over).
     */
    private static final List<String> TAKEOVER_OPTIONS = List.of("--scheme", "rhcc", "--warmup-ms", "0.2",
        "--duration-ms", "10", "--no-charts");
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(4);
    /** CPU share of one core an idle node may use. */
    private static final double IDLE_CORE_SHARE = 0.02;
    /**
     * Seconds the idle nodes are measured over: a minute, as an operator's {@code conf/systemd/idle-cpu} measures them
     * by default (README, "What an idle node costs", gives 20 s windows too: the last nodes to start spend more in
     * their first 20 s, compiling). -Drhcc.idle.window.s=N for another window.
     */
    private static final long IDLE_WINDOW_S = Long.getLong("rhcc.idle.window.s", 60);
    private static final long CLOCK_TICKS = 100;
    /** Experiments under load (20; -Drhcc.load.experiments=N for a shorter check). */
    private static final int EXPERIMENTS = Integer.getInteger("rhcc.load.experiments", 20);

    private static HandStartedCluster cluster;
    private static Path dir;
    private static byte[] inProcess;
    private static long startNs;

    @BeforeAll
    static void startCluster() throws IOException
    {
        startNs = System.nanoTime();
        dir = RunDirectory.create("under-load");
        cluster = HandStartedCluster.builder(dir).withStandbys().asOperated().start();
        final String[] local = rhcc(experiment(dir.resolve("local"), false));
        assertEquals("0", local[0], local[2]);
        inProcess = Files.readAllBytes(dir.resolve("local/signals.json"));
    }

    @AfterAll
    static void stopCluster()
    {
        if (null != cluster)
        {
            cluster.close();
            System.out.printf(Locale.ROOT, "cluster under load: %d s in all%n",
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startNs));
        }
    }

    @Test
    @Order(1)
    void shouldRestWhenIdleAndBindLoopbackOnly() throws Exception
    {
        final List<String> notLoopback = new ArrayList<>();
        for (final NodeProcess node : cluster.nodes().values())
        {
            for (final String socket : sockets(node.pid()))
            {
                if (!socket.startsWith("127.") && !socket.startsWith("[::ffff:127.") && !socket.startsWith("[::1]"))
                {
                    notLoopback.add(node.name() + " " + socket);
                }
            }
        }
        assertTrue(notLoopback.isEmpty(), "sockets not on loopback: " + notLoopback);

        System.out.println("idle nodes over " + IDLE_WINDOW_S + " s, before any session:" + assertIdle());
    }

    @Test
    @Order(2)
    void shouldRunExperimentsUnderLoadWithFrozenNodesAndDownNobody() throws Exception
    {
        final Random random = new Random(22);
        final List<String> candidates = List.of(SIM, RECEIVER, SENDER_A, RECEIVER_STANDBY, SENDER_STANDBY);
        final List<String> outcomes = new ArrayList<>();
        final List<Process> hog = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++)
        {
            hog.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
        }
        try
        {
            for (int i = 0; i < EXPERIMENTS; i++)
            {
                final Path out = dir.resolve("run-" + i);
                final long opened = count(cluster.node(RECEIVER), SESSION_OPENS);
                final CompletableFuture<String[]> run = CompletableFuture.supplyAsync(() -> rhcc(experiment(out,
                    true)));
                String frozen = null;
                if (1 == i % 3)
                {
                    frozen = candidates.get(random.nextInt(candidates.size()));
                    awaitLine(cluster.node(RECEIVER), SESSION_OPENS, opened + 1, run, RUN_TIMEOUT);
                    signal(cluster.node(frozen), "STOP");
                    Thread.sleep(5_000);
                    signal(cluster.node(frozen), "CONT");
                }
                final String[] result = run.get(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                outcomes.add(i + (null == frozen ? "" : " (" + frozen + " frozen)") + ": " +
                    check(result, out, frozen));
            }
        }
        finally
        {
            hog.forEach(Process::destroyForcibly);
        }
        System.out.println(EXPERIMENTS + " experiments under load:\n  " + String.join("\n  ", outcomes));
        for (final NodeProcess node : cluster.nodes().values())
        {
            assertTrue(node.isAlive(), node.name() + " was downed or stopped: " + node.logTail());
        }
        for (final String controller : List.of(RECEIVER, SENDER_A, RECEIVER_STANDBY, SENDER_STANDBY))
        {
            awaitNoOpenSession(controller);
        }
    }

    @Test
    @Order(3)
    void shouldShowTheReceiverTakeoverAndRunTheInProcessJsonAfterTheRestart() throws Exception
    {
        final NodeProcess receiver = cluster.node(RECEIVER);
        final long ready = count(receiver, READY);
        final Path out = dir.resolve("takeover");
        final CompletableFuture<String[]> run =
            CompletableFuture.supplyAsync(() -> rhcc(experiment(out, true, TAKEOVER_OPTIONS)));
        // mid-run: its part of the first run's session ready (a sleep would land in whichever run the load allows)
        awaitRunning(receiver, ready + 1, run, RUN_TIMEOUT);
        final long oldPid = receiver.pid();
        final long killNs = System.nanoTime();
        receiver.kill9();
        final double failSafeS = awaitMetric(SIM, "rhcc_platform_receiver_failsafe ", 1, killNs);
        final double takeoverS = awaitMetric(SIM, "rhcc_platform_takeovers_total{role=\"receiver\"}", 1, killNs);
        final double standbyS = awaitMetric(RECEIVER_STANDBY, "rhcc_sessions_taken_over_total{role=\"receiver\"}", 1,
            killNs);
        final String[] result = run.get(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertEquals("0", result[0], result[2]);
        assertTrue(result[2].contains("rhcc experiment: fail-safe: session") &&
            result[2].contains("rhcc experiment: takeover: session"), "the client names the takeover: " + result[2]);
        final JsonNode runs = JSON.readTree(out.resolve("signals.json").toFile()).path("runs");
        final List<JsonNode> interrupted = interruptedRuns(runs);
        assertEquals(1, interrupted.size(), "one run lost its receiver node: " + runs);
        assertEquals(1, interrupted.get(0).path("controller_takeovers").asInt(), interrupted.get(0).toString());
        assertTrue(failSafeS < 1.5, "the sim node's fail-safe gauge rose " + failSafeS + " s after the kill");

        cluster.restartNode(RECEIVER, "receiver").awaitUp(HandStartedCluster.UP_TIMEOUT);
        assertTrue(aeronDirs(RECEIVER).stream().noneMatch(d -> d.contains("aeron-" + oldPid + "-")),
            "the killed node's Aeron directory was reclaimed: " + aeronDirs(RECEIVER));
        for (int i = 0; i < 5; i++)
        {
            final Path again = dir.resolve("after-restart-" + i);
            final String[] r = rhcc(experiment(again, true));
            assertEquals("0", r[0], r[2]);
            assertArrayEquals(inProcess, Files.readAllBytes(again.resolve("signals.json")),
                "run " + i + " after the restart = in process");
        }
        assertTrue(count(cluster.node(RECEIVER), SESSION_OPENS) >= 5, "the restarted primary runs the sessions again");
        System.out.println("idle nodes over " + IDLE_WINDOW_S + " s, after the sessions:" + assertIdle());
        System.out.printf(Locale.ROOT, "receiver kill -9: sim fail-safe gauge after %.2f s, takeover counters " +
            "after %.2f s (sim) and %.2f s (standby); 5 runs after its restart = in process%n", failSafeS, takeoverS,
            standbyS);
    }

    @Test
    @Order(4)
    void shouldExitByItselfWhenDownedAndLeaveNoAeronDirectory() throws Exception
    {
        final NodeProcess frozen = cluster.node(SENDER_STANDBY);
        final String up = "rhcc_cluster_members{status=\"up\"}";
        final double upBefore = value(scrape(SIM), up);
        signal(frozen, "STOP");
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        awaitMetricBelow(SIM, up, upBefore, deadlineNs);
        final long resumedNs = System.nanoTime();
        signal(frozen, "CONT");
        final int exit = frozen.exitCode(Duration.ofSeconds(30));
        final double exitS = (frozen.exitNs() - resumedNs) / 1e9;
        final List<String> stderr = frozen.stderrLines();
        final List<String> ours = stderr.stream().filter(l -> l.startsWith("rhcc node:")).toList();
        assertEquals(1, exit, frozen.logTail());
        assertEquals(1, ours.size(), "one line: " + ours);
        assertTrue(ours.get(0).contains("was downed by its cluster"), ours.get(0));
        assertTrue(exitS < 5.0, "exited " + exitS + " s after resuming");
        assertTrue(aeronDirs(SENDER_STANDBY).isEmpty(), "no Aeron directory left: " + aeronDirs(SENDER_STANDBY));
        System.out.printf(Locale.ROOT, "downed node: exit %d %.2f s after resuming; %s%n", exit, exitS,
            ours.get(0));

        for (final NodeProcess node : cluster.nodes().values())
        {
            if (node.isAlive())
            {
                final int linesBefore = node.stderrLines().size();
                node.stop(Duration.ofSeconds(60));
                final List<String> lines = node.stderrLines();
                assertTrue(lines.subList(linesBefore, lines.size()).stream().noneMatch(l -> l.startsWith("\tat ")),
                    node.name() + " stopped by SIGTERM without a stack trace: " + node.logTail());
            }
        }
        for (final String name : cluster.nodes().keySet())
        {
            assertTrue(aeronDirs(name).isEmpty(), name + " left " + aeronDirs(name));
        }
    }

    /**
     * Measures every running node's CPU over the idle window, from /proc.
     *
     * @return each node's share of a core, for the log.
     * @throws AssertionError if a node used {@link #IDLE_CORE_SHARE} of a core or more.
     */
    private static String assertIdle() throws Exception
    {
        final Map<String, long[]> before = new LinkedHashMap<>();
        final Map<String, Map<String, Long>> threadsBefore = new LinkedHashMap<>();
        for (final NodeProcess node : cluster.nodes().values())
        {
            if (node.isAlive())
            {
                before.put(node.name(), new long[] {cpuTicks(node.pid()), System.nanoTime()});
                threadsBefore.put(node.name(), threadTicks(node.pid()));
            }
        }
        Thread.sleep(TimeUnit.SECONDS.toMillis(IDLE_WINDOW_S));
        final StringBuilder report = new StringBuilder();
        final List<String> over = new ArrayList<>();
        for (final Map.Entry<String, long[]> entry : before.entrySet())
        {
            final NodeProcess node = cluster.node(entry.getKey());
            final double cpuS = (cpuTicks(node.pid()) - entry.getValue()[0]) / (double)CLOCK_TICKS;
            final double share = cpuS / ((System.nanoTime() - entry.getValue()[1]) / 1e9);
            report.append(String.format(Locale.ROOT, " %s %.2f %%", node.name(), 100 * share));
            if (share >= IDLE_CORE_SHARE)
            {
                over.add(node.name() + " " + busiestThreads(threadsBefore.get(node.name()),
                    threadTicks(node.pid())));
            }
        }
        assertTrue(over.isEmpty(), over + " used 2 % of a core or more while idle:" + report);
        return report.toString();
    }

    private static String check(final String[] result, final Path out, final String frozen) throws IOException
    {
        if (!"0".equals(result[0]))
        {
            final List<String> lines = result[2].strip().lines().filter(l -> l.startsWith("rhcc experiment:"))
                .filter(l -> !l.contains("fail-safe:") && !l.contains("takeover:")).toList();
            assertEquals(1, lines.size(), "a failed run says why in one line: " + result[2]);
            return "failed: " + lines.get(0);
        }
        final byte[] json = Files.readAllBytes(out.resolve("signals.json"));
        final List<String> interrupted = new ArrayList<>();
        for (final JsonNode run : JSON.readTree(json).path("runs"))
        {
            final JsonNode metrics = run.path("metrics");
            if (metrics.has("receiver_failsafes") || metrics.has("controller_takeovers"))
            {
                interrupted.add(metrics.path("receiver_failsafes").asInt() + " fail-safe(s) after " +
                    metrics.path("receiver_failsafe_after_s").asDouble() + " s");
            }
        }
        if (!interrupted.isEmpty())
        {
            // a receiver controller silent past rhcc.lockstep.failsafe-after (frozen, or starved by the load) had its
            // simulated host unthrottled, as a real host's watchdog would: the run is the fail-safe's, and says so
            return "completed, its JSON records the receiver host's fail-safe: " + interrupted;
        }
        assertArrayEquals(inProcess, json, "through the cluster = in process" + (null == frozen ? "" :
            " with " + frozen + " frozen for 5 s"));
        return "completed, byte-identical to in process";
    }

    private static void awaitNoOpenSession(final String node) throws Exception
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true)
        {
            final String metrics = scrape(node);
            final double opened = value(metrics, "rhcc_sessions_opened_total{role=\"receiver\"}") +
                value(metrics, "rhcc_sessions_opened_total{role=\"sender\"}");
            final double closed = value(metrics, "rhcc_sessions_closed_total{role=\"receiver\"}") +
                value(metrics, "rhcc_sessions_closed_total{role=\"sender\"}");
            if (opened == closed)
            {
                return;
            }
            assertTrue(System.nanoTime() < deadlineNs, node + " still has " + (opened - closed) + " session(s) open");
            Thread.sleep(200);
        }
    }

    /**
     * @return seconds from {@code sinceNs} until the node's metric reached the value.
     */
    private static double awaitMetric(final String node, final String metric, final double atLeast,
        final long sinceNs) throws Exception
    {
        final long deadlineNs = sinceNs + RUN_TIMEOUT.toNanos();
        while (value(scrape(node), metric) < atLeast)
        {
            assertTrue(System.nanoTime() < deadlineNs, node + "'s " + metric + " never reached " + atLeast);
            Thread.sleep(50);
        }
        return (System.nanoTime() - sinceNs) / 1e9;
    }

    private static void awaitMetricBelow(final String node, final String metric, final double below,
        final long deadlineNs) throws Exception
    {
        while (value(scrape(node), metric) >= below)
        {
            assertTrue(System.nanoTime() < deadlineNs, node + "'s " + metric + " stayed at " + below + " or more");
            Thread.sleep(200);
        }
    }

    private static String scrape(final String node) throws Exception
    {
        final String alias = switch (node)
        {
            case SIM -> Alias.SIM;
            case RECEIVER, RECEIVER_STANDBY -> Alias.RECEIVER;
            default -> Alias.SENDER_A;
        };
        final URI uri = URI.create("http://" + alias + ":" + (cluster.arteryPort(node) + 1000) + "/metrics");
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
            HttpResponse.BodyHandlers.ofString()).body();
    }

    private static double value(final String metrics, final String series)
    {
        for (final String line : metrics.split("\n"))
        {
            if (line.startsWith(series.strip() + " ") || line.startsWith(series))
            {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return 0;
    }

    private static List<String> aeronDirs(final String node) throws IOException
    {
        final Path work = dir.resolve("work").resolve(node);
        if (!Files.isDirectory(work))
        {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(work))
        {
            return entries.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("aeron-")).toList();
        }
    }

    /**
     * @return CPU clock ticks of each thread of the process, by thread id and name.
     */
    private static Map<String, Long> threadTicks(final long pid) throws IOException
    {
        final Map<String, Long> ticks = new LinkedHashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task")))
        {
            for (final Path task : tasks.toList())
            {
                try
                {
                    ticks.put(task.getFileName() + " " + Files.readString(task.resolve("comm")).strip(),
                        cpuTicks(task.resolve("stat")));
                }
                catch (final IOException ex)
                {
                    // the thread ended meanwhile
                }
            }
        }
        return ticks;
    }

    /**
     * @return the five threads that used the most CPU between two readings, for a failure's message.
     */
    private static String busiestThreads(final Map<String, Long> before, final Map<String, Long> after)
    {
        return after.entrySet().stream().filter(e -> before.containsKey(e.getKey()))
            .map(e -> Map.entry(e.getKey(), e.getValue() - before.get(e.getKey())))
            .sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(5)
            .map(e -> e.getKey() + " " + e.getValue() + " ticks").toList().toString();
    }

    private static long cpuTicks(final long pid) throws IOException
    {
        return cpuTicks(Path.of("/proc", Long.toString(pid), "stat"));
    }

    private static long cpuTicks(final Path statFile) throws IOException
    {
        final String stat = Files.readString(statFile);
        final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // utime and stime are fields 14 and 15 of /proc/PID/stat; the split starts at field 3
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /**
     * @return local addresses of the process's TCP and UDP sockets, from ss.
     */
    private static List<String> sockets(final long pid) throws IOException, InterruptedException
    {
        final Process ss = new ProcessBuilder("ss", "-Htunap").redirectErrorStream(true).start();
        final String output = new String(ss.getInputStream().readAllBytes());
        assertEquals(0, ss.waitFor(), output);
        final Pattern columns = Pattern.compile("^\\S+\\s+\\S+\\s+\\d+\\s+\\d+\\s+(\\S+)\\s+\\S+.*pid=" + pid + ",");
        final List<String> local = new ArrayList<>();
        for (final String line : output.split("\n"))
        {
            final Matcher m = columns.matcher(line);
            if (m.find())
            {
                local.add(m.group(1));
            }
        }
        assertTrue(!local.isEmpty(), "ss lists the sockets of " + pid + ":\n" + output);
        return local;
    }

    private static String[] experiment(final Path out, final boolean throughCluster)
    {
        return experiment(out, throughCluster, OPTIONS);
    }

    private static String[] experiment(final Path out, final boolean throughCluster, final List<String> options)
    {
        final List<String> args = new ArrayList<>(List.of("experiment", "signals", "--out", out.toString()));
        args.addAll(options);
        if (throughCluster)
        {
            args.addAll(List.of("--cluster", cluster.simHostPort(), "--config",
                cluster.configFor(CLIENT).toString()));
        }
        return args.toArray(String[]::new);
    }
}
