package org.rhcc.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.rhcc.sim.CalibrationRow.Check;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.RunMetrics;
import org.rhcc.sim.api.Scenario;

/**
 * Rows B1..B9 and B13 of {@link CalibrationTable}: the NIC under the cores' memory traffic, no controller running.
 */
final class NicCalibrationRows
{
    private NicCalibrationRows()
    {
    }

    static CalibrationRow b1At1x(final CalibrationRuns runs)
    {
        return new CalibrationRow("B1 1x", "IIO occupancy at 1x (1 ms windows): 44 lines +- 10 %",
            List.of(Check.relative("1x IIO occupancy", 44.0, runs.rdma(1, true).iioOccupancy(), 0.10)));
    }

    static CalibrationRow b1At2xAnd3x(final CalibrationRuns runs)
    {
        return new CalibrationRow("B1 2x 3x", "IIO occupancy at 2x / 3x (1 ms windows): 68 / 94 lines +- 10 %",
            List.of(
                Check.relative("2x IIO occupancy", 68.0, runs.rdma(2, true).iioOccupancy(), 0.10),
                Check.relative("3x IIO occupancy", 94.0, runs.rdma(3, true).iioOccupancy(), 0.10)));
    }

    static CalibrationRow b2(final CalibrationRuns runs)
    {
        final double d1 = runs.rdma(1, true).rxDelayNs();
        return new CalibrationRow("B2", "D as the probes measure it (100 us windows): 190 ns at 1x (+- 10 % and " +
            "below D_thr = 200), 510 / 900 ns at 2x / 3x (+- 30 %)", List.of(
            Check.relative("1x D ns", 190.0, d1, 0.10),
            Check.that("1x D < D_thr = 200 ns", d1, d1 < 200.0),
            Check.relative("2x D ns", 510.0, runs.rdma(2, true).rxDelayNs(), 0.30),
            Check.relative("3x D ns", 900.0, runs.rdma(3, true).rxDelayNs(), 0.30)));
    }

    static CalibrationRow b3(final CalibrationRuns runs)
    {
        final double lossPfc = lossAt3xPercent(runs, true);
        return new CalibrationRow("B3", "3x goodput loss against 0x, PFC on: -62 % +- 5 pp; PFC pauses and CNPs rise " +
            "with congestion", List.of(
            Check.within("PFC loss %", 62.0, lossPfc, 5.0),
            Check.that("PFC pause fraction 3x above 2x", runs.rdma(3, true).pfcPauseFraction(),
                runs.rdma(3, true).pfcPauseFraction() > runs.rdma(2, true).pfcPauseFraction()),
            Check.that("CNPs 3x above 0x, PFC-free", runs.rdma(3, false).cnpCount(),
                runs.rdma(3, false).cnpCount() > runs.rdma(0, false).cnpCount())));
    }

    /**
     * @return the RDMA goodput lost at 3x against 0x, with or without PFC, %.
     */
    private static double lossAt3xPercent(final CalibrationRuns runs, final boolean pfc)
    {
        return 100.0 * (1.0 - runs.rdma(3, pfc).rnicGbps() / runs.rdma(0, pfc).rnicGbps());
    }

    static CalibrationRow b3PfcFree(final CalibrationRuns runs)
    {
        final double lossFree = lossAt3xPercent(runs, false);
        return new CalibrationRow("B3 PFC-free", "3x goodput loss against 0x, PFC-free: -68 % +- 5 pp, more than " +
            "with PFC", List.of(
            Check.within("PFC-free loss %", 68.0, lossFree, 5.0),
            Check.that("3x goodput PFC-free below PFC on, Gbit/s", runs.rdma(3, false).rnicGbps(),
                runs.rdma(3, false).rnicGbps() < runs.rdma(3, true).rnicGbps())));
    }

    static CalibrationRow b4(final CalibrationRuns runs)
    {
        return new CalibrationRow("B4", "3x mean message latency against 0x, PFC on: 2.4x +- 25 %; p99 rises too",
            List.of(
                Check.relative("PFC latency ratio", 2.4,
                    runs.rdma(3, true).latencyAvgUs() / runs.rdma(0, true).latencyAvgUs(), 0.25),
                Check.that("p99 at 3x above 0x, us", runs.rdma(3, true).latencyP99Us(),
                    runs.rdma(3, true).latencyP99Us() > runs.rdma(0, true).latencyP99Us())));
    }

