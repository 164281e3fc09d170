package org.rhcc.bench.actors;

import java.util.concurrent.atomic.AtomicLong;

import com.typesafe.config.ConfigFactory;
import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.rhcc.actors.receiver.ReceiverDecisionLog;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.ProbeAckRecord;
import org.rhcc.core.signal.RateUpdate;
import org.rhcc.transport.aeron.IdleStrategies;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.port.EcnMarkingProxy;
import org.rhcc.transport.port.MbaActuatorProxy;

/**
 * The same two paths with the signal delivered as a plain actor message, one per sample or ACK (Pekko's default
 * dispatcher), instead of through an agent polling an Aeron stream. Everything else is identical to
 * {@link AeronPathBench}: the same core controller, and the same answers (MBA commands, or rate updates) published on
 * an Aeron IPC command stream that the bench thread polls; so the difference is the input hop.
 */
final class MailboxPathBench implements AutoCloseable
{
    private static final int COMMANDS = 13006;

    private final ActorSystem<Void> system;
    private final Aeron aeron;
    private final BenchProfile profile;

    /** An IIO sample as a message. */
    record Sample(long stampNs, double occupancy, double pcieGbps)
    {
    }

    /** A probe ACK as a message. */
    record Ack(long stampNs, int qp, int reqRecvTsNs, int respSendTsNs, double rccGbps)
    {
    }

    MailboxPathBench(final Aeron aeron, final BenchProfile profile)
    {
        this.aeron = aeron;
        this.profile = profile;
        system = ActorSystem.create(Behaviors.empty(), "mailbox-bench", ConfigFactory.parseString(
            "pekko.actor.provider = local\npekko.loglevel = WARNING\npekko.log-dead-letters = off")
            .withFallback(ConfigFactory.defaultReference()));
    }

    private static Behavior<Object> iioActor(final MessageProxy commands, final AtomicLong done)
    {
        return Behaviors.setup((context) ->
        {
            final ControllerConfig config = Fixtures.config(Scheme.RHCC);
            final ReceiverDecisionLog log = new ReceiverDecisionLog(1 << 20);
            final ReceiverController controller = new ReceiverController(config,
                new MbaActuatorProxy(commands, 0, 2), new EcnMarkingProxy(commands, 0), log);
            final IioSampleRecord sample = new IioSampleRecord();
            return Behaviors.receiveMessage((message) ->
            {
                final Sample s = (Sample)message;
                controller.onIioSample(sample.set(s.occupancy(), s.pcieGbps(), s.stampNs()));
                log.queue().clear();
                done.incrementAndGet();
                return Behaviors.same();
            });
        });
    }

    private static Behavior<Object> ackActor(final int qps, final MessageProxy commands, final AtomicLong done)
    {
        return Behaviors.setup((context) ->
        {
            final SenderController loop = new SenderController(
                Fixtures.config(Scheme.RHCC).sender(), Fixtures.openTable(qps), 0, commands::rateUpdate);
            final ProbeAckRecord ack = new ProbeAckRecord();
            return Behaviors.receiveMessage((message) ->
            {
                final Ack a = (Ack)message;
                loop.onProbeAck(ack.set(a.qp(), a.reqRecvTsNs(), a.respSendTsNs(), true, a.rccGbps(), a.stampNs()));
                done.incrementAndGet();
                return Behaviors.same();
            });
        });
    }

