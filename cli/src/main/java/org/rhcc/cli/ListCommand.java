package org.rhcc.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRegistry;
import org.rhcc.experiments.ParameterOverrides;
import org.rhcc.experiments.RunLength;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.experiments.scheme.SchemeRegistry;
import org.rhcc.sim.SimParameters;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rhcc list}: the experiments and schemes {@code rhcc experiment} accepts, and with {@code --parameters}
 * every simulator parameter {@code --set} can override, with its calibrated value.
 */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Lists experiments and schemes; with --parameters, every simulator parameter and its value.")
public final class ListCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--parameters", description = "List the simulator parameters --set accepts, with their values.")
    private boolean parameters;

    /**
     * {@inheritDoc}
     */
    @Override
    public Integer call()
    {
        final PrintWriter out = spec.commandLine().getOut();
        if (parameters)
        {
            out.println("simulator parameters (rhcc experiment --set PATH=VALUE), calibrated values:");
            for (final Map.Entry<String, String> entry :
                ParameterOverrides.leaves(SimParameters.calibrated()).entrySet())
            {
                out.println("  " + entry.getKey() + " = " + entry.getValue());
            }
            out.flush();
            return RhccCommand.EXIT_OK;
        }
        out.println("experiments (rhcc experiment NAME), with each run's warm-up + measured simulated time:");
        for (final Experiment experiment : ExperimentRegistry.builtIn().all())
        {
            final RunLength length = experiment.runLength();
            out.printf(Locale.ROOT, "  %-14s %-11s %-11s %s%n", experiment.name(), experiment.paperRows(),
                Fmt.num(length.warmupMs(), 0) + "+" + Fmt.num(length.durationMs(), 0) + " ms", experiment.summary());
        }
        out.printf(Locale.ROOT, "  %-14s %-11s %-11s %s%n", ExperimentRegistry.ALL, "", "",
            "every experiment above, in this order");
        out.println();
        out.println("schemes (rhcc experiment --scheme S,...):");
        for (final SchemeEntry entry : SchemeRegistry.builtIn().all())
        {
            out.printf("  %-13s %s%s%n", entry.name(), entry.description(),
                entry.parameterNames().isEmpty() ? "" : " (parameters: " +
                String.join(", ", entry.parameterNames()) + ")");
        }
        out.println();
        out.println("simulator parameters: rhcc list --parameters");
        out.flush();
        return RhccCommand.EXIT_OK;
    }
}
