package org.rhcc.experiments;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.sim.api.Scenario;

/**
 * Collects an experiment's runs: each condition added is run once per scheme of the settings, condition-major, so
 * that results come out in a fixed order whatever the thread that runs them.
 */
public final class RunPlan
{
    private final ExperimentSettings settings;
    private final List<PlannedRun> runs = new ArrayList<>();

    /**
     * @param settings the command line's settings.
     */
    public RunPlan(final ExperimentSettings settings)
    {
        this.settings = settings;
    }

    /**
     * Adds one condition, run with every scheme and the command line's overrides.
     *
     * @param condition human label.
     * @param scenario  the simulated condition.
     * @return this for a fluent API.
     */
    public RunPlan add(final String condition, final Scenario scenario)
    {
        return add(condition, scenario, Map.of(), false);
    }

    /**
     * Adds one condition, run with every scheme.
     *
     * @param condition   human label.
     * @param scenario    the simulated condition.
     * @param params      overrides of this condition; the command line's {@code --set} values win over them.
     * @param readsSensor true to read the IIO occupancy sensor back to back and measure its latency.
     * @return this for a fluent API.
     */
    public RunPlan add(
        final String condition, final Scenario scenario, final Map<String, String> params, final boolean readsSensor)
    {
        final Map<String, String> merged = new LinkedHashMap<>(params);
        merged.putAll(settings.params());
        for (final SchemeEntry entry : settings.schemes())
        {
            runs.add(new PlannedRun(condition, scenario, entry, merged, readsSensor));
        }
        return this;
    }

    /**
     * @return the runs in plan order.
     */
    public List<PlannedRun> runs()
    {
        return List.copyOf(runs);
    }
}
