package org.rhcc.bench.actors;

import java.lang.management.ManagementFactory;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.CompositeAgent;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.actors.agent.SignalRelayAgent;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.receiver.MbaActuatorAgent;
import org.rhcc.actors.receiver.MbaLevelTelemetry;
import org.rhcc.actors.receiver.ReceiverDecisionLog;
import org.rhcc.actors.sender.QpBlockSlot;
import org.rhcc.actors.sender.RateUpdaterAgent;
import org.rhcc.actors.sender.SenderAgents;
import org.rhcc.actors.sender.SenderHostState;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.ProbeAckRecord;
import org.rhcc.core.signal.RateUpdate;
import org.rhcc.transport.aeron.IdleStrategies;
import org.rhcc.transport.agent.AgentThread;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameKey;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.counters.NodeCounters;
import org.rhcc.transport.message.FrameGate;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.port.EcnMarkingProxy;
import org.rhcc.transport.port.MbaActuatorProxy;

/**
 * Signal-to-actuation latency and probe-ACK throughput through the controller's real agents over Aeron IPC.
 * <ul>
 *   <li>IIO path: the bench thread publishes {@code IioSample}s on the node's internal IIO stream (as the IIO sample
 * source's
 *   agent does), with an occupancy that crosses I_thr every 100 us; the {@link MbaActuatorAgent} runs core's receiver
 *   controller and publishes each MBA level change on the command stream; the latency is from the intended send time
 *   of the sample that caused a command (carried in the command) to the bench thread reading the command. With
 *   {@code relay}, the samples enter on the platform stream and cross the IIO sample source's relay agent first (one
 * more
 *   hop; on its own thread, or sharing the cascade's thread, see {@link #relayThreads}).</li>
 *   <li>ACK path: the bench thread publishes a {@code ProbeAck} on the internal ACK stream; the
 *   {@link RateUpdaterAgent} runs it through its block's table and publishes the {@code RateUpdate}; the latency is
 *   from the ACK's intended send time to the bench thread reading the rate update.</li>
 * </ul>
 * Sends are paced at a fixed rate with intended times as stamps (no coordinated omission), see {@link PacedLoad}.
 */
final class AeronPathBench
{
    private static final int INTERNAL_IIO = 11001;
    private static final int PLATFORM_IIO = 12001;
    private static final int INTERNAL_ACKS = 11003;
    private static final int COMMANDS = 11006;

    private static final boolean BUSY = Boolean.getBoolean("rhcc.bench.busy");

    private final Aeron aeron;
    private final NodeCounters counters;
    private final SenderAgents senders = new SenderAgents();
    private final BenchProfile profile;
    private final int relayThreads;
    private final java.util.List<BusyTimeAgent> timed = new java.util.ArrayList<>();
    /** Frames signed and verified as on a node, unless -Drhcc.bench.frame-auth=off (to measure what it costs). */
    private final FrameAuth auth = "off".equals(System.getProperty("rhcc.bench.frame-auth")) ? FrameAuth.off() :
        FrameAuth.of(FrameKey.random());

    /**
     * @param aeron   client of the bench's driver.
     * @param profile idle strategies of the agents and the bench thread.
     */
    AeronPathBench(final Aeron aeron, final BenchProfile profile)
    {
        this.aeron = aeron;
        this.counters = new NodeCounters(aeron);
        this.profile = profile;
        this.relayThreads = relayThreads();
    }

    /**
     * @return the counters of the bench's agents, published as a node's are.
     */
    NodeCounters counters()
    {
        return counters;
    }

    /**
     * @return the sender host states the bench's rate updaters run, as a node registers them.
     */
    SenderAgents senders()
    {
        return senders;
    }

    /**
     * Threads of the relay variant: {@code -Drhcc.bench.relay.threads=1} runs the relay and the cascade as one
     * {@link CompositeAgent} (the extra hop without an extra thread), {@code 2} each on its own thread as a node does.
     * Default: 2 where the machine has a core for each of the three busy threads (bench, relay, cascade), else 1.
     *
     * @return 1 or 2.
     */
    static int relayThreads()
    {
        final int threads = Integer.getInteger("rhcc.bench.relay.threads",
            Runtime.getRuntime().availableProcessors() >= 3 ? 2 : 1);
        if (1 != threads && 2 != threads)
        {
            throw new IllegalArgumentException("-Drhcc.bench.relay.threads=" + threads + " is not 1 or 2: use 1 " +
                "(relay and cascade on one thread) or 2 (each on its own)");
        }
        return threads;
    }

