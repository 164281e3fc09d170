package org.rhcc.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRegistry;
import org.rhcc.experiments.ExperimentRequest;
import org.rhcc.experiments.RunLength;
import org.rhcc.sim.api.Scenario;
import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RhccCommandTest
{
    @Test
    void shouldPrintHelpOfEveryCommandAndExitZero()
    {
        final List<String[]> invocations = new ArrayList<>();
        invocations.add(new String[]{ "--help" });
        invocations.add(new String[]{ "help", "experiment" });
        for (final String command : new CommandLine(new RhccCommand()).getSubcommands().keySet())
        {
            invocations.add(new String[]{ command, "--help" });
        }
        assertTrue(invocations.size() >= 6, "help, experiment, report, list at least");
        for (final String[] args : invocations)
        {
            final CommandResult result = CommandResult.run(args);
            assertEquals(RhccCommand.EXIT_OK, result.exitCode(), String.join(" ", args));
            assertTrue(result.out().contains("Usage: rhcc"), result.out());
            assertEquals("", result.err());
        }
        assertTrue(CommandResult.run("experiment", "--help").out().contains("--duration-ms"));
    }

    @Test
    void shouldFormatEveryHelpTextWithoutWarnings()
    {
        // picocli formats descriptions with String.format: a lone '%' makes it warn on System.err and print the raw text
        final java.io.PrintStream stderr = System.err;
        final java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try
        {
            CommandResult.run("--help");
            for (final String command : new CommandLine(new RhccCommand()).getSubcommands().keySet())
            {
                CommandResult.run(command, "--help");
            }
        }
        finally
        {
            System.setErr(stderr);
        }
        assertEquals("", captured.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void shouldDefaultToThePaperRunLengths()
    {
        final Scenario paper = Scenario.twoHost(0, 1L);

        assertEquals(paper.durationNs(), Math.round(RunLength.PAPER.durationMs() * 1e6));
        assertEquals(paper.warmupNs(), Math.round(RunLength.PAPER.warmupMs() * 1e6));
    }

    @Test
    void shouldTakeEachExperimentsRunLengthUnlessTheCommandLineSetsIt()
    {
        final Experiment signals = ExperimentRegistry.builtIn().find("signals");
        final Experiment cascade = ExperimentRegistry.builtIn().find("cascade-timing");

        assertEquals(RunLength.PAPER, lengths(null, null).runLength(signals));
        assertEquals(cascade.runLength(), lengths(null, null).runLength(cascade));
        assertEquals(new RunLength(5.0, cascade.runLength().durationMs()),
            lengths(5.0, null).runLength(cascade));
        assertEquals(new RunLength(cascade.runLength().warmupMs(), 3.0),
            lengths(null, 3.0).runLength(cascade));
        assertEquals(new RunLength(0.0, 1.0), lengths(0.0, 1.0).runLength(signals));
    }

    private static ExperimentRequest lengths(final Double warmupMs, final Double durationMs)
    {
        return new ExperimentRequest("all", 1L, warmupMs, durationMs, null, Map.of());
    }

    @Test
    void shouldPrintTheVersion()
    {
        final CommandResult result = CommandResult.run("--version");

        assertEquals(RhccCommand.EXIT_OK, result.exitCode());
        assertTrue(result.out().startsWith("rhcc "), result.out());
    }

    @Test
    void shouldListExperimentsSchemesAndParameters()
    {
        final CommandResult list = CommandResult.run("list");
        final CommandResult parameters = CommandResult.run("list", "--parameters");

        assertEquals(RhccCommand.EXIT_OK, list.exitCode());
        assertTrue(list.out().contains("congestion     B1-B6"), list.out());
        assertTrue(list.out().contains("dcqcn"), list.out());
        assertTrue(parameters.out().contains("  io.creditsLines = "), parameters.out());
    }

    @Test
    void shouldReportAnUnknownExperimentOnOneLine()
    {
        assertOneLineUsageError(CommandResult.run("experiment", "outcast"),
            "rhcc experiment: unknown experiment 'outcast'; known experiments: signals, congestion, msg-qp, numa, " +
            "mba-levels, delay-map, pcie, memory, incast, ithr-sweep, dthr-sweep, threshold-sweep, ablation, qp-scale, " +
            "cascade-timing, settling, hpcc-reference, protected-cpu, weighted, all");
    }

    @Test
    void shouldReportABadSeedOnOneLine()
    {
        assertOneLineUsageError(CommandResult.run("experiment", "congestion", "--seed", "twelve"),
            "rhcc experiment: Invalid value for option '--seed': 'twelve' is not a long " +
            "(see 'rhcc experiment --help')");
    }

    @Test
    void shouldReportAnUnknownSchemeOnOneLine()
    {
        assertOneLineUsageError(CommandResult.run("experiment", "congestion", "--scheme", "dcqcn,timely"),
            "rhcc experiment: unknown scheme 'timely'; known schemes: dcqcn, rhcc, rhcc-gated, hostcc, rnic-only, " +
            "cpu-only, hostcc-5level, hostcc-emulated, hpcc, rhcc+hpcc, rhcc-gated+hpcc, swift, rhcc+swift, " +
            "rhcc-gated+swift");
    }

    @Test
    void shouldReportBadValuesOnOneLine()
    {
        assertOneLineUsageError(CommandResult.run("experiment", "pcie", "--duration-ms", "0"),
            "rhcc experiment: --duration-ms 0.0 must be > 0 and at most 10000 ms");
        assertOneLineUsageError(CommandResult.run("experiment", "pcie", "--threads", "0"),
            "rhcc experiment: --threads 0 must be within 1..64");
        assertOneLineUsageError(CommandResult.run("experiment", "pcie", "--set", "io.creditsLines"),
            "rhcc experiment: --set 'io.creditsLines' must be KEY=VALUE, e.g. --set io.creditsLines=92");
        assertOneLineUsageError(CommandResult.run("experiment", "pcie", "--set", "ithr=45"),
            "rhcc experiment: unknown parameter 'ithr' in --set; it is neither a simulator parameter nor a " +
            "parameter of any scheme ('rhcc list --parameters' shows them all)");
        assertOneLineUsageError(CommandResult.run("experiment", "signals", "--set", "i_thr=45"),
            "rhcc experiment: parameter 'i_thr' in --set belongs to the schemes rhcc, rhcc-gated, hostcc, rnic-only, " +
            "cpu-only, hostcc-5level, hostcc-emulated, rhcc+hpcc, rhcc-gated+hpcc, rhcc+swift, rhcc-gated+swift, and " +
            "this experiment runs dcqcn, which does not take it; run one that does (e.g. --scheme rhcc) or drop it");
        // controller parameters are parsed before the first run starts: one line, no progress line before it
        assertOneLineUsageError(CommandResult.run("experiment", "ablation", "--set", "i_thr=abc"),
            "rhcc experiment: controller parameter i_thr = 'abc' is not a number (IIO occupancy threshold I_thr, " +
            "entries (paper 45))");
        assertOneLineUsageError(CommandResult.run("experiment", "ablation", "--set", "hpcc_eta=2"),
            "rhcc experiment: --set hpcc_eta = 2.0 must be in (0, 1], e.g. 0.95");
        assertOneLineUsageError(CommandResult.run("experiment", "pcie", "--set", "io.creditsLines=0"),
            "rhcc experiment: --set io.creditsLines=0 rejected: io.creditsLines = 0 must be within 8..4096");
        assertOneLineUsageError(CommandResult.run("experiment", "pcie", "--cluster", "10.0.0.1"),
            "rhcc experiment: --cluster '10.0.0.1' must be HOST:PORT of a node of the running cluster (its " +
            "pekko.remote.artery.canonical hostname and port), e.g. 10.0.0.1:25520");
        assertOneLineUsageError(CommandResult.run("experiment", "pcie", "--cluster", "10.0.0.1:25520", "--via",
            "cluster"), "rhcc experiment: --cluster runs through a running cluster: leave out --via and --nodes");
        assertOneLineUsageError(CommandResult.run("experiment", "pcie", "--config", "client.conf"),
            "rhcc experiment: --config is the client's configuration of --cluster; leave it out here");
    }

    @Test
    void shouldReportAnUnwritableDirectoryOnOneLineBeforeSimulating(@TempDir final Path dir) throws Exception
    {
        final Path file = Files.writeString(dir.resolve("a-file"), "not a directory");

        final CommandResult result = CommandResult.run("experiment", "congestion", "--out",
            file.resolve("results").toString());

        assertOneLineUsageError(result, "rhcc experiment: cannot create output directory '" +
            file.resolve("results") + "' (not a directory); choose another --out");
    }

    @Test
    void shouldReportMissingOrUnknownCommandsOnOneLine()
    {
        final CommandResult missing = CommandResult.run();
        assertEquals(RhccCommand.EXIT_USAGE, missing.exitCode());
        assertTrue(missing.err().startsWith("rhcc: missing command: use one of help, experiment, report, list"),
            missing.err());
        assertTrue(missing.err().endsWith("(see 'rhcc --help')" + System.lineSeparator()), missing.err());
        assertEquals(1, missing.err().lines().count());
        final CommandResult unknown = CommandResult.run("simulate");
        assertEquals(RhccCommand.EXIT_USAGE, unknown.exitCode());
        assertTrue(unknown.err().startsWith("rhcc: Unmatched argument at index 0: 'simulate'"), unknown.err());
        assertEquals(1, unknown.err().lines().count());
    }

    @Test
    void shouldReportAReportDirectoryWithoutResults(@TempDir final Path dir)
    {
        assertOneLineUsageError(CommandResult.run("report", "--from", dir.toString()),
            "rhcc report: no experiment results (NAME.json) in '" + dir + "'; run 'rhcc experiment all --out " +
            dir + "' first");
        assertOneLineUsageError(CommandResult.run("report"),
            "rhcc report: Missing required option: '--from=DIR' (see 'rhcc report --help')");
    }

    private static void assertOneLineUsageError(final CommandResult result, final String expectedLine)
    {
        assertEquals(RhccCommand.EXIT_USAGE, result.exitCode(), result.err());
        assertEquals(expectedLine + System.lineSeparator(), result.err());
        assertEquals("", result.out());
        assertFalse(result.err().contains("\tat "), "no stack trace for bad input");
    }
}
