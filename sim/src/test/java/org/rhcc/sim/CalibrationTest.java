package org.rhcc.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.RunMetrics;
import org.rhcc.sim.api.Scenario;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The calibration table of docs/model.md §9: every baseline row (no controller) against the paper's number and its
 * tolerance, with {@link SimParameters#calibrated()}. Each test names its row. Runs are shared between rows through a
 * cache; the whole class simulates about 70 ms.
 * <p>
 * Run lengths: CPU-only runs 1 ms after 0.2 ms warm-up; RNIC runs 6 ms after 2 ms (1 ms IIO windows, 100 us delay
 * windows); the PFC-free runs 10 ms, because DCQCN's recovery cycle there is a few ms long.
 */
class CalibrationTest
{
    private static final SimParameters PARAMS = SimParameters.calibrated();
    private static final Map<String, SimulationResult> RUNS = new HashMap<>();
    private static final long SEED = 42L;
    private static DelayMap delayMap;

    private static synchronized SimulationResult run(final String key, final RunSpec spec)
    {
        return RUNS.computeIfAbsent(key,
            (k) -> Simulation.run(spec, PARAMS, ControllerHook.NONE, ProgressListener.NONE));
    }

    private static SimulationResult rdma(final int congestion, final boolean pfc, final CpuTraffic placement)
    {
        return rdma(congestion, pfc, placement, 8, 65_536);
    }

    private static SimulationResult rdma(
        final int congestion, final boolean pfc, final CpuTraffic placement, final int qps, final int messageBytes)
    {
        final long durationNs = pfc ? 6_000_000L : 10_000_000L;
        final Scenario scenario = new Scenario(pfc, congestion, placement, 1, qps, messageBytes, 0, 0.0, 0,
            durationNs, 2_000_000L, SEED);
        return run("rdma-" + congestion + "-" + pfc + "-" + placement + "-" + qps + "-" + messageBytes,
            RunSpec.of(scenario, PARAMS));
    }

    /**
     * @return the largest goodput loss of {@code placement} against local placement over B7's 3x grid, percent; every
     * corner must also lose goodput and pause more ({@link NumaLossGrid}).
     */
    private static double maxLossVsLocalPercentAt3x(final CpuTraffic placement)
    {
        return NumaLossGrid.maxLossPercent(placement,
            (p, qps, messageBytes) -> rdma(3, true, p, qps, messageBytes).metrics(),
            (qps, messageBytes, local, other) ->
            {
                assertTrue(other.rnicGbps() < local.rnicGbps(),
                    placement + " placement must cost goodput at " + qps + " QPs x " + messageBytes + " B");
                assertTrue(other.pfcPauseFraction() > local.pfcPauseFraction(),
                    placement + " placement must raise PFC pauses at " + qps + " QPs x " + messageBytes + " B");
            });
    }

    private static RunMetrics rdma(final int congestion, final boolean pfc)
    {
        return rdma(congestion, pfc, CpuTraffic.LOCAL).metrics();
    }

    private static double cpuOnlyGBps(final int threads, final double injectionNs, final int mbaLevel)
    {
        return run("cpu-" + threads + "-" + injectionNs + "-" + mbaLevel,
            RunSpec.cpuOnly(threads, injectionNs, 0, 0.0, 1.0, mbaLevel, 1_000_000L, 200_000L, SEED))
            .metrics().totalMemGbps() / 8.0;
    }

    private static void assertWithin(
        final String row, final String what, final double paper, final double model, final double tolerance)
    {
        final double lo = paper - tolerance;
        final double hi = paper + tolerance;
        assertTrue(model >= lo && model <= hi, () -> String.format(
            "%s %s: model %.3f outside paper %.3f +- %.3f", row, what, model, paper, tolerance));
    }

    private static void assertRelative(
        final String row, final String what, final double paper, final double model, final double fraction)
    {
        assertWithin(row, what, paper, model, Math.abs(paper) * fraction);
    }

    @Test
    @DisplayName("A1: total memory bandwidth 33.2 GB/s (CPU-only, saturating MLC 1:1, all 18 cores), +-3 %")
    void shouldMatchA1TotalMemoryBandwidth()
    {
        assertRelative("A1", "saturating 1:1 DRAM GB/s", 33.2, cpuOnlyGBps(18, 0.0, 0), 0.03);
    }

    @Test
    @DisplayName("A2: MLC 1:1 presets 1x/2x/3x = 19.0/25.3/30.3 GB/s isolated, +-5 %")
    void shouldMatchA2MlcPresets()
    {
        final double[] paper = { 19.0, 25.3, 30.3 };
        for (int c = 1; c <= 3; c++)
        {
            final SimParameters.CpuPreset preset = PARAMS.cpu().preset(c);
            assertRelative("A2", c + "x GB/s", paper[c - 1],
                cpuOnlyGBps(preset.threads(), preset.injectionDelayNs(), 0), 0.05);
        }
    }

    @Test
    @DisplayName("A3: MBA levels 1..5 = 33.2/26.5/20.0/15.0/10.0 GB/s (max MLC generator), +-5 %, monotone")
    void shouldMatchA3MbaLevels()
    {
        final double[] paper = { 33.2, 26.5, 20.0, 15.0, 10.0 };
        double previous = Double.MAX_VALUE;
        for (int level = 1; level <= 5; level++)
        {
            final double model = cpuOnlyGBps(18, 0.0, level);
            assertRelative("A3", "level " + level + " GB/s", paper[level - 1], model, 0.05);
            assertTrue(model < previous, "A3: bandwidth must fall with every level");
            previous = model;
        }
    }

    @Test
    @DisplayName("A4: idle read latency 81 ns local / 130 ns remote (CLX reference), +-5 %")
    void shouldMatchA4IdleLatency()
    {
        final Diagnostics local = run("idle-local",
            RunSpec.cpuOnly(1, 1.0e6, 0, 0.0, 0.0, 0, 1_000_000L, 100_000L, SEED)).diagnostics();
        final Diagnostics remote = run("idle-remote",
            RunSpec.cpuOnly(0, 0.0, 1, 1.0e6, 0.0, 0, 1_000_000L, 100_000L, SEED)).diagnostics();
        assertRelative("A4", "local ns", 81.0, local.localReadLatencyNs(), 0.05);
        assertRelative("A4", "remote ns", 130.0, remote.remoteReadLatencyNs(), 0.05);
    }

    @Test
    @DisplayName("A5: no contention: IIO occupancy 20 +- 3 lines, receiver processing delay (probes) 120 ns +- 20 %")
    void shouldMatchA5NoContention()
    {
        final RunMetrics m = rdma(0, true);
        assertWithin("A5", "IIO occupancy", 20.0, m.iioOccupancy(), 3.0);
        assertRelative("A5", "D ns", 120.0, m.rxDelayNs(), 0.20);
        assertTrue(m.pcieStallFraction() < 0.01, "A5: no PCIe stalls without contention");
        assertTrue(m.pfcPauseFraction() < 0.01, "A5: no PFC pauses without contention");
        assertTrue(m.rnicGbps() > 95.0, "A5: line-rate goodput without contention");
    }

    @Test
    @DisplayName("A6: read-only loaded latency ([ML] MLC, CLX): <= 1.25x idle (+-5 %) up to 55 % of peak, 2.0x near" +
        " 95 %, 2.9x at saturation, +-25 %")
    void shouldMatchA6LoadedLatencyShape()
    {
        final double idleNs = 81.0;
        final SimulationResult saturated = run("loaded-sat",
            RunSpec.cpuOnly(18, 0.0, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L, SEED));
        final double peakGBps = saturated.metrics().totalMemGbps() / 8.0;
        final SimulationResult half = run("loaded-50",
            RunSpec.cpuOnly(18, 50.0, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L, SEED));
        final SimulationResult high = run("loaded-29",
            RunSpec.cpuOnly(18, 29.5, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L, SEED));
        final double halfLoad = half.metrics().totalMemGbps() / 8.0 / peakGBps;
        final double highLoad = high.metrics().totalMemGbps() / 8.0 / peakGBps;
        assertTrue(halfLoad <= 0.56, "A6: the moderate point must be at most 55 % of peak, is " + halfLoad);
        assertTrue(highLoad >= 0.93 && highLoad <= 0.98, "A6: the high point must be near 95 % of peak, is " +
            highLoad);
        // the idle reference itself carries A4's 5 % tolerance
        assertTrue(half.diagnostics().localReadLatencyNs() / idleNs <= 1.25 * 1.05,
            "A6: latency up to 55 % of peak within 1.25x idle, is " + half.diagnostics().localReadLatencyNs());
        assertRelative("A6", "latency near 95 % of peak / idle", 2.0,
            high.diagnostics().localReadLatencyNs() / idleNs, 0.25);
        assertRelative("A6", "latency at saturation / idle", 2.9,
            saturated.diagnostics().localReadLatencyNs() / idleNs, 0.25);
    }

    @Test
    @DisplayName("B1 (1x): IIO occupancy 44 lines (1 ms windows), +-10 %")
    void shouldMatchB1IioOccupancyAt1x()
    {
        assertRelative("B1", "1x IIO occupancy", 44.0, rdma(1, true).iioOccupancy(), 0.10);
    }

    @Test
    @DisplayName("B1 (2x, 3x): IIO occupancy 68 / 94 lines (1 ms windows), +-10 %")
    void shouldMatchB1IioOccupancyAt2xAnd3x()
    {
        assertRelative("B1", "2x IIO occupancy", 68.0, rdma(2, true).iioOccupancy(), 0.10);
        assertRelative("B1", "3x IIO occupancy", 94.0, rdma(3, true).iioOccupancy(), 0.10);
    }

    @Test
    @DisplayName("B2: receiver processing delay as the probes measure it, 190 ns at 1x (+-10 % and below D_thr =" +
        " 200), 510 / 900 ns at 2x/3x (+-30 %), 100 us windows")
    void shouldMatchB2ReceiverDelay()
    {
        final double d1 = rdma(1, true).rxDelayNs();
        assertRelative("B2", "1x D ns", 190.0, d1, 0.10);
        assertTrue(d1 < 200.0, "B2: 1x D must stay below D_thr = 200 ns, is " + d1);
        assertRelative("B2", "2x D ns", 510.0, rdma(2, true).rxDelayNs(), 0.30);
        assertRelative("B2", "3x D ns", 900.0, rdma(3, true).rxDelayNs(), 0.30);
    }

    @Test
    @DisplayName("B8: the thresholds bracket the 1x point: IIO occupancy <= I_thr = 45 and D < D_thr = 200 ns at 1x," +
        " both above at 2x")
    void shouldBracketThe1xPointWithBothThresholds()
    {
        final RunMetrics x1 = rdma(1, true);
        final RunMetrics x2 = rdma(2, true);
        assertTrue(x1.iioOccupancy() <= 45.0, "B8: 1x IIO occupancy must be <= 45, is " + x1.iioOccupancy());
        assertTrue(x1.rxDelayNs() < 200.0, "B8: 1x D must be < 200 ns, is " + x1.rxDelayNs());
        assertTrue(x2.iioOccupancy() > 45.0, "B8: 2x IIO occupancy must be > 45, is " + x2.iioOccupancy());
        assertTrue(x2.rxDelayNs() > 200.0, "B8: 2x D must be > 200 ns, is " + x2.rxDelayNs());
    }

    @Test
    @DisplayName("B9: 3x with MBA forced to levels 3, 4, 5 and the NIC at line rate: IIO occupancy, IIO residency and" +
        " D fall strictly with the level, and at level 5 lie at least 10 % below their 1x values")
    void shouldFollowTheMemoryLoadUnderForcedMbaLevels()
    {
        final RunMetrics x1 = rdma(1, true);
        RunMetrics previous = null;
        for (int level = 3; level <= 5; level++)
        {
            final RunMetrics m = forcedMba(level);
            assertTrue(m.rnicGbps() > 95.0, "B9: the NIC runs at line rate at level " + level + ": " + m.rnicGbps());
            if (null != previous)
            {
                assertTrue(m.iioOccupancy() < previous.iioOccupancy(), "B9: IIO occupancy must fall at level " + level);
                assertTrue(m.iioResidencyNs() < previous.iioResidencyNs(), "B9: IIO residency must fall at level " +
                    level);
                assertTrue(m.rxDelayNs() < previous.rxDelayNs(), "B9: D must fall at level " + level);
            }
            previous = m;
        }
        assertTrue(previous.iioOccupancy() <= 0.9 * x1.iioOccupancy(), "B9: level-5 IIO occupancy " +
            previous.iioOccupancy() + " must lie clearly below 1x " + x1.iioOccupancy());
        assertTrue(previous.iioResidencyNs() <= 0.9 * x1.iioResidencyNs(), "B9: level-5 IIO residency " +
            previous.iioResidencyNs() + " must lie clearly below 1x " + x1.iioResidencyNs());
        assertTrue(previous.rxDelayNs() <= 0.9 * x1.rxDelayNs(), "B9: level-5 D " + previous.rxDelayNs() +
            " must lie clearly below 1x " + x1.rxDelayNs());
    }

    private static RunMetrics forcedMba(final int level)
    {
        return run("mba-" + level, RunSpec.of(
            Scenarios.withDurations(Scenarios.forcedMba(level, SEED), 6_000_000L, 2_000_000L), PARAMS)).metrics();
    }

    @Test
    @DisplayName("B3: 3x goodput -62 % with PFC vs 0x, +-5 pp; PFC pauses and CNPs rise with congestion")
    void shouldMatchB3ThroughputLoss()
    {
        final double lossPfc = 100.0 * (1.0 - rdma(3, true).rnicGbps() / rdma(0, true).rnicGbps());
        assertWithin("B3", "PFC loss %", 62.0, lossPfc, 5.0);
        assertTrue(rdma(3, true).pfcPauseFraction() > rdma(2, true).pfcPauseFraction(),
            "B3/B4: PFC pauses rise with congestion");
        assertTrue(rdma(3, false).cnpCount() > rdma(0, false).cnpCount(), "B3/B4: CNPs rise with congestion");
    }

    @Test
    @DisplayName("B3 (PFC-free): 3x goodput -68 % vs 0x, +-5 pp")
    void shouldMatchB3ThroughputLossPfcFree()
    {
        final double lossFree = 100.0 * (1.0 - rdma(3, false).rnicGbps() / rdma(0, false).rnicGbps());
        assertWithin("B3", "PFC-free loss %", 68.0, lossFree, 5.0);
        assertTrue(rdma(3, false).rnicGbps() < rdma(3, true).rnicGbps(),
            "B3: without PFC the NIC loses more than with it (-68 % vs -62 %)");
    }

    @Test
    @DisplayName("B4: 3x mean message latency 2.4x (PFC) and 2.6x (PFC-free) of 0x, +-25 %")
    void shouldMatchB4LatencyInflation()
    {
        assertRelative("B4", "PFC latency ratio", 2.4,
            rdma(3, true).latencyAvgUs() / rdma(0, true).latencyAvgUs(), 0.25);
        assertTrue(rdma(3, true).latencyP99Us() > rdma(0, true).latencyP99Us(), "B4: p99 rises too");
    }

    @Test
    @DisplayName("B4 (PFC-free): 3x mean message latency 2.6x of 0x, +-25 %")
    void shouldMatchB4LatencyInflationPfcFree()
    {
        assertRelative("B4", "PFC-free latency ratio", 2.6,
            rdma(3, false).latencyAvgUs() / rdma(0, false).latencyAvgUs(), 0.25);
    }

    @Test
    @DisplayName("B5 (cross): cross-NUMA MLC costs the NIC more than local MLC, with more PFC pauses")
    void shouldMakeCrossNumaWorseThanLocal()
    {
        final RunMetrics local = rdma(3, true, CpuTraffic.LOCAL).metrics();
        final RunMetrics cross = rdma(3, true, CpuTraffic.CROSS).metrics();
        assertTrue(cross.rnicGbps() < 0.9 * local.rnicGbps(), "B5: cross-NUMA goodput at least 10 % below local");
        assertTrue(cross.pfcPauseFraction() > local.pfcPauseFraction(), "B5: more PFC pauses with cross-NUMA MLC");
    }

    @Test
    @DisplayName("B5 (hybrid): 3x goodput with hybrid MLC placement up to 40 % below local placement (B7 grid), +-5 pp")
    void shouldMatchB5HybridPlacement()
    {
        assertWithin("B5", "hybrid vs local, max over the grid, %", 40.0,
            maxLossVsLocalPercentAt3x(CpuTraffic.HYBRID), 5.0);
    }

    @Test
    @DisplayName("B5 (cross): 3x goodput with cross-NUMA MLC up to 24 % below local placement (B7 grid), +-5 pp")
    void shouldMatchB5CrossNumaPlacement()
    {
        assertWithin("B5", "cross vs local, max over the grid, %", 24.0,
            maxLossVsLocalPercentAt3x(CpuTraffic.CROSS), 5.0);
    }

    @Test
    @DisplayName("B13 (trend, not fitted): 3x with MBA forced to levels 1..5, NIC goodput rises step by step to full" +
        " rate by level 4 while CPU bandwidth falls")
    void shouldRecoverTheNicStepByStepUnderForcedMbaLevels()
    {
        final double fullGbps = rdma(0, true).rnicGbps();
        double previousNic = 0.0;
        double previousCpu = Double.MAX_VALUE;
        final double[] nicGbps = new double[6];
        for (int level = 1; level <= 5; level++)
        {
            final RunMetrics m = forcedMba(level);
            nicGbps[level] = m.rnicGbps();
            assertTrue(m.rnicGbps() >= previousNic - 0.01 * fullGbps, "B13: goodput must not fall at level " + level);
            assertTrue(m.cpuMemGbps() < previousCpu, "B13: CPU bandwidth must fall at level " + level);
            previousNic = m.rnicGbps();
            previousCpu = m.cpuMemGbps();
        }
        assertTrue(nicGbps[2] > nicGbps[1] + 0.05 * fullGbps && nicGbps[2] < 0.95 * fullGbps,
            "B13: level 2 must recover part, not all, of the goodput: " + nicGbps[2]);
        assertTrue(nicGbps[4] >= 0.95 * fullGbps, "B13: level 4 gives the NIC its full rate: " + nicGbps[4]);
    }

    /**
     * The map of D against the NIC's held rate at 3x with MBA forced to each level (docs/model.md §9, rows C1 and C2),
     * measured once for both rows; its runs are independent, so they use both cores.
     */
    private static synchronized DelayMap delayMap()
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

    private static double[] mapRow(final int level, final double heldGbps)
    {
        final int qps = Scenarios.QPS;
        final SimParameters params = PARAMS.withRnic(
            PARAMS.rnic().withRateLimitGbps(DelayMap.perQpLimitGbps(heldGbps, qps)));
        final Scenario scenario = Scenarios.withDurations(Scenarios.forcedMba(level, SEED),
            DelayMap.durationNs(heldGbps, DelayMap.DURATION_NS), DelayMap.WARMUP_NS);
        final SimulationResult result = Simulation.run(RunSpec.of(scenario, params), params, ControllerHook.NONE,
            ProgressListener.NONE);
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

    @Test
    @DisplayName("C1: 3x, MBA level 1, the NIC's rate held: D below 200 ns at 5 Gbit/s, crosses D_thr = 200 ns between" +
        " 14 and 23 Gbit/s (the RNIC-only fixed point, Fig. 21), B2's 3x value at DCQCN's operating point")
    void shouldPlaceTheSenderLoopsFixedPointAt3xWhereTheRnicOnlyLoopSettles()
    {
        final List<String> violations = delayMap().c1Violations();
        assertTrue(violations.isEmpty(), () -> "C1: " + String.join("; ", violations) + " (level 1: " +
            delayMap().describeLevel(1) + ")");
    }

    @Test
    @DisplayName("C2: 3x, MBA level 1..5: D non-decreasing in the NIC's held rate, no jump over 150 ns per 5 Gbit/s" +
        " below the path's capacity")
    void shouldRaiseTheProbesDelayWithTheNicsOwnTrafficAtEveryLevel()
    {
        final List<String> violations = delayMap().c2Violations();
        assertTrue(violations.isEmpty(), () -> "C2: " + String.join("; ", violations));
    }

    @Test
    @DisplayName("B6: Little's law O = T x IIO residency per 100 us window, +-30 %")
    void shouldMatchB6LittleConsistency()
    {
        for (int c = 0; c <= 3; c++)
        {
            final TimeSeries ts = rdma(c, true, CpuTraffic.LOCAL).timeSeries();
            for (int i = ts.firstMeasuredWindow(); i < ts.windowCount(); i++)
            {
                final double linesPerNs = ts.rnicGbps(i) / 512.0;
                final double predicted = linesPerNs * ts.iioResidencyNs(i);
                assertRelative("B6", c + "x window " + i + " occupancy", ts.iioOccupancy(i), predicted, 0.30);
            }
        }
    }

    @Test
    @DisplayName("B7: goodput flat for 1..256 QPs (no contention), +-5 %")
    void shouldMatchB7FlatAcrossQps()
    {
        final double reference = rdma(0, true).rnicGbps();
        for (final int qps : new int[]{ 1, 16, 256 })
        {
            final Scenario scenario = new Scenario(true, 0, CpuTraffic.LOCAL, 1, qps, 65_536, 0, 0.0, 0,
                2_000_000L, 1_000_000L, SEED);
            final double model = run("qps-" + qps, RunSpec.of(scenario, PARAMS)).metrics().rnicGbps();
            assertRelative("B7", qps + " QPs Gbit/s", reference, model, 0.05);
        }
    }
}
