package org.rhcc.sim;

import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.RunObserver;
import org.rhcc.sim.api.Scenario;

/**
 * Entry point of the simulator: runs one {@link Scenario} against a controller and returns its metrics and time
 * series. Deterministic: the same scenario (seed included), parameters and controller decisions give the same result,
 * bit for bit; no wall clock is read.
 */
public final class Simulation
{
    private Simulation()
    {
    }

    /**
     * Runs a scenario with the calibrated parameters and no intra-host controller (the {@code dcqcn} scheme).
     *
     * @param scenario the run.
     * @return metrics and time series.
     */
    public static SimulationResult run(final Scenario scenario)
    {
        return run(scenario, SimParameters.calibrated(), ControllerHook.NONE, ProgressListener.NONE);
    }

    /**
     * Runs a scenario.
     *
     * @param scenario   the run: testbed condition, durations and seed.
     * @param parameters the model constants, normally {@link SimParameters#calibrated()}.
     * @param controller the controller in the loop, {@link ControllerHook#NONE} for the DCQCN baseline.
     * @param progress   receives the fraction done, at most ~100 times.
     * @return metrics over the measured interval and the time series of the whole run.
     */
    public static SimulationResult run(
        final Scenario scenario,
        final SimParameters parameters,
        final ControllerHook controller,
        final ProgressListener progress)
    {
        return run(scenario, parameters, controller, RunObserver.NONE, progress);
    }

    /**
     * Runs a scenario with observers beside the controller.
     *
     * @param scenario   the run: testbed condition, durations and seed.
     * @param parameters the model constants, normally {@link SimParameters#calibrated()}.
     * @param controller the controller in the loop, {@link ControllerHook#NONE} for the DCQCN baseline.
     * @param observer   what watches the run without acting on it ({@link RunObserver#all} for several),
     *                   {@link RunObserver#NONE} for nothing.
     * @param progress   receives the fraction done, at most ~100 times.
     * @return metrics over the measured interval and the time series of the whole run.
     */
    public static SimulationResult run(
        final Scenario scenario,
        final SimParameters parameters,
        final ControllerHook controller,
        final RunObserver observer,
        final ProgressListener progress)
    {
        if (null == scenario || null == parameters || null == controller || null == observer || null == progress)
        {
            throw new IllegalArgumentException("scenario, parameters, controller, observer and progress must all be " +
                "given (use ControllerHook.NONE, RunObserver.NONE and ProgressListener.NONE for none)");
        }
        return run(RunSpec.of(scenario, parameters), parameters, controller, observer, progress);
    }

    /**
     * Runs a resolved run specification (e.g. a CPU-only calibration run, {@link RunSpec#cpuOnly}).
     *
     * @param spec       the run.
     * @param parameters the model constants.
     * @param controller the controller in the loop, {@link ControllerHook#NONE} for none.
     * @param progress   receives the fraction done, at most ~100 times.
     * @return metrics over the measured interval and the time series of the whole run.
     */
    public static SimulationResult run(
        final RunSpec spec,
        final SimParameters parameters,
        final ControllerHook controller,
        final ProgressListener progress)
    {
        return run(spec, parameters, controller, RunObserver.NONE, progress);
    }

    /**
     * Runs a resolved run specification with observers beside the controller.
     *
     * @param spec       the run.
     * @param parameters the model constants.
     * @param controller the controller in the loop, {@link ControllerHook#NONE} for none.
     * @param observer   what watches the run without acting on it, {@link RunObserver#NONE} for nothing.
     * @param progress   receives the fraction done, at most ~100 times.
     * @return metrics over the measured interval and the time series of the whole run.
     */
    public static SimulationResult run(
        final RunSpec spec,
        final SimParameters parameters,
        final ControllerHook controller,
        final RunObserver observer,
        final ProgressListener progress)
    {
        if (null == spec || null == parameters || null == controller || null == observer || null == progress)
        {
            throw new IllegalArgumentException("spec, parameters, controller, observer and progress must all be " +
                "given (use ControllerHook.NONE, RunObserver.NONE and ProgressListener.NONE for none)");
        }
        if (spec.forcedMbaLevel() > parameters.mba().levelCount())
        {
            throw new IllegalArgumentException("forcedMbaLevel = " + spec.forcedMbaLevel() +
                " exceeds the " + parameters.mba().levelCount() + " MBA levels of the parameters");
        }
        return new SimulationEngine(spec, parameters, controller, observer, progress).run();
    }
}
