package org.rhcc.sim;

import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.RunMetrics;
import org.rhcc.sim.api.Scenario;

/**
 * Prints the calibration table of docs/model.md §9 (paper number vs model output) with the default run lengths of
 * {@link Scenarios} (10 ms measured after 2 ms), plus the other baseline observations (B13 forced MBA, B15 TCP with
 * the probes' D). Every number is computed by the model. Usage: {@code CalibrationReportMain [seed]}.
 */
final class CalibrationReportMain
{
    private static final SimParameters PARAMS = SimParameters.calibrated();

    private CalibrationReportMain()
    {
    }

    private static RunMetrics run(final Scenario scenario)
    {
        return Simulation.run(scenario, PARAMS, ControllerHook.NONE, ProgressListener.NONE).metrics();
    }

    private static double cpuGBps(final int threads, final double injectionNs, final int level)
    {
        return Simulation.run(RunSpec.cpuOnly(threads, injectionNs, 0, 0.0, 1.0, level, 1_000_000L, 200_000L, 1L),
            PARAMS, ControllerHook.NONE, ProgressListener.NONE).metrics().totalMemGbps() / 8.0;
    }

    private static RunMetrics rdma3x(final CpuTraffic placement, final int qps, final int messageBytes,
        final long seed)
    {
        return run(Scenarios.withDurations(
            new Scenario(true, 3, placement, 1, qps, messageBytes, 0, 0.0, 0, 1L, 0L, seed),
            10_000_000L, 2_000_000L));
    }

    /** The paper's "up to" of rows B8/B9: the largest loss over B7's 3x grid, as CalibrationTest takes it. */
    private static double maxLossVsLocalPercentAt3x(final CpuTraffic placement, final long seed)
    {
        return NumaLossGrid.maxLossPercent(placement,
            (p, qps, messageBytes) -> rdma3x(p, qps, messageBytes, seed), NumaLossGrid.CornerCheck.NONE);
    }

    private static void row(final String id, final String what, final String paper, final String model)
    {
        System.out.printf("| %-4s | %-44s | %-22s | %-22s |%n", id, what, paper, model);
    }

