package org.rhcc.experiments;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;
import org.rhcc.core.sender.QpWeights;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.ResultJson;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.experiments.scheme.SchemeRegistry;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Scenarios;
import org.rhcc.sim.api.Scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs that repeat an earlier run's inputs are simulated once and copied: in a sweep over rhcc's own parameter the
 * inter-host baseline runs once per scenario, and the result is the one every run simulated gives, byte for byte.
 */
class RepeatedRunsTest
{
    private static final SimParameters BASE = SimParameters.calibrated();

    @Test
    void shouldSimulateTheBaselineOnceInASweepOverRhccsParameterAndWriteTheSameJson()
    {
        final Map.Entry<Experiment, ExperimentSettings> sweep = resolved("ithr-sweep");
        final List<PlannedRun> plan = sweep.getKey().plan(sweep.getValue());
        final RepeatedRuns.Source[] sources = new RepeatedRuns(BASE).plan(plan, sweep.getKey()).sources();

        final List<Integer> simulated = new ArrayList<>();
        int firstBaseline = -1;
        for (int i = 0; i < plan.size(); i++)
        {
            final PlannedRun run = plan.get(i);
            if ("dcqcn".equals(run.schemeEntry().name()))
            {
                firstBaseline = firstBaseline < 0 ? i : firstBaseline;
                assertEquals(i == firstBaseline ? -1 : firstBaseline, null == sources[i] ? -1 : sources[i].index(),
                    run.label());
            }
            else
            {
                assertEquals(null, sources[i], "each cell's rhcc reads its own i_thr: " + run.label());
            }
            if (null == sources[i])
            {
                simulated.add(i);
            }
        }
        assertEquals(8 + 1, simulated.size(), "eight rhcc cells and one dcqcn run: " + simulated);

        final ProgressCounter copying = new ProgressCounter(false);
        final ExperimentResult copied = new ExperimentRunner(BASE, 2, copying).run(sweep.getKey(), sweep.getValue());
        final ProgressCounter watching = new ProgressCounter(true);
        final ExperimentResult everyRun = new ExperimentRunner(BASE, 2, watching)
            .run(sweep.getKey(), sweep.getValue());

        assertEquals(Set.copyOf(simulated), copying.simulated.keySet(), "only the first of equal runs is simulated");
        assertEquals(plan.size(), copying.finished.size(), "a copied run is reported finished too");
        assertEquals(plan.size(), watching.simulated.size(), "a live view of every run's telemetry gets every run");
        assertEquals(ResultJson.toJson(everyRun), ResultJson.toJson(copied));
        for (int i = 0; i < plan.size(); i++)
        {
            final RunRecord record = copied.runs().get(i);
            assertEquals(plan.get(i).condition(), record.condition());
            assertEquals(plan.get(i).params(), record.params(), "a copy keeps its own cell's parameters");
        }
    }

    @Test
    void shouldTakeTheRecordOfARunAnEarlierExperimentOfTheSameRunnerSimulated()
    {
        // one command's experiments: their schemes come from one registry, as with 'rhcc experiment all'
        final Map<String, Map.Entry<Experiment, ExperimentSettings>> all = new HashMap<>();
        new ExperimentRequest("all", 5L, 0.1, 0.2, List.of("dcqcn", "rhcc"), Map.of()).resolve(BASE).entrySet()
            .forEach((entry) -> all.put(entry.getKey().name(), entry));
        final Map.Entry<Experiment, ExperimentSettings> iThr = all.get("ithr-sweep");
        final Map.Entry<Experiment, ExperimentSettings> dThr = all.get("dthr-sweep");
        final ProgressCounter copying = new ProgressCounter(false);
        final ExperimentRunner runner = new ExperimentRunner(BASE, 2, copying);
        runner.run(iThr.getKey(), iThr.getValue());
        copying.simulated.clear();
        final ExperimentResult copied = runner.run(dThr.getKey(), dThr.getValue());
        final ExperimentResult everyRun = new ExperimentRunner(BASE, 2, new ProgressCounter(true))
            .run(dThr.getKey(), dThr.getValue());

        final List<PlannedRun> plan = dThr.getKey().plan(dThr.getValue());
        for (int i = 0; i < plan.size(); i++)
        {
            // the baseline, and rhcc at the paper's D_thr: ithr-sweep simulated it at the paper's I_thr
            final PlannedRun run = plan.get(i);
            final boolean repeated = "dcqcn".equals(run.schemeEntry().name()) ||
                "200".equals(run.params().get("d_thr_ns"));
            assertEquals(!repeated, copying.simulated.containsKey(i), "simulated by ithr-sweep: " + run.label());
        }
        assertEquals(ResultJson.toJson(everyRun), ResultJson.toJson(copied));
    }

