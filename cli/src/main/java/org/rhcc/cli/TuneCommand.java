package org.rhcc.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.rhcc.core.receiver.MbaLevelTable;
import org.rhcc.core.tune.ContentionProbe;
import org.rhcc.core.tune.KneeSearch;
import org.rhcc.core.tune.ProbePoint;
import org.rhcc.core.tune.TunedThresholds;
import org.rhcc.experiments.ExperimentRunner;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.HostProfile;
import org.rhcc.experiments.RunHookFactory;
import org.rhcc.experiments.RunLength;

import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.scheme.SchemeRegistry;
import org.rhcc.experiments.tune.SimContentionProbe;
import org.rhcc.experiments.tune.ThresholdSweepExperiment;
import org.rhcc.experiments.tune.TuneOutputs;
import org.rhcc.nativeio.doctor.Check;
import org.rhcc.nativeio.doctor.Doctor;
import org.rhcc.nativeio.doctor.DoctorReport;
import org.rhcc.nativeio.tune.NativeContentionProbe;
import org.rhcc.nativeio.tune.NativeTuneHost;
import org.rhcc.nativeio.tune.PrometheusDelaySource;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rhcc tune}: I_thr and D_thr for a host, from a bounded probe of contention (docs/design.md §4.2), written as
 * a conf fragment and a report. On the simulator ({@code --host-profile}) each measurement is a short simulated run;
 * with {@code --sweep} it then runs {@link ThresholdSweepExperiment} with the tuned point beside the grid and the
 * paper's point. {@code --native} tunes this host through its real backends ({@link NativeTuneHost}: the NIC's
 * counters, the IRP occupancy counter, a resctrl group and a memory load on the NIC's socket, D from the sender node's
 * metrics), or says in one line what it lacks.
 */
@Command(
    name = "tune",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Derives I_thr and D_thr for a host: with the NIC at line rate and no controller, loads its cores "
        + "with the 3x MLC load under each MBA level from the deepest up, finds the least-throttled level at which the "
        + "NIC keeps its goodput, and takes the IIO occupancy and the receiver processing delay there "
        + "(docs/design.md 4.2). Writes DIR/rhcc-tune.conf and DIR/tune.json.")
