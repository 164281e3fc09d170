package org.rhcc.bench.actors;

import java.lang.management.ManagementFactory;
import java.util.Locale;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.rhcc.actors.agent.AgentHost;
import org.rhcc.actors.agent.SignalRelayAgent;
import org.rhcc.actors.receiver.MbaCascadeAgent;
import org.rhcc.actors.receiver.PlatformEcnMarking;
import org.rhcc.actors.receiver.PlatformMbaActuator;
import org.rhcc.actors.receiver.ReceiverDecisionLog;
import org.rhcc.actors.sender.QpBlockSlot;
import org.rhcc.actors.sender.RateUpdaterAgent;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.control.Scheme;
import org.rhcc.transport.aeron.IdleStrategies;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;

/**
 * Signal-to-actuation latency and probe-ACK throughput through the controller's real agents over Aeron IPC.
 * <ul>
 *   <li>IIO path: the bench thread publishes {@code IioSample}s on the node's internal IIO stream (as the MSR poller's
 *   agent does), with an occupancy that crosses I_thr every 100 us; the {@link MbaCascadeAgent} runs core's receiver
 *   controller and publishes each MBA level change on the command stream; the latency is from the intended send time
 *   of the sample that caused a command (carried in the command) to the bench thread reading the command. With
 *   {@code relay}, the samples enter on the platform stream and cross the MSR poller's relay agent first (one more
 *   thread and hop).</li>
 *   <li>ACK path: the bench thread publishes a {@code ProbeAck} on the internal ACK stream; the
 *   {@link RateUpdaterAgent} runs it through its block's table and publishes the {@code RateUpdate}; the latency is
 *   from the ACK's intended send time to the bench thread reading the rate update.</li>
 * </ul>
 * Sends are paced at a fixed rate with intended times as stamps (no coordinated omission).
 */
final class AeronPathBench
{
    /**
     * How the bench thread waits for the next send time: {@code -Drhcc.bench.wait=yielding} (default; lets the agents
     * run on a machine with fewer free cores than busy threads) or {@code busy-spin}.
     */
    static final org.agrona.concurrent.IdleStrategy BENCH_IDLE =
        IdleStrategies.parse(System.getProperty("rhcc.bench.wait", "yielding"));

    private static final int INTERNAL_IIO = 11001;
    private static final int PLATFORM_IIO = 12001;
    private static final int INTERNAL_ACKS = 11003;
    private static final int COMMANDS = 11006;

    private final Aeron aeron;
    private final String idle;

    AeronPathBench(final Aeron aeron, final String idle)
    {
        this.aeron = aeron;
        this.idle = idle;
    }

    Histogram iioLatency(final long ratePerSecond, final int warmup, final int measured, final boolean relay)
    {
        final int inStream = relay ? PLATFORM_IIO : INTERNAL_IIO;
        try (ExclusivePublication in = aeron.addExclusivePublication("aeron:ipc", inStream);
            ExclusivePublication internal = aeron.addExclusivePublication("aeron:ipc", INTERNAL_IIO);
            Subscription samples = aeron.addSubscription("aeron:ipc", INTERNAL_IIO);
            ExclusivePublication commandsOut = aeron.addExclusivePublication("aeron:ipc", COMMANDS);
            Subscription commandsIn = aeron.addSubscription("aeron:ipc", COMMANDS))
        {
            final MessageProxy commands = new MessageProxy(commandsOut, 1_000_000, NoOpIdleStrategy.INSTANCE);
            final ReceiverDecisionLog log = new ReceiverDecisionLog(1 << 20);
            final ControllerConfig config = Fixtures.config(Scheme.RHCC);
            final ReceiverController controller = new ReceiverController(config,
                new PlatformMbaActuator(commands, 0, 2), new PlatformEcnMarking(commands, 0, log), log);
            final MbaCascadeAgent cascade = new MbaCascadeAgent(samples, commands, controller, log, 1L, 0, 1, 64);
            final AgentHost cascadeHost = AgentHost.start(cascade, IdleStrategies.parse(idle), Throwable::printStackTrace);
            AgentHost relayHost = null;
            if (relay)
            {
                relayHost = AgentHost.start(new SignalRelayAgent("msr-poller",
                    aeron.addSubscription("aeron:ipc", PLATFORM_IIO), internal, 64, Integer.MAX_VALUE),
                    IdleStrategies.parse(idle), Throwable::printStackTrace);
            }
            try
            {
                await(in, commandsOut);
                final MessageProxy proxy = new MessageProxy(in, 0, NoOpIdleStrategy.INSTANCE);
                final Histogram histogram = new Histogram(10_000_000_000L, 3);
                final long[] mbaCommands = new long[1];
                final Receiver receiver = new Receiver(histogram);
                final MessageAdapter adapter = new MessageAdapter("bench-commands", new MessageListener()
                {
                    @Override
                    public void onMbaLevelCommand(final int hostId, final int group, final int level,
                        final long nowNs, final long seq, final int reasonCode)
                    {
                        mbaCommands[0]++;
                        receiver.onStamp(nowNs);
                    }
                });
                final long periodNs = 1_000_000_000L / ratePerSecond;
                long seq = 0;
                long next = System.nanoTime();
                final int total = warmup + measured;
                for (int i = 0; i < total; i++)
                {
                    if (i == warmup)
                    {
                        receiver.measureFromNs = next;
                    }
                    while (System.nanoTime() < next)
                    {
                        if (0 == commandsIn.poll(adapter, 64))
                        {
                            BENCH_IDLE.idle();
                        }
                    }
                    while (retry(proxy.iioSample(0, seq, next, Fixtures.occupancy(next), 50.0)))
                    {
                        commandsIn.poll(adapter, 64);
                    }
                    seq++;
                    commandsIn.poll(adapter, 64);
                    next += periodNs;
                }
                drainUntilQuiet(commandsIn, adapter);
                System.out.printf(Locale.ROOT, "  (%d samples, %d MBA commands)%n", total, mbaCommands[0]);
                return histogram;
            }
            finally
            {
                cascadeHost.close();
                if (null != relayHost)
                {
                    relayHost.close();
                }
            }
        }
    }

