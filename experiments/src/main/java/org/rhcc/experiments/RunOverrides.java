package org.rhcc.experiments;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.experiments.scheme.SchemeRegistry;
import org.rhcc.sim.SimParameters;

/**
 * The {@code --set} overrides of an experiment: each names a simulator parameter or a parameter of one of the
 * chosen schemes. They are checked once, before any run starts ({@link #validate}), and each run's simulator
 * parameters are the base with the run's simulator overrides applied ({@link #parameters}); the schemes read their
 * own from the run's parameters.
 */
public final class RunOverrides
{
    private RunOverrides()
    {
    }

    /**
     * Checks the overrides before any run starts: every one names a simulator parameter (and parses) or a parameter of
     * one of the chosen schemes, every scheme's parameters parse and lie in range (its controllers' and its inter-host
     * CC's), and the simulator parameters with all overrides applied together pass their own checks (so that
     * dependent values such as {@code dram.wpqLowLines} and {@code dram.wpqHighLines} can be changed together).
     *
     * @param base     the simulator parameters.
     * @param settings the command line's settings.
     * @throws UserInputException naming the first unknown override (and, for a parameter of other schemes, which
     *                            schemes take it), the first value that does not parse, or the overrides a parameter
     *                            group rejects.
     */
    public static void validate(final SimParameters base, final ExperimentSettings settings)
    {
        final Map<String, String> simOverrides = new LinkedHashMap<>();
        for (final Map.Entry<String, String> entry : settings.params().entrySet())
        {
            final String key = entry.getKey();
            if (ParameterOverrides.isLeafPath(base, key))
            {
                simOverrides.put(key, entry.getValue());
            }
            else if (settings.schemes().stream().noneMatch((scheme) -> scheme.parameterNames().contains(key)))
            {
                if (key.contains("."))
                {
                    // names the group that lacks the component and lists what it has
                    ParameterOverrides.apply(base, key, entry.getValue());
                }
                throw unknownParameter(key, settings.schemes());
            }
        }
        ParameterOverrides.applyAll(base, simOverrides);
        for (final SchemeEntry scheme : settings.schemes())
        {
            scheme.checkParameters(settings.params(), base.network().lineRateGbps());
        }
    }

    /**
     * @return the error for a {@code --set} key that none of the chosen schemes takes: which built-in schemes take it,
     * if any, and how to choose one.
     */
    private static UserInputException unknownParameter(final String key, final List<SchemeEntry> chosen)
    {
        final List<String> takers = SchemeRegistry.builtIn().all().stream()
            .filter((scheme) -> scheme.parameterNames().contains(key)).map(SchemeEntry::name).toList();
        final String running = String.join(", ", chosen.stream().map(SchemeEntry::name).toList());
        if (takers.isEmpty())
        {
            return new UserInputException("unknown parameter '" + key + "' in --set; it is neither a simulator " +
                "parameter nor a parameter of any scheme ('rhcc list --parameters' shows them all)");
        }
        return new UserInputException("parameter '" + key + "' in --set belongs to the schemes " +
            String.join(", ", takers) + ", and this experiment runs " + running + (chosen.size() == 1 ?
            ", which does not take it" : ", which do not take it") + "; run one that does (e.g. --scheme " +
            takers.get(0) + ") or drop it");
    }

    /**
     * @param base the simulator parameters.
     * @param run  a planned run.
     * @return {@code base} with every simulator override of the run applied at once.
     */
    static SimParameters parameters(final SimParameters base, final PlannedRun run)
    {
        final Map<String, String> simOverrides = new LinkedHashMap<>();
        run.params().forEach((key, value) ->
        {
            if (ParameterOverrides.isLeafPath(base, key))
            {
                simOverrides.put(key, value);
            }
        });
        return ParameterOverrides.applyAll(base, simOverrides);
    }
}
