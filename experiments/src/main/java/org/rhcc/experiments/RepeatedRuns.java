package org.rhcc.experiments;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.sender.QpWeights;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.api.RunObserver;
import org.rhcc.sim.api.Scenario;

/**
 * Finds the runs that repeat the inputs of a run simulated before, in the same experiment or an earlier one of the
 * same runner, so that each is simulated once and its record copied. A sweep over one of rhcc's own parameters plans
 * the inter-host baselines (dcqcn, hpcc, swift) in every cell beside rhcc, with the cell's parameters recorded but
 * read by nobody, and {@code experiment all} runs the same 3x baseline in several experiments; a simulation is
 * deterministic for its inputs, so those runs end alike to the last bit.
 * <p>
 * Two runs have the same inputs when they run the same scheme entry (its factory included) on the same scenario (its
 * seed and durations included), both read the sensor or neither, their experiments keep the same time series
 * (whether, and at which stride), neither experiment observes the run with an observer of its own, and they agree on
 * every parameter that the run reads: the simulator's overrides, the scheme's declared parameters
 * ({@link SchemeEntry#parameterNames()}, all its factory may read: {@link org.rhcc.experiments.scheme.HookFactory}),
 * and the QP weights whose goodput shares the runner measures for any scheme. The controllers' parameters are compared
 * as the configuration they resolve to ({@link ControllerConfig}), so that {@code i_thr=45}, the paper's value, and no
 * {@code i_thr} at all are the same input. A copy is recorded with its own condition and parameters, as planned.
 */
final class RepeatedRuns
{
    private final SimParameters base;
    private final Map<Inputs, Source> simulated = new ConcurrentHashMap<>();

    /**
     * @param base the simulator parameters the runs start from, to tell the simulator's overrides apart.
     */
    RepeatedRuns(final SimParameters base)
    {
        this.base = base;
    }

    /**
     * @param plan       an experiment's runs in plan order.
     * @param experiment the experiment.
     * @return what each run depends on, and the run it repeats (simulated earlier by this runner, or earlier in this
     *         plan), if any.
     */
    Planned plan(final List<PlannedRun> plan, final Experiment experiment)
    {
        final Planned planned = Planned.none(experiment.name(), plan.size());
        final Map<Inputs, Integer> inPlan = new HashMap<>();
        for (int i = 0; i < plan.size(); i++)
        {
            final Inputs inputs = inputs(plan.get(i), experiment, base);
            if (null == inputs)
            {
                continue;
            }
            planned.inputs()[i] = inputs;
            final Source before = simulated.get(inputs);
            final Integer earlier = inPlan.putIfAbsent(inputs, i);
            planned.sources()[i] = null != before ? before : null == earlier ? null :
                new Source(experiment.name(), earlier, plan.size(), null);
        }
        return planned;
    }

    /**
     * Remembers a run this runner simulated, for the experiments after this one.
     *
     * @param planned its experiment's runs, as {@link #plan} found them.
     * @param index   its position in the plan.
     * @param record  its record.
     */
    void simulated(final Planned planned, final int index, final RunRecord record)
    {
        final Inputs inputs = planned.inputs()[index];
        if (null != inputs)
        {
            simulated.putIfAbsent(inputs, new Source(planned.experiment(), index, planned.inputs().length, record));
        }
    }

    /**
     * @return what the record of {@code run} depends on, or null if its experiment observes it with an observer of its
     *         own (whose findings a copy would not have).
     */
    static Inputs inputs(final PlannedRun run, final Experiment experiment, final SimParameters base)
    {
        if (RunObserver.NONE != experiment.observer(run))
        {
            return null;
        }
        final ControllerConfig controller;
        try
        {
            controller = controllerOf(run.schemeEntry().intraHost(), run.params(), base);
        }
        catch (final IllegalArgumentException ex)
        {
            return null; // a bad value: the run itself reports it
        }
        final Map<String, String> read = new TreeMap<>();
        run.params().forEach((key, value) ->
        {
            final boolean resolved = null != controller && ControllerConfig.isKey(key);
            if ((run.schemeEntry().parameterNames().contains(key) && !resolved) || QpWeights.KEY.equals(key) ||
                ParameterOverrides.isLeafPath(base, key))
            {
                read.put(key, value);
            }
        });
        return new Inputs(run.schemeEntry(), run.scenario(), run.readsSensor(),
            experiment.keepsTimeSeries() ? experiment.timeSeriesStride() : 0, controller, read);
    }

    /**
     * @return the configuration the controllers of an intra-host scheme run with (the hook builds them from it
     *         alone), so that a parameter set to its default value and one left out read alike; null for a scheme
     *         without controllers.
     */
    private static ControllerConfig controllerOf(final Scheme intraHost, final Map<String, String> params,
        final SimParameters base)
    {
        return null == intraHost || Scheme.DCQCN == intraHost ? null :
            ControllerConfig.of(intraHost, base.network().lineRateGbps(), params);
    }

    /**
     * An experiment's runs as a runner finds them.
     *
     * @param experiment the experiment's name.
     * @param inputs     what each run depends on; null for a run never copied nor copied from.
     * @param sources    for each run, the run whose record it takes; null to simulate it.
     */
    record Planned(String experiment, Inputs[] inputs, Source[] sources)
    {
        /**
         * @return a plan of {@code runs} runs, each to simulate and none remembered.
         */
        static Planned none(final String experiment, final int runs)
        {
            return new Planned(experiment, new Inputs[runs], new Source[runs]);
        }
    }

    /**
     * What a run's record depends on.
     *
     * @param scheme       the scheme entry (its factory included).
     * @param scenario     the scenario, seed and durations included.
     * @param readsSensor  whether the run reads the IIO sensor.
     * @param seriesStride the stride of the time series its experiment keeps, 0 if it keeps none.
     * @param controller   the controllers' configuration with the run's overrides, null for a scheme without them.
     * @param params       the other parameters the run reads, sorted by key.
     */
    record Inputs(SchemeEntry scheme, Scenario scenario, boolean readsSensor, int seriesStride,
        ControllerConfig controller, Map<String, String> params)
    {
    }

    /**
     * The run a repeating run takes its record from.
     *
     * @param experiment the experiment it belongs to.
     * @param index      its position in that experiment's plan.
     * @param runs       that plan's size.
     * @param record     its record if it was simulated before this experiment, null if it is this plan's own.
     */
    record Source(String experiment, int index, int runs, RunRecord record)
    {
        /**
         * @return the run as a progress line names it: {@code [5/40]}, with the experiment's name if it is another.
         */
        String label(final String current)
        {
            return (experiment.equals(current) && null == record ? "" : experiment + " ") + "[" + (index + 1) + "/" +
                runs + "]";
        }
    }
}
