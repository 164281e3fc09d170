package org.rhcc.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.RunMetrics;
import org.rhcc.sim.api.Scenario;

/**
 * The runs of {@link CalibrationTable}'s rows, each simulated once for every row that needs it: rows asked for from
 * several threads simulate different runs at once and wait for a run another row has started.
 * <p>
 * <b>Note:</b> thread-safe.
 */
final class CalibrationRuns
{
    private static final long PFC_FREE_MIN_NS = 10_000_000L;
    /**
     * Measured time of a run with a single QP at least (row B5's 1-QP corners): one QP's 1 MB messages take about
     * 0.3 ms each at 3x, and its goodput and PFC pauses swing over several ms, so that a 6 ms window decided the
     * corners' comparisons by the seed (docs/model.md §10, "The calibration across seeds").
     */
    private static final long ONE_QP_MIN_NS = 30_000_000L;

    private final SimParameters params;
    private final long seed;
    private final long measuredNs;
    private final Map<String, FutureTask<SimulationResult>> runs = new ConcurrentHashMap<>();
    private DelayMap delayMap;

    /**
     * @param params     the simulator's parameters.
     * @param seed       the seed of every run.
     * @param measuredNs measured time of the RNIC runs with PFC and under forced MBA levels, ns.
     */
    CalibrationRuns(final SimParameters params, final long seed, final long measuredNs)
    {
        this.params = params;
        this.seed = seed;
        this.measuredNs = measuredNs;
    }

    /**
     * @return the parameters every run starts from.
     */
    SimParameters params()
    {
        return params;
    }

    /**
     * @return the seed of every run.
     */
    long seed()
    {
        return seed;
    }

    /**
     * @param key       names the run; a second call with the same key returns the first call's result.
     * @param spec      the run.
     * @param runParams the parameters it runs with.
     * @return the run's result, simulated by this call, by an earlier one, or by another thread's.
     */
    SimulationResult run(final String key, final RunSpec spec, final SimParameters runParams)
    {
        final FutureTask<SimulationResult> task = runs.computeIfAbsent(key, (k) -> new FutureTask<>(
            () -> Simulation.run(spec, runParams, ControllerHook.NONE, ProgressListener.NONE)));
        task.run();
        try
        {
            return task.get();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for calibration run " + key, ex);
        }
        catch (final ExecutionException ex)
        {
            throw new IllegalStateException("calibration run " + key + " failed: " + ex.getCause(), ex.getCause());
        }
    }

    /**
     * @return a run of the NIC receiving on {@code qps} QPs under MLC preset {@code congestion} (0 for none),
     * measured {@code measuredNs} with PFC, at least 10 ms without, at least 30 ms with a single QP, after 2 ms.
     */
    SimulationResult rdma(
        final int congestion, final boolean pfc, final CpuTraffic placement, final int qps, final int messageBytes)
    {
        final long durationNs = Math.max(pfc ? measuredNs : Math.max(measuredNs, PFC_FREE_MIN_NS),
            1 == qps ? ONE_QP_MIN_NS : 0L);
        final Scenario scenario = new Scenario(pfc, congestion, placement, 1, qps, messageBytes, 0, 0.0, 0,
            durationNs, 2_000_000L, seed);
        return run("rdma-" + congestion + "-" + pfc + "-" + placement + "-" + qps + "-" + messageBytes,
            RunSpec.of(scenario, params), params);
    }

    /**
     * @return the metrics of a run with local CPU traffic, 8 QPs and 64 KB messages.
     */
    RunMetrics rdma(final int congestion, final boolean pfc)
    {
        return rdma(congestion, pfc, CpuTraffic.LOCAL, 8, 65_536).metrics();
    }

    /**
     * @return a run of MLC-like cores alone ({@link RunSpec#cpuOnly}).
     */
    SimulationResult cpuOnly(final String key, final int threads, final double injectionNs,
        final int remoteThreads, final double remoteInjectionNs, final double writeFraction, final int mbaLevel,
        final long durationNs, final long warmupNs)
    {
        return run(key, RunSpec.cpuOnly(threads, injectionNs, remoteThreads, remoteInjectionNs, writeFraction, mbaLevel,
            durationNs, warmupNs, seed), params);
    }

    /**
     * @return the total DRAM bandwidth of a 1:1 read/write CPU-only run of 1 ms after 0.2 ms, GB/s.
     */
    double cpuOnlyGBps(final int threads, final double injectionNs, final int mbaLevel)
    {
        return cpuOnly("cpu-" + threads + "-" + injectionNs + "-" + mbaLevel, threads, injectionNs, 0, 0.0, 1.0,
            mbaLevel, 1_000_000L, 200_000L).metrics().totalMemGbps() / 8.0;
    }

    /**
     * @return a 3x run with MBA held at {@code level} and the NIC unlimited.
     */
    RunMetrics forcedMba(final int level)
    {
        return run("mba-" + level, RunSpec.of(
            Scenarios.withDurations(Scenarios.forcedMba(level, seed), measuredNs, 2_000_000L), params), params)
            .metrics();
    }

    /**
     * The map of D against the NIC's held rate at 3x with MBA forced to each level (rows C1 and C2), measured once for
     * both rows; its runs are independent, so they run in parallel.
     */
    synchronized DelayMap delayMap()
    {
        if (null == delayMap)
        {
            final List<double[]> grid = new ArrayList<>();
            for (int level = 1; level <= DelayMap.LEVELS; level++)
            {
                for (final double rate : DelayMap.RATES_GBPS)
                {
                    grid.add(new double[]{ level, rate });
                }
            }
            final List<double[]> rows = grid.parallelStream().map((cell) -> mapRow((int)cell[0], cell[1])).toList();
            final DelayMap map = new DelayMap();
            for (final double[] row : rows)
            {
                map.add((int)row[0], row[1], row[2], Arrays.copyOfRange(row, 3, row.length));
            }
            delayMap = map;
        }
        return delayMap;
    }

    private double[] mapRow(final int level, final double heldGbps)
    {
        final SimParameters held = params.withRnic(
            params.rnic().withRateLimitGbps(DelayMap.perQpLimitGbps(heldGbps, Scenarios.QPS)));
        final Scenario scenario = Scenarios.withDurations(Scenarios.forcedMba(level, seed),
            DelayMap.durationNs(heldGbps, DelayMap.DURATION_NS), DelayMap.WARMUP_NS);
        final SimulationResult result = run("map-" + level + "-" + heldGbps, RunSpec.of(scenario, held), held);
        final TimeSeries ts = result.timeSeries();
        final double[] row = new double[3 + ts.windowCount() - ts.firstMeasuredWindow()];
        row[0] = level;
        row[1] = heldGbps;
        row[2] = result.metrics().rnicGbps();
        for (int i = ts.firstMeasuredWindow(); i < ts.windowCount(); i++)
        {
            row[3 + i - ts.firstMeasuredWindow()] = ts.rxDelayNs(i);
        }
        return row;
    }
}
