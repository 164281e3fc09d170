package org.rhcc.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRegistry;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.ResultJson;
import org.rhcc.experiments.result.RunRecord;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs real (short) simulations through the command line: the end-to-end check of files, stdout/stderr separation,
 * determinism and the report.
 */
class ExperimentCommandTest
{
    private static final String[] SHORT = { "--duration-ms", "0.4", "--warmup-ms", "0.2", "--seed", "11" };

    @Test
    void shouldWriteJsonCsvAndChartsAndPrintTheTableOnStdoutOnly(@TempDir final Path dir) throws Exception
    {
        final CommandResult result = run("signals", dir);

        assertEquals(RhccCommand.EXIT_OK, result.exitCode(), result.err());
        assertTrue(result.out().startsWith("== signals (paper B10-B12)"), result.out());
        assertTrue(result.out().contains("MSR read ns"), result.out());
        assertTrue(result.out().contains("B11  IIO occupancy"), result.out());
        assertFalse(result.out().contains("done in"), "progress must not reach stdout");
        assertTrue(result.err().contains("[4/4] dcqcn | 3x: done in"), result.err());

        final ExperimentResult json = ResultJson.read(dir.resolve("signals.json"));
        assertEquals("signals", json.experiment());
        assertEquals(11L, json.seed());
        assertEquals(0.4, json.durationMs());
        assertEquals(List.of("dcqcn"), json.schemes(), "without --scheme an experiment runs its default schemes");
        assertEquals(List.of("0x", "1x", "2x", "3x"), json.runs().stream().map(RunRecord::condition).toList());
        for (final RunRecord run : json.runs())
        {
            assertTrue(run.value(Metric.RNIC_GBPS) > 0.0, run.condition());
            assertTrue(run.value(Metric.MSR_READS) > 100, run.condition());
            assertTrue(run.value(Metric.MSR_READ_LATENCY_NS) > 0.0, run.condition());
            assertTrue(run.seriesValues("t_ms").length > 0, run.condition());
        }
        assertFalse(json.simParameters().isEmpty());

        final List<String> csv = Files.readAllLines(dir.resolve("signals.csv"));
        assertEquals(5, csv.size());
        assertTrue(csv.get(0).startsWith("experiment,scheme,condition,"), csv.get(0));

        final List<Path> charts;
        try (Stream<Path> files = Files.list(dir))
        {
            charts = files.filter((file) -> file.toString().endsWith(".png")).sorted().toList();
        }
        assertEquals(6, charts.size(), charts.toString());
        for (final Path chart : charts)
        {
            assertTrue(Files.size(chart) > 5_000, chart + " is too small");
        }
    }

    /**
     * {@code --metrics-port}: while the runs go, /metrics on 127.0.0.1 says how many are planned and how many
     * finished, and /health answers; a port out of range is one line and exit 2.
     */
    @Test
    void shouldServeTheRunsProgressWhileTheExperimentRuns(@TempDir final Path dir) throws Exception
    {
        final CommandResult refused = CommandResult.run("experiment", "signals", "--out", dir.toString(),
            "--metrics-port", "0");
        assertEquals(RhccCommand.EXIT_USAGE, refused.exitCode());
        assertEquals("rhcc experiment: --metrics-port 0 must be within 1..65535", refused.err().trim());

        final int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            port = free.getLocalPort();
        }
        final CompletableFuture<CommandResult> running = CompletableFuture.supplyAsync(() -> CommandResult.run(
            "experiment", "signals", "--out", dir.toString(), "--duration-ms", "10", "--warmup-ms", "1", "--seed",
            "11", "--threads", "1", "--no-charts", "--metrics-port", Integer.toString(port)));
        String planned = null;
        String health = null;
        while (!running.isDone())
        {
            try
            {
                final String metrics = get(port, "/metrics");
                if (metrics.contains("rhcc_experiment_runs_planned{experiment=\"signals\"} 4.0"))
                {
                    planned = metrics;
                    health = get(port, "/health");
                }
            }
            catch (final IOException notYetOrNoMore)
            {
                // the endpoint is not up yet, or already closed
            }
            Thread.sleep(5);
        }
        final CommandResult result = running.get();

