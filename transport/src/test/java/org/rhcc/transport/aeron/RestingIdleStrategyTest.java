package org.rhcc.transport.aeron;

import org.agrona.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
