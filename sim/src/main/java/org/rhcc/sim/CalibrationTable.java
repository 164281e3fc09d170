package org.rhcc.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Function;

import org.rhcc.sim.CalibrationRow.Check;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.RunMetrics;
import org.rhcc.sim.api.Scenario;

/**
 * The calibration table of docs/model.md §9: every baseline row (no controller running) and the C rows, as the model
 * computes them for a set of simulator parameters and a seed, each against the paper's number and its tolerance.
 * {@code CalibrationTest} asserts every row for {@link SimParameters#calibrated()} at seed {@link #TEST_SEED};
 * {@code rhcc calibration} prints them for any parameters, so that a model change can be checked against the rows
 * before it is fitted (docs/model.md §8).
 * <p>
 * Run lengths: CPU-only runs 1 ms after 0.2 ms of warm-up; RNIC runs with PFC and under forced MBA levels a measured
 * time after 2 ms (6 ms in {@code CalibrationTest}, {@link #TEST_MEASURED_NS}; 1 ms IIO windows, 100 us delay
 * windows); the PFC-free runs at least 10 ms, because DCQCN's recovery cycle there is a few ms long; the delay map's
 * runs {@link DelayMap}'s. Rows share their runs: each run is simulated once, and rows asked for from several threads
 * simulate different runs at once.
 * <p>
 * <b>Note:</b> thread-safe; for tests and reports, not the step loop.
 */
public final class CalibrationTable
{
    /** The seed {@code CalibrationTest} asserts the rows at. */
    public static final long TEST_SEED = 42L;
    /** The measured time of the RNIC runs in {@code CalibrationTest}, ns. */
    public static final long TEST_MEASURED_NS = 6_000_000L;
    private static final long PFC_FREE_MIN_NS = 10_000_000L;

    private static final Map<String, Function<CalibrationTable, CalibrationRow>> ROWS = rowsInOrder();

    private final SimParameters params;
    private final long seed;
    private final long measuredNs;
    private final Map<String, FutureTask<SimulationResult>> runs = new ConcurrentHashMap<>();
    private DelayMap delayMap;

    /**
     * @param params     the simulator's parameters.
     * @param seed       the seed of every run.
     * @param measuredNs measured time of the RNIC runs with PFC and under forced MBA levels, after 2 ms of warm-up
     *                   (the PFC-free runs take at least 10 ms), ns.
     */
    public CalibrationTable(final SimParameters params, final long seed, final long measuredNs)
    {
        if (measuredNs < 1_000_000L)
        {
            throw new IllegalArgumentException("the RNIC runs must measure at least 1 ms (one IIO window), not " +
                measuredNs / 1e6 + " ms");
        }
        this.params = params;
        this.seed = seed;
        this.measuredNs = measuredNs;
    }

    /**
     * @return the rows' keys in the order of docs/model.md §9.
     */
    public static List<String> keys()
    {
        return List.copyOf(ROWS.keySet());
    }

    /**
     * Evaluates one row, simulating the runs it needs that no row has needed before.
     *
     * @param key one of {@link #keys()}.
     * @return the row.
     * @throws IllegalArgumentException if no row has that key.
     */
    public CalibrationRow row(final String key)
    {
        final Function<CalibrationTable, CalibrationRow> row = ROWS.get(key);
        if (null == row)
        {
            throw new IllegalArgumentException("no calibration row '" + key + "'; the rows are " + keys());
        }
        return row.apply(this);
    }

