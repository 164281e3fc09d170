package org.rhcc.bench.actors;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.HdrHistogram.Histogram;
import org.rhcc.actors.replay.ReplayReport;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;

/**
 * The distributed controller's benchmarks, end to end, printed as one table:
 * <pre>
 * java --add-opens java.base/sun.nio.ch=ALL-UNNAMED -cp bench/target/benchmarks.jar \
 *     org.rhcc.bench.actors.ActorsBench [latency] [throughput] [mailbox] [state] [journal]
 * </pre>
 * With no argument every part runs. Options (system properties): {@code -Drhcc.bench.idle=busy-spin} idle strategy
 * of the agents (default yielding), {@code -Drhcc.bench.rate=1000000} offered signals per second,
 * {@code -Drhcc.bench.qps=10000} QPs of the ACK paths, {@code -Drhcc.bench.state.qps=1048576}.
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
        final String idle = System.getProperty("rhcc.bench.idle", "yielding");
        final long rate = Long.getLong("rhcc.bench.rate", 1_000_000L);
        final int qps = Integer.getInteger("rhcc.bench.qps", 10_000);
        final int measured = Integer.getInteger("rhcc.bench.measured", 2_000_000);
        final int warmup = Integer.getInteger("rhcc.bench.warmup", 500_000);
        System.out.printf(Locale.ROOT, "rhcc actors benchmarks: %d cores, agents idle %s, %d signals/s offered, " +
            "%d QPs%n", Runtime.getRuntime().availableProcessors(), idle, rate, qps);
        final Path work = Fixtures.workDir("aeron");
        final int termLength = Integer.getInteger("rhcc.bench.term", 16 << 20);
        try (EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(work)
            .ipcTermLengthBytes(termLength).termLengthBytes(termLength)))
        {
            final AeronPathBench aeron = new AeronPathBench(driver.connect(), idle);
            if (all || parts.contains("latency"))
            {
                print("Aeron IPC: IIO sample -> MBA cascade agent -> answer", aeron.iioLatency(rate, warmup,
                    measured, false));
                print("Aeron IPC: IIO sample -> relay + MBA cascade agents -> answer", aeron.iioLatency(rate, warmup,
                    measured, true));
                print("Aeron IPC: probe ACK -> rate updater agent -> rate update", aeron.ackLatency(rate, warmup,
                    measured, qps));
            }
            if (all || parts.contains("throughput"))
            {
                final double[] t = aeron.ackThroughput(20_000_000, qps);
                System.out.printf(Locale.ROOT, "%-52s %.2f M ACKs/s, %.4f B allocated per ACK%n",
                    "Aeron IPC: probe-ACK throughput, one sender node", t[0] / 1e6, t[1]);
            }
            if (all || parts.contains("mailbox"))
            {
                try (MailboxPathBench mailbox = new MailboxPathBench(driver.connect()))
                {
                    print("actor mailbox: IIO sample -> actor -> answer", mailbox.iioLatency(rate, warmup, measured));
                    print("actor mailbox: probe ACK -> actor -> rate", mailbox.ackLatency(rate, warmup, measured,
                        qps));
                    final double t = mailbox.ackThroughput(10_000_000, qps);
                    System.out.printf(Locale.ROOT, "%-52s %.2f M ACKs/s%n", "actor mailbox: probe-ACK throughput",
                        t / 1e6);
                }
            }
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
            for (final int batch : new int[]{ 1, 10, 100, 1000 })
            {
                final int n = batch == 1 ? 2_000 : 100_000;
                System.out.printf(Locale.ROOT, "%-52s %.0f decisions/s%n",
                    "journal (H2): persistAll of " + batch + " decision(s)", JournalBench.journal(batch, n));
            }
            final ReplayReport report = JournalBench.replay(10_000_000L);
            System.out.printf(Locale.ROOT, "%-52s %.0f decisions/s, %.0f signals/s (%s)%n",
                "replay of a 10 ms rhcc run (64 QPs)", report.decisionsPerSecond(),
                report.signals() * 1e9 / Math.max(1, report.replayNs()), report.reproduced() ? "reproduced" :
                "DIVERGED");
        }
        System.exit(0);
    }

    private static void print(final String name, final Histogram histogram)
    {
        System.out.println(Fixtures.latencyLine(name, histogram));
    }
}
