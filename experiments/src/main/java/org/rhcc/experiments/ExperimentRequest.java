package org.rhcc.experiments;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.experiments.scheme.SchemeRegistry;
import org.rhcc.sim.SimParameters;

/**
 * What {@code rhcc experiment} was asked, as plain values: the command line resolves it here, and so does a sim node
 * that runs the experiment for a client of its cluster ({@code rhcc experiment NAME --cluster}), so both plan the
 * same runs from the same request.
 *
 * @param name        an experiment name ('rhcc list'), or {@code all}.
 * @param seed        seed of every run.
 * @param warmupMs    {@code --warmup-ms}, or null for each experiment's own.
 * @param durationMs  {@code --duration-ms}, or null for each experiment's own.
 * @param schemes     {@code --scheme}, or null (or empty) for each experiment's own.
 * @param params      {@code --set} overrides, in the order given.
 * @param hostProfile {@code --host-profile}: a built-in profile's name or a profile file's path ({@link HostProfile}),
 *                    or null for the paper's testbed.
 */
public record ExperimentRequest(
    String name,
    long seed,
    Double warmupMs,
    Double durationMs,
    List<String> schemes,
    Map<String, String> params,
    String hostProfile)
{
    private static final double LONGEST_MS = 10_000.0;

    /**
     * Freezes the collections.
     */
    public ExperimentRequest
    {
        Objects.requireNonNull(name, "name");
        schemes = null == schemes || schemes.isEmpty() ? null : List.copyOf(schemes);
        params = Collections.unmodifiableMap(new LinkedHashMap<>(null == params ? Map.of() : params));
    }

    /**
     * A request for the paper's testbed.
     *
     * @param name       an experiment name ('rhcc list'), or {@code all}.
     * @param seed       seed of every run.
     * @param warmupMs   {@code --warmup-ms}, or null for each experiment's own.
     * @param durationMs {@code --duration-ms}, or null for each experiment's own.
     * @param schemes    {@code --scheme}, or null (or empty) for each experiment's own.
     * @param params     {@code --set} overrides, in the order given.
     */
    public ExperimentRequest(final String name, final long seed, final Double warmupMs, final Double durationMs,
        final List<String> schemes, final Map<String, String> params)
    {
        this(name, seed, warmupMs, durationMs, schemes, params, null);
    }

    /**
     * @param experiment one of the experiments the request names.
     * @return the same request for that experiment alone.
     */
    public ExperimentRequest forExperiment(final Experiment experiment)
    {
        return new ExperimentRequest(experiment.name(), seed, warmupMs, durationMs, schemes, params, hostProfile);
    }

    /**
     * @return the host the runs simulate.
     * @throws UserInputException if {@link #hostProfile()} names no built-in profile and no readable profile file.
     */
    public HostProfile profile()
    {
        return HostProfile.resolve(hostProfile);
    }

    /**
     * Resolves the request against the built-in experiments and schemes and checks every value.
     *
     * @param base the simulator parameters the runs start from.
     * @return the settings of each experiment, in the order they run.
     * @throws UserInputException naming the first bad value (unknown experiment, scheme or parameter, bad length).
     */
    public Map<Experiment, ExperimentSettings> resolve(final SimParameters base)
    {
        final List<Experiment> experiments = ExperimentRegistry.builtIn().resolve(name);
        final SchemeRegistry schemeRegistry = SchemeRegistry.builtIn();
        if (null != durationMs)
        {
            nanos("--duration-ms", durationMs, false);
        }
        if (null != warmupMs)
        {
            nanos("--warmup-ms", warmupMs, true);
        }
        final Map<Experiment, ExperimentSettings> settings = new LinkedHashMap<>();
        for (final Experiment experiment : experiments)
        {
            final List<SchemeEntry> experimentSchemes =
                schemeRegistry.parse(null == schemes ? experiment.defaultSchemes() : schemes);
            final RunLength runLength = runLength(experiment);
            final ExperimentSettings experimentSettings = new ExperimentSettings(seed,
                nanos("--duration-ms", runLength.durationMs(), false),
                nanos("--warmup-ms", runLength.warmupMs(), true),
                experimentSchemes, params);
            RunOverrides.validate(base, experimentSettings);
            settings.put(experiment, experimentSettings);
        }
        return settings;
    }

    /**
     * @param experiment the experiment.
     * @return the experiment's own run length with the request's values in place of its own where given.
     */
    public RunLength runLength(final Experiment experiment)
    {
        final RunLength own = experiment.runLength();
        return new RunLength(null == warmupMs ? own.warmupMs() : warmupMs,
            null == durationMs ? own.durationMs() : durationMs);
    }

    private static long nanos(final String option, final double ms, final boolean zeroAllowed)
    {
        if (!Double.isFinite(ms) || ms < 0.0 || (!zeroAllowed && ms == 0.0) || ms > LONGEST_MS)
        {
            throw new UserInputException(option + " " + ms + " must be " + (zeroAllowed ? ">= 0" : "> 0") +
                " and at most 10000 ms");
        }
        return Math.round(ms * 1e6);
    }
}
