package org.rhcc.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.rhcc.cli.experiment.Experiment;
import org.rhcc.cli.experiment.ExperimentRegistry;
import org.rhcc.cli.experiment.ExperimentRunner;
import org.rhcc.cli.experiment.ExperimentSettings;
import org.rhcc.cli.result.ExperimentResult;
import org.rhcc.cli.scheme.Scheme;
import org.rhcc.cli.scheme.SchemeRegistry;
import org.rhcc.sim.SimParameters;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rhcc experiment NAME}: runs one experiment (or {@code all}) against the calibrated simulator and writes
 * {@code DIR/NAME.json}, {@code DIR/NAME.csv} and PNG charts; prints a table and the paper comparison on stdout and
 * progress on stderr.
 */
@Command(
    name = "experiment",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Runs an experiment against the calibrated simulator and writes DIR/NAME.json, DIR/NAME.csv and PNG charts.",
        "Experiments: signals (paper B10-B12), congestion (B1-B6), msg-qp (B7), numa (B8-B9), mba-levels (B13-B14), " +
            "pcie (B15), or all. 'rhcc list' describes them.",
    })
public final class ExperimentCommand implements Callable<Integer>
{
    /**
     * Default measured simulated time per run, ms: the 10 ms of the paper's runs and of {@link
     * org.rhcc.sim.api.Scenario#twoHost} (docs/model.md §5). Measured on the 2-core development machine while other builds
     * kept its load average near 12, {@code rhcc experiment all} (50 runs, 2 threads, charts included) took 43 s at
     * 5 ms and 96 s at 10 ms: well within a 5-minute budget, so the default keeps the paper's run length.
     */
    static final double DEFAULT_DURATION_MS = 10.0;

