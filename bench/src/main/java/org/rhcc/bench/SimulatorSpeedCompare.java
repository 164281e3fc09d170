package org.rhcc.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Paired speed comparison of two builds of the simulator in one JVM, for a shared machine: each build is loaded by its
 * own class loader from a class path given on the command line (e.g. a benchmark jar built from an older commit, and
 * this tree's {@code sim/target/classes} in front of it), and the two run the scenario of
 * {@link SimulatorSpeedBenchmark} (two hosts, 8 QPs, 3x congestion, PFC on, no controller, 1 ms warm-up + 9 ms
 * measured) in alternation, A then B, round after round. Each run is timed in thread-CPU ms per simulated ms. Runs of
 * the two builds close in time see the same load, so the ratio of a pair is steadier than either time: the result
 * is the median of the pairs' ratios B / A, with the minimum of each build's times.
 * <p>
 * Usage: {@code SimulatorSpeedCompare ROUNDS STEP_NS CLASSPATH_A CLASSPATH_B} (class paths separated by ':'). The
 * first two rounds warm the JIT up and are not counted.
 */
public final class SimulatorSpeedCompare
{
    private static final int WARMUP_ROUNDS = 2;

    private SimulatorSpeedCompare()
    {
    }

    /**
     * @param args rounds, step in ns, class path A, class path B.
     * @throws Exception if a class path does not hold the simulator.
     */
    public static void main(final String[] args) throws Exception
    {
        if (args.length != 4)
        {
            System.err.println("usage: SimulatorSpeedCompare ROUNDS STEP_NS CLASSPATH_A CLASSPATH_B");
            System.exit(2);
        }
        final int rounds = Integer.parseInt(args[0]);
        final double stepNs = Double.parseDouble(args[1]);
        final Run a = new Run(loader(args[2]), stepNs);
        final Run b = new Run(loader(args[3]), stepNs);
        final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        final double[] aCpuMsPerSimMs = new double[rounds];
        final double[] bCpuMsPerSimMs = new double[rounds];
        final double[] ratios = new double[rounds];
        for (int r = 0; r < rounds + WARMUP_ROUNDS; r++)
        {
            final double x = a.cpuMsPerSimulatedMs(threads);
            final double y = b.cpuMsPerSimulatedMs(threads);
            System.out.printf("round %d: A %.1f  B %.1f  CPU ms per simulated ms, B/A %.3f%s%n", r, x, y, y / x,
                r < WARMUP_ROUNDS ? " (warm-up)" : "");
            if (r >= WARMUP_ROUNDS)
            {
                aCpuMsPerSimMs[r - WARMUP_ROUNDS] = x;
                bCpuMsPerSimMs[r - WARMUP_ROUNDS] = y;
                ratios[r - WARMUP_ROUNDS] = y / x;
            }
        }
        Arrays.sort(aCpuMsPerSimMs);
        Arrays.sort(bCpuMsPerSimMs);
        Arrays.sort(ratios);
        System.out.printf("step %.0f ns, %d rounds: A min %.1f median %.1f, B min %.1f median %.1f CPU ms per " +
            "simulated ms; B/A median of pairs %.3f (pairs %.3f..%.3f)%n", stepNs, rounds, aCpuMsPerSimMs[0],
            aCpuMsPerSimMs[rounds / 2], bCpuMsPerSimMs[0], bCpuMsPerSimMs[rounds / 2], ratios[rounds / 2],
            ratios[0], ratios[rounds - 1]);
    }

    private static URLClassLoader loader(final String classPath) throws MalformedURLException
    {
        final String[] parts = classPath.split(":");
        final URL[] urls = new URL[parts.length];
        for (int i = 0; i < parts.length; i++)
        {
            urls[i] = Path.of(parts[i]).toUri().toURL();
        }
        return new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
    }

    /**
     * The benchmark's run, reached by reflection through one build's class loader.
     */
    private static final class Run
    {
        private final Method run;
        private final Object scenario;
        private final Object parameters;
        private final Object hook;
        private final Object progress;

        Run(final ClassLoader loader, final double stepNs) throws ReflectiveOperationException
        {
            final Class<?> scenarios = loader.loadClass("org.rhcc.sim.Scenarios");
            final Class<?> scenarioType = loader.loadClass("org.rhcc.sim.api.Scenario");
            final Object congestion = scenarios.getMethod("congestion", int.class, boolean.class, long.class)
                .invoke(null, 3, true, 1L);
            scenario = scenarios.getMethod("withDurations", scenarioType, long.class, long.class)
                .invoke(null, congestion, SimulatorSpeedBenchmark.MEASURED_MS * 1_000_000L,
                    SimulatorSpeedBenchmark.WARMUP_MS * 1_000_000L);
            final Class<?> parametersType = loader.loadClass("org.rhcc.sim.SimParameters");
            final Object calibrated = parametersType.getMethod("calibrated").invoke(null);
            parameters = parametersType.getMethod("withStepNs", double.class).invoke(calibrated, stepNs);
            final Class<?> hookType = loader.loadClass("org.rhcc.sim.api.ControllerHook");
            final Class<?> progressType = loader.loadClass("org.rhcc.sim.ProgressListener");
            hook = hookType.getField("NONE").get(null);
            progress = progressType.getField("NONE").get(null);
            run = loader.loadClass("org.rhcc.sim.Simulation")
                .getMethod("run", scenarioType, parametersType, hookType, progressType);
        }

        double cpuMsPerSimulatedMs(final ThreadMXBean threads) throws ReflectiveOperationException
        {
            final long cpu0Ns = threads.getCurrentThreadCpuTime();
            run.invoke(null, scenario, parameters, hook, progress);
            return (threads.getCurrentThreadCpuTime() - cpu0Ns) / 1e6 / SimulatorSpeedBenchmark.SIMULATED_MS;
        }
    }
}
