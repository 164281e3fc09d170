package org.rhcc.transport.aeron;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node's threads idle with the rest strategy while no session is open, with the hot one while one is, and go back to
 * rest when the last one closes.
 */
class RestingIdleStrategyTest
{
    @Test
    void shouldIdleHotOnlyWhileASessionIsOpen()
    {
        final Counting hot = new Counting();
        final Counting rest = new Counting();
        final NodeActivity activity = new NodeActivity();
        final IdleStrategy idle = new RestingIdleStrategy(hot, rest, activity);

        idle.idle(0);
        assertEquals(0, hot.idles);
        assertEquals(1, rest.idles);

        activity.enter();
        activity.enter();
        idle.idle(0);
        idle.idle();
        activity.leave();
        idle.idle(0);
        assertEquals(3, hot.idles, "hot while any session is open");

        activity.leave();
        idle.idle(0);
        assertEquals(2, rest.idles, "at rest again once the last session closed");
        idle.reset();
        assertEquals(1, hot.resets, "a reset reaches the hot strategy");
        assertEquals(1, rest.resets, "and the rest strategy");
    }

    @Test
    void shouldWakeARestingThreadAtOnceWhenTheNodeTurnsHot() throws Exception
    {
        final NodeActivity activity = new NodeActivity();
        final IdleStrategy idle = new RestingIdleStrategy(IdleStrategies.parse("backoff"),
            IdleStrategies.parse("sleep-60000ms"), activity);
        final CountDownLatch resting = new CountDownLatch(1);
        final Thread thread = new Thread(() ->
        {
            resting.countDown();
            idle.idle(0);
        }, "resting-driver-thread");
        thread.start();
        assertTrue(resting.await(10, TimeUnit.SECONDS));
        while (Thread.State.TIMED_WAITING != thread.getState())
        {
            Thread.onSpinWait();
        }

        final long enterNs = System.nanoTime();
        activity.enter();
        thread.join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(thread.isAlive(), "still parked for its 60 s rest period");
        assertTrue(System.nanoTime() - enterNs < TimeUnit.SECONDS.toNanos(5), "woken by the session, not the period");
    }

    private static final class Counting implements IdleStrategy
    {
        private int idles;
        private int resets;

        @Override
        public void idle(final int workCount)
        {
            idles++;
        }

        @Override
        public void idle()
        {
            idles++;
        }

        @Override
        public void reset()
        {
            resets++;
        }
    }
}