    /** Default warm-up, ms: the 2 ms of {@link org.rhcc.sim.api.Scenario#twoHost} (docs/model.md §5). */
    static final double DEFAULT_WARMUP_MS = 2.0;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME",
        description = "Experiment: signals, congestion, msg-qp, numa, mba-levels, pcie, or all.")
    private String name;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
        description = "Directory for the JSON, CSV and PNG files (created if missing). Default: ${DEFAULT-VALUE}.")
    private Path out;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
        description = "Seed of every run; the same seed gives byte-identical JSON. Default: ${DEFAULT-VALUE}.")
    private long seed;

    @Option(names = "--duration-ms", paramLabel = "MS", defaultValue = "" + DEFAULT_DURATION_MS,
        description = "Measured simulated time per run, ms (the paper: 10). Default: ${DEFAULT-VALUE}.")
    private double durationMs;

    @Option(names = "--warmup-ms", paramLabel = "MS", defaultValue = "" + DEFAULT_WARMUP_MS,
        description = "Simulated warm-up per run, discarded from the metrics, ms. Default: ${DEFAULT-VALUE}.")
    private double warmupMs;

    @Option(names = "--scheme", paramLabel = "S[,S...]",
        description = "Schemes to run each condition with ('rhcc list' shows them). Default: each experiment's own " +
            "(dcqcn for the baseline experiments).")
    private List<String> schemes;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
        description = "Override a simulator parameter (e.g. io.creditsLines=92) or a scheme parameter; repeatable. " +
            "'rhcc list --parameters' shows them.")
    private List<String> sets = List.of();

    @Option(names = "--threads", paramLabel = "N", defaultValue = "2",
        description = "Runs simulated at once (each run is single-threaded). Default: ${DEFAULT-VALUE}.")
    private int threads;

    @Option(names = "--no-charts", description = "Skip the PNG charts.")
    private boolean noCharts;

    @Option(names = "--via", paramLabel = "inproc|cluster", defaultValue = "inproc",
        description = "Where the controllers run: in process, or in a Pekko cluster over Aeron in lockstep with the " +
            "simulator (one run at a time; same JSON for the same seed). Default: ${DEFAULT-VALUE}.")
    private String via;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "1",
        description = "With --via cluster: JVMs of the cluster, 1 (all roles here), 2 or 3 (receiver and sender in " +
            "child JVMs on loopback). Default: ${DEFAULT-VALUE}.")
    private int nodes;

    /**
     * {@inheritDoc}
     */
    @Override
    public Integer call()
    {
        final List<Experiment> experiments = ExperimentRegistry.builtIn().resolve(name);
        final SchemeRegistry schemeRegistry = SchemeRegistry.builtIn();
        final long durationNs = nanos("--duration-ms", durationMs, false);
        final long warmupNs = nanos("--warmup-ms", warmupMs, true);
        final Map<String, String> params = parseSets(sets);
        if (threads < 1 || threads > 64)
        {
            throw new UserInputException("--threads " + threads + " must be within 1..64");
        }
        final SimParameters base = SimParameters.calibrated();
        final Map<Experiment, ExperimentSettings> settingsByExperiment = new LinkedHashMap<>();
        final Map<String, Scheme> chosenSchemes = new LinkedHashMap<>();
        for (final Experiment experiment : experiments)
        {
            final List<Scheme> experimentSchemes =
                schemeRegistry.parse(null == schemes ? experiment.defaultSchemes() : schemes);
            final ExperimentSettings settings =
                new ExperimentSettings(seed, durationNs, warmupNs, experimentSchemes, params);
            ExperimentRunner.validate(base, settings);
            settingsByExperiment.put(experiment, settings);
            experimentSchemes.forEach((scheme) -> chosenSchemes.putIfAbsent(scheme.name(), scheme));
        }
        final Path directory = OutputDirectory.prepare(out);

        final PrintWriter stdout = spec.commandLine().getOut();
        final PrintWriter stderr = spec.commandLine().getErr();
        try (ClusterVia cluster =
            ClusterVia.open(via, nodes, List.copyOf(chosenSchemes.values()), directory, stderr))
        {
            final ExperimentRunner runner = new ExperimentRunner(base, cluster.threads(threads),
                new ProgressPrinter(stderr, ProgressPrinter.stderrIsTerminal()), cluster.hooks());
            runAll(settingsByExperiment, runner, directory, stdout, stderr);
        }
        return RhccCommand.EXIT_OK;
    }

    private void runAll(final Map<Experiment, ExperimentSettings> settingsByExperiment,
        final ExperimentRunner runner, final Path directory, final PrintWriter stdout, final PrintWriter stderr)
    {
        final long startNs = System.nanoTime();
        for (final Map.Entry<Experiment, ExperimentSettings> entry : settingsByExperiment.entrySet())
        {
            final Experiment experiment = entry.getKey();
            final ExperimentResult result = runner.run(experiment, entry.getValue());
            final List<Path> files;
            try
            {
                files = ExperimentOutputs.write(experiment, result, directory, !noCharts);
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException("cannot write the results of " + experiment.name() + " to " +
                    directory + ": " + ex.getMessage(), ex);
            }
            stdout.println(ExperimentOutputs.summary(experiment, result));
            stdout.flush();
            stderr.printf(Locale.ROOT, "%s: wrote %s (+ %d more files)%n",
                experiment.name(), files.get(0), files.size() - 1);
            stderr.flush();
        }
        if (settingsByExperiment.size() > 1)
        {
            stderr.printf(Locale.ROOT, "%d experiments in %.1f s; results in %s%n",
                settingsByExperiment.size(), (System.nanoTime() - startNs) / 1e9, directory);
        }
    }

    private static long nanos(final String option, final double ms, final boolean zeroAllowed)
    {
        if (!Double.isFinite(ms) || ms < 0.0 || (!zeroAllowed && ms == 0.0) || ms > 10_000.0)
        {
            throw new UserInputException(option + " " + ms + " must be " + (zeroAllowed ? ">= 0" : "> 0") +
                " and at most 10000 ms");
        }
        return Math.round(ms * 1e6);
    }

    private static Map<String, String> parseSets(final List<String> sets)
    {
        final Map<String, String> params = new LinkedHashMap<>();
        for (final String set : sets)
        {
            final int eq = set.indexOf('=');
            if (eq <= 0 || eq == set.length() - 1)
            {
                throw new UserInputException("--set '" + set + "' must be KEY=VALUE, e.g. --set io.creditsLines=92");
            }
            params.put(set.substring(0, eq).trim(), set.substring(eq + 1).trim());
        }
        return params;
    }
}
