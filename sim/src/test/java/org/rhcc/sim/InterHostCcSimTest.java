package org.rhcc.sim;

import org.junit.jupiter.api.Test;
import org.rhcc.core.control.InterHostCc;
import org.rhcc.sim.api.CcSettings;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.Scenario;
import org.rhcc.sim.control.FlowTrace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HPCC and Swift as the simulator's inter-host CC (docs/model.md §4.11): a 2-to-1 incast without host congestion.
 */
class InterHostCcSimTest
{
    private static final SimParameters MICROSECOND_WINDOWS = SimParameters.calibrated().withTelemetry(
        new SimParameters.Telemetry(1_000L, 1_000_000L, 400L));

    private static final class CcHook implements ControllerHook
    {
        private final CcSettings cc;

        CcHook(final InterHostCc kind)
        {
            this.cc = CcSettings.defaults(kind);
        }

        @Override
        public CcSettings interHostCc()
        {
            return cc;
        }
    }

    private static FlowTrace incast(final InterHostCc kind, final int congestion, final long durationNs)
    {
        final FlowTrace trace = new FlowTrace((int)(durationNs / 1_000L) + 1);
        Simulation.run(new Scenario(true, congestion, CpuTraffic.LOCAL, 2, 1, 1 << 20, 0, 0.0, 0, durationNs, 0L,
            1L), MICROSECOND_WINDOWS, new CcHook(kind), trace, ProgressListener.NONE);
        return trace;
    }

    /**
     * Both QPs start at line rate; over the second half of 1 ms, each holds about half the bottleneck (HPCC's
     * additive increase of W_AI = W_init (1 - eta) / 2 per update evens them out while the multiplicative step keeps
     * their ratio) and the queue stays below one bandwidth-delay product (eta = 0.95 leaves 5 % headroom).
     */
    @Test
    void hpccShouldShareTheBottleneckFairlyWithASmallQueue()
    {
        final FlowTrace trace = incast(InterHostCc.HPCC, 0, 1_000_000L);
        final long bdpBytes = Math.round(InterHostCcModel.baseRttNs(SimParameters.calibrated()) * 100.0 / 8.0);
        double rate0 = 0.0;
        double rate1 = 0.0;
        double queue = 0.0;
        int n = 0;
        for (int i = trace.count() / 2; i < trace.count(); i++)
        {
            rate0 += trace.rateGbps(0, i);
            rate1 += trace.rateGbps(1, i);
            queue += trace.queueBytes(i);
            n++;
        }
        rate0 /= n;
        rate1 /= n;
        queue /= n;
        final double jain = (rate0 + rate1) * (rate0 + rate1) / (2.0 * (rate0 * rate0 + rate1 * rate1));
        assertTrue(jain > 0.99, "Jain's fairness index " + jain + " of " + rate0 + " and " + rate1 + " Gbit/s");
        assertEquals(50.0, rate0, 7.5, "flow 0 near its fair share");
        assertEquals(50.0, rate1, 7.5, "flow 1 near its fair share");
        assertTrue(queue < bdpBytes, "queue " + queue + " B below one BDP " + bdpBytes + " B");
    }

    /**
     * Per-packet ACKs, INT stamps and the HPCC and Swift senders allocate nothing per packet: 2 ms more of a 3x run
     * with HPCC or Swift (no RHCC) allocates no more than the longer time series.
     */
    @Test
    void shouldAllocateNothingPerPacket()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean();
        final long id = Thread.currentThread().getId();
        for (final InterHostCc kind : new InterHostCc[]{ InterHostCc.HPCC, InterHostCc.SWIFT })
        {
            final long[] allocated = new long[2];
            final long[] durations = { 1_000_000L, 3_000_000L };
            for (int warm = 0; warm < 2; warm++)
            {
                for (int i = 0; i < 2; i++)
                {
                    final Scenario s = new Scenario(warm == 0, 3, CpuTraffic.LOCAL, 2, 4, 65_536, 0, 0.0, 0,
                        durations[i], 200_000L, 5L);
                    final long before = threads.getThreadAllocatedBytes(id);
                    Simulation.run(s, SimParameters.calibrated(), new CcHook(kind), ProgressListener.NONE);
                    allocated[i] = threads.getThreadAllocatedBytes(id) - before;
                }
            }
            assertTrue(allocated[1] - allocated[0] < 64 * 1024,
                kind + ": " + (allocated[1] - allocated[0]) + " extra bytes for 2 ms more");
        }
    }
}