    private static Map<String, Function<CalibrationTable, CalibrationRow>> rowsInOrder()
    {
        final Map<String, Function<CalibrationTable, CalibrationRow>> rows = new LinkedHashMap<>();
        rows.put("A1", CalibrationTable::a1);
        rows.put("A2", CalibrationTable::a2);
        rows.put("A3", CalibrationTable::a3);
        rows.put("A4", CalibrationTable::a4);
        rows.put("A5", CalibrationTable::a5);
        rows.put("A6", CalibrationTable::a6);
        rows.put("B1 1x", CalibrationTable::b1At1x);
        rows.put("B1 2x 3x", CalibrationTable::b1At2xAnd3x);
        rows.put("B2", CalibrationTable::b2);
        rows.put("B3", CalibrationTable::b3);
        rows.put("B3 PFC-free", CalibrationTable::b3PfcFree);
        rows.put("B4", CalibrationTable::b4);
        rows.put("B4 PFC-free", CalibrationTable::b4PfcFree);
        rows.put("B5 cross worse", CalibrationTable::b5CrossWorse);
        rows.put("B5 hybrid", (table) -> table.b5Grid("B5 hybrid", CpuTraffic.HYBRID, 40.0));
        rows.put("B5 cross", (table) -> table.b5Grid("B5 cross", CpuTraffic.CROSS, 24.0));
        rows.put("B6", CalibrationTable::b6);
        rows.put("B7", CalibrationTable::b7);
        rows.put("B8", CalibrationTable::b8);
        rows.put("B9", CalibrationTable::b9);
        rows.put("B13", CalibrationTable::b13);
        rows.put("C1", (table) -> new CalibrationRow("C1", "3x, MBA level 1, the NIC's rate held: D below 200 ns at " +
            "5 Gbit/s, crossing D_thr = 200 ns within 14..23 Gbit/s (the RNIC-only fixed point), B2's 3x value at " +
            "DCQCN's operating point", List.of(Check.none("C1 (level 1: " + table.delayMap().describeLevel(1) + ")",
            table.delayMap().c1Violations()))));
        rows.put("C2", (table) -> new CalibrationRow("C2", "3x, MBA level 1..5: D non-decreasing in the NIC's held " +
            "rate, no jump over 150 ns per 5 Gbit/s below the path's capacity",
            List.of(Check.none("C2", table.delayMap().c2Violations()))));
        return rows;
    }

    // ---------------------------------------------------------------- runs

    private SimulationResult run(final String key, final RunSpec spec, final SimParameters runParams)
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

    private SimulationResult rdma(
        final int congestion, final boolean pfc, final CpuTraffic placement, final int qps, final int messageBytes)
    {
        final long durationNs = pfc ? measuredNs : Math.max(measuredNs, PFC_FREE_MIN_NS);
        final Scenario scenario = new Scenario(pfc, congestion, placement, 1, qps, messageBytes, 0, 0.0, 0,
            durationNs, 2_000_000L, seed);
        return run("rdma-" + congestion + "-" + pfc + "-" + placement + "-" + qps + "-" + messageBytes,
            RunSpec.of(scenario, params), params);
    }

    private SimulationResult rdmaRun(final int congestion, final boolean pfc)
    {
        return rdma(congestion, pfc, CpuTraffic.LOCAL, 8, 65_536);
    }

    private RunMetrics rdma(final int congestion, final boolean pfc)
    {
        return rdmaRun(congestion, pfc).metrics();
    }

    private SimulationResult cpuOnly(final String key, final int threads, final double injectionNs,
        final int remoteThreads, final double remoteInjectionNs, final double writeFraction, final int mbaLevel,
        final long durationNs, final long warmupNs)
    {
        return run(key, RunSpec.cpuOnly(threads, injectionNs, remoteThreads, remoteInjectionNs, writeFraction, mbaLevel,
            durationNs, warmupNs, seed), params);
    }

    private double cpuOnlyGBps(final int threads, final double injectionNs, final int mbaLevel)
    {
        return cpuOnly("cpu-" + threads + "-" + injectionNs + "-" + mbaLevel, threads, injectionNs, 0, 0.0, 1.0,
            mbaLevel, 1_000_000L, 200_000L).metrics().totalMemGbps() / 8.0;
    }

    private RunMetrics forcedMba(final int level)
    {
        return run("mba-" + level, RunSpec.of(
            Scenarios.withDurations(Scenarios.forcedMba(level, seed), measuredNs, 2_000_000L), params), params)
            .metrics();
    }

    // ---------------------------------------------------------------- rows A

    private CalibrationRow a1()
    {
        return new CalibrationRow("A1", "CPU only, saturating MLC 1:1 (all 18 cores), total DRAM GB/s: 33.2 +- 3 %",
            List.of(Check.relative("saturating 1:1 DRAM GB/s", 33.2, cpuOnlyGBps(18, 0.0, 0), 0.03)));
    }

