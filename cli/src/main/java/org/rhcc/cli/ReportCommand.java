package org.rhcc.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRegistry;

import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.MarkdownReport;
import org.rhcc.experiments.report.NeverWorseReport;
import org.rhcc.experiments.report.StationarityReport;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.ResultJson;
import org.rhcc.experiments.result.Stationarity;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rhcc report --from DIR}: turns the JSON files of {@code rhcc experiment} into markdown, the paper's baseline
 * rows next to the simulated numbers, so that a README table can be regenerated from results at any time. Can also
 * redraw the charts from the JSON.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Prints markdown from the JSON results in DIR: every baseline row (paper vs simulated), and with --runs the " +
            "table of runs of each experiment; with --stationarity, the runs that had not settled.",
    })
public final class ReportCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--from", paramLabel = "DIR", required = true,
        description = "Directory holding NAME.json files written by 'rhcc experiment'.")
    private Path from;

    @Option(names = "--runs", description = "Also print each experiment's table of runs.")
    private boolean runs;

    @Option(names = "--charts", description = "Also redraw each experiment's PNG charts into DIR.")
    private boolean charts;

    @Option(names = "--never-worse", description = "Instead of the tables, compare every run of rhcc and " +
        "rhcc-gated (over DCQCN, HPCC, Swift) with its inter-host CC alone in the same condition: goodput and mean " +
        "latency, the losses beyond 1 %%, every condition.")
    private boolean neverWorse;

    @Option(names = "--stationarity", description = "Instead of the tables, list every run in DIR that had not " +
        "settled: its measured window's first and second halves differ by more than 5 %% in some metric.")
    private boolean stationarity;

    @Override
    public Integer call()
    {
        if (!Files.isDirectory(from))
        {
            throw new UsageException("--from '" + from + "' is not a directory; give the --out directory of " +
                "'rhcc experiment'");
        }
        final List<MarkdownReport.Section> sections = new ArrayList<>();
        final List<ExperimentResult> results = new ArrayList<>();
        final StringBuilder runTables = new StringBuilder();
        for (final Experiment experiment : ExperimentRegistry.builtIn().all())
        {
            final Path json = from.resolve(experiment.name() + ".json");
            if (!Files.isRegularFile(json))
            {
                continue;
            }
            final ExperimentResult result = read(json);
            results.add(result);
            sections.add(new MarkdownReport.Section(result, experiment.compare(result)));
            if (runs)
            {
                runTables.append("\n### `").append(experiment.name()).append("` (paper ")
                    .append(experiment.paperRows()).append(")\n\n")
                    .append(MarkdownReport.runTable(experiment.tableColumns(), result.runs()));
            }
            if (charts)
            {
                try
                {
                    ExperimentOutputs.writeCharts(experiment, result, from);
                }
                catch (final IOException ex)
                {
                    throw new UncheckedIOException("cannot write charts into " + from + ": " + ex.getMessage(), ex);
                }
            }
        }
        if (sections.isEmpty())
        {
            throw new UsageException("no experiment results (NAME.json) in '" + from + "'; run 'rhcc experiment " +
                "all --out " + from + "' first");
        }
        final PrintWriter out = spec.commandLine().getOut();
        if (neverWorse)
        {
            out.print(NeverWorseReport.render(results));
            out.flush();
            return RhccCommand.EXIT_OK;
        }
        if (stationarity)
        {
            out.print(StationarityReport.render(results));
            out.flush();
            return RhccCommand.EXIT_OK;
        }
        out.print(MarkdownReport.baselineTable(sections));
        final String evaluation = MarkdownReport.evaluationTable(sections);
        if (!evaluation.isEmpty())
        {
            out.print("\nThe schemes compared (rhcc, rhcc-gated, hostcc, hostcc-5level, hostcc-emulated, rnic-only, " +
                "cpu-only against dcqcn; rhcc+X and rhcc-gated+X against X for the inter-host CCs HPCC and " +
                "Swift):\n\n");
            out.print(evaluation);
        }
        final long unsettled = results.stream().flatMap((result) -> result.runs().stream())
            .filter((run) -> run.unsettled()).count();
        if (unsettled > 0)
        {
            out.print("\n" + unsettled + " runs had not settled (their measured window's halves differ by more than " +
                Fmt.num(100.0 * Stationarity.TOLERANCE, 0) + " %); `rhcc report --from DIR --stationarity` lists " +
                "them.\n");
        }
        out.print(runTables);
        out.flush();
        return RhccCommand.EXIT_OK;
    }

    private static ExperimentResult read(final Path json)
    {
        try
        {
            return ResultJson.read(json);
        }
        catch (final IOException ex)
        {
            throw new UsageException("cannot read '" + json + "': " + ex.getMessage(), ex);
        }
    }
}
