package org.rhcc.nativeio.tune;

import java.util.concurrent.locks.LockSupport;

/**
 * The time a native measurement runs on: its windows are real time on a real host.
 */
public interface ProbeClock
{
    /** {@link System#nanoTime()} and {@link LockSupport#parkNanos(long)} until the time has passed. */
    ProbeClock SYSTEM = new ProbeClock()
    {
        public long nowNs()
        {
            return System.nanoTime();
        }

        public void sleepNs(final long durationNs)
        {
            final long deadline = System.nanoTime() + durationNs;
            long left = durationNs;
            while (left > 0)
            {
                LockSupport.parkNanos(left);
                if (Thread.interrupted())
                {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted during a measurement window");
                }
                left = deadline - System.nanoTime();
            }
        }
    };

    /**
     * @return a monotonic time, ns.
     */
    long nowNs();

    /**
     * @param durationNs how long to wait, ns.
     */
    void sleepNs(long durationNs);
}
