package org.rhcc.experiments;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.sim.api.Scenario;

/**
 * One planned run of an experiment: a testbed condition, the scheme controlling it, and the parameters overridden
 * for it.
 *
 * @param condition   human label of the condition, e.g. {@code "PFC on, 3x"}.
 * @param scenario    the simulated condition.
 * @param schemeEntry the registry entry of the controlling scheme.
 * @param params      overridden parameters: simulator parameter paths ({@code io.creditsLines}) and scheme
 *                    parameters, in order.
 * @param readsSensor true to have the IIO occupancy sensor read back to back during the run and its read latency
 *                    measured (docs/paper.md §4 B10); reading the sensor does not change the data path.
 */
public record PlannedRun(
    String condition,
    Scenario scenario,
    SchemeEntry schemeEntry,
    Map<String, String> params,
    boolean readsSensor)
{
    /**
     * Validates and freezes the arguments.
     */
    public PlannedRun
    {
        Objects.requireNonNull(condition, "condition");
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(schemeEntry, "schemeEntry");
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /**
     * @return e.g. {@code "dcqcn | PFC on, 3x"}, for progress lines.
     */
    public String label()
    {
        return schemeEntry.name() + " | " + condition;
    }
}
