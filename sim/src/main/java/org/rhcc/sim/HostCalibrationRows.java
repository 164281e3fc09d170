package org.rhcc.sim;

import java.util.ArrayList;
import java.util.List;

import org.rhcc.sim.CalibrationRow.Check;
import org.rhcc.sim.api.RunMetrics;

/**
 * Rows A1..A6 of {@link CalibrationTable}: the host's CPU, DRAM and MBA alone, and the NIC without contention.
 */
final class HostCalibrationRows
{
    private HostCalibrationRows()
    {
    }

    static CalibrationRow a1(final CalibrationRuns runs)
    {
        return new CalibrationRow("A1", "CPU only, saturating MLC 1:1 (all 18 cores), total DRAM GB/s: 33.2 +- 3 %",
            List.of(Check.relative("saturating 1:1 DRAM GB/s", 33.2, runs.cpuOnlyGBps(18, 0.0, 0), 0.03)));
    }

    static CalibrationRow a2(final CalibrationRuns runs)
    {
        final double[] paper = { 19.0, 25.3, 30.3 };
        final List<Check> checks = new ArrayList<>();
        for (int c = 1; c <= 3; c++)
        {
            final SimParameters.CpuPreset preset = runs.params().cpu().preset(c);
            checks.add(Check.relative(c + "x GB/s", paper[c - 1],
                runs.cpuOnlyGBps(preset.threads(), preset.injectionDelayNs(), 0), 0.05));
        }
        return new CalibrationRow("A2", "MLC 1:1 presets 1x / 2x / 3x alone: 19.0 / 25.3 / 30.3 GB/s +- 5 %", checks);
    }

    static CalibrationRow a3(final CalibrationRuns runs)
    {
        final double[] paper = { 33.2, 26.5, 20.0, 15.0, 10.0 };
        final List<Check> checks = new ArrayList<>();
        double previous = Double.MAX_VALUE;
        for (int level = 1; level <= 5; level++)
        {
            final double model = runs.cpuOnlyGBps(18, 0.0, level);
            checks.add(Check.relative("level " + level + " GB/s", paper[level - 1], model, 0.05));
            checks.add(Check.that("level " + level + " below the level before", model, model < previous));
            previous = model;
        }
        return new CalibrationRow("A3", "CPU bandwidth at MBA levels 1..5 (saturating generator): 33.2 / 26.5 / " +
            "20.0 / 15.0 / 10.0 GB/s +- 5 %, falling with every level", checks);
    }

    static CalibrationRow a4(final CalibrationRuns runs)
    {
        final Diagnostics local = runs.cpuOnly("idle-local", 1, 1.0e6, 0, 0.0, 0.0, 0, 1_000_000L, 100_000L)
            .diagnostics();
        final Diagnostics remote = runs.cpuOnly("idle-remote", 0, 0.0, 1, 1.0e6, 0.0, 0, 1_000_000L, 100_000L)
            .diagnostics();
        return new CalibrationRow("A4", "idle read latency local / remote: 81 / 130 ns +- 5 %", List.of(
            Check.relative("local ns", 81.0, local.localReadLatencyNs(), 0.05),
            Check.relative("remote ns", 130.0, remote.remoteReadLatencyNs(), 0.05)));
    }

    static CalibrationRow a5(final CalibrationRuns runs)
    {
        final RunMetrics m = runs.rdma(0, true);
        return new CalibrationRow("A5", "no contention: IIO occupancy 20 +- 3 lines, D (probes) 120 ns +- 20 %",
            List.of(
                Check.within("IIO occupancy", 20.0, m.iioOccupancy(), 3.0),
                Check.relative("D ns", 120.0, m.rxDelayNs(), 0.20),
                Check.that("PCIe stall fraction < 0.01", m.pcieStallFraction(), m.pcieStallFraction() < 0.01),
                Check.that("PFC pause fraction < 0.01", m.pfcPauseFraction(), m.pfcPauseFraction() < 0.01),
                Check.that("goodput > 95 Gbit/s", m.rnicGbps(), m.rnicGbps() > 95.0)));
    }

    static CalibrationRow a6(final CalibrationRuns runs)
    {
        final double idleNs = 81.0;
        final SimulationResult saturated = runs.cpuOnly("loaded-sat", 18, 0.0, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L);
        final double peakGBps = saturated.metrics().totalMemGbps() / 8.0;
        final SimulationResult half = runs.cpuOnly("loaded-50", 18, 50.0, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L);
        final SimulationResult high = runs.cpuOnly("loaded-29", 18, 29.5, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L);
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
}
