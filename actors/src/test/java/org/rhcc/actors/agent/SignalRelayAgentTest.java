package org.rhcc.actors.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNode;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameKey;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.message.FrameDropCounters;
import org.rhcc.transport.message.FrameGate;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SignalRelayAgentTest
{
    private static final String SMALL_TERM = "aeron:ipc?term-length=64k";
    private static final long SESSION = 1L;

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
            final SignalRelayAgent relay = relay(node, platformIn, internal, 10);
            final MessageProxy platform = new MessageProxy(platformOut, 0, NoOpIdleStrategy.INSTANCE,
                node.context().frameAuth().signer(FramePublisher.PLATFORM_IIO, SESSION));

            // the actuator does not poll: the internal stream back-pressures the relay, then the platform stream fills
            long published = 0;
            int stuck = 0;
            final long fillDeadlineNs = System.nanoTime() + 10_000_000_000L;
            while ((0 == relay.refusals() || stuck < 1000) && System.nanoTime() < fillDeadlineNs)
            {
                if (platform.iioSample(0, published, new IioSampleRecord().set(50.0, 80.0, published * 400)) > 0)
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
                public void onIioSample(final int hostId, final long seq, final IioSample sample)
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
            assertEquals(0, relay.framesDropped(), "a frame offered again is not a replay");
        }
    }

    @Test
    void shouldRelayNoForgedOrReplayedFrame()
    {
        try (TestNode node = new TestNode("relay-rogue", Map.of());
            ExclusivePublication platformOut = node.aeron().addExclusivePublication(SMALL_TERM, 9003);
            ExclusivePublication rogueOut = node.aeron().addExclusivePublication(SMALL_TERM, 9003);
            Subscription platformIn = node.aeron().addSubscription(SMALL_TERM, 9003);
            ExclusivePublication internal = node.aeron().addExclusivePublication(SMALL_TERM, 9004);
            Subscription actuator = node.aeron().addSubscription(SMALL_TERM, 9004))
        {
            while (!platformOut.isConnected() || !rogueOut.isConnected() || !internal.isConnected())
            {
                Thread.onSpinWait();
            }
            final SignalRelayAgent relay = relay(node, platformIn, internal, 10);
            final MessageProxy platform = new MessageProxy(platformOut, 0, NoOpIdleStrategy.INSTANCE,
                node.context().frameAuth().signer(FramePublisher.PLATFORM_IIO, SESSION));
            final MessageProxy forger = new MessageProxy(rogueOut, 0, NoOpIdleStrategy.INSTANCE,
                FrameAuth.of(FrameKey.random()).signer(FramePublisher.PLATFORM_IIO, SESSION));
            final MessageProxy otherSession = new MessageProxy(rogueOut, 0, NoOpIdleStrategy.INSTANCE,
                node.context().frameAuth().signer(FramePublisher.PLATFORM_IIO, SESSION + 1));
            final Subscription spy = node.aeron().addSubscription(SMALL_TERM, 9003);
            while (0 == spy.imageCount())
            {
                Thread.onSpinWait();
            }
            final List<byte[]> captured = new ArrayList<>();
            for (int i = 0; i < 10; i++)
            {
                assertTrue(platform.iioSample(0, i, new IioSampleRecord().set(40.0, 80.0, i * 400L)) > 0);
                assertTrue(forger.iioSample(0, 100 + i, new IioSampleRecord().set(99.0, 80.0, i * 400L)) > 0);
                assertTrue(otherSession.iioSample(0, 200 + i, new IioSampleRecord().set(99.0, 80.0, i * 400L)) > 0);
            }
            final long deadlineNs = System.nanoTime() + 10_000_000_000L;
            while (captured.size() < 30 && System.nanoTime() < deadlineNs)
            {
                spy.poll((buffer, offset, length, header) ->
                {
                    final byte[] frame = new byte[length];
                    buffer.getBytes(offset, frame);
                    captured.add(frame);
                }, 64);
                relay.doWork();
            }
            for (final byte[] frame : captured)
            {
                assertTrue(rogueOut.offer(new UnsafeBuffer(frame)) > 0, "the rogue replays every frame it captured");
            }
            final List<Long> seqs = new ArrayList<>();
            final MessageAdapter adapter = new MessageAdapter("test", new MessageListener()
            {
                @Override
                public void onIioSample(final int hostId, final long seq, final IioSample sample)
                {
                    seqs.add(seq);
                }
            });
            // 60 frames in all: 30 originals (10 genuine, 20 forged or of another session) and their 30 replays; once
            // 50 are dropped every frame was judged, and the genuine 10 must have reached the actuator
            final long drainNs = System.nanoTime() + 10_000_000_000L;
            while ((relay.framesDropped() < 50 || seqs.size() < 10) && System.nanoTime() < drainNs)
            {
                relay.doWork();
                actuator.poll(adapter, 64);
            }
            actuator.poll(adapter, 64);
            assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), seqs, "only the genuine frames, once");
            assertEquals(10, relay.framesRelayed());
            final FrameDropCounters drops = relay.counters().frameDrops;
            assertEquals(40, drops.count(DropReason.UNAUTHENTICATED), "forged, other session, and their replays");
            assertEquals(10, drops.count(DropReason.REPLAYED), "the genuine frames replayed");
        }
    }

    private static SignalRelayAgent relay(final TestNode node, final Subscription platformIn,
        final ExclusivePublication internal, final int offerRetries)
    {
        final AgentCounters.Source counters =
            AgentCounters.source(CounterAllocator.unpublished(), "iio-sample-source", SESSION);
        final FrameGate gate = new FrameGate(
            node.context().frameAuth().verifier(SESSION, FramePublisher.PLATFORM_IIO), counters.frameDrops);
        return new SignalRelayAgent("iio-sample-source", platformIn, internal, gate, 64, offerRetries, counters);
    }
}
