package org.rhcc.sim.api;

import java.util.Map;

/**
 * What a {@link ControllerHook} that can be interrupted (a controller in the cluster whose node may die and be taken
 * over by a standby) reports about its run. The experiment harness adds it to the run's metrics, so that the run's
 * JSON records the gap. A run without interruption reports nothing, and its JSON is that of an in-process run.
 */
public interface InterruptionReport
{
    /**
     * @return metrics of the run's interruptions by snake_case name (unit in the name); empty if there were none.
     */
    Map<String, Number> interruptionMetrics();
}
