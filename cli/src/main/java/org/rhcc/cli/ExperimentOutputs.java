package org.rhcc.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartData;
import org.rhcc.experiments.report.ChartRenderer;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.TextTable;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.ResultCsv;
import org.rhcc.experiments.result.ResultJson;

/**
 * Writes what an experiment produced: {@code DIR/NAME.json}, {@code DIR/NAME.csv} and its PNG charts, and renders
 * the plain summary printed on stdout.
 */
public final class ExperimentOutputs
{
    private ExperimentOutputs()
    {
    }

    /**
     * @param experiment the experiment.
     * @param result     its result.
     * @param directory  an existing, writable directory.
     * @param charts     false to skip the PNGs.
     * @return the files written, JSON first.
     * @throws IOException if a file cannot be written.
     */
    public static List<Path> write(
        final Experiment experiment, final ExperimentResult result, final Path directory, final boolean charts)
        throws IOException
    {
        final List<Path> files = new ArrayList<>();
        final Path json = directory.resolve(experiment.name() + ".json");
        ResultJson.write(result, json);
        files.add(json);
        final Path csv = directory.resolve(experiment.name() + ".csv");
        ResultCsv.write(result, csv);
        files.add(csv);
        if (charts)
        {
            files.addAll(writeCharts(experiment, result, directory));
        }
        return files;
    }

    /**
     * @param experiment the experiment.
     * @param result     its result.
     * @param directory  an existing, writable directory.
     * @throws IOException if a file cannot be written.
     */
    public static List<Path> writeCharts(
        final Experiment experiment, final ExperimentResult result, final Path directory) throws IOException
    {
        final List<Path> files = new ArrayList<>();
        for (final ChartData data : experiment.chartData(result))
        {
            files.add(ChartRenderer.writePng(data, directory));
        }
        return files;
    }

    /**
     * @param experiment the experiment.
     * @param result     its result.
     * @return a heading, the aligned table of runs, and the paper-versus-simulated lines.
     */
    public static String summary(final Experiment experiment, final ExperimentResult result)
    {
        final StringBuilder text = new StringBuilder();
        text.append("== ").append(experiment.name()).append(" (paper ").append(experiment.paperRows()).append("): ")
            .append(experiment.summary()).append(" ==\n");
        text.append("seed ").append(result.seed()).append(", ").append(Fmt.num(result.durationMs(), 1))
            .append(" ms measured per run after ").append(Fmt.num(result.warmupMs(), 1)).append(" ms warm-up\n\n");
        text.append(TextTable.render(experiment.tableColumns(), result.runs()));
        final List<BaselineRow> rows = experiment.compare(result);
        if (!rows.isEmpty())
        {
            text.append("\npaper (testbed) vs simulated:\n");
            for (final BaselineRow row : rows)
            {
                text.append("  ").append(row.id()).append("  ").append(row.condition()).append('\n')
                    .append("       paper:     ").append(row.paper()).append('\n')
                    .append("       simulated: ").append(row.simulated()).append('\n');
            }
        }
        return text.toString();
    }
}