    private CalibrationRow a2()
    {
        final double[] paper = { 19.0, 25.3, 30.3 };
        final List<Check> checks = new ArrayList<>();
        for (int c = 1; c <= 3; c++)
        {
            final SimParameters.CpuPreset preset = params.cpu().preset(c);
            checks.add(Check.relative(c + "x GB/s", paper[c - 1],
                cpuOnlyGBps(preset.threads(), preset.injectionDelayNs(), 0), 0.05));
        }
        return new CalibrationRow("A2", "MLC 1:1 presets 1x / 2x / 3x alone: 19.0 / 25.3 / 30.3 GB/s +- 5 %", checks);
    }

    private CalibrationRow a3()
    {
        final double[] paper = { 33.2, 26.5, 20.0, 15.0, 10.0 };
        final List<Check> checks = new ArrayList<>();
        double previous = Double.MAX_VALUE;
        for (int level = 1; level <= 5; level++)
        {
            final double model = cpuOnlyGBps(18, 0.0, level);
            checks.add(Check.relative("level " + level + " GB/s", paper[level - 1], model, 0.05));
            checks.add(Check.that("level " + level + " below the level before", model, model < previous));
            previous = model;
        }
        return new CalibrationRow("A3", "CPU bandwidth at MBA levels 1..5 (saturating generator): 33.2 / 26.5 / " +
            "20.0 / 15.0 / 10.0 GB/s +- 5 %, falling with every level", checks);
    }

    private CalibrationRow a4()
    {
        final Diagnostics local = cpuOnly("idle-local", 1, 1.0e6, 0, 0.0, 0.0, 0, 1_000_000L, 100_000L).diagnostics();
        final Diagnostics remote = cpuOnly("idle-remote", 0, 0.0, 1, 1.0e6, 0.0, 0, 1_000_000L, 100_000L)
            .diagnostics();
        return new CalibrationRow("A4", "idle read latency local / remote: 81 / 130 ns +- 5 %", List.of(
            Check.relative("local ns", 81.0, local.localReadLatencyNs(), 0.05),
            Check.relative("remote ns", 130.0, remote.remoteReadLatencyNs(), 0.05)));
    }

    private CalibrationRow a5()
    {
        final RunMetrics m = rdma(0, true);
        return new CalibrationRow("A5", "no contention: IIO occupancy 20 +- 3 lines, D (probes) 120 ns +- 20 %",
            List.of(
                Check.within("IIO occupancy", 20.0, m.iioOccupancy(), 3.0),
                Check.relative("D ns", 120.0, m.rxDelayNs(), 0.20),
                Check.that("PCIe stall fraction < 0.01", m.pcieStallFraction(), m.pcieStallFraction() < 0.01),
                Check.that("PFC pause fraction < 0.01", m.pfcPauseFraction(), m.pfcPauseFraction() < 0.01),
                Check.that("goodput > 95 Gbit/s", m.rnicGbps(), m.rnicGbps() > 95.0)));
    }

    private CalibrationRow a6()
    {
        final double idleNs = 81.0;
        final SimulationResult saturated = cpuOnly("loaded-sat", 18, 0.0, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L);
        final double peakGBps = saturated.metrics().totalMemGbps() / 8.0;
        final SimulationResult half = cpuOnly("loaded-50", 18, 50.0, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L);
        final SimulationResult high = cpuOnly("loaded-29", 18, 29.5, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L);
        final double halfLoad = half.metrics().totalMemGbps() / 8.0 / peakGBps;
        final double highLoad = high.metrics().totalMemGbps() / 8.0 / peakGBps;
        final double halfRatio = half.diagnostics().localReadLatencyNs() / idleNs;
        return new CalibrationRow("A6", "read-only loaded latency ([ML] MLC): <= 1.25x idle up to 55 % of peak, 2.0x " +
            "near 95 %, 2.9x at saturation, +- 25 %", List.of(
            Check.that("moderate point at most 55 % of peak (share)", halfLoad, halfLoad <= 0.56),
            Check.that("high point within 93..98 % of peak (share)", highLoad, highLoad >= 0.93 && highLoad <= 0.98),
            // the idle reference itself carries A4's 5 % tolerance
            Check.that("latency / idle at the moderate point <= 1.25 x 1.05", halfRatio, halfRatio <= 1.25 * 1.05),
            Check.relative("latency / idle near 95 % of peak", 2.0,
                high.diagnostics().localReadLatencyNs() / idleNs, 0.25),
            Check.relative("latency / idle at saturation", 2.9,
                saturated.diagnostics().localReadLatencyNs() / idleNs, 0.25)));
    }

    // ---------------------------------------------------------------- rows B

