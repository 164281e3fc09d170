package org.rhcc.transport.message;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.aeron.Subscription;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.ProbeAckRecord;
import org.rhcc.core.signal.RateUpdateRecord;
import org.rhcc.transport.aeron.Await;
import org.rhcc.transport.aeron.Channels;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.aeron.IdleStrategies;
import org.rhcc.transport.aeron.Publications;
import org.rhcc.transport.agent.AgentThread;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.codec.Frames;
import org.rhcc.transport.codec.MessageHeaderEncoder;
import org.rhcc.transport.codec.ProbeAckDecoder;

import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IpcTransportTest
{
    @TempDir
    static Path workDir;

    private static EmbeddedMediaDriver driver;
    private static Aeron aeron;
    private static int nextStreamId = 3000;

    @BeforeAll
    static void beforeAll()
    {
        driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir));
        aeron = driver.connect();
    }

    @AfterAll
    static void afterAll()
    {
        driver.close();
    }

    @Test
    void shouldDeliverEveryMessageTypeThroughAnAgentThread()
    {
        final int streamId = nextStreamId++;
        final RecordingListener listener = new RecordingListener();
        final MessageAdapter adapter = new MessageAdapter("all", listener);
        try (Subscription subscription = aeron.addSubscription(Channels.ipc(), streamId);
            ExclusivePublication publication = aeron.addExclusivePublication(Channels.ipc(), streamId);
            AgentThread runner = AgentThread.start(
                new PollAgent("all-reader", subscription, adapter, 8), IdleStrategies.parse("backoff"), (cause) ->
                {
                }))
        {
            Publications.awaitReady(publication, Await.TIMEOUT_NS);
            final MessageProxy proxy = new MessageProxy(publication, 100, new YieldingIdleStrategy());

            assertTrue(proxy.iioSample(1, 0, new IioSampleRecord().set(12.5, 80.0, 100)) > 0);
            assertTrue(proxy.mbaLevelCommand(1, 0,
                new MbaLevelCommandRecord().set(1, 4, MbaLevelCommand.REASON_CONGESTION_ONSET, 110)) > 0);
            assertTrue(proxy.probeAck(new ProbeAckRecord().set(7, 1000, 1800, false, 100.0, 120)) > 0);
            assertTrue(proxy.rateUpdate(RateUpdateRecord.of(7, 90.0, 130)) > 0);
            assertTrue(proxy.clockAdvance(160, 1) > 0);
            assertTrue(proxy.clockDone(160, 1, 5) > 0);
            assertTrue(proxy.ecnMarking(1, false, 170) > 0);

            Await.until(() -> listener.size() == 7, "seven messages");
            assertEquals(List.of(
                "IioSample(1,0,100,12.5,80.0)",
                "MbaLevelCommand(1,1,4,110,0,1)",
                "ProbeAck(7,1000,1800,clear,100.0,120)",
                "RateUpdate(7,90.0,130)",
                "ClockAdvance(160,1)",
                "ClockDone(160,1,5)",
                "EcnMarking(1,false,170)"), listener.messages());
            assertFalse(runner.crashed());
            assertEquals(0, adapter.dropCounters().totalCount());
        }
    }

    @Test
    void shouldCountAndDropMalformedFramesWithoutStoppingTheAgent()
    {
        final int streamId = nextStreamId++;
        final RecordingListener listener = new RecordingListener();
        final MessageAdapter adapter = new MessageAdapter("probe-acks", listener);
        try (Subscription subscription = aeron.addSubscription(Channels.ipc(), streamId);
            ExclusivePublication publication = aeron.addExclusivePublication(Channels.ipc(), streamId);
            AgentThread runner = AgentThread.start(
                new PollAgent("ack-reader", subscription, adapter, 8), IdleStrategies.parse("backoff"), (cause) ->
                {
                }))
        {
            Publications.awaitReady(publication, Await.TIMEOUT_NS);
            final MessageProxy proxy = new MessageProxy(publication, 100, new YieldingIdleStrategy());
            final UnsafeBuffer raw = new UnsafeBuffer(new byte[128]);

            assertTrue(proxy.probeAck(new ProbeAckRecord().set(1, 10, 20, true, 50.0, 1)) > 0);
            offerRaw(publication, raw, 4);
            final int frameLength = Frames.probeAck(raw, 0, 99, 0, 0, 0.0, 0);
            offerRaw(publication, raw, frameLength - 8);
            assertTrue(proxy.probeAck(new ProbeAckRecord().set(2, 11, 21, true, 50.0, 2)) > 0);
            raw.putShort(MessageHeaderEncoder.schemaIdEncodingOffset(), (short)1, LITTLE_ENDIAN);
            offerRaw(publication, raw, frameLength);
            Frames.probeAck(raw, 0, 0, 0, 0, 0.0, 0);
            raw.putShort(MessageHeaderEncoder.templateIdEncodingOffset(), (short)500, LITTLE_ENDIAN);
            offerRaw(publication, raw, frameLength);
            offerRaw(publication, raw, frameLength);
            assertTrue(proxy.probeAck(new ProbeAckRecord().set(3, 12, 22, true, 50.0, 3)) > 0);

            Await.until(() -> listener.size() == 3 && adapter.dropCounters().totalCount() == 5, "3 ACKs, 5 drops");
            assertEquals(List.of(
                RecordingListener.probeAck(1, 10, 20, 50.0, 1),
                RecordingListener.probeAck(2, 11, 21, 50.0, 2),
                RecordingListener.probeAck(3, 12, 22, 50.0, 3)), listener.messages());
            final FrameDropCounters drops = adapter.dropCounters();
            assertEquals(1, drops.count(DropReason.SHORT_FRAME));
            assertEquals(1, drops.count(DropReason.TRUNCATED_FRAME));
            assertEquals(1, drops.count(DropReason.WRONG_SCHEMA_ID));
            assertEquals(2, drops.count(DropReason.UNKNOWN_TEMPLATE));
            assertEquals(3, adapter.receivedCount(ProbeAckDecoder.TEMPLATE_ID));
            assertFalse(runner.crashed());
        }
    }

    @Test
    void shouldStopTheAgentAndReportTheCauseOnceWhenTheListenerThrows()
    {
        final int streamId = nextStreamId++;
        final RecordingListener recorder = new RecordingListener();
        final MessageListener failing = new MessageListener()
        {
            public void onProbeAck(final ProbeAck ack)
            {
                if (13 == ack.qp())
                {
                    throw new IllegalStateException("qp 13 is cursed");
                }

                recorder.onProbeAck(ack);
            }
        };
        final AtomicReference<Throwable> crash = new AtomicReference<>();

        try (Subscription subscription = aeron.addSubscription(Channels.ipc(), streamId);
            ExclusivePublication publication = aeron.addExclusivePublication(Channels.ipc(), streamId);
            AgentThread runner = AgentThread.start(
                new PollAgent("ack-reader", subscription, new MessageAdapter("acks", failing), 8),
                IdleStrategies.parse("backoff"), (cause) -> assertTrue(crash.compareAndSet(null, cause))))
        {
            Publications.awaitReady(publication, Await.TIMEOUT_NS);
            final MessageProxy proxy = new MessageProxy(publication, 100, new YieldingIdleStrategy());
            assertTrue(proxy.probeAck(new ProbeAckRecord().set(12, 0, 0, true, 1.0, 1)) > 0);
            assertTrue(proxy.probeAck(new ProbeAckRecord().set(13, 0, 0, true, 1.0, 2)) > 0);
            assertTrue(proxy.probeAck(new ProbeAckRecord().set(14, 0, 0, true, 1.0, 3)) > 0);

            Await.until(() -> null != crash.get(), "the agent's crash reported");
            assertTrue(runner.crashed());
            Throwable cause = crash.get();
            while (null != cause.getCause() && !"qp 13 is cursed".equals(cause.getMessage()))
            {
                cause = cause.getCause();
            }
            assertEquals("qp 13 is cursed", cause.getMessage());
            assertEquals(List.of(RecordingListener.probeAck(12, 0, 0, 1.0, 1)), recorder.messages());
        }
    }

    @Test
    void shouldTimeOutWaitingForASubscriberWithTheStreamInTheMessage()
    {
        try (Publication publication = aeron.addExclusivePublication(Channels.ipc(), 3999))
        {
            final IllegalStateException ex = assertThrows(IllegalStateException.class,
                () -> Publications.awaitReady(publication, TimeUnit.MILLISECONDS.toNanos(50)));
            assertTrue(ex.getMessage().contains("aeron:ipc stream 3999 has no ready subscriber"), ex.getMessage());
            assertFalse(Publications.isReady(publication));
        }
    }

    @Test
    void shouldReturnNotConnectedWhenNobodySubscribes()
    {
        try (Publication publication = aeron.addExclusivePublication(Channels.ipc(), nextStreamId++))
        {
            final MessageProxy proxy = new MessageProxy(publication, 3, new NoOpIdleStrategy());

            final long result = proxy.iioSample(1, 0, new IioSampleRecord().set(0.0, 0.0, 0));

            assertEquals(Publication.NOT_CONNECTED, result);
            assertTrue(OfferResult.isTransient(result));
            assertEquals(1, proxy.failedOfferCount());
        }
    }

    @Test
    void shouldReturnBackPressuredInsteadOfThrowingWhenTheSubscriberLags()
    {
        final int streamId = nextStreamId++;
        final String channel = Channels.withTermLength(Channels.ipc(), 64 * 1024);
        try (Subscription subscription = aeron.addSubscription(channel, streamId);
            ExclusivePublication publication = aeron.addExclusivePublication(channel, streamId))
        {
            Publications.awaitReady(publication, Await.TIMEOUT_NS);
            final MessageProxy proxy = new MessageProxy(publication, 2, new NoOpIdleStrategy());

            Await.until(() -> proxy.probeAck(new ProbeAckRecord().set(1, 0, 0, true, 1.0, 0)) > 0,
                "first frame, once the driver has set the publication limit");
            long result = 0;
            int published = 1;
            while (published < 100_000)
            {
                result = proxy.probeAck(new ProbeAckRecord().set(1, published, published, true, 1.0, published));
                if (result < 0)
                {
                    break;
                }

                published++;
            }

            assertEquals(Publication.BACK_PRESSURED, result, OfferResult.describe(result));
            assertTrue(published > 100 && published < 2_000, "a 32 KiB window holds hundreds of frames: " + published);
            final long backPressures = proxy.backPressureCount();
            final long failedOffers = proxy.failedOfferCount();
            assertEquals(Publication.BACK_PRESSURED, proxy.probeAck(new ProbeAckRecord().set(1, 0, 0, true, 1.0, 0)));
            assertEquals(backPressures + 3, proxy.backPressureCount(), "first attempt plus two retries");
            assertEquals(failedOffers + 1, proxy.failedOfferCount());

            final RecordingListener listener = new RecordingListener();
            final MessageAdapter adapter = new MessageAdapter("lagging", listener);
            final int expected = published;
            Await.until(() -> subscription.poll(adapter, 1000) == 0 && listener.size() == expected, "drained");
            Await.until(() -> proxy.probeAck(new ProbeAckRecord().set(1, 0, 0, true, 1.0, 0)) > 0,
                "publishing again once drained and the driver has moved the publication limit");
        }
    }

    private static void offerRaw(final Publication publication, final UnsafeBuffer buffer, final int length)
    {
        Await.until(() -> publication.offer(buffer, 0, length) > 0, "raw offer");
    }
}
