package org.rhcc.experiments;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rhcc.experiments.scheme.SchemeEntry;

/**
 * What the person asked for on the command line, shared by every run of an experiment.
 *
 * @param seed       seed of every run (the same for all runs: common random numbers across conditions and schemes).
 * @param durationNs measured simulated time per run, ns.
 * @param warmupNs   simulated warm-up per run, discarded from the metrics, ns.
 * @param schemes    schemes to run every condition with, in order.
 * @param params     {@code --set} overrides, in the order given.
 */
public record ExperimentSettings(
    long seed,
    long durationNs,
    long warmupNs,
    List<SchemeEntry> schemes,
    Map<String, String> params)
{
    /**
     * Validates and freezes the arguments.
     */
    public ExperimentSettings
    {
        if (durationNs <= 0 || warmupNs < 0)
        {
            throw new IllegalArgumentException(
                "durationNs = " + durationNs + " must be > 0 and warmupNs = " + warmupNs + " >= 0");
        }
        if (schemes.isEmpty())
        {
            throw new IllegalArgumentException("at least one scheme is needed");
        }
        schemes = List.copyOf(schemes);
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /**
     * @return a builder of the paper's default two-host scenario with this seed, duration and warm-up.
     */
    public ScenarioBuilder scenario()
    {
        return new ScenarioBuilder(seed, durationNs, warmupNs);
    }
}