    Histogram ackLatency(final long ratePerSecond, final int warmup, final int measured, final int qps)
    {
        try (ExclusivePublication in = aeron.addExclusivePublication("aeron:ipc", INTERNAL_ACKS);
            Subscription acks = aeron.addSubscription("aeron:ipc", INTERNAL_ACKS);
            ExclusivePublication commandsOut = aeron.addExclusivePublication("aeron:ipc", COMMANDS);
            Subscription commandsIn = aeron.addSubscription("aeron:ipc", COMMANDS))
        {
            final RateUpdaterAgent agent = senderAgent(acks, commandsOut, qps);
            final AgentHost host = AgentHost.start(agent, IdleStrategies.parse(idle), Throwable::printStackTrace);
            try
            {
                await(in, commandsOut);
                final MessageProxy proxy = new MessageProxy(in, 0, NoOpIdleStrategy.INSTANCE);
                final Histogram histogram = new Histogram(10_000_000_000L, 3);
                final Receiver receiver = new Receiver(histogram);
                final MessageAdapter adapter = new MessageAdapter("bench-commands", new MessageListener()
                {
                    @Override
                    public void onRateUpdate(final int qp, final double rRevGbps, final double rSendGbps,
                        final long nowNs)
                    {
                        receiver.onStamp(nowNs);
                    }
                });
                final long periodNs = 1_000_000_000L / ratePerSecond;
                long next = System.nanoTime();
                final int total = warmup + measured;
                for (int i = 0; i < total; i++)
                {
                    if (i == warmup)
                    {
                        receiver.measureFromNs = next;
                    }
                    while (System.nanoTime() < next)
                    {
                        if (0 == commandsIn.poll(adapter, 64))
                        {
                            BENCH_IDLE.idle();
                        }
                    }
                    final int qp = (int)((i * 2654435761L) % qps);
                    final int reqRecv = i * 1000;
                    while (retry(proxy.probeAck(qp, reqRecv, reqRecv + 120 + (i % 160), 100.0, next)))
                    {
                        commandsIn.poll(adapter, 64);
                    }
                    commandsIn.poll(adapter, 64);
                    next += periodNs;
                }
                drainUntilQuiet(commandsIn, adapter);
                return histogram;
            }
            finally
            {
                host.close();
            }
        }
    }