    /**
     * @param args optional seed.
     */
    public static void main(final String[] args)
    {
        final long seed = args.length > 0 ? Long.parseLong(args[0]) : 1L;
        row("A1", "saturating MLC 1:1, total GB/s", "33.2 (+-3 %)", String.format("%.2f", cpuGBps(18, 0.0, 0)));
        final StringBuilder a2 = new StringBuilder();
        for (int c = 1; c <= 3; c++)
        {
            final SimParameters.CpuPreset p = PARAMS.cpu().preset(c);
            a2.append(String.format(c > 1 ? "/%.2f" : "%.2f", cpuGBps(p.threads(), p.injectionDelayNs(), 0)));
        }
        row("A2", "MLC 1x/2x/3x GB/s", "19.0/25.3/30.3 (+-5 %)", a2.toString());
        final StringBuilder a3 = new StringBuilder();
        for (int l = 1; l <= 5; l++)
        {
            a3.append(String.format(l > 1 ? "/%.1f" : "%.1f", cpuGBps(18, 0.0, l)));
        }
        row("A3", "MBA levels 1..5 GB/s", "33.2/26.5/20/15/10", a3.toString());
        final Diagnostics local = Simulation.run(RunSpec.cpuOnly(1, 1e6, 0, 0.0, 0.0, 0, 1_000_000L, 100_000L, 1L),
            PARAMS, ControllerHook.NONE, ProgressListener.NONE).diagnostics();
        final Diagnostics remote = Simulation.run(RunSpec.cpuOnly(0, 0.0, 1, 1e6, 0.0, 0, 1_000_000L, 100_000L, 1L),
            PARAMS, ControllerHook.NONE, ProgressListener.NONE).diagnostics();
        row("A4", "idle latency local/remote ns", "81/130 (+-5 %)",
            String.format("%.1f/%.1f", local.localReadLatencyNs(), remote.remoteReadLatencyNs()));
        final SimulationResult sat = Simulation.run(RunSpec.cpuOnly(18, 0.0, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L, 1L),
            PARAMS, ControllerHook.NONE, ProgressListener.NONE);
        final double peak = sat.metrics().totalMemGbps() / 8.0;
        final StringBuilder a6 = new StringBuilder();
        for (final double injectionNs : new double[]{ 50.0, 29.5 })
        {
            final SimulationResult r = Simulation.run(
                RunSpec.cpuOnly(18, injectionNs, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L, 1L),
                PARAMS, ControllerHook.NONE, ProgressListener.NONE);
            a6.append(String.format("%.2fx@%.0f%% ", r.diagnostics().localReadLatencyNs() / 81.0,
                100.0 * r.metrics().totalMemGbps() / 8.0 / peak));
        }
        a6.append(String.format("%.2fx@sat", sat.diagnostics().localReadLatencyNs() / 81.0));
        row("A6", "read-only loaded latency / 81 ns idle", "<=1.25@55/2.0@97/2.9", a6.toString());
        final RunMetrics[] pfc = new RunMetrics[4];
        for (int c = 0; c <= 3; c++)
        {
            pfc[c] = run(Scenarios.congestion(c, true, seed));
        }
        final RunMetrics free0 = run(Scenarios.congestion(0, false, seed));
        final RunMetrics free3 = run(Scenarios.congestion(3, false, seed));
        row("A5", "0x IIO occupancy / D ns", "20 (+-3) / 120 (+-20 %)",
            String.format("%.1f / %.0f", pfc[0].iioOccupancy(), pfc[0].rxDelayNs()));
        row("B1", "IIO occupancy 1x/2x/3x", "44/68/94 (+-10 %)", String.format("%.1f/%.1f/%.1f",
            pfc[1].iioOccupancy(), pfc[2].iioOccupancy(), pfc[3].iioOccupancy()));
        row("B2", "D ns 1x/2x/3x (probes)", "190 (+-10 %, <200)/510/900 (+-30 %)", String.format("%.0f/%.0f/%.0f",
            pfc[1].rxDelayNs(), pfc[2].rxDelayNs(), pfc[3].rxDelayNs()));
        row("B8", "1x: IIO <= 45, D < 200; 2x: both above", "bracket the 1x point", String.format(
            "1x %.1f / %.0f; 2x %.1f / %.0f", pfc[1].iioOccupancy(), pfc[1].rxDelayNs(), pfc[2].iioOccupancy(),
            pfc[2].rxDelayNs()));
        final RunMetrics[] mba = new RunMetrics[6];
        for (int l = 1; l <= 5; l++)
        {
            mba[l] = run(Scenarios.forcedMba(l, seed));
        }
        row("B9", "3x MBA 3/4/5: IIO / residency ns / D ns", "fall; level 5 < 1x", String.format(
            "%.1f/%.1f/%.1f; %.0f/%.0f/%.0f; %.0f/%.0f/%.0f", mba[3].iioOccupancy(), mba[4].iioOccupancy(),
            mba[5].iioOccupancy(), mba[3].iioResidencyNs(), mba[4].iioResidencyNs(), mba[5].iioResidencyNs(),
            mba[3].rxDelayNs(), mba[4].rxDelayNs(), mba[5].rxDelayNs()));
        row("B3", "3x goodput loss PFC / PFC-free", "-62 % / -68 % (+-5 pp)", String.format("%.1f %% / %.1f %%",
            -100.0 * (1.0 - pfc[3].rnicGbps() / pfc[0].rnicGbps()),
            -100.0 * (1.0 - free3.rnicGbps() / free0.rnicGbps())));
        row("B4", "3x latency / 0x, PFC / PFC-free", "2.4 / 2.6 (+-25 %)", String.format("%.2f / %.2f",
            pfc[3].latencyAvgUs() / pfc[0].latencyAvgUs(), free3.latencyAvgUs() / free0.latencyAvgUs()));
        row("B5", "3x cross / hybrid vs local, max over B7 grid", "-24 % / -40 % (+-5 pp)", String.format(
            "%+.1f %% / %+.1f %%", -maxLossVsLocalPercentAt3x(CpuTraffic.CROSS, seed),
            -maxLossVsLocalPercentAt3x(CpuTraffic.HYBRID, seed)));
        final StringBuilder b7 = new StringBuilder();
        for (final int qps : new int[]{ 1, 16, 256 })
        {
            b7.append(String.format("%.1f ", run(Scenarios.withDurations(
                new Scenario(true, 0, CpuTraffic.LOCAL, 1, qps, 65_536, 0, 0.0, 0, 1L, 0L, seed),
                2_000_000L, 1_000_000L)).rnicGbps()));
        }
        row("B7", "0x goodput Gbit/s, 1/16/256 QPs", "flat (+-5 %)", b7.toString().trim());
        for (int c = 0; c <= 3; c++)
        {
            System.out.printf("pfc %dx: goodput %.1f Gbit/s, CPU %.2f GB/s, pause %.3f, stall %.3f, DDIO miss %.3f, " +
                "p99 %.0f us, IIO residency %.0f ns%n", c, pfc[c].rnicGbps(), pfc[c].cpuMemGbps() / 8.0,
                pfc[c].pfcPauseFraction(), pfc[c].pcieStallFraction(), pfc[c].ddioMissRate(), pfc[c].latencyP99Us(),
                pfc[c].iioResidencyNs());
        }
        System.out.printf("pfc-free 3x: goodput %.1f Gbit/s, CNPs %d%n", free3.rnicGbps(), free3.cnpCount());
        for (int l = 1; l <= 5; l++)
        {
            final RunMetrics m = mba[l];
            System.out.printf("B13 3x MBA level %d: goodput %.1f Gbit/s, CPU %.2f GB/s%n", l, m.rnicGbps(),
                m.cpuMemGbps() / 8.0);
        }
        for (final double tcp : new double[]{ 37.0, 71.0, 95.0 })
        {
            final RunMetrics m = run(Scenarios.pcieOnly(tcp, seed));
            System.out.printf("B15 TCP %.0f: RDMA %.1f, TCP %.1f Gbit/s, drops %.3f, IIO %.1f, D %.0f ns%n", tcp,
                m.rnicGbps(), m.tcpGbps(), m.tcpDropRate(), m.iioOccupancy(), m.rxDelayNs());
        }
    }
}
