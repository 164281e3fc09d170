package org.rhcc.dashboard;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One page's event stream: the framed events published since it subscribed, in order, until {@link #end} (after
 * the events queued before it). A page that falls {@value #MAX_QUEUED} events behind is ended; its browser reconnects
 * and starts again from a snapshot.
 */
final class Subscription
{
    /** Events queued for one page before it is ended as too slow. */
    static final int MAX_QUEUED = 20_000;

    private static final String END = "";

    private final LinkedBlockingQueue<String> frames = new LinkedBlockingQueue<>();
    private boolean ended;

    /**
     * @param frame a framed event.
     * @return false, queuing nothing, when the page has {@value #MAX_QUEUED} events waiting or has been ended.
     */
    synchronized boolean offer(final String frame)
    {
        if (ended || frames.size() >= MAX_QUEUED)
        {
            return false;
        }
        frames.add(frame);
        return true;
    }

    /**
     * Ends the stream after the events already queued.
     */
    synchronized void end()
    {
        if (!ended)
        {
            ended = true;
            frames.add(END);
        }
    }

    /**
     * @param timeoutMs how long to wait for an event.
     * @return the events queued (at least one, concatenated), an empty list after {@code timeoutMs} without one, or
     * null once the stream has ended.
     * @throws InterruptedException if interrupted while waiting.
     */
    List<String> next(final long timeoutMs) throws InterruptedException
    {
        final String first = frames.poll(timeoutMs, TimeUnit.MILLISECONDS);
        final List<String> batch = new ArrayList<>();
        if (null == first)
        {
            return batch;
        }
        if (END.equals(first))
        {
            return null;
        }
        batch.add(first);
        String more;
        while (null != (more = frames.peek()) && !END.equals(more))
        {
            batch.add(frames.poll());
        }
        return batch;
    }
}
