package org.rhcc.transport.aeron;

import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Whether a node has work on its data path: the sessions (and, on the sim node, the runs) open on it. While none is
 * open the node rests: its driver's and archive's threads idle with the rest strategy ({@link RestingIdleStrategy}),
 * so that an idle node, a standby above all, costs its host almost no CPU (README, "Operating rhcc", "What an idle
 * node costs"). Thread-safe: sessions open and close on actor threads, the driver's threads read it.
 * <p>
 * A node that turns hot wakes its resting threads at once ({@link #enter()} unparks every thread that rested), so
 * their rest period can be long (a wake-up per period and thread is what an idle node pays) without delaying the
 * first round trip of a session's streams to the driver by up to a period.
 */
public final class NodeActivity
{
    private final AtomicInteger open = new AtomicInteger();
    /** Threads that rested with this activity's rest strategy; weak, so that a closed driver's threads go. */
    private final Set<Thread> resting = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    /**
     * A session (or run) opens: the node's threads are hot until it closes. The first one wakes the resting threads.
     */
    public void enter()
    {
        if (1 == open.incrementAndGet())
        {
            synchronized (resting)
            {
                resting.forEach(LockSupport::unpark);
            }
        }
    }

    /**
     * Registers a thread that rests while the node is idle, parked ({@link LockSupport#parkNanos}), so that
     * {@link #enter()} wakes it. Once per thread; threads that end are forgotten.
     *
     * @param thread the thread.
     */
    void restsOn(final Thread thread)
    {
        resting.add(thread);
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
