package org.rhcc.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.rhcc.experiments.ParameterOverrides;
import org.rhcc.sim.CalibrationRow;
import org.rhcc.sim.CalibrationTable;
import org.rhcc.sim.SimParameters;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rhcc calibration}: the calibration table of docs/model.md §9 ({@link CalibrationTable}, the rows
 * {@code CalibrationTest} asserts) for the calibrated parameters or, with {@code --set}, for others: whether a model
 * change or a re-fit still holds every baseline row (docs/model.md §8) before anything is committed. Prints one line
 * per check and exits {@value RhccCommand#EXIT_OK} when every row holds, {@value RhccCommand#EXIT_FAILURE} when one
 * does not.
 */
@Command(
    name = "calibration",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Checks the simulator against its calibration table (docs/model.md 9): every baseline row (no "
        + "controller running) and the C rows, the model's value against the paper's number and tolerance, for the "
        + "calibrated parameters or, with --set, for others. Exit 0 when every row holds, 1 when one does not.")
public final class CalibrationCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "" + CalibrationTable.TEST_SEED,
        description = "Seed of every run (default: ${DEFAULT-VALUE}, the seed CalibrationTest asserts).")
    private long seed;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
        description = "Override a simulator parameter (e.g. dram.tSwitchNs=12); repeatable. 'rhcc list --parameters' "
            + "shows them.")
    private List<String> sets = List.of();

    @Option(names = "--rows", paramLabel = "ROW", split = ",",
        description = "Only these rows, by name or by the row they belong to (B1 selects 'B1 1x' and 'B1 2x 3x'); "
            + "default: all, in the table's order.")
    private List<String> rowNames = List.of();

    @Option(names = "--measure-ms", paramLabel = "MS",
        defaultValue = "" + CalibrationTable.TEST_MEASURED_NS / 1_000_000L,
        description = "Measured time of the RNIC runs with PFC and under forced MBA levels, after 2 ms of warm-up "
            + "(default: ${DEFAULT-VALUE}, as CalibrationTest; docs/model.md 9 prints the table with 10 and seed 1).")
    private long measureMs;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "2",
        description = "Rows evaluated at once (each run is single-threaded; rows share their runs). Default: "
            + "${DEFAULT-VALUE}.")
    private int threads;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the rows and their checks as JSON.")
    private Path json;

    @Override
    public Integer call() throws IOException
    {
        if (threads < 1 || threads > 64)
        {
            throw new UsageException("--threads " + threads + " must be within 1..64");
        }
        if (measureMs < 1 || measureMs > 1_000)
        {
            throw new UsageException("--measure-ms " + measureMs + " must be within 1..1000");
        }
        final Map<String, String> overrides = ExperimentCommand.parseSets(sets);
        final SimParameters params = ParameterOverrides.applyAll(SimParameters.calibrated(), overrides);
        final List<String> keys = selectedKeys(rowNames);
        final PrintWriter stdout = spec.commandLine().getOut();
        final PrintWriter stderr = spec.commandLine().getErr();

        final long startNs = System.nanoTime();
        final int[] done = { 0 };
        final List<CalibrationRow> rows = new CalibrationTable(params, seed, measureMs * 1_000_000L).rows(keys, threads,
            (row) ->
            {
                stderr.printf(Locale.ROOT, "calibration: [%d/%d] %s %s (%.1f s)%n", ++done[0], keys.size(), row.key(),
                    row.holds() ? "holds" : "does not hold", (System.nanoTime() - startNs) / 1e9);
                stderr.flush();
            });
        stdout.printf(Locale.ROOT, "calibration table (docs/model.md 9), seed %d, RNIC runs %d ms after 2 ms, %s%n",
            seed, measureMs,
            overrides.isEmpty() ? "calibrated parameters" : "calibrated parameters with " + overrides);
        stdout.println("| row | check | expected | model | holds |");
        stdout.println("|---|---|---|---|---|");
        for (final CalibrationRow row : rows)
        {
            for (final CalibrationRow.Check check : row.checks())
            {
                stdout.printf(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", row.key(), check.what(), check.expected(),
                    check.model(), check.holds() ? "yes" : "**no**");
            }
        }
        final List<String> failing = rows.stream().filter((row) -> !row.holds()).map(CalibrationRow::key).toList();
        stdout.printf(Locale.ROOT, "%d of %d rows hold%s%n", rows.size() - failing.size(), rows.size(),
            failing.isEmpty() ? "" : "; not: " + String.join(", ", failing));
        stdout.printf(Locale.ROOT, "misfit %.3f = sum of ((model - paper) / tolerance)^2, numeric checks: %d " +
            "(docs/model.md 8)%n", misfit(rows), numericChecks(rows));
        stdout.flush();
        if (null != json)
        {
            writeJson(json, overrides, rows);
            stderr.println("calibration: wrote " + json);
            stderr.flush();
        }
        return failing.isEmpty() ? RhccCommand.EXIT_OK : RhccCommand.EXIT_FAILURE;
    }

    /**
     * @return the keys of the rows named, in the table's order; all of them when none is named.
     * @throws UsageException if a name matches no row.
     */
    static List<String> selectedKeys(final List<String> names)
    {
        final List<String> keys = CalibrationTable.keys();
        if (names.isEmpty())
        {
            return keys;
        }
        final List<String> wanted = names.stream().map(String::trim).toList();
        for (final String name : wanted)
        {
            if (keys.stream().noneMatch((key) -> matches(key, name)))
            {
                throw new UsageException("--rows: no calibration row '" + name + "'; the rows are " +
                    String.join(", ", keys));
            }
        }
        return keys.stream().filter((key) -> wanted.stream().anyMatch((name) -> matches(key, name))).toList();
    }

    private static boolean matches(final String key, final String name)
    {
        return key.equalsIgnoreCase(name) || key.toUpperCase(Locale.ROOT).startsWith(name.toUpperCase(Locale.ROOT) +
            " ");
    }

    /**
     * @return the sum over the rows of their checks' squared deviations in tolerances.
     */
    static double misfit(final List<CalibrationRow> rows)
    {
        return rows.stream().mapToDouble(CalibrationRow::squaredDeviations).sum();
    }

    private static long numericChecks(final List<CalibrationRow> rows)
    {
        return rows.stream().mapToLong(CalibrationRow::numericChecks).sum();
    }

    private static Map<String, Object> rowJson(final CalibrationRow row)
    {
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("key", row.key());
        json.put("title", row.title());
        json.put("holds", row.holds());
        json.put("checks", row.checks());
        return json;
    }

    private void writeJson(final Path file, final Map<String, String> overrides, final List<CalibrationRow> rows)
        throws IOException
    {
        final Map<String, Object> document = new LinkedHashMap<>();
        document.put("seed", seed);
        document.put("measured_ms", measureMs);
        document.put("overrides", overrides);
        document.put("rows_holding", rows.stream().filter(CalibrationRow::holds).count());
        document.put("misfit", misfit(rows));
        document.put("misfit_checks", numericChecks(rows));
        document.put("rows", rows.stream().map(CalibrationCommand::rowJson).collect(Collectors.toList()));
        final Path parent = file.toAbsolutePath().getParent();
        if (null != parent)
        {
            Files.createDirectories(parent);
        }
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), document);
    }
}