    PacedLoad.Result iioLatency(final long ratePerSecond, final int warmup, final int measured)
    {
        try (ExclusivePublication out = aeron.addExclusivePublication("aeron:ipc", COMMANDS);
            Subscription in = aeron.addSubscription("aeron:ipc", COMMANDS))
        {
            final ActorRef<Object> actor = system.systemActorOf(iioActor(proxy(out), new AtomicLong()),
                "iio-" + System.nanoTime(), Props.empty());
            final PacedLoad.Receiver stamps = new PacedLoad.Receiver();
            final MessageAdapter adapter = new MessageAdapter("mailbox-commands", new MessageListener()
            {
                @Override
                public void onMbaLevelCommand(final int hostId, final long seq, final MbaLevelCommand command)
                {
                    stamps.onStamp(command.nowNs());
                }
            });
            return PacedLoad.run(ratePerSecond, warmup, measured, in, adapter, stamps, (i, stamp) ->
            {
                actor.tell(new Sample(stamp, Fixtures.occupancy(stamp), 50.0));
                return 1;
            }, IdleStrategies.parse(profile.benchIdle()));
        }
    }

    PacedLoad.Result ackLatency(final long ratePerSecond, final int warmup, final int measured, final int qps)
    {
        try (ExclusivePublication out = aeron.addExclusivePublication("aeron:ipc", COMMANDS);
            Subscription in = aeron.addSubscription("aeron:ipc", COMMANDS))
        {
            final ActorRef<Object> actor = system.systemActorOf(ackActor(qps, proxy(out), new AtomicLong()),
                "ack-" + System.nanoTime(), Props.empty());
            final PacedLoad.Receiver stamps = new PacedLoad.Receiver();
            final MessageAdapter adapter = new MessageAdapter("mailbox-commands", new MessageListener()
            {
                @Override
                public void onRateUpdate(final RateUpdate update)
                {
                    stamps.onStamp(update.nowNs());
                }
            });
            return PacedLoad.run(ratePerSecond, warmup, measured, in, adapter, stamps, (i, stamp) ->
            {
                final int qp = (int)((i * 2654435761L) % qps);
                final int reqRecv = i * 1000;
                actor.tell(new Ack(stamp, qp, reqRecv, reqRecv + 120 + (i % 160), 100.0));
                return 1;
            }, IdleStrategies.parse(profile.benchIdle()));
        }
    }

    /**
     * @return ACKs per second through one actor (in-flight messages bounded to 64k), rate updates drained.
     */
    double ackThroughput(final int acksTotal, final int qps)
    {
        try (ExclusivePublication out = aeron.addExclusivePublication("aeron:ipc", COMMANDS);
            Subscription in = aeron.addSubscription("aeron:ipc", COMMANDS))
        {
            final AtomicLong done = new AtomicLong();
            final ActorRef<Object> actor = system.systemActorOf(ackActor(qps, proxy(out), done),
                "ackt-" + System.nanoTime(), Props.empty());
            final MessageAdapter drain = new MessageAdapter("drain", new MessageListener()
            {
            });
            final int warm = acksTotal / 5;
            long startNs = 0;
            long startDone = 0;
            for (int i = 0; i < acksTotal; i++)
            {
                while (i - done.get() > 65_536)
                {
                    in.poll(drain, 1024);
                }
                if (0 == startNs && i == warm)
                {
                    startDone = done.get();
                    startNs = System.nanoTime();
                }
                final int qp = (int)((i * 2654435761L) % qps);
                final int reqRecv = i * 1000;
                actor.tell(new Ack(i * 100L, qp, reqRecv, reqRecv + 120 + (i % 160), 100.0));
                if (0 == (i & 255))
                {
                    in.poll(drain, 1024);
                }
            }
            while (done.get() < acksTotal)
            {
                in.poll(drain, 1024);
            }
            return (done.get() - startDone) * 1e9 / (System.nanoTime() - startNs);
        }
    }

    private static MessageProxy proxy(final ExclusivePublication out)
    {
        while (!out.isConnected())
        {
            Fixtures.sleep(1);
        }
        return new MessageProxy(out, 10_000_000, NoOpIdleStrategy.INSTANCE);
    }

    @Override
    public void close()
    {
        system.terminate();
        try
        {
            system.getWhenTerminated().toCompletableFuture().get();
        }
        catch (final Exception ignore)
        {
            // best effort
        }
    }
}
