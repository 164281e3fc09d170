package org.rhcc.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRegistry;
import org.rhcc.experiments.HostProfile;
import org.rhcc.experiments.ParameterOverrides;
import org.rhcc.experiments.RunLength;

import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.experiments.scheme.SchemeRegistry;

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

    @Option(names = "--profiles", description = "List the built-in host profiles (--host-profile).")
    private boolean profiles;

    @Option(names = "--host-profile", paramLabel = "NAME|FILE",
        description = "With --parameters: the values of this host profile. Default: cascadelake-100g.")
    private String hostProfile;

    @Override
    public Integer call()
    {
        final PrintWriter out = spec.commandLine().getOut();
        if (profiles)
        {
            out.println("host profiles (rhcc experiment --host-profile NAME, or the path of a profile file):");
            for (final String name : HostProfile.BUILT_IN)
            {
                out.printf("  %-17s %s%n", name, HostProfile.resolve(name).description());
            }
            out.flush();
            return RhccCommand.EXIT_OK;
        }
        if (parameters)
        {
            final HostProfile profile = HostProfile.resolve(hostProfile);
            out.println("simulator parameters (rhcc experiment --set PATH=VALUE), values of host profile " +
                profile.name() + ":");
            for (final Map.Entry<String, String> entry : ParameterOverrides.leaves(profile.parameters()).entrySet())
            {
                out.println("  " + entry.getKey() + " = " + entry.getValue() +
                    (profile.overrides().containsKey(entry.getKey()) ? "   (profile)" : ""));
            }
            out.flush();
            return RhccCommand.EXIT_OK;
        }
        if (null != hostProfile)
        {
            throw new UsageException("--host-profile goes with --parameters (the values of that host)");
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
        out.println("simulator parameters: rhcc list --parameters; host profiles: rhcc list --profiles");
        out.flush();
        return RhccCommand.EXIT_OK;
    }
}
