package org.rhcc.actors.agent;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import com.typesafe.config.ConfigFactory;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNode;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.receiver.IioSampleSource;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.signal.IioSample;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;

import static org.junit.jupiter.api.Assertions.assertTrue;

class SourceSupervisionTest
{
    @Test
    void shouldRestartACrashedSourceAgentWithBackoffAndKeepPublishing()
    {
        try (TestNode node = new TestNode("supervision", Map.of(
            "rhcc.receiver.sensor-interval", "20us",
            "rhcc.supervision.source-min-backoff", "50ms",
            "rhcc.supervision.source-max-backoff", "200ms")))
        {
            final ActorTestKit kit = ActorTestKit.create("supervision", node.config(ConfigFactory.empty()));
            final var s = node.context().settings();
            final AtomicInteger instances = new AtomicInteger();
            try (ExclusivePublication internal = node.aeron().addExclusivePublication(s.internalChannel(),
                s.iioStream()); Subscription samples = node.aeron().addSubscription(s.internalChannel(),
                s.iioStream()))
            {
                final ActorRef<SourceActor.Command> poller = kit.spawn(IioSampleSource.create(node.context(), internal,
                    () -> new FlakySensor(instances.incrementAndGet() == 1 ? 200 : Integer.MAX_VALUE),
                    AgentCounters.source(CounterAllocator.unpublished(), "iio-sample-source", 1L), 1L),
                    "iio-sample-source");
                final int[] firstSeqZero = new int[1];
                final long[] total = new long[1];
                final MessageAdapter adapter = new MessageAdapter("test", new MessageListener()
                {
                    @Override
                    public void onIioSample(final int hostId, final long seq, final IioSample sample)
                    {
                        total[0]++;
                        if (0 == seq)
                        {
                            firstSeqZero[0]++;
                        }
                    }
                });
                final long deadlineNs = System.nanoTime() + 20_000_000_000L;
                while ((firstSeqZero[0] < 2 || total[0] < 600) && System.nanoTime() < deadlineNs)
                {
                    if (0 == samples.poll(adapter, 64))
                    {
                        Thread.onSpinWait();
                    }
                }

                assertTrue(instances.get() >= 2, "the crashed agent was not restarted: " + instances.get());
                assertTrue(firstSeqZero[0] >= 2, "no samples from the restarted agent");
                assertTrue(total[0] >= 600, "samples after the restart: " + total[0]);
                kit.stop(poller);
            }
            finally
            {
                kit.shutdownTestKit();
            }
        }
    }

    /**
     * A sensor that fails on its n-th read, like an MSR read that starts failing.
     */
    private static final class FlakySensor implements IioOccupancySensor
    {
        private final int failAt;
        private int reads;

        FlakySensor(final int failAt)
        {
            this.failAt = failAt;
        }

        @Override
        public double sampleOccupancy(final long nowNs)
        {
            if (++reads == failAt)
            {
                throw new IllegalStateException("MSR read failed (injected at read " + failAt + ")");
            }
            return 10.0;
        }

        @Override
        public long readLatencyNs()
        {
            return 400;
        }
    }
}