public final class TuneCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--host-profile", paramLabel = "NAME|FILE",
        description = "The simulated host to tune (rhcc list --profiles; default: the paper's testbed).")
    private String hostProfile;

    @Option(names = "--native", description = "Tune this host through its real backends (IIO counter, NIC counters, "
        + "resctrl MBA, a memory load on the NIC's socket) instead of a simulated one. The NIC must receive at line "
        + "rate from a peer (e.g. ib_write_bw); run it under numactl --cpunodebind=N --membind=N for the NIC's node N.")
    private boolean nativeHost;

    @Option(names = "--nic", paramLabel = "DEV[:PORT]",
        description = "With --native: the receiving RDMA port, e.g. mlx5_0:1 (default: the only one).")
    private String nic;

    @Option(names = "--delay-source", paramLabel = "URL",
        description = "With --native: the metrics URL of the rhcc sender node whose host loads the NIC (e.g. "
            + "http://sender:9400/metrics); D is the mean of the probe delays it counted in each window.")
    private URI delaySource;

    @Option(names = "--settle-ms", paramLabel = "MS", defaultValue = "" + NativeContentionProbe.DEFAULT_SETTLE_MS,
        description = "With --native: time each point settles before its window (default: ${DEFAULT-VALUE}).")
    private long settleMs;

    @Option(names = "--window-ms", paramLabel = "MS", defaultValue = "" + NativeContentionProbe.DEFAULT_WINDOW_MS,
        description = "With --native: each measurement window (default: ${DEFAULT-VALUE}; with --settle-ms it should "
            + "cover the second outbound_pci_stalled_wr reports).")
    private long windowMs;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
        description = "Seed of every simulated measurement (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--onset", paramLabel = "FRACTION", defaultValue = "0.01",
        description = "Goodput loss, a fraction of the idle goodput, that counts as a loss (default: ${DEFAULT-VALUE}).")
    private double onset;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/tune",
        description = "Where the conf fragment, the JSON and the sweep go (default: ${DEFAULT-VALUE}).")
    private Path out;

    @Option(names = "--sweep", description = "Then run the I_thr x D_thr sweep at 3x with the tuned and the paper's "
        + "thresholds (48 runs of 90 ms simulated time), judged by the most CPU memory bandwidth with the NIC not "
        + "back-pressured (RDMA >= 99 %% of 0x, PCIe stalls <= 1 %%).")
    private boolean sweep;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "2",
        description = "Simulations of the sweep run in parallel (default: ${DEFAULT-VALUE}).")
    private int threads;

    @Option(names = "--no-charts", description = "Skip the sweep's PNG charts.")
    private boolean noCharts;

    @Override
    public Integer call()
    {
        if (nativeHost)
        {
            return tuneThisHost();
        }
        if (null != nic || null != delaySource)
        {
            throw new UsageException("--nic and --delay-source go with --native");
        }
        if (threads < 1 || threads > 64)
        {
            throw new UsageException("--threads " + threads + " must be within 1..64");
        }
        final HostProfile profile = HostProfile.resolve(hostProfile);
        final KneeSearch search = search(onset, profile.parameters().mba().levelCount());
        final PrintWriter stdout = spec.commandLine().getOut();
        final PrintWriter stderr = spec.commandLine().getErr();
        final Path directory = OutputDirectory.prepare(out);
        final String host = "host profile " + profile.name() + " (" + profile.description() + "), seed " + seed;

        final List<ProbePoint> points = new ArrayList<>();
        final SimContentionProbe simulated = new SimContentionProbe(profile, seed, SimContentionProbe.RUN_LENGTH);
        final TunedThresholds tuned = search.search(recorded(simulated, search, points, stderr));
        final List<Path> files = write(directory, host, tuned, points, stdout);
        stdout.printf(Locale.ROOT, "use it with: rhcc experiment NAME%s --set i_thr=%d --set d_thr_ns=%d, or " +
                "include %s in a node's config%n", profile.isDefault() ? "" : " --host-profile " + profile.name(),
            tuned.iThrLines(), tuned.dThrNs(), files.get(0).getFileName());
        stdout.flush();
        if (sweep)
        {
            runSweep(profile, tuned, directory, stdout, stderr);
        }
        return RhccCommand.EXIT_OK;
    }

    private Integer tuneThisHost()
    {
        if (null != hostProfile || sweep)
        {
            throw new UsageException("--native tunes this host: leave out --host-profile and --sweep");
        }
        final String refusal = nativeRefusal(Doctor.examine(new Doctor.Context()), Path.of("/sys"));
        if (null != refusal)
        {
            throw new UsageException(refusal);
        }
        if (null == delaySource)
        {
            throw new UsageException("--native needs --delay-source URL: D is measured on the sender side, so " +
                "give the metrics URL of the rhcc sender node whose host loads this NIC (docs/design.md 4.2)");
        }
        final KneeSearch search = search(onset, MbaLevelTable.paper().levelCount());
        final PrintWriter stdout = spec.commandLine().getOut();
        final PrintWriter stderr = spec.commandLine().getErr();
        final Path directory = OutputDirectory.prepare(out);
        final List<ProbePoint> points = new ArrayList<>();
        final TunedThresholds tuned;
        final String host;
        try (NativeTuneHost thisHost = NativeTuneHost.open(new NativeTuneHost.Context()
            .nic(nic)
            .delay(new PrometheusDelaySource(delaySource))
            .settleMs(settleMs)
            .windowMs(windowMs)))
        {
            host = thisHost.describe();
            stderr.println("tune: " + host);
            stderr.flush();
            tuned = search.search(recorded(thisHost.probe(), search, points, stderr));
        }
        catch (final IllegalArgumentException | IllegalStateException ex)
        {
            throw new UsageException(ex.getMessage(), ex);
        }
        final List<Path> files = write(directory, host, tuned, points, stdout);
        stdout.printf(Locale.ROOT, "use it with: include %s in the receiver node's config, or --set i_thr=%d " +
            "--set d_thr_ns=%d%n", files.get(0).toAbsolutePath(), tuned.iThrLines(), tuned.dThrNs());
        stdout.flush();
        return RhccCommand.EXIT_OK;
    }

    private static ContentionProbe recorded(final ContentionProbe probe, final KneeSearch search,
        final List<ProbePoint> points, final PrintWriter stderr)
    {
        return (level) ->
        {
            final ProbePoint point = probe.measure(level);
            points.add(point);
            stderr.printf(Locale.ROOT, "tune: measurement %d (at most %d), %s: RDMA %.1f Gbit/s, PCIe stall " +
                "%.2f %%, IIO %.1f lines, D %.0f ns%n", points.size(), search.maxMeasurements(),
                0 == level ? "idle cores" : "3x load at MBA level " + level, point.goodputGbps(),
                100.0 * point.stallFraction(), point.iioLines(), point.delayNs());
            stderr.flush();
            return point;
        };
    }

    private static List<Path> write(final Path directory, final String host, final TunedThresholds tuned,
        final List<ProbePoint> points, final PrintWriter stdout)
    {
        final List<Path> files;
        try
        {
            files = TuneOutputs.write(directory, host, tuned, points);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write the tuning results to " + directory + ": " +
                ex.getMessage(), ex);
        }
        stdout.print(TuneOutputs.report(host, tuned, points));
        stdout.printf("wrote %s and %s%n", files.get(0), files.get(1));
        return files;
    }

    private void runSweep(final HostProfile profile, final TunedThresholds tuned, final Path directory,
        final PrintWriter stdout, final PrintWriter stderr)
    {
        final ThresholdSweepExperiment experiment = new ThresholdSweepExperiment(tuned.iThrLines(), tuned.dThrNs());
        final RunLength length = experiment.runLength();
        final ExperimentSettings settings = new ExperimentSettings(seed, Math.round(length.durationMs() * 1e6),
            Math.round(length.warmupMs() * 1e6), SchemeRegistry.builtIn().parse(experiment.defaultSchemes()),
            Map.of());
        final ExperimentRunner runner = new ExperimentRunner(profile, threads,
            new ProgressPrinter(stderr, ProgressPrinter.stderrIsTerminal()), RunHookFactory.IN_PROCESS);
        final ExperimentResult result = runner.run(experiment, settings);
        try
        {
            ExperimentOutputs.write(experiment, result, directory, !noCharts);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write the sweep to " + directory + ": " + ex.getMessage(), ex);
        }
        stdout.println(ExperimentOutputs.summary(experiment, result));
        stdout.flush();
    }

    /**
     * @param report  what {@code rhcc doctor} finds on this machine.
     * @param sysRoot sysfs.
     * @return the one line that says why this host cannot be tuned here (its first gap), or null if it has what the
     * real-host probe needs.
     */
    static String nativeRefusal(final DoctorReport report, final Path sysRoot)
    {
        final String alternative = " ('rhcc doctor' lists every gap; tune a simulated host with --host-profile)";
        for (final Check check : report.checks())
        {
            if (check.status() == Check.Status.MISSING)
            {
                return "this machine lacks " + check.name() + ": " +
                    RhccCommand.firstLine(check.detail()) + alternative;
            }
        }
        final Path rdma = sysRoot.resolve("class/infiniband");
        boolean hasNic;
        try (var devices = Files.list(rdma))
        {
            hasNic = devices.findAny().isPresent();
        }
        catch (final IOException ex)
        {
            hasNic = false;
        }
        if (!hasNic)
        {
            return "this machine has no RDMA NIC (" + rdma + " is empty or absent)" + alternative;
        }
        return null;
    }

    private static KneeSearch search(final double onset, final int levels)
    {
        try
        {
            return new KneeSearch(onset, levels);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UsageException("--onset: " + ex.getMessage(), ex);
        }
    }
}
