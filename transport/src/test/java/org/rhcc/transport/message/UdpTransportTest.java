package org.rhcc.transport.message;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.transport.aeron.Await;
import org.rhcc.transport.aeron.Publications;
import org.rhcc.transport.aeron.Channels;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.aeron.IdleStrategies;
import org.rhcc.transport.aeron.StreamIds;
import org.rhcc.transport.agent.AgentThread;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rhcc.core.signal.IioSampleRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UdpTransportTest
{
    private static final int SAMPLES = 2_000;

    @TempDir
    Path workDir;

    @Test
    void shouldCarryIioSamplesBetweenTwoDriversOverUdpLoopback()
    {
        try (EmbeddedMediaDriver receiverHost = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir));
            EmbeddedMediaDriver senderHost = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir)))
        {
            final Aeron receiverAeron = receiverHost.connect();
            final Aeron senderAeron = senderHost.connect();
            final RecordingListener listener = new RecordingListener();
            final MessageAdapter adapter = new MessageAdapter("iio-samples", listener);

            try (Subscription subscription = receiverAeron.addSubscription(
                Channels.udp("127.0.0.1", 0), StreamIds.IIO_SAMPLES);
                AgentThread runner = AgentThread.start(
                    new PollAgent("mba-actuator", subscription, adapter, 64), IdleStrategies.parse("backoff"),
                    (cause) ->
                    {
                    }))
            {
                Await.until(() -> null != subscription.resolvedEndpoint(), "endpoint resolved");
                final String endpoint = subscription.resolvedEndpoint();
                assertNotNull(endpoint);
                assertTrue(endpoint.startsWith("127.0.0.1:"), endpoint);

                try (ExclusivePublication publication = senderAeron.addExclusivePublication(
                    Channels.udp(endpoint), StreamIds.IIO_SAMPLES))
                {
                    Publications.awaitReady(publication, Await.TIMEOUT_NS);
                    final MessageProxy proxy = new MessageProxy(publication, 10_000, new YieldingIdleStrategy());
                    final List<String> expected = new ArrayList<>();
                    for (int seq = 0; seq < SAMPLES; seq++)
                    {
                        final double occupancy = 30.0 + (seq % 40) * 0.5;
                        assertTrue(proxy.iioSample(4, seq,
                            new IioSampleRecord().set(occupancy, 100.0, seq * 1_000L)) > 0, "sample " + seq);
                        expected.add(RecordingListener.iioSample(4, seq, seq * 1_000L, occupancy, 100.0));
                    }

                    Await.until(() -> listener.size() == SAMPLES, "all samples over UDP");
                    assertEquals(expected, listener.messages());
                    assertEquals(0, adapter.dropCounters().totalCount());
                    assertFalse(runner.crashed());
                }
            }
        }
    }
}
