package org.rhcc.bench.transport;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.aeron.Subscription;
import org.HdrHistogram.Histogram;
import org.agrona.CloseHelper;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.transport.aeron.Publications;
import org.rhcc.transport.agent.AgentThread;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;

/**
 * Round-trip latency of the receiver loop's data path: a pinger publishes an {@code IioSample} carrying its send
 * time, a responder agent on its own thread answers each with an {@code MbaLevelCommand} echoing that time, and the
 * pinger records {@code now - sendTime} into an HdrHistogram after the warm-up round trips, in the manner of Aeron's
 * {@code Ping}/{@code Pong} samples. One message is in flight at a time.
 */
public final class PingPongBenchmark
{
    /**
     * Highest round-trip time the histogram tracks: 10 s, beyond any stall worth measuring.
     */
    public static final long HIGHEST_TRACKABLE_RTT_NS = TimeUnit.SECONDS.toNanos(10);

    private static final int MAX_OFFER_RETRIES = 1_000_000;

    private PingPongBenchmark()
    {
    }

    /**
     * Runs the benchmark on one Aeron client.
     *
     * @param aeron              client of the driver to measure.
     * @param channel            of both directions, e.g. {@code aeron:ipc}.
     * @param pingStreamId       stream of the samples.
     * @param pongStreamId       stream of the answers.
     * @param warmupRoundTrips   round trips run before recording, for the JIT.
     * @param measuredRoundTrips round trips recorded.
     * @param responderIdle      idle strategy of the responder's thread, e.g. busy-spin for lowest latency.
     * @return the histogram of measured round-trip times in ns.
     * @throws IllegalStateException if a publication does not connect within 10 s.
     */
    public static Histogram run(
        final Aeron aeron,
        final String channel,
        final int pingStreamId,
        final int pongStreamId,
        final int warmupRoundTrips,
        final int measuredRoundTrips,
        final IdleStrategy responderIdle)
    {
        if (warmupRoundTrips < 0 || measuredRoundTrips < 1)
        {
            throw new IllegalArgumentException("need warmupRoundTrips >= 0 and measuredRoundTrips >= 1, got " +
                warmupRoundTrips + " and " + measuredRoundTrips);
        }

        final Histogram histogram = new Histogram(HIGHEST_TRACKABLE_RTT_NS, 3);
        ExclusivePublication pingPublication = null;
        Subscription pingSubscription = null;
        ExclusivePublication pongPublication = null;
        Subscription pongSubscription = null;
        AgentThread responder = null;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        try
        {
            pingSubscription = aeron.addSubscription(channel, pingStreamId);
            pongPublication = aeron.addExclusivePublication(channel, pongStreamId);
            pongSubscription = aeron.addSubscription(channel, pongStreamId);
            pingPublication = aeron.addExclusivePublication(channel, pingStreamId);

            final MessageProxy pongProxy = new MessageProxy(
                pongPublication, MAX_OFFER_RETRIES, new BusySpinIdleStrategy());
            final MessageAdapter responderAdapter = new MessageAdapter("ping", new Responder(pongProxy));
            responder = AgentThread.start(
                new PollAgent("ping-responder", pingSubscription, responderAdapter, 16), responderIdle, failure::set);

            awaitConnected(pingPublication);
            awaitConnected(pongPublication);

            final MessageProxy pingProxy = new MessageProxy(
                pingPublication, MAX_OFFER_RETRIES, new BusySpinIdleStrategy());
            final Pinger pinger = new Pinger(histogram, warmupRoundTrips);
            final MessageAdapter pingerAdapter = new MessageAdapter("pong", pinger);

            final int total = warmupRoundTrips + measuredRoundTrips;
            final IioSampleRecord sample = new IioSampleRecord();
            for (int seq = 0; seq < total; seq++)
            {
                final long result = pingProxy.iioSample(1, seq, sample.set(seq, 0.0, System.nanoTime()));
                if (result < 0)
                {
                    throw new IllegalStateException("ping " + seq + " could not be published: " + result);
                }

                while (pinger.lastSeq < seq)
                {
                    if (responder.crashed())
                    {
                        throw new IllegalStateException("responder failed", failure.get());
                    }

                    if (0 == pongSubscription.poll(pingerAdapter, 1))
                    {
                        Thread.onSpinWait();
                    }
                }
            }

        }
        finally
        {
            CloseHelper.quietCloseAll(
                responder, pingPublication, pongSubscription, pongPublication, pingSubscription);
        }

        return histogram;
    }

    static void awaitConnected(final Publication publication)
    {
        Publications.awaitReady(publication, TimeUnit.SECONDS.toNanos(10));
    }

    private static final class Responder implements MessageListener
    {
        private final MessageProxy proxy;
        private final MbaLevelCommandRecord command = new MbaLevelCommandRecord();

        Responder(final MessageProxy proxy)
        {
            this.proxy = proxy;
        }

        public void onIioSample(final int hostId, final long seq, final IioSample sample)
        {
            proxy.mbaLevelCommand(hostId, seq, command.set(0, 1, MbaLevelCommand.REASON_UNSPECIFIED, sample.nowNs()));
        }
    }

    private static final class Pinger implements MessageListener
    {
        private final Histogram histogram;
        private final int warmupRoundTrips;
        private long lastSeq = -1;

        Pinger(final Histogram histogram, final int warmupRoundTrips)
        {
            this.histogram = histogram;
            this.warmupRoundTrips = warmupRoundTrips;
        }

        public void onMbaLevelCommand(final int hostId, final long seq, final MbaLevelCommand command)
        {
            final long rttNs = System.nanoTime() - command.nowNs();
            if (seq >= warmupRoundTrips)
            {
                histogram.recordValue(Math.min(rttNs, HIGHEST_TRACKABLE_RTT_NS));
            }

            lastSeq = seq;
        }
    }
}