    private CalibrationRow b1At1x()
    {
        return new CalibrationRow("B1 1x", "IIO occupancy at 1x (1 ms windows): 44 lines +- 10 %",
            List.of(Check.relative("1x IIO occupancy", 44.0, rdma(1, true).iioOccupancy(), 0.10)));
    }

    private CalibrationRow b1At2xAnd3x()
    {
        return new CalibrationRow("B1 2x 3x", "IIO occupancy at 2x / 3x (1 ms windows): 68 / 94 lines +- 10 %",
            List.of(
                Check.relative("2x IIO occupancy", 68.0, rdma(2, true).iioOccupancy(), 0.10),
                Check.relative("3x IIO occupancy", 94.0, rdma(3, true).iioOccupancy(), 0.10)));
    }

    private CalibrationRow b2()
    {
        final double d1 = rdma(1, true).rxDelayNs();
        return new CalibrationRow("B2", "D as the probes measure it (100 us windows): 190 ns at 1x (+- 10 % and " +
            "below D_thr = 200), 510 / 900 ns at 2x / 3x (+- 30 %)", List.of(
            Check.relative("1x D ns", 190.0, d1, 0.10),
            Check.that("1x D < D_thr = 200 ns", d1, d1 < 200.0),
            Check.relative("2x D ns", 510.0, rdma(2, true).rxDelayNs(), 0.30),
            Check.relative("3x D ns", 900.0, rdma(3, true).rxDelayNs(), 0.30)));
    }

    private CalibrationRow b3()
    {
        final double lossPfc = 100.0 * (1.0 - rdma(3, true).rnicGbps() / rdma(0, true).rnicGbps());
        return new CalibrationRow("B3", "3x goodput loss against 0x, PFC on: -62 % +- 5 pp; PFC pauses and CNPs rise " +
            "with congestion", List.of(
            Check.within("PFC loss %", 62.0, lossPfc, 5.0),
            Check.that("PFC pause fraction 3x above 2x", rdma(3, true).pfcPauseFraction(),
                rdma(3, true).pfcPauseFraction() > rdma(2, true).pfcPauseFraction()),
            Check.that("CNPs 3x above 0x, PFC-free", rdma(3, false).cnpCount(),
                rdma(3, false).cnpCount() > rdma(0, false).cnpCount())));
    }

    private CalibrationRow b3PfcFree()
    {
        final double lossFree = 100.0 * (1.0 - rdma(3, false).rnicGbps() / rdma(0, false).rnicGbps());
        return new CalibrationRow("B3 PFC-free", "3x goodput loss against 0x, PFC-free: -68 % +- 5 pp, more than " +
            "with PFC", List.of(
            Check.within("PFC-free loss %", 68.0, lossFree, 5.0),
            Check.that("3x goodput PFC-free below PFC on, Gbit/s", rdma(3, false).rnicGbps(),
                rdma(3, false).rnicGbps() < rdma(3, true).rnicGbps())));
    }

    private CalibrationRow b4()
    {
        return new CalibrationRow("B4", "3x mean message latency against 0x, PFC on: 2.4x +- 25 %; p99 rises too",
            List.of(
                Check.relative("PFC latency ratio", 2.4, rdma(3, true).latencyAvgUs() / rdma(0, true).latencyAvgUs(),
                    0.25),
                Check.that("p99 at 3x above 0x, us", rdma(3, true).latencyP99Us(),
                    rdma(3, true).latencyP99Us() > rdma(0, true).latencyP99Us())));
    }

    private CalibrationRow b4PfcFree()
    {
        return new CalibrationRow("B4 PFC-free", "3x mean message latency against 0x, PFC-free: 2.6x +- 25 %",
            List.of(Check.relative("PFC-free latency ratio", 2.6,
                rdma(3, false).latencyAvgUs() / rdma(0, false).latencyAvgUs(), 0.25)));
    }

    private CalibrationRow b5CrossWorse()
    {
        final RunMetrics local = rdma(3, true, CpuTraffic.LOCAL, 8, 65_536).metrics();
        final RunMetrics cross = rdma(3, true, CpuTraffic.CROSS, 8, 65_536).metrics();
        return new CalibrationRow("B5 cross worse", "3x: cross-NUMA MLC costs the NIC more than local MLC, with more " +
            "PFC pauses", List.of(
            Check.that("cross-NUMA goodput at least 10 % below local, Gbit/s", cross.rnicGbps(),
                cross.rnicGbps() < 0.9 * local.rnicGbps()),
            Check.that("cross-NUMA PFC pause fraction above local", cross.pfcPauseFraction(),
                cross.pfcPauseFraction() > local.pfcPauseFraction())));
    }

