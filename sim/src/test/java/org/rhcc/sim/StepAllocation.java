package org.rhcc.sim;

import java.lang.management.ManagementFactory;
import java.util.function.BiFunction;

import org.rhcc.sim.api.Scenario;

/**
 * Measures what a simulation allocates per step: the same scenario for 1 ms and for 6 ms of simulated time, both
 * run twice (the first round warms the JIT up); only the longer run's time series may grow with the extra 5 ms
 * (1,000,000 steps at 5 ns).
 */
final class StepAllocation
{
    private static final long[] DURATIONS_NS = { 1_000_000L, 6_000_000L };

    private StepAllocation()
    {
    }

    /**
     * @param scenario the scenario of a round (0 warms up, 1 measures) and a duration in ns.
     * @return the bytes the 6 ms run of the second round allocated beyond the 1 ms run's.
     */
    static long extraBytesFor5MsMore(final BiFunction<Integer, Long, Scenario> scenario)
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long id = Thread.currentThread().getId();
        final long[] allocated = new long[2];
        for (int round = 0; round < 2; round++)
        {
            for (int i = 0; i < 2; i++)
            {
                final Scenario s = scenario.apply(round, DURATIONS_NS[i]);
                final long before = threads.getThreadAllocatedBytes(id);
                Simulation.run(s);
                allocated[i] = threads.getThreadAllocatedBytes(id) - before;
            }
        }
        return allocated[1] - allocated[0];
    }
}
