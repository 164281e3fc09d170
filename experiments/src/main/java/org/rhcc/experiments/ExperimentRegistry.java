package org.rhcc.experiments;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rhcc.experiments.baseline.CongestionExperiment;
import org.rhcc.experiments.baseline.DelayMapExperiment;
import org.rhcc.experiments.baseline.MbaLevelsExperiment;
import org.rhcc.experiments.baseline.MsgQpExperiment;
import org.rhcc.experiments.baseline.NumaExperiment;
import org.rhcc.experiments.baseline.PcieExperiment;
import org.rhcc.experiments.baseline.SignalsExperiment;
import org.rhcc.experiments.evaluation.AblationExperiment;
import org.rhcc.experiments.evaluation.CascadeTimingExperiment;
import org.rhcc.experiments.evaluation.HpccReferenceExperiment;
import org.rhcc.experiments.evaluation.IncastExperiment;
import org.rhcc.experiments.evaluation.MemoryExperiment;
import org.rhcc.experiments.evaluation.ProtectedCpuExperiment;
import org.rhcc.experiments.evaluation.ParameterSweep;
import org.rhcc.experiments.tune.ThresholdSweepExperiment;
import org.rhcc.experiments.evaluation.QpScaleExperiment;
import org.rhcc.experiments.evaluation.SettlingExperiment;
import org.rhcc.experiments.evaluation.WeightedExperiment;

/**
 * The experiments {@code rhcc experiment NAME} knows, in the order {@code all} runs them.
 * <p>
 * A new experiment (for example {@code memory}, {@code incast}, {@code ithr-sweep}, {@code dthr-sweep},
 * {@code ablation}, {@code qp-scale}) is one class implementing {@link Experiment} and one {@link #register} call in
 * {@link #builtIn()}; no existing experiment changes.
 */
public final class ExperimentRegistry
{
    /** The name that selects every experiment. */
    public static final String ALL = "all";

    private final Map<String, Experiment> experimentsByName = new LinkedHashMap<>();

    /**
     * @return the registry of every experiment shipped with rhcc.
     */
    public static ExperimentRegistry builtIn()
    {
        return new ExperimentRegistry()
            .register(new SignalsExperiment())
            .register(new CongestionExperiment())
            .register(new MsgQpExperiment())
            .register(new NumaExperiment())
            .register(new MbaLevelsExperiment())
            .register(new DelayMapExperiment())
            .register(new PcieExperiment())
            .register(new MemoryExperiment())
            .register(new IncastExperiment())
            .register(ParameterSweep.iThr())
            .register(ParameterSweep.dThr())
            .register(new ThresholdSweepExperiment())
            .register(new AblationExperiment())
            .register(new QpScaleExperiment())
            .register(new CascadeTimingExperiment())
            .register(new SettlingExperiment())
            .register(new HpccReferenceExperiment())
            .register(new ProtectedCpuExperiment())
            .register(new WeightedExperiment());
    }

    /**
     * @param experiment to add.
     * @return this for a fluent API.
     * @throws IllegalArgumentException if the name is taken or is {@value #ALL}.
     */
    public ExperimentRegistry register(final Experiment experiment)
    {
        if (ALL.equals(experiment.name()) || null != experimentsByName.putIfAbsent(experiment.name(), experiment))
        {
            throw new IllegalArgumentException("experiment name '" + experiment.name() + "' is taken");
        }
        return this;
    }

    /**
     * @param name an experiment name or {@value #ALL}.
     * @return the experiments it selects, in registry order.
     * @throws UserInputException listing the known names if there is no such experiment.
     */
    public List<Experiment> resolve(final String name)
    {
        if (ALL.equals(name))
        {
            return new ArrayList<>(experimentsByName.values());
        }
        final Experiment experiment = experimentsByName.get(name);
        if (null == experiment)
        {
            throw new UserInputException("unknown experiment '" + name + "'; known experiments: " +
                String.join(", ", experimentsByName.keySet()) + ", " + ALL);
        }
        return List.of(experiment);
    }

    /**
     * @param name an experiment name.
     * @return the experiment, or null if there is none of that name.
     */
    public Experiment find(final String name)
    {
        return experimentsByName.get(name);
    }

    /**
     * @return every experiment in registry order.
     */
    public Collection<Experiment> all()
    {
        return Collections.unmodifiableCollection(experimentsByName.values());
    }
}