    int relayThreadCount()
    {
        return relayThreads;
    }

    PacedLoad.Result iioLatency(final long ratePerSecond, final int warmup, final int measured, final boolean relay)
    {
        final int inStream = relay ? PLATFORM_IIO : INTERNAL_IIO;
        try (ExclusivePublication in = aeron.addExclusivePublication("aeron:ipc", inStream);
            ExclusivePublication internal = aeron.addExclusivePublication("aeron:ipc", INTERNAL_IIO);
            Subscription samples = aeron.addSubscription("aeron:ipc", INTERNAL_IIO);
            Subscription platform = aeron.addSubscription("aeron:ipc", PLATFORM_IIO);
            ExclusivePublication commandsOut = aeron.addExclusivePublication("aeron:ipc", COMMANDS);
            Subscription commandsIn = aeron.addSubscription("aeron:ipc", COMMANDS))
        {
            final AgentCounters.MbaActuator cascadeCounters = AgentCounters.mbaActuator(counters, 1L, 2);
            final MessageProxy commands = commandProxy(commandsOut, cascadeCounters.framesPublished,
                cascadeCounters.backPressured);
            final ReceiverDecisionLog log = new ReceiverDecisionLog(1 << 20);
            final ControllerConfig config = Fixtures.config(Scheme.RHCC);
            final ReceiverController controller = new ReceiverController(config,
                new MbaActuatorProxy(commands, 0, 2), new EcnMarkingProxy(commands, 0),
                new MbaLevelTelemetry(cascadeCounters, log));
            final MbaActuatorAgent cascade = new MbaActuatorAgent(samples,
                auth.verifier(1L, FramePublisher.PLATFORM_IIO, FramePublisher.HOST_IIO_SENSOR), commands, controller,
                log, Fixtures.mark(), 1L, 0, 1, 64, cascadeCounters);
            final AgentCounters.Source sourceCounters = AgentCounters.source(counters, "iio-sample-source", 1L);
            final Agent relayAgent = relay ? new SignalRelayAgent("iio-sample-source", platform, internal,
                new FrameGate(auth.verifier(1L, FramePublisher.PLATFORM_IIO), sourceCounters.frameDrops), 64,
                Integer.MAX_VALUE, sourceCounters) : null;
            final AgentThread cascadeThread;
            AgentThread relayThread = null;
            if (relay && 1 == relayThreads)
            {
                cascadeThread = start(new CompositeAgent(relayAgent, cascade));
            }
            else
            {
                cascadeThread = start(cascade);
                if (relay)
                {
                    relayThread = start(relayAgent);
                }
            }
            try
            {
                await(in, commandsOut);
                final MessageProxy proxy = new MessageProxy(in, 0, NoOpIdleStrategy.INSTANCE,
                    auth.signer(relay ? FramePublisher.PLATFORM_IIO : FramePublisher.HOST_IIO_SENSOR, 1L));
                final PacedLoad.Receiver receiver = new PacedLoad.Receiver();
                final MessageAdapter adapter = new MessageAdapter("bench-commands", new MessageListener()
                {
                    @Override
                    public void onMbaLevelCommand(final int hostId, final long seq, final MbaLevelCommand command)
                    {
                        receiver.onStamp(command.nowNs());
                    }
                });
                final IioSampleRecord sample = new IioSampleRecord();
                final long startNs = System.nanoTime();
                final PacedLoad.Result result = PacedLoad.run(ratePerSecond, warmup, measured, commandsIn, adapter,
                    receiver, (i, intendedNs) -> proxy.iioSample(0, i,
                        sample.set(Fixtures.occupancy(intendedNs), 50.0, intendedNs)),
                    benchIdle(), threads(cascadeThread, relayThread));
                log.queue().clear();
                return stopped(result, startNs, cascadeThread, relayThread);
            }
            finally
            {
                cascadeThread.close();
                if (null != relayThread)
                {
                    relayThread.close();
                }
            }
        }
    }

