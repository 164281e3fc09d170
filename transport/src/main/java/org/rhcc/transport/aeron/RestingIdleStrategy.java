package org.rhcc.transport.aeron;

import org.agrona.concurrent.IdleStrategy;

/**
 * Idles with the configured (hot) strategy while the node has a session open, and with the rest strategy otherwise
 * ({@link NodeActivity}): a yielding or spinning driver thread costs a core even when nothing flows, so a node without
 * a session sleeps between duty cycles instead (one wake-up per rest period per thread), and is hot again from the
 * first duty cycle after a session opens: a thread resting with a parking strategy (every {@code sleep-} spec of
 * {@link IdleStrategies}) is woken by the session's {@link NodeActivity#enter()}, not at the end of its period.
 */
public final class RestingIdleStrategy implements IdleStrategy
{
    private final IdleStrategy hot;
    private final IdleStrategy rest;
    private final NodeActivity activity;
    private Thread restingThread;

    /**
     * @param hot      the strategy while a session is open.
     * @param rest     the strategy while none is.
     * @param activity the node's sessions.
     */
    public RestingIdleStrategy(final IdleStrategy hot, final IdleStrategy rest, final NodeActivity activity)
    {
        this.hot = hot;
        this.rest = rest;
        this.activity = activity;
    }

    @Override
    public void idle(final int workCount)
    {
        if (activity.hot())
        {
            hot.idle(workCount);
        }
        else
        {
            registerRestingThread();
            rest.idle(workCount);
        }
    }

    @Override
    public void idle()
    {
        if (activity.hot())
        {
            hot.idle();
        }
        else
        {
            registerRestingThread();
            rest.idle();
        }
    }

    /**
     * Lets the activity wake the thread that rests here (an agent's idle strategy serves one thread; registered once).
     */
    private void registerRestingThread()
    {
        final Thread current = Thread.currentThread();
        if (current != restingThread)
        {
            restingThread = current;
            activity.restsOn(current);
        }
    }

    @Override
    public void reset()
    {
        hot.reset();
        rest.reset();
    }

    @Override
    public String alias()
    {
        return "resting(" + hot.alias() + ", " + rest.alias() + ")";
    }
}