    /**
     * The paper's "up to" (B8, B9 of the paper): the largest loss of {@code placement} against local placement over
     * B7's 3x grid, every corner losing goodput and pausing more.
     */
    private CalibrationRow b5Grid(final String key, final CpuTraffic placement, final double paperLossPercent)
    {
        final String name = placement.name().toLowerCase(Locale.ROOT);
        final List<Check> corners = new ArrayList<>();
        final double maxLoss = NumaLossGrid.maxLossPercent(placement,
            (p, qps, messageBytes) -> rdma(3, true, p, qps, messageBytes).metrics(),
            (qps, messageBytes, local, other) ->
            {
                final String corner = qps + " QPs x " + messageBytes + " B";
                corners.add(Check.that(String.format(Locale.ROOT, "%s goodput below local's %.3f at %s, Gbit/s", name,
                    local.rnicGbps(), corner), other.rnicGbps(), other.rnicGbps() < local.rnicGbps()));
                corners.add(Check.that(String.format(Locale.ROOT, "%s PFC pause fraction above local's %.3f at %s",
                    name, local.pfcPauseFraction(), corner), other.pfcPauseFraction(),
                    other.pfcPauseFraction() > local.pfcPauseFraction()));
            });
        final List<Check> checks = new ArrayList<>();
        checks.add(Check.within(name + " vs local, largest loss over the grid, %", paperLossPercent, maxLoss,
            5.0));
        checks.addAll(corners);
        return new CalibrationRow(key, String.format(Locale.ROOT, "3x goodput with %s MLC up to %.0f %% below " +
            "local placement (B7's grid: 1 / 8 QPs x 64 KB / 1 MB), +- 5 pp", name, paperLossPercent), checks);
    }

    private CalibrationRow b6()
    {
        final List<Check> checks = new ArrayList<>();
        for (int c = 0; c <= 3; c++)
        {
            final TimeSeries ts = rdma(c, true, CpuTraffic.LOCAL, 8, 65_536).timeSeries();
            double worst = 0.0;
            boolean holds = true;
            for (int i = ts.firstMeasuredWindow(); i < ts.windowCount(); i++)
            {
                final double occupancy = ts.iioOccupancy(i);
                final double predicted = ts.rnicGbps(i) / 512.0 * ts.iioResidencyNs(i);
                final Check window = Check.relative("window", occupancy, predicted, 0.30);
                holds &= window.holds();
                worst = Math.max(worst, Math.abs(predicted - occupancy) / Math.abs(occupancy));
            }
            checks.add(Check.that(c + "x: T x IIO residency within 30 % of the occupancy in every window (largest " +
                "relative difference)", worst, holds));
        }
        return new CalibrationRow("B6", "Little's law O = T x IIO residency per 100 us window, +- 30 %", checks);
    }

    private CalibrationRow b7()
    {
        final double reference = rdma(0, true).rnicGbps();
        final List<Check> checks = new ArrayList<>();
        for (final int qps : new int[]{ 1, 16, 256 })
        {
            final Scenario scenario = new Scenario(true, 0, CpuTraffic.LOCAL, 1, qps, 65_536, 0, 0.0, 0,
                2_000_000L, 1_000_000L, seed);
            final double model = run("qps-" + qps, RunSpec.of(scenario, params), params).metrics().rnicGbps();
            checks.add(Check.relative(qps + " QPs Gbit/s (against 8)", reference, model, 0.05));
        }
        return new CalibrationRow("B7", "0x goodput flat over 1 / 16 / 256 QPs, +- 5 %", checks);
    }

    private CalibrationRow b8()
    {
        final RunMetrics x1 = rdma(1, true);
        final RunMetrics x2 = rdma(2, true);
        return new CalibrationRow("B8", "the thresholds bracket the 1x point: IIO occupancy <= I_thr = 45 and D < " +
            "D_thr = 200 ns at 1x, both above at 2x", List.of(
            Check.that("1x IIO occupancy <= 45", x1.iioOccupancy(), x1.iioOccupancy() <= 45.0),
            Check.that("1x D < 200 ns", x1.rxDelayNs(), x1.rxDelayNs() < 200.0),
            Check.that("2x IIO occupancy > 45", x2.iioOccupancy(), x2.iioOccupancy() > 45.0),
            Check.that("2x D > 200 ns", x2.rxDelayNs(), x2.rxDelayNs() > 200.0)));
    }