    PacedLoad.Result ackLatency(final long ratePerSecond, final int warmup, final int measured, final int qps)
    {
        try (ExclusivePublication in = aeron.addExclusivePublication("aeron:ipc", INTERNAL_ACKS);
            Subscription acks = aeron.addSubscription("aeron:ipc", INTERNAL_ACKS);
            ExclusivePublication commandsOut = aeron.addExclusivePublication("aeron:ipc", COMMANDS);
            Subscription commandsIn = aeron.addSubscription("aeron:ipc", COMMANDS))
        {
            final RateUpdaterAgent agent = senderAgent(acks, commandsOut, qps);
            final AgentThread agentThread = start(agent);
            try
            {
                await(in, commandsOut);
                final MessageProxy proxy = new MessageProxy(in, 0, NoOpIdleStrategy.INSTANCE,
                    auth.signer(FramePublisher.PLATFORM_ACKS, 1L));
                final PacedLoad.Receiver receiver = new PacedLoad.Receiver();
                final MessageAdapter adapter = new MessageAdapter("bench-commands", new MessageListener()
                {
                    @Override
                    public void onRateUpdate(final RateUpdate update)
                    {
                        receiver.onStamp(update.nowNs());
                    }
                });
                final ProbeAckRecord ack = new ProbeAckRecord();
                final long startNs = System.nanoTime();
                return stopped(PacedLoad.run(ratePerSecond, warmup, measured, commandsIn, adapter, receiver,
                    (i, intendedNs) ->
                    {
                        final int qp = (int)((i * 2654435761L) % qps);
                        final int reqRecv = i * 1000;
                        return proxy.probeAck(ack.set(qp, reqRecv, reqRecv + 120 + (i % 160), true, 100.0,
                            intendedNs));
                    }, benchIdle(), threads(agentThread, null)), startNs, agentThread);
            }
            finally
            {
                agentThread.close();
            }
        }
    }

