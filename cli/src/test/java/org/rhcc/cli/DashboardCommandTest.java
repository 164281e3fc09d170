package org.rhcc.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code rhcc dashboard} and {@code rhcc experiment --dashboard-port}: what they serve, that the experiment's JSON does
 * not change, and one line with exit code 2 for every bad input.
 */
class DashboardCommandTest
{
    private static final Pattern URL = Pattern.compile("dashboard: (http://\\S+/)");
    private static final String[] SHORT = { "--scheme", "rhcc", "--warmup-ms", "0.5", "--duration-ms", "0.6",
        "--no-charts" };

    @Test
    void shouldWriteTheSameJsonWithALiveDashboardAndStopItAtTheEnd(@TempDir final Path dir)
    {
        final CommandResult plain = run("experiment", "signals", "--out", dir.resolve("plain").toString());
        final CommandResult live = run("experiment", "signals", "--out", dir.resolve("live").toString(),
            "--dashboard-port", "0");

        assertEquals(RhccCommand.EXIT_OK, plain.exitCode(), plain.err());
        assertEquals(RhccCommand.EXIT_OK, live.exitCode(), live.err());
        final Matcher url = URL.matcher(live.err());
        assertTrue(url.find(), live.err());
        assertTrue(url.group(1).startsWith("http://127.0.0.1:"), url.group(1));
        assertEquals(plain.out(), live.out(), "the dashboard writes nothing on stdout");
        assertArrayEquals(bytes(dir.resolve("plain/signals.json")), bytes(dir.resolve("live/signals.json")));
        assertThrowsConnect(URI.create(url.group(1)));
    }

    @Test
    void shouldServeFinishedRunsFromTheirJsonUntilStopped(@TempDir final Path dir) throws Exception
    {
        assertEquals(RhccCommand.EXIT_OK, run("experiment", "signals", "--out", dir.toString()).exitCode());
        final StringWriter err = new StringWriter();
        final AtomicInteger exitCode = new AtomicInteger(-1);
        final Thread command = new Thread(() -> exitCode.set(RhccCommand.execute(
            new String[]{ "dashboard", "--from", dir.toString(), "--experiment", "signals" },
            new PrintWriter(new StringWriter(), true), new PrintWriter(err, true))));
        command.start();
        try
        {
            final URI url = awaitUrl(err);
            assertTrue(err.toString().contains("(1 experiment from " + dir + "); Ctrl-C stops it"), err.toString());
            final HttpResponse<String> state = get(url.resolve("api/state"));
            assertEquals(200, state.statusCode());
            assertTrue(state.body().startsWith("{\"mode\":\"replay\",\"closed\":false,\"experiments\":[{\"name\":" +
                "\"signals\""), state.body());
            assertTrue(state.body().contains("\"label\":\"rhcc | 3x\""), state.body());
            assertEquals(200, get(url).statusCode());
        }
        finally
        {
            command.interrupt();
            command.join(10_000);
        }
        assertFalse(command.isAlive());
        assertEquals(RhccCommand.EXIT_OK, exitCode.get());
    }

