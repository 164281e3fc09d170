package org.rhcc.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

import org.rhcc.actors.node.DownedExit;
import org.rhcc.actors.node.NodeDowned;
import org.rhcc.clusterservice.ExperimentFailedException;
import org.rhcc.experiments.UserInputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.Spec;

/**
 * {@code rhcc}: the intra-host congestion controller's command line. Runs experiments against the calibrated
 * simulator, turns their results into reports, and lists what it knows.
 * <p>
 * Exit codes: {@value #EXIT_OK} success, {@value #EXIT_FAILURE} a run or an output failed, {@value #EXIT_USAGE} bad
 * input (unknown name, bad value, unwritable directory) or a failure to start. Bad input is reported on one line
 * on stderr, without a stack trace.
 */
@Command(
    name = "rhcc",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Intra-host congestion control for RDMA hosts (RHCC), with a calibrated host and network simulator.",
    subcommands = {
        CommandLine.HelpCommand.class,
        ExperimentCommand.class,
        ReportCommand.class,
        ListCommand.class,
        DoctorCommand.class,
        FailsafeCommand.class,
        NodeCommand.class,
        CertsCommand.class,
        ReplayCommand.class,
        CountersCommand.class,
        TuneCommand.class,
        CalibrationCommand.class,
        DashboardCommand.class,
    })
public final class RhccCommand implements Runnable
{
    /** Success. */
    public static final int EXIT_OK = 0;
    /** A run or writing its output failed. */
    public static final int EXIT_FAILURE = 1;
    /** Bad input, or the command could not start. */
    public static final int EXIT_USAGE = 2;

    @Spec
    private CommandSpec spec;

    /**
     * Runs {@code rhcc} and exits the JVM with its exit code. Whatever happens, the JVM exits: a failure to start
     * must not leave it hanging on non-daemon threads.
     *
     * @param args command-line arguments.
     */
    public static void main(final String[] args)
    {
        int exitCode;
        try
        {
            final PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8),
                true);
            final PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8),
                true);
            exitCode = execute(args, out, err);
            out.flush();
            err.flush();
        }
        catch (final Throwable t)
        {
            t.printStackTrace();
            exitCode = EXIT_USAGE;
        }
        System.exit(exitCode);
    }

    /**
     * Runs {@code rhcc} without exiting: the entry point for tests and embedding.
     *
     * @param args command-line arguments.
     * @param out  standard output (tables, reports).
     * @param err  standard error (progress, errors).
     */
    public static int execute(final String[] args, final PrintWriter out, final PrintWriter err)
    {
        final CommandLine commandLine = new CommandLine(new RhccCommand());
        commandLine.getSubcommands().get("experiment").getHelpSectionMap()
            .put(UsageMessageSpec.SECTION_KEY_DESCRIPTION, ExperimentCommand::describeWithExperiments);
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setParameterExceptionHandler(RhccCommand::onBadArguments);
        commandLine.setExecutionExceptionHandler(RhccCommand::onFailure);
        return commandLine.execute(args);
    }

    /**
     * {@code rhcc} without a command.
     */
    @Override
    public void run()
    {
        throw new CommandLine.ParameterException(spec.commandLine(),
            "missing command: use one of " + String.join(", ", spec.subcommands().keySet()));
    }

    private static int onBadArguments(final CommandLine.ParameterException ex, final String[] args)
    {
        final CommandLine commandLine = ex.getCommandLine();
        final String name = commandLine.getCommandSpec().qualifiedName();
        commandLine.getErr().println(name + ": " + firstLine(ex.getMessage()) +
            " (see '" + name + " --help')");
        commandLine.getErr().flush();
        return EXIT_USAGE;
    }

    private static int onFailure(
        final Exception ex, final CommandLine commandLine, final CommandLine.ParseResult parseResult)
    {
        final PrintWriter err = commandLine.getErr();
        final String name = commandLine.getCommandSpec().qualifiedName();
        if (ex instanceof UserInputException || ex instanceof UsageException)
        {
            err.println(name + ": " + firstLine(ex.getMessage()));
            err.flush();
            return EXIT_USAGE;
        }
        if (ex instanceof NodeDowned)
        {
            if (DownedExit.claimLastLine())
            {
                err.println(name + ": " + firstLine(ex.getMessage()));
                err.flush();
            }
            return EXIT_FAILURE;
        }
        if (ex instanceof ExperimentFailedException)
        {
            err.println(name + ": " + firstLine(ex.getMessage()));
            err.flush();
            return EXIT_FAILURE;
        }
        final StringWriter trace = new StringWriter();
        ex.printStackTrace(new PrintWriter(trace));
        err.println(name + ": failed: " + firstLine(String.valueOf(ex.getMessage())));
        err.print(trace);
        err.flush();
        return EXIT_FAILURE;
    }

    /**
     * @param message an exception's message, may be null.
     * @return its first line, trimmed; empty for null.
     */
    static String firstLine(final String message)
    {
        if (null == message)
        {
            return "";
        }
        final int end = message.indexOf('\n');
        return (end < 0 ? message : message.substring(0, end)).trim();
    }
}
