package org.rhcc.transport.aeron;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Whether a node has work on its data path: the sessions (and, on the sim node, the runs) open on it. While none is
 * open the node rests: its driver's and archive's threads idle with the rest strategy ({@link RestingIdleStrategy}),
 * so that an idle node, a standby above all, costs its host almost no CPU (README, "Operating rhcc", "What an idle
 * node costs"). Thread-safe: sessions open and close on actor threads, the driver's threads read it.
 */
public final class NodeActivity
{
    private final AtomicInteger open = new AtomicInteger();

    /**
     * A session (or run) opens: the node's threads are hot until it closes.
     */
    public void enter()
    {
        open.incrementAndGet();
    }

    /**
     * A session (or run) closed; once none is open the node rests again.
     */
    public void leave()
    {
        open.decrementAndGet();
    }

    /**
     * Does work that adds or closes the node's streams with its driver hot: each counter, publication and subscription
     * is a round trip to the driver's conductor, which at rest answers only after its rest period.
     *
     * @param work the work.
     * @param <T>  what it returns.
     * @return what the work returned.
     */
    public <T> T whileHot(final java.util.function.Supplier<T> work)
    {
        enter();
        try
        {
            return work.get();
        }
        finally
        {
            leave();
        }
    }

    /**
     * @return true while a session is open.
     */
    public boolean hot()
    {
        return open.get() > 0;
    }
}
