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

import org.rhcc.clusterservice.ExperimentClient;
import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRegistry;
import org.rhcc.experiments.ExperimentRequest;
import org.rhcc.experiments.HostProfile;
import org.rhcc.experiments.ExperimentRunner;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.RunListener;

import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.scheme.SchemeEntry;

import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
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
        // the list of experiments follows from the registry (describeWithExperiments), so that help cannot miss one
    })
public final class ExperimentCommand implements Callable<Integer>
{
    /**
     * The description section of this command's help: its description, then the experiments the registry knows, in
     * the order {@code all} runs them ({@code rhcc list} gives each one's paper rows and run length). The registry is
     * built only when help is rendered, not when any rhcc command starts.
     *
     * @param help this command's help.
     * @return the section, wrapped to the help's width.
     */
    static String describeWithExperiments(final Help help)
    {
        final StringBuilder line = new StringBuilder("Experiments: ");
        for (final Experiment experiment : ExperimentRegistry.builtIn().all())
        {
            line.append(experiment.name()).append(", ");
        }
        line.append("or ").append(ExperimentRegistry.ALL).append(". 'rhcc list' describes them (paper rows, run " +
            "lengths).");
        final Help.TextTable table = Help.TextTable.forColumns(help.colorScheme(),
            new Help.Column(help.commandSpec().usageMessage().width(), 0, Help.Column.Overflow.WRAP));
        table.indentWrappedLines = 0;
        table.addRowValues(line.toString());
        return help.description() + table;
    }

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME",
        description = "Experiment name ('rhcc list' shows them), or all.")
    private String name;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
        description = "Directory for the JSON, CSV and PNG files (created if missing). Default: ${DEFAULT-VALUE}.")
    private Path out;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
        description = "Seed of every run; the same seed gives byte-identical JSON. Default: ${DEFAULT-VALUE}.")
    private long seed;

    @Option(names = "--duration-ms", paramLabel = "MS",
        description = "Measured simulated time per run, ms, for every experiment run. Default: each experiment's " +
            "own ('rhcc list'; the paper's runs: 10), long enough for its headline runs to settle.")
    private Double durationMs;

    @Option(names = "--warmup-ms", paramLabel = "MS",
        description = "Simulated warm-up per run, discarded from the metrics, ms, for every experiment run. " +
            "Default: each experiment's own ('rhcc list'; the paper's runs: 2).")
    private Double warmupMs;

    @Option(names = "--scheme", paramLabel = "S[,S...]",
        description = "Schemes to run each condition with ('rhcc list' shows them). Default: each experiment's own " +
            "(dcqcn for the baseline experiments).")
    private List<String> schemes;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
        description = "Override a simulator parameter (e.g. io.creditsLines=92) or a scheme parameter; repeatable. " +
            "'rhcc list --parameters' shows them.")
    private List<String> sets = List.of();

    @Option(names = "--host-profile", paramLabel = "NAME|FILE",
        description = "The host to simulate: a built-in profile ('rhcc list --profiles': cascadelake-100g, the " +
            "paper's testbed, or icelake-200g) or a profile file of 'path = value' lines over one of them " +
            "(docs/model.md §11). With --cluster the sim node reads the file. Default: cascadelake-100g.")
    private String hostProfile;

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

    @Option(names = "--cluster", paramLabel = "HOST:PORT",
        description = "Run through an already-running rhcc cluster: ask its sim node ('rhcc node --role sim') at " +
            "this Artery host and port, as a client that does not join the cluster, to run the experiment " +
            "through its receiver and sender nodes; the JSON is the in-process one for the same seed. Not with " +
            "--via or --nodes.")
    private String cluster;

    @Option(names = "--dashboard-port", paramLabel = "N",
        description = "Serve a live dashboard of the runs on this port (0 for a free one) while they are simulated; " +
            "its address is printed on stderr. It stops when the experiment ends, unless --dashboard-keep.")
    private Integer dashboardPort;

    @Option(names = "--dashboard-host", paramLabel = "ADDR",
        description = "With --dashboard-port: the address it listens on. Default: 127.0.0.1 (this host only).")
    private String dashboardHost;

    @Option(names = "--dashboard-keep",
        description = "With --dashboard-port: keep serving the dashboard after the experiment, until Ctrl-C.")
    private boolean dashboardKeep;

    @Option(names = "--dashboard-wait",
        description = "With --dashboard-port: start the first run only once a page has opened the dashboard, so " +
            "that a short experiment is watched from its start.")
    private boolean dashboardWait;

    @Option(names = "--metrics-port", paramLabel = "N",
        description = "Serve /metrics (Prometheus), /health and /ready on 127.0.0.1:N while the experiment runs: " +
            "its runs' progress, and with --via cluster this JVM's node (child JVMs' nodes on N+1, N+2).")
    private Integer metricsPort;

    @Option(names = "--config", paramLabel = "FILE",
        description = "With --cluster: this client's node configuration (HOCON), e.g. the cluster's profile and " +
            "this client's TLS keys from 'rhcc certs'. Default: application.conf alone.")
    private Path config;

    @Override
    public Integer call()
    {
        final ExperimentRequest request = new ExperimentRequest(name, seed, warmupMs, durationMs, schemes,
            parseSets(sets), hostProfile);
        if (threads < 1 || threads > 64)
        {
            throw new UsageException("--threads " + threads + " must be within 1..64");
        }
        final HostProfile profile = request.profile();
        final Map<Experiment, ExperimentSettings> settingsByExperiment = request.resolve(profile.parameters());
        final Map<String, SchemeEntry> chosenSchemes = new LinkedHashMap<>();
        settingsByExperiment.values().forEach((settings) ->
            settings.schemes().forEach((entry) -> chosenSchemes.putIfAbsent(entry.name(), entry)));
        final PrintWriter stdout = spec.commandLine().getOut();
        final PrintWriter stderr = spec.commandLine().getErr();
        if (null != cluster)
        {
            if (!"inproc".equalsIgnoreCase(via.trim()) || 1 != nodes)
            {
                throw new UsageException("--cluster runs through a running cluster: leave out --via and --nodes");
            }
            if (null != dashboardPort || null != dashboardHost || dashboardKeep || dashboardWait)
            {
                throw new UsageException("--dashboard-port shows runs simulated by this process; with " +
                    "--cluster the cluster's sim node simulates them: leave the --dashboard options out");
            }
            if (null != metricsPort)
            {
                throw new UsageException("--metrics-port serves the runs of this process: with --cluster, scrape " +
                    "the cluster's nodes (rhcc.node.http-port) instead");
            }
            ExperimentClient.seedAddress(cluster);
            final Path directory = OutputDirectory.prepare(out);
            RemoteExperiments.run(cluster, config, request, settingsByExperiment, (experiment, result) ->
                write(experiment, result, directory, stdout, stderr), stderr);
            return RhccCommand.EXIT_OK;
        }
        if (null != config)
        {
            throw new UsageException("--config is the client's configuration of --cluster; leave it out here");
        }
        final ExperimentEndpoint endpoint = ExperimentEndpoint.of(metricsPort);
        if (null != endpoint && endpoint.port() + nodes - 1 > 65535)
        {
            throw new UsageException("--metrics-port " + metricsPort + ": the child nodes' endpoints (N+1, N+2) " +
                "would be above 65535: choose a lower port");
        }
        final Path directory = OutputDirectory.prepare(out);
        final ExperimentDashboard dashboard =
            ExperimentDashboard.open(dashboardPort, dashboardHost, dashboardKeep, dashboardWait, stderr);
        try
        {
            try (ClusterVia controllersVia = ClusterVia.open(via, nodes, List.copyOf(chosenSchemes.values()),
                directory, stderr, null == endpoint ? 0 : endpoint.port() + 1);
                ExperimentEndpoint served = endpoint)
            {
                RunListener progress = new ProgressPrinter(stderr, ProgressPrinter.stderrIsTerminal());
                if (null != served)
                {
                    progress = served.listener(progress);
                    served.start(controllersVia.node(), stderr);
                }
                final ExperimentRunner runner = new ExperimentRunner(profile, controllersVia.threads(threads),
                    null == dashboard ? progress : dashboard.listener(progress), controllersVia.hookFactory());
                if (null != dashboard && dashboardWait)
                {
                    dashboard.awaitFirstPage();
                }
                runAll(settingsByExperiment, runner, directory, stdout, stderr);
            }
            if (null != dashboard)
            {
                dashboard.finished();
            }
        }
        finally
        {
            if (null != dashboard)
            {
                dashboard.close();
            }
        }
        return RhccCommand.EXIT_OK;
    }

    private void runAll(final Map<Experiment, ExperimentSettings> settingsByExperiment,
        final ExperimentRunner runner, final Path directory, final PrintWriter stdout, final PrintWriter stderr)
    {
        final long startNs = System.nanoTime();
        for (final Map.Entry<Experiment, ExperimentSettings> entry : settingsByExperiment.entrySet())
        {
            write(entry.getKey(), runner.run(entry.getKey(), entry.getValue()), directory, stdout, stderr);
        }
        if (settingsByExperiment.size() > 1)
        {
            stderr.printf(Locale.ROOT, "%d experiments in %.1f s; results in %s%n",
                settingsByExperiment.size(), (System.nanoTime() - startNs) / 1e9, directory);
        }
    }

    private void write(final Experiment experiment, final ExperimentResult result, final Path directory,
        final PrintWriter stdout, final PrintWriter stderr)
    {
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

    /**
     * @param sets {@code --set} values.
     * @return each KEY=VALUE as an entry, in order.
     * @throws UsageException if one is not KEY=VALUE.
     */
    static Map<String, String> parseSets(final List<String> sets)
    {
        final Map<String, String> params = new LinkedHashMap<>();
        for (final String set : sets)
        {
            final int eq = set.indexOf('=');
            if (eq <= 0 || eq == set.length() - 1)
            {
                throw new UsageException("--set '" + set + "' must be KEY=VALUE, e.g. --set io.creditsLines=92");
            }
            params.put(set.substring(0, eq).trim(), set.substring(eq + 1).trim());
        }
        return params;
    }
}
