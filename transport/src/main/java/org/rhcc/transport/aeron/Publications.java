package org.rhcc.transport.aeron;

import io.aeron.Publication;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * Start-up helpers for publications. Control path only: they block and read the wall clock.
 */
public final class Publications
{
    private Publications()
    {
    }

    /**
     * Waits until a publication can take a message: a subscriber is connected and the driver has opened the
     * publication's flow-control window (for IPC the driver's conductor sets the first position limit a few duty
     * cycles after the subscriber connects, so {@link Publication#isConnected()} alone can still see
     * back-pressure).
     *
     * @param publication to wait for.
     * @param timeoutNs   how long to wait.
     * @throws IllegalStateException if the publication is closed or not ready in time, naming its channel and
     *                               stream so the missing subscriber can be found.
     */
    public static void awaitReady(final Publication publication, final long timeoutNs)
    {
        final IdleStrategy idleStrategy = new SleepingMillisIdleStrategy(1);
        final long deadlineNs = System.nanoTime() + timeoutNs;
        while (!isReady(publication))
        {
            if (publication.isClosed())
            {
                throw new IllegalStateException("publication " + publication.channel() + " stream " +
                    publication.streamId() + " was closed while waiting for a subscriber");
            }

            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new IllegalStateException("publication " + publication.channel() + " stream " +
                    publication.streamId() + " has no ready subscriber after " + timeoutNs / 1_000_000 +
                    " ms: is the subscribing side running?");
            }

            idleStrategy.idle();
        }
    }

    /**
     * @param publication to check.
     * @return true if a subscriber is connected and the flow-control window is open.
     */
    public static boolean isReady(final Publication publication)
    {
        return publication.isConnected() && publication.positionLimit() > publication.position();
    }
}
