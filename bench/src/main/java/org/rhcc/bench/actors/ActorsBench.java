package org.rhcc.bench.actors;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.HdrHistogram.Histogram;
import org.agrona.CloseHelper;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.replay.ReplayReport;
import org.rhcc.metrics.MetricsEndpoint;
import org.rhcc.metrics.NodeMetrics;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;

/**
 * The distributed controller's benchmarks, end to end, printed as one table:
 * <pre>
 * java --add-opens java.base/sun.nio.ch=ALL-UNNAMED -cp bench/target/benchmarks.jar \
 *     org.rhcc.bench.actors.ActorsBench [latency] [throughput] [mailbox] [state] [journal]
 * </pre>
 * With no argument every part runs; {@code latency-iio}, {@code latency-relay} and {@code latency-ack} run one path
 * of {@code latency}. Options (system properties): {@code -Drhcc.bench.profile=low-latency} the
 * node profile whose idle strategies and term length the agents, the bench thread and the driver use (see
 * {@link BenchProfile}; {@code reference} for the production defaults), {@code -Drhcc.bench.idle=busy-spin} and
 * {@code -Drhcc.bench.wait=busy-spin} to override the agents' and the bench thread's idle strategy,
 * {@code -Drhcc.bench.rate=1000000} offered signals per second, {@code -Drhcc.bench.qps=10000} QPs of the ACK paths,
 * {@code -Drhcc.bench.warmup=2000000} and {@code -Drhcc.bench.measured=5000000} signals per latency path,
 * {@code -Drhcc.bench.relay.threads=1|2}, {@code -Drhcc.bench.state.qps=1048576}, and
 * {@code -Drhcc.bench.metrics-port=N} to serve the agents' metrics on 127.0.0.1:N as a node does (the metrics module's
 * endpoint over the bench's counters and sender states, and the JVM's metrics), for measuring the paths while
 * something scrapes it.
 */
public final class ActorsBench
{
    private ActorsBench()
    {
    }

