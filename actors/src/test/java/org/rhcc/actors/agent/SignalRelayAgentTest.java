package org.rhcc.actors.agent;

import java.util.Map;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNode;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SignalRelayAgentTest
{
    private static final String SMALL_TERM = "aeron:ipc?term-length=64k";

    @Test
    void shouldHoldBackAFrameTheInternalStreamRefusesAndRelayEveryFrameInOrderOnceItDrains()
    {
        try (TestNode node = new TestNode("relay", Map.of());
            ExclusivePublication platformOut = node.aeron().addExclusivePublication(SMALL_TERM, 9001);
            Subscription platformIn = node.aeron().addSubscription(SMALL_TERM, 9001);
            ExclusivePublication internal = node.aeron().addExclusivePublication(SMALL_TERM, 9002);
            Subscription actuator = node.aeron().addSubscription(SMALL_TERM, 9002))
        {
            while (!platformOut.isConnected() || !internal.isConnected())
            {
                Thread.onSpinWait();
            }
            final SignalRelayAgent relay = new SignalRelayAgent("iio-sample-source", platformIn, internal, 64, 10,
                AgentCounters.source(CounterAllocator.unpublished(), "iio-sample-source", 1L));
            final MessageProxy platform = new MessageProxy(platformOut, 0, NoOpIdleStrategy.INSTANCE);

            // the actuator does not poll: the internal stream back-pressures the relay, then the platform stream fills
            long published = 0;
            int stuck = 0;
            final long fillDeadlineNs = System.nanoTime() + 10_000_000_000L;
            while ((0 == relay.refusals() || stuck < 1000) && System.nanoTime() < fillDeadlineNs)
            {
                if (platform.iioSample(0, published, published * 400, 50.0, 80.0) > 0)
                {
                    published++;
                    stuck = 0;
                }
                else if (0 == relay.doWork())
                {
                    stuck++;
                    Thread.yield();
                }
            }
            assertTrue(relay.refusals() > 0, "the internal stream never refused a frame");
            assertTrue(published > relay.framesRelayed(), "the platform stream holds frames the relay held back");

            final long[] next = new long[1];
            final MessageAdapter adapter = new MessageAdapter("test", new MessageListener()
            {
                @Override
                public void onIioSample(final int hostId, final long seq, final long nowNs, final double occupancy,
                    final double pcieGbps)
                {
                    assertEquals(next[0], seq, "frames relayed in order, none lost");
                    next[0]++;
                }
            });
            final long deadlineNs = System.nanoTime() + 10_000_000_000L;
            while (next[0] < published && System.nanoTime() < deadlineNs)
            {
                actuator.poll(adapter, 64);
                relay.doWork();
            }
            assertEquals(published, next[0], "every frame the platform published reached the actuator");
            assertEquals(published, relay.framesRelayed());
        }
    }
}
