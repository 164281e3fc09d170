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

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.ProbeAckRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HotPathAllocationTest
{
    /** The one ACK every round trip publishes, as a sender reuses its slot. */
    private static final ProbeAckRecord ACK = new ProbeAckRecord();

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
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        final int iioLength = Frames.iioSample(buffer, 0, 1, 2, 3, 4, 5);
        final int ackLength = Frames.probeAck(buffer, 128, 1, 0, 0, 0.0, 2);
        buffer.putInt(100, 0);

        for (int i = 0; i < WARMUP; i++)
        {
            dispatch(adapter, buffer, iioLength, ackLength);
        }

        final long before = allocatedBytes();
        for (int i = 0; i < MEASURED; i++)
        {
            dispatch(adapter, buffer, iioLength, ackLength);
        }
        final long allocated = allocatedBytes() - before;

        assertTrue(allocated < ALLOWED_BYTES, "dispatch allocated " + allocated + " bytes");
        assertEquals((WARMUP + MEASURED) * 2L, adapter.totalReceivedCount());
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

    private static void dispatch(
        final MessageAdapter adapter, final UnsafeBuffer buffer, final int iioLength, final int ackLength)
    {
        adapter.onFrame(buffer, 0, iioLength);
        adapter.onFrame(buffer, 128, ackLength);
        adapter.onFrame(buffer, 100, 4);
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

    private static final class SummingListener implements MessageListener
    {
        private double sum;

        public void onIioSample(final int hostId, final long seq, final IioSample sample)
        {
            sum += hostId + seq + sample.nowNs() + sample.occupancy() + sample.pcieGbps();
        }

        public void onProbeAck(
            final int qp, final int reqRecvTs32, final int respSendTs32, final double rccGbps, final long nowNs)
        {
            sum += qp + reqRecvTs32 + respSendTs32 + rccGbps + nowNs;
        }
    }
}