    static CalibrationRow b4PfcFree(final CalibrationRuns runs)
    {
        return new CalibrationRow("B4 PFC-free", "3x mean message latency against 0x, PFC-free: 2.6x +- 25 %",
            List.of(Check.relative("PFC-free latency ratio", 2.6,
                runs.rdma(3, false).latencyAvgUs() / runs.rdma(0, false).latencyAvgUs(), 0.25)));
    }

    static CalibrationRow b5CrossWorse(final CalibrationRuns runs)
    {
        final RunMetrics local = runs.rdma(3, true, CpuTraffic.LOCAL, 8, 65_536).metrics();
        final RunMetrics cross = runs.rdma(3, true, CpuTraffic.CROSS, 8, 65_536).metrics();
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
    static CalibrationRow b5Grid(final CalibrationRuns runs, final String key, final CpuTraffic placement,
        final double paperLossPercent)
    {
        final String name = placement.name().toLowerCase(Locale.ROOT);
        final List<Check> corners = new ArrayList<>();
        final double maxLoss = NumaLossGrid.maxLossPercent(placement,
            (p, qps, messageBytes) -> runs.rdma(3, true, p, qps, messageBytes).metrics(),
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

    static CalibrationRow b6(final CalibrationRuns runs)
    {
        final List<Check> checks = new ArrayList<>();
        for (int c = 0; c <= 3; c++)
        {
            final TimeSeries ts = runs.rdma(c, true, CpuTraffic.LOCAL, 8, 65_536).timeSeries();
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

    static CalibrationRow b7(final CalibrationRuns runs)
    {
        final double reference = runs.rdma(0, true).rnicGbps();
        final List<Check> checks = new ArrayList<>();
        for (final int qps : new int[]{ 1, 16, 256 })
        {
            final Scenario scenario = new Scenario(true, 0, CpuTraffic.LOCAL, 1, qps, 65_536, 0, 0.0, 0,
                2_000_000L, 1_000_000L, runs.seed());
            final double model = runs.run("qps-" + qps, RunSpec.of(scenario, runs.params()), runs.params()).metrics()
                .rnicGbps();
            checks.add(Check.relative(qps + " QPs Gbit/s (against 8)", reference, model, 0.05));
        }
        return new CalibrationRow("B7", "0x goodput flat over 1 / 16 / 256 QPs, +- 5 %", checks);
    }

    static CalibrationRow b8(final CalibrationRuns runs)
    {
        final RunMetrics x1 = runs.rdma(1, true);
        final RunMetrics x2 = runs.rdma(2, true);
        return new CalibrationRow("B8", "the thresholds bracket the 1x point: IIO occupancy <= I_thr = 45 and D < " +
            "D_thr = 200 ns at 1x, both above at 2x", List.of(
            Check.that("1x IIO occupancy <= 45", x1.iioOccupancy(), x1.iioOccupancy() <= 45.0),
            Check.that("1x D < 200 ns", x1.rxDelayNs(), x1.rxDelayNs() < 200.0),
            Check.that("2x IIO occupancy > 45", x2.iioOccupancy(), x2.iioOccupancy() > 45.0),
            Check.that("2x D > 200 ns", x2.rxDelayNs(), x2.rxDelayNs() > 200.0)));
    }

    static CalibrationRow b9(final CalibrationRuns runs)
    {
        final RunMetrics x1 = runs.rdma(1, true);
        final List<Check> checks = new ArrayList<>();
        RunMetrics previous = null;
        for (int level = 3; level <= 5; level++)
        {
            final RunMetrics m = runs.forcedMba(level);
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

    static CalibrationRow b13(final CalibrationRuns runs)
    {
        final double fullGbps = runs.rdma(0, true).rnicGbps();
        final List<Check> checks = new ArrayList<>();
        double previousNic = 0.0;
        double previousCpu = Double.MAX_VALUE;
        final double[] nicGbps = new double[6];
        for (int level = 1; level <= 5; level++)
        {
            final RunMetrics m = runs.forcedMba(level);
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
}
