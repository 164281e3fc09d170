package org.rhcc.sim;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.Scenario;

/**
 * Speed benchmark of the simulator: wall and thread-CPU milliseconds per simulated millisecond for the two-host,
 * 8-QP, 3x scenario (PFC on) at the calibrated step (5 ns) and at 10 ns. Prints one line per run; the first runs warm
 * the JIT up. Usage: {@code SimSpeedMain [runs] [simulatedMs]}.
 */
final class SimSpeedMain
{
    private SimSpeedMain()
    {
    }

    /**
     * @param args optional: number of timed runs per step size (default 5), simulated ms per run (default 10).
     */
    public static void main(final String[] args)
    {
        final int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        final long simulatedMs = args.length > 1 ? Long.parseLong(args[1]) : 10L;
        final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        final Scenario scenario = Scenarios.withDurations(Scenarios.congestion(3, true, 1L),
            (simulatedMs - 1) * 1_000_000L, 1_000_000L);
        for (final double stepNs : new double[]{ 5.0, 10.0 })
        {
            final SimParameters params = SimParameters.calibrated().withStepNs(stepNs);
            for (int i = 0; i < runs; i++)
            {
                final long wall0 = System.nanoTime();
                final long cpu0 = threads.getCurrentThreadCpuTime();
                final SimulationResult r = Simulation.run(scenario, params, ControllerHook.NONE,
                    ProgressListener.NONE);
                final double wallMs = (System.nanoTime() - wall0) / 1e6;
                final double cpuMs = (threads.getCurrentThreadCpuTime() - cpu0) / 1e6;
                System.out.printf("dt=%.0f ns run %d: %.1f wall ms / simulated ms, %.1f CPU ms / simulated ms " +
                    "(goodput %.1f Gbit/s)%n", stepNs, i, wallMs / simulatedMs, cpuMs / simulatedMs,
                    r.metrics().rnicGbps());
            }
        }
    }
}
