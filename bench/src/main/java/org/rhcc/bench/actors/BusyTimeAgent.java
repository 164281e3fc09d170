package org.rhcc.bench.actors;

import java.util.Locale;

import org.agrona.concurrent.Agent;

/**
 * Measures an agent's service time: the wall time of its duty cycles that did work, per unit of work (frames
 * polled), so that an agent's cost per signal can be read while it runs at a paced rate, where its thread's CPU
 * time says nothing (a spinning agent is always on the CPU). Diagnostic only ({@code -Drhcc.bench.busy=true}): it
 * adds a clock read to every duty cycle, ~25 ns to the reaction time, and ~50 ns of clock reads to each busy cycle,
 * which the figure includes.
 */
final class BusyTimeAgent implements Agent
{
    private final Agent delegate;
    private long busyNs;
    private long work;
    private long busyCycles;

    BusyTimeAgent(final Agent delegate)
    {
        this.delegate = delegate;
    }

    @Override
    public void onStart()
    {
        delegate.onStart();
    }

    @Override
    public int doWork() throws Exception
    {
        final long startNs = System.nanoTime();
        final int workCount = delegate.doWork();
        if (workCount > 0)
        {
            busyNs += System.nanoTime() - startNs;
            work += workCount;
            busyCycles++;
        }
        return workCount;
    }

    @Override
    public void onClose()
    {
        delegate.onClose();
    }

    @Override
    public String roleName()
    {
        return delegate.roleName();
    }

    /**
     * @param elapsedNs wall time the figures cover.
     * @return a printable line; read after the agent's thread has stopped.
     */
    String summary(final long elapsedNs)
    {
        return String.format(Locale.ROOT, "    %s service time: %.0f ns per frame polled, %.2f frames per busy " +
            "cycle, busy %.1f %% of the run", roleName(), (double)busyNs / Math.max(1, work),
            (double)work / Math.max(1, busyCycles), 100.0 * busyNs / Math.max(1, elapsedNs));
    }
}