    @Test
    void shouldTellRunsApartByEveryInputTheyRead()
    {
        final SchemeEntry dcqcn = SchemeRegistry.builtIn().find("dcqcn");
        final SchemeEntry rhcc = SchemeRegistry.builtIn().find("rhcc");
        final Scenario scenario = Scenarios.congestion(3, true, 1L);
        final PlannedRun plain = new PlannedRun("3x", scenario, dcqcn, Map.of("i_thr", "30"), false);
        final Experiment congestion = resolved("congestion").getKey();
        final Experiment ablation = resolved("ablation").getKey();

        assertEquals(inputs(plain, congestion),
            inputs(new PlannedRun("3x, other cell", scenario, dcqcn, Map.of("i_thr", "80"), false), congestion),
            "dcqcn does not read i_thr");
        assertTrue(inputs(plain, congestion).params().isEmpty());
        assertNotEquals(inputs(plain, congestion),
            inputs(new PlannedRun("3x", scenario, rhcc, Map.of("i_thr", "30"), false), congestion));
        assertNotEquals(inputs(new PlannedRun("3x", scenario, rhcc, Map.of("i_thr", "30"), false), congestion),
            inputs(new PlannedRun("3x", scenario, rhcc, Map.of("i_thr", "35"), false), congestion));
        assertEquals(inputs(new PlannedRun("3x", scenario, rhcc, Map.of(), false), congestion),
            inputs(new PlannedRun("3x, I_thr 45", scenario, rhcc, Map.of("i_thr", "45.0", "d_thr_ns", "200"), false),
                congestion), "the paper's thresholds set and left out are the same controllers");
        assertNotEquals(inputs(plain, congestion), inputs(new PlannedRun("3x", scenario, dcqcn,
            Map.of("i_thr", "30", "rnic.probeRecordSlots", "120"), false), congestion), "a simulator override");
        assertNotEquals(inputs(plain, congestion), inputs(new PlannedRun("3x", scenario, dcqcn,
            Map.of(QpWeights.KEY, "1,2,4,8"), false), congestion), "the runner measures weighted shares for all");
        assertNotEquals(inputs(plain, congestion), inputs(new PlannedRun("3x", Scenarios.congestion(3, true, 2L),
            dcqcn, Map.of(), false), congestion), "another seed");
        assertNotEquals(inputs(plain, congestion),
            inputs(new PlannedRun("3x", scenario, dcqcn, Map.of(), true), congestion), "reads the sensor");
        assertNotEquals(inputs(plain, congestion), inputs(plain, ablation), "ablation keeps the time series");
    }

    private static RepeatedRuns.Inputs inputs(final PlannedRun run, final Experiment experiment)
    {
        return RepeatedRuns.inputs(run, experiment, BASE);
    }

    private static Map.Entry<Experiment, ExperimentSettings> resolved(final String name)
    {
        return new ExperimentRequest(name, 5L, 0.1, 0.2, List.of("dcqcn", "rhcc"), Map.of()).resolve(BASE)
            .entrySet().iterator().next();
    }

    /**
     * Counts the runs whose simulation reported progress, and the runs reported finished.
     */
    private static final class ProgressCounter implements RunListener
    {
        private final boolean wantsTelemetry;
        private final Map<Integer, Boolean> simulated = new ConcurrentHashMap<>();
        private final Map<Integer, Boolean> finished = new ConcurrentHashMap<>();

        ProgressCounter(final boolean wantsTelemetry)
        {
            this.wantsTelemetry = wantsTelemetry;
        }

        @Override
        public void onRunProgress(final int index, final double fractionDone)
        {
            simulated.put(index, Boolean.TRUE);
        }

        @Override
        public boolean wantsTelemetry()
        {
            return wantsTelemetry;
        }

        @Override
        public void onRunFinished(final int index, final PlannedRun run, final double rnicGbps)
        {
            finished.put(index, Boolean.TRUE);
        }
    }
}