    /**
     * @param args parts to run.
     */
    public static void main(final String[] args)
    {
        final List<String> parts = Arrays.asList(args);
        final boolean all = parts.isEmpty();
        final BenchProfile profile = BenchProfile.load();
        final long rate = Long.getLong("rhcc.bench.rate", 1_000_000L);
        final int qps = Integer.getInteger("rhcc.bench.qps", 10_000);
        final int measured = Integer.getInteger("rhcc.bench.measured", 5_000_000);
        final int warmup = Integer.getInteger("rhcc.bench.warmup", 2_000_000);
        System.out.printf(Locale.ROOT, "rhcc actors benchmarks: %d cores, %s; %d signals/s offered, %d QPs, " +
            "%d warm-up + %d measured signals per path%n", Runtime.getRuntime().availableProcessors(), profile, rate,
            qps, warmup, measured);
        final Path work = Fixtures.workDir("aeron");
        final Map<String, Histogram> latencies = new HashMap<>();
        try (EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(profile.applyTo(new DriverConfig()
            .workDir(work))))
        {
            final AeronPathBench aeron = new AeronPathBench(driver.connect(), profile);
            final MetricsEndpoint metrics = metricsEndpoint(aeron);
            final boolean latency = all || parts.contains("latency");
            if (latency || parts.contains("latency-iio"))
            {
                print("Aeron IPC: IIO sample -> MBA cascade agent -> answer", aeron.iioLatency(rate, warmup,
                    measured, false), latencies, "aeron-iio");
            }
            if (latency || parts.contains("latency-relay"))
            {
                print("Aeron IPC: IIO sample -> relay + MBA cascade agents -> answer (" + aeron.relayThreadCount() +
                    (1 == aeron.relayThreadCount() ? " thread)" : " threads)"),
                    aeron.iioLatency(rate, warmup, measured, true), latencies, "aeron-relay");
            }
            if (latency || parts.contains("latency-ack"))
            {
                print("Aeron IPC: probe ACK -> rate updater agent -> rate update", aeron.ackLatency(rate, warmup,
                    measured, qps), latencies, "aeron-ack");
            }
            if (all || parts.contains("throughput"))
            {
                final List<String> notes = new java.util.ArrayList<>();
                final double[] t = aeron.ackThroughput(20_000_000, qps, notes);
                System.out.printf(Locale.ROOT, "%-52s %.2f M ACKs/s, %.4f B allocated per ACK%n",
                    "Aeron IPC: probe-ACK throughput, one sender node", t[0] / 1e6, t[1]);
                notes.forEach(System.out::println);
            }
            if (all || parts.contains("mailbox"))
            {
                try (MailboxPathBench mailbox = new MailboxPathBench(driver.connect(), profile))
                {
                    print("actor mailbox: IIO sample -> actor -> answer", mailbox.iioLatency(rate, warmup, measured),
                        latencies, "mailbox-iio");
                    print("actor mailbox: probe ACK -> actor -> rate", mailbox.ackLatency(rate, warmup, measured,
                        qps), latencies, "mailbox-ack");
                    final double t = mailbox.ackThroughput(10_000_000, qps);
                    System.out.printf(Locale.ROOT, "%-52s %.2f M ACKs/s%n", "actor mailbox: probe-ACK throughput",
                        t / 1e6);
                }
                ratio("IIO", latencies.get("mailbox-iio"), latencies.get("aeron-iio"));
                ratio("ACK", latencies.get("mailbox-ack"), latencies.get("aeron-ack"));
            }
            CloseHelper.quietClose(metrics);
        }
        finally
        {
            Fixtures.delete(work);
        }
        if (all || parts.contains("state"))
        {
            final int stateQps = Integer.getInteger("rhcc.bench.state.qps", 1 << 20);
            final double[] s = ShardedStateBench.run(stateQps);
            System.out.printf(Locale.ROOT, "%-52s %.1f B of heap per QP (%d QPs, %d entities opened in %.1f s)%n",
                "sharded sender state", s[0], stateQps, (stateQps + 1023) / 1024, s[1]);
        }
        if (all || parts.contains("journal"))
        {
            final String backend = JournalBench.backend();
            for (final int batch : new int[]{ 1, 10, 100, 1000 })
            {
                final int n = batch == 1 ? 2_000 : 100_000;
                System.out.printf(Locale.ROOT, "%-52s %.0f decisions/s%n",
                    "journal (" + backend + "): persistAll of " + batch + " decision(s)", JournalBench.journal(batch, n));
            }
            final ReplayReport report = JournalBench.replay(10_000_000L);
            System.out.printf(Locale.ROOT, "%-52s %.0f decisions/s, %.0f signals/s (%s)%n",
                "replay of a 10 ms rhcc run (64 QPs)", report.decisionsPerSecond(),
                report.signals() * 1e9 / Math.max(1, report.replayNs()), report.reproduced() ? "reproduced" :
                "DIVERGED");
        }
        System.exit(0);
    }

    /**
     * @param aeron the bench's agents.
     * @return their metrics endpoint if {@code -Drhcc.bench.metrics-port} asks for one (it lives until the JVM exits),
     * else null.
     */
    private static MetricsEndpoint metricsEndpoint(final AeronPathBench aeron)
    {
        final Integer port = Integer.getInteger("rhcc.bench.metrics-port");
        if (null == port)
        {
            return null;
        }
        final PrometheusRegistry registry = NodeMetrics.registerAgents(new PrometheusRegistry(), aeron.counters(),
            aeron.senders(), Set.of(NodeSettings.ROLE_RECEIVER, NodeSettings.ROLE_SENDER));
        JvmMetrics.builder().register(registry);
        final MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", port, registry, () -> null,
            "-Drhcc.bench.metrics-port");
        System.out.println("metrics at http://" + endpoint.address() + "/metrics");
        return endpoint;
    }

    private static void print(final String name, final PacedLoad.Result result,
        final Map<String, Histogram> latencies, final String key)
    {
        System.out.println(Fixtures.latencyLine(name, result.histogram()));
        result.notes().forEach(System.out::println);
        latencies.put(key, result.histogram());
    }

    private static void ratio(final String path, final Histogram mailbox, final Histogram aeron)
    {
        if (null != mailbox && null != aeron)
        {
            System.out.printf(Locale.ROOT, "%-52s p50 %.1fx  p99 %.1fx  p99.9 %.1fx%n",
                "actor mailbox / Aeron IPC, " + path + " path", ratio(mailbox, aeron, 50), ratio(mailbox, aeron, 99),
                ratio(mailbox, aeron, 99.9));
        }
    }

    private static double ratio(final Histogram numerator, final Histogram denominator, final double percentile)
    {
        return (double)numerator.getValueAtPercentile(percentile) /
            Math.max(1, denominator.getValueAtPercentile(percentile));
    }
}