    private CalibrationRow b9()
    {
        final RunMetrics x1 = rdma(1, true);
        final List<Check> checks = new ArrayList<>();
        RunMetrics previous = null;
        for (int level = 3; level <= 5; level++)
        {
            final RunMetrics m = forcedMba(level);
            checks.add(Check.that("NIC at line rate (> 95 Gbit/s) at level " + level, m.rnicGbps(),
                m.rnicGbps() > 95.0));
            if (null != previous)
            {
                checks.add(Check.that("IIO occupancy falls at level " + level, m.iioOccupancy(),
                    m.iioOccupancy() < previous.iioOccupancy()));
                checks.add(Check.that("IIO residency falls at level " + level + ", ns", m.iioResidencyNs(),
                    m.iioResidencyNs() < previous.iioResidencyNs()));
                checks.add(Check.that("D falls at level " + level + ", ns", m.rxDelayNs(),
                    m.rxDelayNs() < previous.rxDelayNs()));
            }
            previous = m;
        }
        checks.add(Check.that(String.format(Locale.ROOT, "level-5 IIO occupancy <= 0.9 x 1x (%.1f)", x1.iioOccupancy()),
            previous.iioOccupancy(), previous.iioOccupancy() <= 0.9 * x1.iioOccupancy()));
        checks.add(Check.that(String.format(Locale.ROOT, "level-5 IIO residency <= 0.9 x 1x (%.0f ns)",
            x1.iioResidencyNs()),
            previous.iioResidencyNs(), previous.iioResidencyNs() <= 0.9 * x1.iioResidencyNs()));
        checks.add(Check.that(String.format(Locale.ROOT, "level-5 D <= 0.9 x 1x (%.0f ns)", x1.rxDelayNs()),
            previous.rxDelayNs(),
            previous.rxDelayNs() <= 0.9 * x1.rxDelayNs()));
        return new CalibrationRow("B9", "3x, MBA forced to levels 3, 4, 5, the NIC at line rate: IIO occupancy, IIO " +
            "residency and D fall strictly with the level, and at level 5 lie at least 10 % below their 1x values",
            checks);
    }

    private CalibrationRow b13()
    {
        final double fullGbps = rdma(0, true).rnicGbps();
        final List<Check> checks = new ArrayList<>();
        double previousNic = 0.0;
        double previousCpu = Double.MAX_VALUE;
        final double[] nicGbps = new double[6];
        for (int level = 1; level <= 5; level++)
        {
            final RunMetrics m = forcedMba(level);
            nicGbps[level] = m.rnicGbps();
            checks.add(Check.that("goodput does not fall at level " + level + ", Gbit/s", m.rnicGbps(),
                m.rnicGbps() >= previousNic - 0.01 * fullGbps));
            checks.add(Check.that("CPU bandwidth falls at level " + level + ", Gbit/s", m.cpuMemGbps(),
                m.cpuMemGbps() < previousCpu));
            previousNic = m.rnicGbps();
            previousCpu = m.cpuMemGbps();
        }
        checks.add(Check.that("level 2 recovers part, not all, of the goodput, Gbit/s", nicGbps[2],
            nicGbps[2] > nicGbps[1] + 0.05 * fullGbps && nicGbps[2] < 0.95 * fullGbps));
        checks.add(Check.that("level 4 gives the NIC its full rate, Gbit/s", nicGbps[4],
            nicGbps[4] >= 0.95 * fullGbps));
        return new CalibrationRow("B13", "(trend, not fitted) 3x, MBA forced to levels 1..5: the NIC's goodput rises " +
            "step by step to full rate by level 4 while CPU bandwidth falls", checks);
    }

    // ---------------------------------------------------------------- rows C

    /**
     * The map of D against the NIC's held rate at 3x with MBA forced to each level (rows C1 and C2), measured once for
     * both rows; its runs are independent, so they run in parallel.
     */
    private synchronized DelayMap delayMap()
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