        assertEquals(RhccCommand.EXIT_OK, result.exitCode(), result.err());
        assertTrue(result.err().contains("metrics at http://127.0.0.1:" + port + "/metrics"), result.err());
        assertTrue(null != planned, "/metrics never showed the plan while the runs went: " + result.err());
        assertTrue(planned.contains("rhcc_experiment_runs_finished_total") ||
            planned.contains("rhcc_experiment_runs_running 1.0"), planned);
        assertTrue(planned.contains("jvm_threads_current"), "the JVM's metrics are served too");
        assertEquals("ok\n", health);
    }

    private static String get(final int port, final String path) throws IOException
    {
        final HttpURLConnection connection =
            (HttpURLConnection)URI.create("http://127.0.0.1:" + port + path).toURL().openConnection();
        connection.setConnectTimeout(1_000);
        connection.setReadTimeout(5_000);
        try (InputStream in = connection.getInputStream())
        {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void shouldWriteByteIdenticalJsonForTheSameSeed(@TempDir final Path dir) throws Exception
    {
        final Path first = dir.resolve("first");
        final Path second = dir.resolve("second");

        final CommandResult firstRun = run("pcie", first, "--no-charts");
        assertEquals(RhccCommand.EXIT_OK, firstRun.exitCode());
        assertEquals(RhccCommand.EXIT_OK, run("pcie", second, "--no-charts", "--threads", "1").exitCode());

        assertArrayEquals(Files.readAllBytes(first.resolve("pcie.json")), Files.readAllBytes(second.resolve("pcie.json")));
        assertArrayEquals(Files.readAllBytes(first.resolve("pcie.csv")), Files.readAllBytes(second.resolve("pcie.csv")));
        assertTcpReported(firstRun, first);
    }

    /**
     * pcie reports TCP's goodput and the TCP bytes dropped at the receiver NIC in every run's JSON metrics, in the
     * CSV, in its table and in its paper-versus-simulated lines.
     */
    private static void assertTcpReported(final CommandResult result, final Path dir) throws IOException
    {
        for (final RunRecord run : ResultJson.read(dir.resolve("pcie.json")).runs())
        {
            assertTrue(run.has(Metric.TCP_GBPS) && run.has(Metric.TCP_DROP_RATE),
                run.scheme() + " " + run.condition());
            assertEquals(null != run.tcpOfferedGbps(), run.value(Metric.TCP_GBPS) > 0.0, run.scheme() + " " +
                run.condition());
        }
        final String header = Files.readAllLines(dir.resolve("pcie.csv")).get(0);
        assertTrue(header.contains(",tcp_gbps,tcp_drop_rate,"), header);
        assertTrue(result.out().contains("TCP Gbit/s") && result.out().contains("TCP drop %"), result.out());
        assertTrue(result.out().contains("RDMA Gbit/s; TCP Gbit/s; TCP drop %;"), result.out());
        assertTrue(result.out().contains("pcie TCP  TCP 71 / 95 Gbit/s offered, per scheme over DCQCN"),
            result.out());
    }

    @Test
    void shouldReportPaperVersusSimulatedFromTheJson(@TempDir final Path dir)
    {
        assertEquals(RhccCommand.EXIT_OK, run("signals", dir, "--no-charts").exitCode());

        final CommandResult report = CommandResult.run("report", "--from", dir.toString(), "--runs", "--charts");

        assertEquals(RhccCommand.EXIT_OK, report.exitCode(), report.err());
        assertTrue(report.out().contains("| Row | Measured | Paper (testbed) | Simulated (rhcc) | Experiment |"));
        assertTrue(report.out().contains("| B11 | IIO occupancy"), report.out());
        assertTrue(report.out().contains("### `signals` (paper B10-B12)"), report.out());
        assertTrue(Files.isRegularFile(dir.resolve("signals-iio-occupancy.png")));
    }

    @Test
    void shouldNameEveryRegisteredExperimentInItsHelp()
    {
        final CommandResult help = CommandResult.run("experiment", "--help");
        assertEquals(0, help.exitCode(), help.err());
        final String text = help.out().replaceAll("\\s+", " ");
        for (final Experiment experiment : ExperimentRegistry.builtIn().all())
        {
            assertTrue(text.contains(" " + experiment.name() + ","), experiment.name() + " missing from: " + text);
        }
        assertTrue(text.contains("or all."), text);
    }

    private static CommandResult run(final String experiment, final Path out, final String... more)
    {
        final String[] args = new String[4 + SHORT.length + more.length];
        args[0] = "experiment";
        args[1] = experiment;
        args[2] = "--out";
        args[3] = out.toString();
        System.arraycopy(SHORT, 0, args, 4, SHORT.length);
        System.arraycopy(more, 0, args, 4 + SHORT.length, more.length);
        return CommandResult.run(args);
    }
}