    /**
     * Probe-ACK throughput of one sender node's rate-updater agent: the bench thread publishes ACKs flat out over
     * {@code qps} QPs and drains the rate updates; the agent's allocation is read from its thread.
     *
     * @return {ACKs per second, bytes allocated per ACK in steady state}.
     */
    double[] ackThroughput(final int acksTotal, final int qps)
    {
        try (ExclusivePublication in = aeron.addExclusivePublication("aeron:ipc", INTERNAL_ACKS);
            Subscription acks = aeron.addSubscription("aeron:ipc", INTERNAL_ACKS);
            ExclusivePublication commandsOut = aeron.addExclusivePublication("aeron:ipc", COMMANDS);
            Subscription commandsIn = aeron.addSubscription("aeron:ipc", COMMANDS))
        {
            final RateUpdaterAgent agent = senderAgent(acks, commandsOut, qps);
            final AgentHost host = AgentHost.start(agent, IdleStrategies.parse(idle), Throwable::printStackTrace);
            try
            {
                await(in, commandsOut);
                final com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
                final MessageProxy proxy = new MessageProxy(in, 0, NoOpIdleStrategy.INSTANCE);
                final MessageAdapter drain = new MessageAdapter("drain", new MessageListener()
                {
                });
                final int warm = acksTotal / 5;
                long startNs = 0;
                long startAcks = 0;
                long startBytes = 0;
                int i = 0;
                while (agent.acksSeen() < acksTotal)
                {
                    if (i < acksTotal)
                    {
                        for (int burst = 0; burst < 256 && i < acksTotal; burst++)
                        {
                            final int qp = (int)((i * 2654435761L) % qps);
                            final int reqRecv = i * 1000;
                            if (proxy.probeAck(qp, reqRecv, reqRecv + 120 + (i % 160), 100.0, i * 100L) < 0)
                            {
                                break;
                            }
                            i++;
                        }
                    }
                    commandsIn.poll(drain, 1024);
                    if (0 == startNs && agent.acksSeen() >= warm)
                    {
                        startAcks = agent.acksSeen();
                        startBytes = threads.getThreadAllocatedBytes(host.thread().getId());
                        startNs = System.nanoTime();
                    }
                }
                final long endNs = System.nanoTime();
                final long acksDone = agent.acksSeen() - startAcks;
                final long bytes = threads.getThreadAllocatedBytes(host.thread().getId()) - startBytes;
                return new double[]{ acksDone * 1e9 / (endNs - startNs), (double)bytes / acksDone };
            }
            finally
            {
                host.close();
            }
        }
    }

    private RateUpdaterAgent senderAgent(final Subscription acks, final ExclusivePublication commandsOut,
        final int qps)
    {
        final int perEntity = 1024;
        final int blocks = (qps + perEntity - 1) / perEntity;
        final RateUpdaterAgent agent = new RateUpdaterAgent(acks, new MessageProxy(commandsOut, 1_000_000,
            NoOpIdleStrategy.INSTANCE), 1L, 2, perEntity, blocks, 1_000_000_000L, 64);
        final ControllerConfig config = Fixtures.config(Scheme.RHCC);
        for (int b = 0; b < blocks; b++)
        {
            final int first = b * perEntity;
            agent.register(new QpBlockSlot(b, first, Fixtures.openTable(Math.min(perEntity, qps - first)),
                config.sender(), agent, 1_000_000_000L, 256, null));
        }
        agent.doWork();
        return agent;
    }

    /**
     * @param result of an offer.
     * @return true to retry (back-pressure); false if published.
     * @throws IllegalStateException if the agent's stream is gone (the agent stopped).
     */
    static boolean retry(final long result)
    {
        if (result > 0)
        {
            return false;
        }
        if (io.aeron.Publication.NOT_CONNECTED == result || io.aeron.Publication.CLOSED == result)
        {
            throw new IllegalStateException("the agent's stream is gone: " +
                org.rhcc.transport.message.OfferResult.describe(result));
        }
        return true;
    }

    private static void await(final ExclusivePublication in, final ExclusivePublication commands)
    {
        while (!in.isConnected() || !commands.isConnected())
        {
            Fixtures.sleep(1);
        }
    }

    /**
     * Polls until no answer arrived for 200 ms.
     *
     * @param in      the command stream.
     * @param adapter its decoder.
     */
    static void drainUntilQuiet(final Subscription in, final MessageAdapter adapter)
    {
        long quietSinceNs = System.nanoTime();
        while (System.nanoTime() - quietSinceNs < 200_000_000L)
        {
            if (in.poll(adapter, 64) > 0)
            {
                quietSinceNs = System.nanoTime();
            }
            else
            {
                BENCH_IDLE.idle();
            }
        }
    }

    /**
     * Records the latency of each answer from its stamp (the intended send time of the signal that caused it),
     * for signals sent after the warm-up.
     */
    static final class Receiver
    {
        private final Histogram histogram;
        long measureFromNs = Long.MAX_VALUE;

        Receiver(final Histogram histogram)
        {
            this.histogram = histogram;
        }

        void onStamp(final long stampNs)
        {
            final long latencyNs = System.nanoTime() - stampNs;
            if (stampNs >= measureFromNs)
            {
                histogram.recordValue(Math.max(0, latencyNs));
            }
        }
    }
}
