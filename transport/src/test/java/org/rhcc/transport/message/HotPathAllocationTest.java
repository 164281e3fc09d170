package org.rhcc.transport.message;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.transport.aeron.Await;
import org.rhcc.transport.aeron.Publications;
import org.rhcc.transport.aeron.Channels;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameKey;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.codec.Frames;
import org.rhcc.transport.codec.MbaReason;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.ProbeAckRecord;
import org.rhcc.core.signal.RateUpdate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HotPathAllocationTest
{
    /** The one ACK every round trip publishes, as a sender reuses its slot. */
    private static final ProbeAckRecord ACK = new ProbeAckRecord();

    /** Bytes of the dispatch test's buffer per frame: room for the longest frame. */
    private static final int FRAME_SLOT = 128;
    /** Where the dispatch test's frame too short for a header sits: inside the first slot, after its frame. */
    private static final int BAD_FRAME_OFFSET = 100;
    private static final int WARMUP = 20_000;
    private static final int MEASURED = 100_000;

    /**
     * Far below one allocation per operation (at least 16 bytes each, so 1.6 MB over the measured loop), above the
     * few hundred bytes the measurement itself may cost.
     */
    private static final long ALLOWED_BYTES = 8 * 1024;

    @TempDir
    Path workDir;

    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    @Test
    void shouldDecodeAndDispatchWithoutAllocating()
    {
        final SummingListener listener = new SummingListener();
        final MessageAdapter adapter = new MessageAdapter("alloc", listener);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[FRAME_SLOT * 4]);
        final int[] lengths = {
            Frames.iioSample(buffer, 0, 1, 2, 3, 4, 5),
            Frames.probeAck(buffer, FRAME_SLOT, 1, 0, 0, 0.0, 2),
            Frames.mbaLevelCommand(buffer, FRAME_SLOT * 2, 1, 0, 3, 4, 5, MbaReason.STEP_DOWN),
            Frames.rateUpdate(buffer, FRAME_SLOT * 3, 1, 40.0, 6) };
        buffer.putInt(BAD_FRAME_OFFSET, 0);

        for (int i = 0; i < WARMUP; i++)
        {
            dispatch(adapter, buffer, lengths);
        }

        final long before = allocatedBytes();
        for (int i = 0; i < MEASURED; i++)
        {
            dispatch(adapter, buffer, lengths);
        }
        final long allocated = allocatedBytes() - before;

        assertTrue(allocated < ALLOWED_BYTES, "dispatch allocated " + allocated + " bytes");
        assertEquals((WARMUP + MEASURED) * (long)lengths.length, adapter.totalReceivedCount());
        assertEquals((WARMUP + MEASURED) * (long)lengths.length, listener.calls, "every frame reached its method");
        assertEquals(WARMUP + MEASURED, adapter.dropCounters().totalCount());
        assertTrue(listener.sum > 0);
    }

    @Test
    void shouldClaimEncodeAndPollOverIpcWithoutAllocating()
    {
        try (EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir)))
        {
            final Aeron aeron = driver.connect();
            try (Subscription subscription = aeron.addSubscription(Channels.ipc(), 5001);
                ExclusivePublication publication = aeron.addExclusivePublication(Channels.ipc(), 5001))
            {
                Publications.awaitReady(publication, Await.TIMEOUT_NS);
                final FrameAuth auth = FrameAuth.of(FrameKey.random());
                final MessageProxy proxy = new MessageProxy(publication, 0, new NoOpIdleStrategy(),
                    auth.signer(FramePublisher.PLATFORM_ACKS, 7L));
                final SummingListener listener = new SummingListener();
                final MessageAdapter adapter = new MessageAdapter(listener, new FrameDropCounters("alloc"),
                    auth.verifier(7L, FramePublisher.PLATFORM_ACKS));

                for (int i = 0; i < WARMUP; i++)
                {
                    roundTrip(proxy, subscription, adapter, i);
                }

                final long before = allocatedBytes();
                for (int i = 0; i < MEASURED; i++)
                {
                    roundTrip(proxy, subscription, adapter, i);
                }
                final long allocated = allocatedBytes() - before;

                assertTrue(allocated < ALLOWED_BYTES, "offer + poll allocated " + allocated + " bytes");
                assertEquals(WARMUP + MEASURED, adapter.totalReceivedCount());
                assertEquals(0, adapter.dropCounters().totalCount(), "every signed frame verifies");
            }
        }
    }

    /**
     * The two signals and the two decisions, each in its own slot of the buffer, then a frame too short for a header.
     */
    private static void dispatch(final MessageAdapter adapter, final UnsafeBuffer buffer, final int[] lengths)
    {
        for (int i = 0; i < lengths.length; i++)
        {
            adapter.onFrame(buffer, i * FRAME_SLOT, lengths[i]);
        }
        adapter.onFrame(buffer, BAD_FRAME_OFFSET, 4);
    }

    private static void roundTrip(
        final MessageProxy proxy, final Subscription subscription, final MessageAdapter adapter, final int i)
    {
        final ProbeAckRecord ack = ACK.set(i, i, i + 1, true, 25.0, i);
        while (proxy.probeAck(ack) < 0)
        {
            subscription.poll(adapter, 64);
        }

        subscription.poll(adapter, 64);
        while (adapter.totalReceivedCount() <= i)
        {
            subscription.poll(adapter, 64);
        }
    }

    private long allocatedBytes()
    {
        return threads.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    /**
     * Reads every field of every view it is handed, so that the test measures the reads as well as the dispatch.
     */
    private static final class SummingListener implements MessageListener
    {
        private double sum;
        private long calls;

        @Override
        public void onIioSample(final int hostId, final long seq, final IioSample sample)
        {
            calls++;
            sum += hostId + seq + sample.nowNs() + sample.occupancy() + sample.pcieGbps();
        }

        @Override
        public void onProbeAck(final ProbeAck ack)
        {
            calls++;
            sum += ack.qp() + ack.reqRecvTsNs() + ack.respSendTsNs() + (ack.receiverCongested() ? 1 : 0) +
                ack.rccGbps() + ack.nowNs();
        }

        @Override
        public void onMbaLevelCommand(final int hostId, final long seq, final MbaLevelCommand command)
        {
            calls++;
            sum += hostId + seq + command.group() + command.level() + command.reasonCode() + command.nowNs();
        }

        @Override
        public void onRateUpdate(final RateUpdate update)
        {
            calls++;
            sum += update.qp() + update.rRevGbps() + update.nowNs();
        }
    }
}