    /**
     * Probe-ACK throughput of one sender node's rate-updater agent: the bench thread publishes ACKs flat out over
     * {@code qps} QPs and drains the rate updates; the agent's allocation is read from its thread.
     *
     * @param notes     gets what the JVM's threads did during the measured window.
     * @return {ACKs per second, bytes allocated per ACK in steady state}.
     */
    double[] ackThroughput(final int acksTotal, final int qps, final java.util.List<String> notes)
    {
        try (ExclusivePublication in = aeron.addExclusivePublication("aeron:ipc", INTERNAL_ACKS);
            Subscription acks = aeron.addSubscription("aeron:ipc", INTERNAL_ACKS);
            ExclusivePublication commandsOut = aeron.addExclusivePublication("aeron:ipc", COMMANDS);
            Subscription commandsIn = aeron.addSubscription("aeron:ipc", COMMANDS))
        {
            final RateUpdaterAgent agent = senderAgent(acks, commandsOut, qps);
            final AgentThread agentThread = AgentThread.start(agent, IdleStrategies.parse(profile.agentIdle()),
                Throwable::printStackTrace);
            try
            {
                await(in, commandsOut);
                final com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
                final MessageProxy proxy = new MessageProxy(in, 0, NoOpIdleStrategy.INSTANCE,
                    auth.signer(FramePublisher.PLATFORM_ACKS, 1L));
                final MessageAdapter drain = new MessageAdapter("drain", new MessageListener()
                {
                });
                final int warm = acksTotal / 5;
                long startNs = 0;
                long startAcks = 0;
                long startBytes = 0;
                final ProbeAckRecord ack = new ProbeAckRecord();
                ThreadTimes before = null;
                int i = 0;
                while (agent.acksSeen() < acksTotal)
                {
                    if (i < acksTotal)
                    {
                        for (int burst = 0; burst < 256 && i < acksTotal; burst++)
                        {
                            final int qp = (int)((i * 2654435761L) % qps);
                            final int reqRecv = i * 1000;
                            if (proxy.probeAck(ack.set(qp, reqRecv, reqRecv + 120 + (i % 160), true, 100.0,
                                i * 100L)) < 0)
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
                        startBytes = threads.getThreadAllocatedBytes(agentThread.thread().getId());
                        before = ThreadTimes.snapshot();
                        startNs = System.nanoTime();
                    }
                }
                final long endNs = System.nanoTime();
                final long acksDone = agent.acksSeen() - startAcks;
                final long bytes = threads.getThreadAllocatedBytes(agentThread.thread().getId()) - startBytes;
                notes.addAll(ThreadTimes.snapshot().since(before, 0.005));
                return new double[]{ acksDone * 1e9 / (endNs - startNs), (double)bytes / acksDone };
            }
            finally
            {
                agentThread.close();
            }
        }
    }

    private AgentThread start(final Agent agent)
    {
        Agent run = agent;
        if (BUSY)
        {
            final BusyTimeAgent busy = new BusyTimeAgent(agent);
            timed.add(busy);
            run = busy;
        }
        return AgentThread.start(run, IdleStrategies.parse(profile.agentIdle()), Throwable::printStackTrace);
    }

    /**
     * Stops the agents and adds their service times to the notes, with {@code -Drhcc.bench.busy=true}.
     */
    private PacedLoad.Result stopped(
        final PacedLoad.Result result, final long startNs, final AgentThread... agentThreads)
    {
        for (final AgentThread agentThread : agentThreads)
        {
            if (null != agentThread)
            {
                agentThread.close();
            }
        }
        final long elapsedNs = System.nanoTime() - startNs;
        for (final BusyTimeAgent busy : timed)
        {
            result.notes().add(busy.summary(elapsedNs));
        }
        timed.clear();
        return result;
    }

    private IdleStrategy benchIdle()
    {
        return IdleStrategies.parse(profile.benchIdle());
    }

    private static Thread[] threads(final AgentThread first, final AgentThread second)
    {
        awaitThread(first);
        if (null == second)
        {
            return new Thread[]{ first.thread() };
        }
        awaitThread(second);
        return new Thread[]{ first.thread(), second.thread() };
    }

    private static void awaitThread(final AgentThread agentThread)
    {
        while (null == agentThread.thread())
        {
            Fixtures.sleep(1);
        }
    }

    private RateUpdaterAgent senderAgent(final Subscription acks, final ExclusivePublication commandsOut,
        final int qps)
    {
        final int perEntity = 1024;
        final int blocks = (qps + perEntity - 1) / perEntity;
        final AgentCounters.RateUpdater rateCounters = AgentCounters.rateUpdater(counters, 1L);
        final SenderHostState state = new SenderHostState(1L, 2, perEntity, blocks, 1_000_000_000L, rateCounters,
            Fixtures.mark());
        final RateUpdaterAgent agent = new RateUpdaterAgent(acks, auth.verifier(1L, FramePublisher.PLATFORM_ACKS),
            commandProxy(commandsOut, rateCounters.framesPublished, rateCounters.backPressured), state, 64);
        senders.put(state);
        final ControllerConfig config = Fixtures.config(Scheme.RHCC);
        for (int b = 0; b < blocks; b++)
        {
            final int first = b * perEntity;
            state.register(new QpBlockSlot(b, first, Fixtures.openTable(Math.min(perEntity, qps - first)),
                config.sender(), state, 1_000_000_000L, 256, null));
        }
        agent.doWork();
        return agent;
    }

    /**
     * @param commandsOut   the agents' command stream.
     * @param published     counts the frames published, as a node's actuators do.
     * @param backPressured counts the back-pressured claims.
     * @return the actuator's proxy on it, retrying as a node's actuators do (the profile's offer retries, yielding).
     */
    private MessageProxy commandProxy(final ExclusivePublication commandsOut, final AtomicCounter published,
        final AtomicCounter backPressured)
    {
        return new MessageProxy(commandsOut, profile.offerRetries(), IdleStrategies.parse("yielding"),
            auth.signer(FramePublisher.RECEIVER_CONTROLLER, 1L), published, backPressured);
    }

    private static void await(final ExclusivePublication in, final ExclusivePublication commands)
    {
        while (!in.isConnected() || !commands.isConnected())
        {
            Fixtures.sleep(1);
        }
    }
}