    @Test
    void shouldRelayARunningExperimentsDashboard(@TempDir final Path dir) throws Exception
    {
        final StringWriter experimentErr = new StringWriter();
        final AtomicInteger experimentExit = new AtomicInteger(-1);
        final Thread experiment = new Thread(() -> experimentExit.set(RhccCommand.execute(new String[]{
            "experiment", "signals", "--scheme", "rhcc", "--warmup-ms", "0.5", "--duration-ms", "0.6", "--no-charts",
            "--out", dir.toString(), "--dashboard-port", "0", "--dashboard-wait" },
            new PrintWriter(new StringWriter(), true), new PrintWriter(experimentErr, true))));
        final StringWriter relayErr = new StringWriter();
        final AtomicInteger relayExit = new AtomicInteger(-1);
        experiment.start();
        Thread relay = null;
        try
        {
            final URI upstream = awaitUrl(experimentErr);
            assertTrue(experimentErr.toString().contains("(the runs start once a page has opened it)"));
            final String hostPort = upstream.getHost() + ":" + upstream.getPort();
            relay = new Thread(() -> relayExit.set(RhccCommand.execute(new String[]{ "dashboard", "--live", hostPort },
                new PrintWriter(new StringWriter(), true), new PrintWriter(relayErr, true))));
            relay.start();
            final URI url = awaitUrl(relayErr);
            assertTrue(relayErr.toString().contains("(relaying the experiment at " + hostPort + ")"),
                relayErr.toString());

            final HttpResponse<Stream<String>> events = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(url.resolve("api/events")).GET().build(), HttpResponse.BodyHandlers.ofLines());
            final List<String> types = events.body().filter((line) -> line.startsWith("event: "))
                .map((line) -> line.substring(7)).toList();
            experiment.join(60_000);
            assertEquals(RhccCommand.EXIT_OK, experimentExit.get(), experimentErr.toString());
            assertEquals("snapshot", types.get(0));
            assertEquals("experiment", types.get(1));
            assertTrue(types.contains("windows"), types.toString());
            assertEquals(List.of("experiment-finished", "closing"), types.subList(types.size() - 2, types.size()));
        }
        finally
        {
            experiment.interrupt();
            experiment.join(10_000);
            if (null != relay)
            {
                relay.interrupt();
                relay.join(10_000);
            }
        }
        assertEquals(RhccCommand.EXIT_OK, relayExit.get());
    }

    @Test
    void shouldRefuseBadInputInOneLineWithExitCode2(@TempDir final Path dir) throws Exception
    {
        final String either = "rhcc dashboard: give --from DIR (finished runs, from their JSON) or --live HOST:PORT " +
            "(an experiment running with --dashboard-port), one of them";
        assertUsage(either, "dashboard");
        assertUsage(either, "dashboard", "--from", dir.toString(), "--live", "127.0.0.1:1");
        assertUsage("rhcc dashboard: --from '" + dir.resolve("none") + "' is not a directory; give the --out " +
            "directory of 'rhcc experiment'", "dashboard", "--from", dir.resolve("none").toString());
        assertUsage("rhcc dashboard: no experiment results (NAME.json) in '" + dir + "'; run 'rhcc experiment NAME " +
            "--out " + dir + "' first", "dashboard", "--from", dir.toString());
        assertUsage("rhcc dashboard: no signals.json in '" + dir + "'; run 'rhcc experiment signals --out " + dir +
            "' first", "dashboard", "--from", dir.toString(), "--experiment", "signals");
        assertTrue(usage("dashboard", "--from", dir.toString(), "--experiment", "signal")
            .startsWith("rhcc dashboard: unknown experiment 'signal'; known experiments: signals, "));
        assertUsage("rhcc dashboard: --experiment chooses among the results of --from DIR; leave it out with --live",
            "dashboard", "--live", "127.0.0.1:1", "--experiment", "signals");
        assertUsage("rhcc dashboard: --live 'nohost' must be HOST:PORT, e.g. 127.0.0.1:8080",
            "dashboard", "--live", "nohost");
        assertUsage("rhcc dashboard: --port 70000 must be within 0..65535 (0 for a free port)",
            "dashboard", "--live", "127.0.0.1:1", "--port", "70000");
        assertUsage("rhcc experiment: --dashboard-keep needs --dashboard-port N (0 for a free port)",
            "experiment", "signals", "--out", dir.toString(), "--dashboard-keep");
        assertUsage("rhcc experiment: --dashboard-wait needs --dashboard-port N (0 for a free port)",
            "experiment", "signals", "--out", dir.toString(), "--dashboard-wait");
        assertUsage("rhcc experiment: --dashboard-host needs --dashboard-port N (0 for a free port)",
            "experiment", "signals", "--out", dir.toString(), "--dashboard-host", "0.0.0.0");
        assertUsage("rhcc experiment: --dashboard-port -1 must be within 0..65535 (0 for a free port)",
            "experiment", "signals", "--out", dir.toString(), "--dashboard-port", "-1");
        assertUsage("rhcc experiment: --dashboard-port shows runs simulated by this process; with --cluster the " +
            "cluster's sim node simulates them: leave the --dashboard options out",
            "experiment", "signals", "--cluster", "127.0.0.1:25520", "--dashboard-port", "0");

        final int free;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1")))
        {
            free = socket.getLocalPort();
        }
        assertTrue(usage("dashboard", "--live", "127.0.0.1:" + free).startsWith("rhcc dashboard: --live 127.0.0.1:" +
            free + ": nothing answers at http://127.0.0.1:" + free + "/ ("));

        Files.createDirectories(dir.resolve("results"));
        assertEquals(RhccCommand.EXIT_OK, run("experiment", "signals", "--out", dir.resolve("results").toString())
            .exitCode());
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1")))
        {
            final int port = taken.getLocalPort();
            final String inUse = "127.0.0.1:" + port + " is in use by another process (or not an address of this " +
                "host): pick another port, or 0 for a free one";
            assertUsage("rhcc dashboard: --port " + port + ": " + inUse,
                "dashboard", "--from", dir.resolve("results").toString(), "--port", String.valueOf(port));
            final Path out = dir.resolve("not-written");
            assertUsage("rhcc experiment: --dashboard-port " + port + ": " + inUse,
                "experiment", "signals", "--out", out.toString(), "--dashboard-port", String.valueOf(port));
            assertFalse(Files.exists(out.resolve("signals.json")), "no run without its dashboard");
        }
    }

    private static CommandResult run(final String... args)
    {
        final String[] all = Stream.concat(Stream.of(args), "experiment".equals(args[0]) ? Stream.of(SHORT) :
            Stream.empty()).toArray(String[]::new);
        return CommandResult.run(all);
    }

    private static String usage(final String... args)
    {
        final CommandResult result = run(args);
        assertEquals(RhccCommand.EXIT_USAGE, result.exitCode(), result.err());
        assertEquals(1, result.err().lines().count(), "one line: " + result.err());
        assertEquals("", result.out());
        return result.err().strip();
    }

    private static void assertUsage(final String line, final String... args)
    {
        assertEquals(line, usage(args));
    }

    private static URI awaitUrl(final StringWriter err) throws InterruptedException
    {
        final long deadlineNs = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadlineNs)
        {
            final Matcher url = URL.matcher(err.toString());
            if (url.find())
            {
                return URI.create(url.group(1));
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no dashboard address on stderr: " + err);
    }

    private static HttpResponse<String> get(final URI url) throws Exception
    {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(url).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    }

    private static void assertThrowsConnect(final URI url)
    {
        try
        {
            get(url);
            throw new AssertionError("the dashboard still serves " + url + " after the experiment");
        }
        catch (final java.io.IOException ex)
        {
            // stopped with the experiment, as it should
        }
        catch (final Exception ex)
        {
            throw new AssertionError(ex);
        }
    }

    private static byte[] bytes(final Path file)
    {
        try
        {
            return Files.readAllBytes(file);
        }
        catch (final java.io.IOException ex)
        {
            throw new AssertionError(ex);
        }
    }
}
