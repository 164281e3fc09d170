package org.rhcc.bench.transport;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.CloseHelper;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.rhcc.transport.agent.AgentThread;
import org.rhcc.transport.codec.MessageHeaderEncoder;
import org.rhcc.transport.codec.ProbeAckEncoder;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.ProbeAckRecord;

/**
 * One-way throughput of the sender loop's input: the caller's thread publishes {@code ProbeAck} frames as fast as
 * the stream accepts them (retrying on back-pressure) while a subscriber agent on its own thread decodes and counts
 * them and checks their order. The clock runs from the first offer to the last frame decoded.
 */
public final class ThroughputBenchmark
{
    private ThroughputBenchmark()
    {
    }

    /**
     * Outcome of a run.
     *
     * @param messages      decoded by the subscriber.
     * @param elapsedNs     from the first offer to the last frame decoded.
     * @param backPressures claims refused with back-pressure (and retried) by the publisher.
     */
    public record Result(long messages, long elapsedNs, long backPressures)
    {
        /**
         * @return messages per second.
         */
        public double messagesPerSecond()
        {
            return messages * 1e9 / elapsedNs;
        }

        /**
         * @return message bytes (header and block, not Aeron's frame header) per second, in MB/s (10^6 B).
         */
        public double megabytesPerSecond()
        {
            return messagesPerSecond() * (MessageHeaderEncoder.ENCODED_LENGTH + ProbeAckEncoder.BLOCK_LENGTH) / 1e6;
        }
    }

    /**
     * Runs the benchmark.
     *
     * @param aeron          client of the driver to measure.
     * @param channel        of the stream, e.g. {@code aeron:ipc}.
     * @param streamId       of the stream.
     * @param messageCount   frames to send, at least 1.
     * @param subscriberIdle idle strategy of the subscriber's thread.
     * @return what was measured.
     * @throws IllegalStateException if a frame could not be published or arrived out of order.
     */
    public static Result run(
        final Aeron aeron,
        final String channel,
        final int streamId,
        final long messageCount,
        final IdleStrategy subscriberIdle)
    {
        if (messageCount < 1)
        {
            throw new IllegalArgumentException("messageCount must be >= 1, got " + messageCount);
        }

        Subscription subscription = null;
        ExclusivePublication publication = null;
        AgentThread subscriber = null;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        try
        {
            subscription = aeron.addSubscription(channel, streamId);
            publication = aeron.addExclusivePublication(channel, streamId);
            final Counter counter = new Counter(messageCount);
            subscriber = AgentThread.start(
                new PollAgent("probe-ack-counter", subscription, new MessageAdapter("probe-acks", counter), 64),
                subscriberIdle, failure::set);
            PingPongBenchmark.awaitConnected(publication);

            final MessageProxy proxy = new MessageProxy(publication, Integer.MAX_VALUE, new YieldingIdleStrategy());
            final ProbeAckRecord ack = new ProbeAckRecord();
            final long startNs = System.nanoTime();
            for (long i = 0; i < messageCount; i++)
            {
                final long result = proxy.probeAck(ack.set((int)(i & 0xFFFFFF), (int)i, (int)i + 1000, true, 100.0, i));
                if (result < 0)
                {
                    throw new IllegalStateException("probe ACK " + i + " could not be published: " + result);
                }
            }

            while (counter.received.get() < messageCount)
            {
                if (counter.outOfOrder.get() > 0 || subscriber.crashed())
                {
                    throw new IllegalStateException("subscriber saw " + counter.outOfOrder.get() +
                        " frames out of order" + (subscriber.crashed() ? " and failed" : ""), failure.get());
                }

                Thread.yield();
            }

            final long elapsedNs = counter.lastReceivedNs - startNs;
            if (counter.outOfOrder.get() > 0)
            {
                throw new IllegalStateException("subscriber saw " + counter.outOfOrder.get() + " frames out of order");
            }

            return new Result(counter.received.get(), elapsedNs, proxy.backPressureCount());
        }
        finally
        {
            CloseHelper.quietCloseAll(subscriber, publication, subscription);
        }
    }

    private static final class Counter implements MessageListener
    {
        private final long messageCount;
        private final AtomicLong received = new AtomicLong();
        private final AtomicLong outOfOrder = new AtomicLong();
        private volatile long lastReceivedNs;

        Counter(final long messageCount)
        {
            this.messageCount = messageCount;
        }

        public void onProbeAck(final ProbeAck ack)
        {
            final long expected = received.get();
            if (ack.nowNs() != expected)
            {
                outOfOrder.lazySet(outOfOrder.get() + 1);
            }

            if (expected + 1 == messageCount)
            {
                lastReceivedNs = System.nanoTime();
            }

            received.lazySet(expected + 1);
        }
    }
}
