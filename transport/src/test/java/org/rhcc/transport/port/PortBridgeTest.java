package org.rhcc.transport.port;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.aeron.Subscription;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.transport.aeron.Await;
import org.rhcc.transport.aeron.Publications;
import org.rhcc.transport.aeron.Channels;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.agent.DutyCycleRunner;
import org.rhcc.transport.agent.SubscriptionAgent;
import org.rhcc.transport.codec.MbaReason;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.RecordingListener;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PortBridgeTest
{
    @TempDir
    static Path workDir;

    private static EmbeddedMediaDriver driver;
    private static Aeron aeron;
    private static int nextStreamId = 6000;

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
    void shouldCarryPortCallsAcrossAStreamIntoPorts()
    {
        final int streamId = nextStreamId++;
        final List<String> calls = new ArrayList<>();
        final RecordingMba mba = new RecordingMba(calls);
        final PortDispatcher dispatcher = new PortDispatcher(
            3,
            (qp, req, resp, rcc, now) -> calls.add("ack " + qp + " " + req + " " + resp + " " + rcc + " " + now),
            (qp, rRev, rSend, now) -> calls.add("rate " + qp + " " + rRev + " " + rSend + " " + now),
            mba,
            (on, now) -> calls.add("ecn " + on + " " + now));

        try (Subscription subscription = aeron.addSubscription(Channels.ipc(), streamId);
            ExclusivePublication publication = aeron.addExclusivePublication(Channels.ipc(), streamId);
            DutyCycleRunner invoker = DutyCycleRunner.startInvoker(
                new SubscriptionAgent("platform", subscription, new MessageAdapter("ports", dispatcher), 64)))
        {
            Publications.awaitReady(publication, Await.TIMEOUT_NS);
            final MessageProxy proxy = new MessageProxy(publication, 100, new YieldingIdleStrategy());
            final MbaActuatorProxy mbaProxy = new MbaActuatorProxy(proxy, 3, 2);
            final MbaActuatorProxy otherHost = new MbaActuatorProxy(proxy, 4, 2);

            new ProbeAckProxy(proxy).onProbeAck(9, 100, 900, 50.0, 10);
            new RateLimiterProxy(proxy).setRate(9, 40.0, 40.0, 11);
            mbaProxy.applyLevel(1, 4, 12);
            otherHost.applyLevel(0, 5, 12);
            new EcnMarkingProxy(proxy, 3).setMarking(true, 13);
            mbaProxy.resetToUnthrottled();
            assertEquals(3, mbaProxy.nextSeq());

            Await.until(() -> invoker.invoke() >= 0 && calls.size() == 6, "six port calls");
            assertEquals(List.of(
                "ack 9 100 900 50.0 10",
                "rate 9 40.0 40.0 11",
                "mba 1 4 12",
                "ecn true 13",
                "mba 0 1 12",
                "mba 1 1 12"), calls);
            assertEquals(1, dispatcher.otherHostCount());
            assertEquals(0, invoker.errorCount());
        }
    }

    @Test
    void shouldStampFailsafeResetsWithTheirReasonAndSequence()
    {
        final int streamId = nextStreamId++;
        final RecordingListener listener = new RecordingListener();
        try (Subscription subscription = aeron.addSubscription(Channels.ipc(), streamId);
            ExclusivePublication publication = aeron.addExclusivePublication(Channels.ipc(), streamId))
        {
            Publications.awaitReady(publication, Await.TIMEOUT_NS);
            final MbaActuatorProxy mbaProxy = new MbaActuatorProxy(
                new MessageProxy(publication, 100, new YieldingIdleStrategy()), 1, 2);
            mbaProxy.applyLevel(0, 2, 500);
            mbaProxy.resetToUnthrottled();

            final MessageAdapter adapter = new MessageAdapter("mba", listener);
            Await.until(() -> subscription.poll(adapter, 10) >= 0 && listener.size() == 3, "three commands");
            final int reset = MbaReason.FAILSAFE_RESET.code();
            assertEquals(List.of(
                "MbaLevelCommand(1,0,2,500,0,0)",
                "MbaLevelCommand(1,0,1,500,1," + reset + ")",
                "MbaLevelCommand(1,1,1,500,2," + reset + ")"), listener.messages());
        }
    }

    @Test
    void shouldThrowFromMbaProxyWhenTheCommandCannotBePublished()
    {
        try (Publication publication = aeron.addExclusivePublication(Channels.ipc(), nextStreamId++))
        {
            final MbaActuatorProxy mbaProxy = new MbaActuatorProxy(
                new MessageProxy(publication, 0, new NoOpIdleStrategy()), 1, 2);

            final IllegalStateException ex =
                assertThrows(IllegalStateException.class, () -> mbaProxy.applyLevel(0, 3, 1));
            assertTrue(ex.getMessage().contains("not connected"), ex.getMessage());
            final IllegalStateException reset = assertThrows(IllegalStateException.class, mbaProxy::resetToUnthrottled);
            assertEquals(1, reset.getSuppressed().length, "both groups tried");
            assertThrows(IllegalArgumentException.class, () -> mbaProxy.applyLevel(2, 1, 1));
            assertEquals(0, mbaProxy.nextSeq());

            final RateLimiterProxy rateProxy = new RateLimiterProxy(
                new MessageProxy(publication, 0, new NoOpIdleStrategy()));
            rateProxy.setRate(1, 1.0, 1.0, 1);
            assertEquals(1, rateProxy.failedCount());
        }
    }

    private static final class RecordingMba implements MbaActuator
    {
        private final List<String> calls;

        RecordingMba(final List<String> calls)
        {
            this.calls = calls;
        }

        public int groupCount()
        {
            return 2;
        }

        public void applyLevel(final int group, final int level, final long nowNs)
        {
            calls.add("mba " + group + " " + level + " " + nowNs);
        }

        public void resetToUnthrottled()
        {
            calls.add("mba reset");
        }
    }
}
