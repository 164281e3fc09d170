package org.rhcc.dashboard;

import java.util.List;
import java.util.Map;

import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRequest;
import org.rhcc.experiments.ExperimentRunner;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.RunListener;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.sim.SimParameters;

/**
 * Short real experiments for the dashboard's tests: {@code signals} under rhcc, 0.5 ms of warm-up and 0.6 ms
 * measured per run (6 telemetry windows).
 */
final class ShortRuns
{
    private ShortRuns()
    {
    }

    static ExperimentResult signals(final RunListener listener, final String... sets)
    {
        final Map<String, String> params = new java.util.LinkedHashMap<>();
        for (final String set : sets)
        {
            params.put(set.substring(0, set.indexOf('=')), set.substring(set.indexOf('=') + 1));
        }
        final SimParameters base = SimParameters.calibrated();
        final Map<Experiment, ExperimentSettings> settings =
            new ExperimentRequest("signals", 5L, 0.5, 0.6, List.of("rhcc"), params).resolve(base);
        final Map.Entry<Experiment, ExperimentSettings> only = settings.entrySet().iterator().next();
        return new ExperimentRunner(base, 2, listener).run(only.getKey(), only.getValue());
    }
}
