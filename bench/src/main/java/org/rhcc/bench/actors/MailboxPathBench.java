package org.rhcc.bench.actors;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import com.typesafe.config.ConfigFactory;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.OneToOneConcurrentArrayQueue;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.sender.QpStateTable;
import org.rhcc.core.sender.ReceivableRateController;
import org.rhcc.core.sender.SenderLoop;

/**
 * The same two paths through plain actor messages, one message per sample or ACK: the bench thread tells an actor an
 * immutable message per signal; the actor runs the same core controller and hands the message back through a queue
 * the bench thread polls (so the answer costs no second mailbox hop). Pekko's default dispatcher.
 */
final class MailboxPathBench implements AutoCloseable
{
    private final ActorSystem<Void> system;

    /** An IIO sample as a message. */
    record Sample(long stampNs, double occupancy, double pcieGbps)
    {
    }

    /** A probe ACK as a message. */
    record Ack(long stampNs, int qp, int reqRecvTsNs, int respSendTsNs, double rccGbps)
    {
    }

    MailboxPathBench()
    {
        system = ActorSystem.create(Behaviors.empty(), "mailbox-bench", ConfigFactory.parseString(
            "pekko.actor.provider = local\npekko.loglevel = WARNING\npekko.log-dead-letters = off")
            .withFallback(ConfigFactory.defaultReference()));
    }

    private static Behavior<Object> iioActor(final OneToOneConcurrentArrayQueue<Object> out, final AtomicLong done)
    {
        return Behaviors.setup((context) ->
        {
            final ControllerConfig config = Fixtures.config(Scheme.RHCC);
            final ReceiverController controller = new ReceiverController(config, new MbaActuator()
            {
                @Override
                public int groupCount()
                {
                    return 2;
                }

                @Override
                public void applyLevel(final int group, final int level, final long nowNs)
                {
                }

                @Override
                public void resetToUnthrottled()
                {
                }
            }, (on, t) ->
            {
            }, (g, l, t) ->
            {
            });
            return Behaviors.receiveMessage((message) ->
            {
                final Sample s = (Sample)message;
                controller.onIioSample(s.occupancy(), s.pcieGbps(), s.stampNs());
                if (null != out)
                {
                    out.offer(s);
                }
                done.incrementAndGet();
                return Behaviors.same();
            });
        });
    }

    private static Behavior<Object> ackActor(final int qps, final OneToOneConcurrentArrayQueue<Object> out,
        final AtomicLong done)
    {
        return Behaviors.setup((context) ->
        {
            final QpStateTable table = Fixtures.openTable(qps);
            final SenderLoop loop = new SenderLoop(new ReceivableRateController(
                Fixtures.config(Scheme.RHCC).sender(), table), (qp, rRev, rSend, nowNs) ->
                {
                });
            return Behaviors.receiveMessage((message) ->
            {
                final Ack a = (Ack)message;
                loop.onProbeAck(a.qp(), a.reqRecvTsNs(), a.respSendTsNs(), a.rccGbps(), a.stampNs());
                if (null != out)
                {
                    out.offer(a);
                }
                done.incrementAndGet();
                return Behaviors.same();
            });
        });
    }

    Histogram iioLatency(final long ratePerSecond, final int warmup, final int measured)
    {
        final OneToOneConcurrentArrayQueue<Object> out = new OneToOneConcurrentArrayQueue<>(1 << 20);
        final ActorRef<Object> actor = system.systemActorOf(iioActor(out, new AtomicLong()), "iio-" + System.nanoTime(),
            org.apache.pekko.actor.typed.Props.empty());
        return paced(ratePerSecond, warmup, measured, out, (i, stamp) ->
            actor.tell(new Sample(stamp, Fixtures.occupancy(stamp), 50.0)));
    }

    Histogram ackLatency(final long ratePerSecond, final int warmup, final int measured, final int qps)
    {
        final OneToOneConcurrentArrayQueue<Object> out = new OneToOneConcurrentArrayQueue<>(1 << 20);
        final ActorRef<Object> actor = system.systemActorOf(ackActor(qps, out, new AtomicLong()),
            "ack-" + System.nanoTime(), org.apache.pekko.actor.typed.Props.empty());
        return paced(ratePerSecond, warmup, measured, out, (i, stamp) ->
        {
            final int qp = (int)((i * 2654435761L) % qps);
            final int reqRecv = i * 1000;
            actor.tell(new Ack(stamp, qp, reqRecv, reqRecv + 120 + (i % 160), 100.0));
        });
    }

    /**
     * @return ACKs per second through one actor, in-flight messages bounded to 64k.
     */
    double ackThroughput(final int acksTotal, final int qps)
    {
        final AtomicLong done = new AtomicLong();
        final ActorRef<Object> actor = system.systemActorOf(ackActor(qps, null, done), "ackt-" + System.nanoTime(),
            org.apache.pekko.actor.typed.Props.empty());
        final int warm = acksTotal / 5;
        long startNs = 0;
        long startDone = 0;
        for (int i = 0; i < acksTotal; i++)
        {
            while (i - done.get() > 65_536)
            {
                Thread.onSpinWait();
            }
            if (0 == startNs && i == warm)
            {
                startDone = done.get();
                startNs = System.nanoTime();
            }
            final int qp = (int)((i * 2654435761L) % qps);
            final int reqRecv = i * 1000;
            actor.tell(new Ack(i * 100L, qp, reqRecv, reqRecv + 120 + (i % 160), 100.0));
        }
        while (done.get() < acksTotal)
        {
            Thread.onSpinWait();
        }
        return (done.get() - startDone) * 1e9 / (System.nanoTime() - startNs);
    }

    private interface Sender
    {
        void send(int i, long stampNs);
    }

    private static Histogram paced(final long ratePerSecond, final int warmup, final int measured,
        final OneToOneConcurrentArrayQueue<Object> out, final Sender sender)
    {
        final Histogram histogram = new Histogram(10_000_000_000L, 3);
        final long periodNs = 1_000_000_000L / ratePerSecond;
        final int total = warmup + measured;
        long received = 0;
        long next = System.nanoTime();
        for (int i = 0; i < total; i++)
        {
            while (System.nanoTime() < next)
            {
                received += drain(out, histogram, received, warmup);
            }
            sender.send(i, next);
            received += drain(out, histogram, received, warmup);
            next += periodNs;
        }
        final long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (received < total && System.nanoTime() < deadline)
        {
            received += drain(out, histogram, received, warmup);
        }
        return histogram;
    }

    private static int drain(final OneToOneConcurrentArrayQueue<Object> out, final Histogram histogram,
        final long received, final int warmup)
    {
        int n = 0;
        Object o;
        while (null != (o = out.poll()))
        {
            final long stamp = o instanceof Sample s ? s.stampNs() : ((Ack)o).stampNs();
            if (received + n >= warmup)
            {
                histogram.recordValue(Math.max(0, System.nanoTime() - stamp));
            }
            n++;
        }
        return n;
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
