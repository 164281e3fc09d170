package org.rhcc.bench.transport;

import io.aeron.Aeron;
import org.HdrHistogram.Histogram;
import org.rhcc.transport.aeron.Channels;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.aeron.IdleStrategies;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;

/**
 * Command-line runner of the transport measurements on an embedded driver over {@code aeron:ipc}:
 * <pre>
 * java --add-opens java.base/sun.nio.ch=ALL-UNNAMED -cp ... org.rhcc.bench.transport.TransportBench \
 *     [--warmup 100000] [--round-trips 200000] [--messages 2000000] [--runs 3] \
 *     [--responder-idle busy-spin] [--subscriber-idle busy-spin] [--work-dir /dev/shm/rhcc-bench]
 * </pre>
 * Prints p50/p90/p99/p99.9/max of the {@code IioSample -> MbaLevelCommand} round trip and the one-way
 * {@code ProbeAck} rate per run; the first throughput run of each invocation doubles as a warm-up and is reported
 * apart.
 */
public final class TransportBench
{
    private TransportBench()
    {
    }

    /**
     * Settings of a run, parsed from the command line.
     *
     * @param warmupRoundTrips   round trips before recording.
     * @param measuredRoundTrips round trips recorded.
     * @param messages           probe ACKs per throughput run.
     * @param runs               measured repetitions of each benchmark.
     * @param responderIdle      idle strategy spec of the ping responder.
     * @param subscriberIdle     idle strategy spec of the throughput subscriber.
     * @param workDir            working directory of the embedded driver.
     */
    public record Settings(
        int warmupRoundTrips,
        int measuredRoundTrips,
        long messages,
        int runs,
        String responderIdle,
        String subscriberIdle,
        Path workDir)
    {
        /**
         * Parses {@code --name value} pairs; unknown names are an error.
         *
         * @param args command-line arguments.
         * @return the settings, defaults where not given.
         * @throws IllegalArgumentException for an unknown option or a value that is not valid.
         */
        public static Settings parse(final String[] args)
        {
            int warmup = 100_000;
            int roundTrips = 200_000;
            long messages = 2_000_000;
            int runs = 3;
            String responderIdle = "busy-spin";
            String subscriberIdle = "busy-spin";
            Path workDir = Files.isDirectory(Paths.get("/dev/shm")) ?
                Paths.get("/dev/shm", "rhcc-bench") : Paths.get(System.getProperty("java.io.tmpdir"), "rhcc-bench");
            for (int i = 0; i < args.length; i += 2)
            {
                if (i + 1 >= args.length)
                {
                    throw new IllegalArgumentException("option " + args[i] + " needs a value");
                }

                final String value = args[i + 1];
                switch (args[i])
                {
                    case "--warmup" -> warmup = Integer.parseInt(value);
                    case "--round-trips" -> roundTrips = Integer.parseInt(value);
                    case "--messages" -> messages = Long.parseLong(value);
                    case "--runs" -> runs = Integer.parseInt(value);
                    case "--responder-idle" -> responderIdle = value;
                    case "--subscriber-idle" -> subscriberIdle = value;
                    case "--work-dir" -> workDir = Paths.get(value);
                    default -> throw new IllegalArgumentException("unknown option " + args[i] + ": use --warmup, " +
                        "--round-trips, --messages, --runs, --responder-idle, --subscriber-idle or --work-dir");
                }
            }

            IdleStrategies.parse(responderIdle);
            IdleStrategies.parse(subscriberIdle);
            if (runs < 1)
            {
                throw new IllegalArgumentException("--runs must be >= 1, got " + runs);
            }

            return new Settings(warmup, roundTrips, messages, runs, responderIdle, subscriberIdle, workDir);
        }
    }

    /**
     * Entry point.
     *
     * @param args see the class documentation.
     */
    public static void main(final String[] args)
    {
        try
        {
            run(Settings.parse(args), System.out);
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.println("transport bench: " + ex.getMessage());
            System.exit(2);
        }
        catch (final Throwable t)
        {
            t.printStackTrace();
            System.exit(1);
        }
    }

    /**
     * Runs both benchmarks on a fresh embedded driver and prints the results.
     *
     * @param settings of the run.
     * @param out      to print to.
     */
    public static void run(final Settings settings, final PrintStream out)
    {
        out.printf(Locale.ROOT, "rhcc transport bench: %d cores, %s, work dir %s%n",
            Runtime.getRuntime().availableProcessors(), Runtime.version(), settings.workDir());
        try (EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(settings.workDir())))
        {
            final Aeron aeron = driver.connect();
            for (int run = 1; run <= settings.runs(); run++)
            {
                final Histogram histogram = PingPongBenchmark.run(aeron, Channels.ipc(), 2001, 2002,
                    settings.warmupRoundTrips(), settings.measuredRoundTrips(),
                    IdleStrategies.parse(settings.responderIdle()));
                out.println(formatLatency(run, histogram));
            }

            final ThroughputBenchmark.Result warmup = ThroughputBenchmark.run(
                aeron, Channels.ipc(), 2003, settings.messages(), IdleStrategies.parse(settings.subscriberIdle()));
            out.println("throughput warm-up: " + formatThroughput(warmup));
            for (int run = 1; run <= settings.runs(); run++)
            {
                final ThroughputBenchmark.Result result = ThroughputBenchmark.run(
                    aeron, Channels.ipc(), 2003, settings.messages(), IdleStrategies.parse(settings.subscriberIdle()));
                out.println("throughput run " + run + ": " + formatThroughput(result));
            }
        }
    }

    /**
     * @param run       number of the run.
     * @param histogram of round-trip times in ns.
     * @return a one-line summary in microseconds.
     */
    public static String formatLatency(final int run, final Histogram histogram)
    {
        return String.format(Locale.ROOT,
            "ping-pong run %d: %d round trips, RTT us p50=%.2f p90=%.2f p99=%.2f p99.9=%.2f max=%.2f",
            run,
            histogram.getTotalCount(),
            histogram.getValueAtPercentile(50) / 1e3,
            histogram.getValueAtPercentile(90) / 1e3,
            histogram.getValueAtPercentile(99) / 1e3,
            histogram.getValueAtPercentile(99.9) / 1e3,
            histogram.getMaxValue() / 1e3);
    }

    /**
     * @param result of a throughput run.
     * @return a one-line summary.
     */
    public static String formatThroughput(final ThroughputBenchmark.Result result)
    {
        return String.format(Locale.ROOT, "%d probe ACKs in %.1f ms: %.2f M msg/s, %.1f MB/s, %d back-pressured claims",
            result.messages(),
            result.elapsedNs() / 1e6,
            result.messagesPerSecond() / 1e6,
            result.megabytesPerSecond(),
            result.backPressures());
    }
}
