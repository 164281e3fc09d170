package org.rhcc.transport.lockstep;

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
import org.rhcc.transport.agent.DutyCycleRunner;
import org.rhcc.transport.agent.SubscriptionAgent;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LockstepOverIpcTest
{
    private static final int STEPS = 200;
    private static final long STEP_NS = 5_000;
    private static final long EPOCH = 1;

    @TempDir
    Path workDir;

    @Test
    void shouldNotPassATimeBeforeTheControllerAnsweredEverySignalUpToIt()
    {
        try (EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir)))
        {
            final Aeron aeron = driver.connect();
            try (Subscription controllerSignals = aeron.addSubscription(Channels.ipc(), StreamIds.IIO_SAMPLES);
                ExclusivePublication controllerDone = aeron.addExclusivePublication(
                    Channels.ipc(), StreamIds.CLOCK_DONE);
                Subscription simDone = aeron.addSubscription(Channels.ipc(), StreamIds.CLOCK_DONE);
                ExclusivePublication simSignals = aeron.addExclusivePublication(
                    Channels.ipc(), StreamIds.IIO_SAMPLES))
            {
                final Controller controller = new Controller(
                    new MessageProxy(controllerDone, 1_000, new YieldingIdleStrategy()), 11);
                try (DutyCycleRunner controllerAgent = DutyCycleRunner.startOnThread(
                    new SubscriptionAgent("receiver-controller", controllerSignals,
                        new MessageAdapter("iio-samples", controller), 16),
                    IdleStrategies.parse("backoff")))
                {
                    Publications.awaitReady(simSignals, Await.TIMEOUT_NS);
                    Publications.awaitReady(controllerDone, Await.TIMEOUT_NS);
                    final MessageProxy sim = new MessageProxy(simSignals, 1_000, new YieldingIdleStrategy());
                    final LockstepBarrier barrier = new LockstepBarrier(new int[]{ 11 }, EPOCH);
                    final MessageAdapter doneAdapter = new MessageAdapter("clock-done", barrier);

                    for (int step = 1; step <= STEPS; step++)
                    {
                        final long nowNs = step * STEP_NS;
                        assertTrue(sim.iioSample(1, step, nowNs - 2_000, 40.0, 90.0) > 0);
                        assertTrue(sim.iioSample(1, step, nowNs, 41.0, 90.0) > 0);
                        assertTrue(sim.clockAdvance(nowNs, EPOCH) > 0);

                        Await.until(() -> simDone.poll(doneAdapter, 16) >= 0 && barrier.isDoneUpTo(nowNs),
                            "controller done up to " + nowNs);
                        assertEquals(2L * step, controller.samples.get(), "every signal up to t answered at t");
                    }

                    assertEquals(STEPS * STEP_NS, barrier.minDoneUpToNs());
                    assertEquals(0, controllerAgent.errorCount());
                }
            }
        }
    }

    private static final class Controller implements MessageListener
    {
        private final MessageProxy proxy;
        private final int nodeId;
        private final AtomicLong samples = new AtomicLong();

        Controller(final MessageProxy proxy, final int nodeId)
        {
            this.proxy = proxy;
            this.nodeId = nodeId;
        }

        public void onIioSample(
            final int hostId, final long seq, final long nowNs, final double occupancy, final double pcieGbps)
        {
            samples.incrementAndGet();
        }

        public void onClockAdvance(final long advanceToNs, final long epoch)
        {
            if (proxy.clockDone(advanceToNs, epoch, nodeId) < 0)
            {
                throw new IllegalStateException("clock done not published");
            }
        }
    }
}
