package org.rhcc.experiments.scheme;

import java.util.Map;

import org.rhcc.sim.api.ControllerHook;

/**
 * Creates a fresh controller for one simulated run. Called once per run, off the simulation's hot path.
 */
@FunctionalInterface
public interface HookFactory
{
    /**
     * @param params the run's overridden parameters (ordered); a scheme reads the keys it declares in
     *               {@link SchemeEntry#parameterNames()} and ignores the rest (they belong to the simulator).
     * @return a controller that has not been attached to any simulation yet.
     * @throws org.rhcc.experiments.UserInputException if a parameter value is not valid for this scheme.
     */
    ControllerHook create(Map<String, String> params);
}
