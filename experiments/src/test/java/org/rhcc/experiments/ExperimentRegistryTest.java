package org.rhcc.experiments;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.baseline.DelayMapExperiment;
import org.rhcc.experiments.scheme.HookFactory;
import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.experiments.scheme.SchemeRegistry;
import org.rhcc.experiments.tune.ThresholdSweepExperiment;
import org.rhcc.sim.DelayMap;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExperimentRegistryTest
{
    private static final ExperimentRegistry REGISTRY = ExperimentRegistry.builtIn();
    private static final ExperimentSettings SETTINGS = new ExperimentSettings(
        42L, 1_000_000L, 500_000L, List.of(SchemeRegistry.builtIn().find(SchemeRegistry.DCQCN)), Map.of());

    @Test
    void shouldResolveAllInRegistryOrder()
    {
        assertEquals(List.of("signals", "congestion", "msg-qp", "numa", "mba-levels", "delay-map", "pcie", "memory",
            "incast",
            "ithr-sweep", "dthr-sweep", "threshold-sweep", "ablation", "qp-scale", "cascade-timing", "settling",
            "hpcc-reference",
            "protected-cpu", "weighted"),
            REGISTRY.resolve(ExperimentRegistry.ALL).stream().map(Experiment::name).toList());
        assertEquals("numa", REGISTRY.resolve("numa").get(0).name());
    }

    @Test
    void shouldListKnownNamesForAnUnknownExperiment()
    {
        final UserInputException ex = assertThrows(UserInputException.class, () -> REGISTRY.resolve("outcast"));

        assertEquals("unknown experiment 'outcast'; known experiments: signals, congestion, msg-qp, numa, " +
            "mba-levels, delay-map, pcie, memory, incast, ithr-sweep, dthr-sweep, threshold-sweep, ablation, qp-scale, " +
            "cascade-timing, settling, hpcc-reference, protected-cpu, weighted, all", ex.getMessage());
    }

    @Test
    void shouldRefuseDuplicateNames()
    {
        assertThrows(IllegalArgumentException.class,
            () -> ExperimentRegistry.builtIn().register(REGISTRY.find("pcie")));
    }

    @Test
    void shouldPlanEachBaselineExperimentWithTheSettingsApplied()
    {
        final Map<String, Integer> expectedRuns =
            Map.ofEntries(Map.entry("signals", 4), Map.entry("congestion", 8), Map.entry("msg-qp", 20),
                Map.entry("numa", 9), Map.entry("mba-levels", 6), Map.entry("delay-map", 100), Map.entry("pcie", 4),
                Map.entry("memory", 2), Map.entry("incast", 8), Map.entry("ithr-sweep", 8), Map.entry("dthr-sweep", 6),
                Map.entry("threshold-sweep", 47),
                Map.entry("ablation", 1), Map.entry("qp-scale", 21), Map.entry("cascade-timing", 15),
                Map.entry("settling", 1), Map.entry("hpcc-reference", 2),
                Map.entry("protected-cpu", 4), Map.entry("weighted", 3));
        for (final Experiment experiment : REGISTRY.all())
        {
            final List<PlannedRun> runs = experiment.plan(SETTINGS);
            assertEquals(expectedRuns.get(experiment.name()), runs.size(), experiment.name());
            final Set<String> conditions = new HashSet<>();
            for (final PlannedRun run : runs)
            {
                assertEquals(42L, run.scenario().seed());
                assertEquals(expectedDurationNs(experiment, run), run.scenario().durationNs(), run.label());
                assertEquals(500_000L, run.scenario().warmupNs());
                assertEquals(SchemeRegistry.DCQCN, run.schemeEntry().name());
                assertTrue(conditions.add(run.condition()), "duplicate condition " + run.condition());
            }
            assertFalse(experiment.charts().isEmpty(), experiment.name());
            assertFalse(experiment.tableColumns().isEmpty(), experiment.name());
        }
    }

    @Test
    void shouldSweepTheConditionsOfThePaper()
    {
        final List<PlannedRun> congestion = REGISTRY.find("congestion").plan(SETTINGS);
        assertTrue(congestion.get(3).scenario().pfc());
        assertEquals(3, congestion.get(3).scenario().congestion());
        assertFalse(congestion.get(4).scenario().pfc());
        assertEquals(0, congestion.get(4).scenario().congestion());

        final List<PlannedRun> msgQp = REGISTRY.find("msg-qp").plan(SETTINGS);
        assertTrue(msgQp.stream().allMatch((run) -> run.scenario().congestion() == 3));
        assertEquals(1 << 20, msgQp.get(19).scenario().messageBytes());
        assertEquals(8, msgQp.get(19).scenario().qpsPerSender());

        final List<PlannedRun> numa = REGISTRY.find("numa").plan(SETTINGS);
        assertEquals(CpuTraffic.HYBRID, numa.get(8).scenario().cpuTraffic());

        final List<PlannedRun> mba = REGISTRY.find("mba-levels").plan(SETTINGS);
        assertEquals(0, mba.get(0).scenario().forcedMbaLevel());
        assertEquals(0, mba.get(0).scenario().congestion());
        assertEquals(5, mba.get(5).scenario().forcedMbaLevel());

        final List<PlannedRun> pcie = REGISTRY.find("pcie").plan(SETTINGS);
        assertEquals(0.0, pcie.get(0).scenario().tcpOfferedGbps());
        assertEquals(95.0, pcie.get(3).scenario().tcpOfferedGbps());
        assertEquals(0, pcie.get(3).scenario().congestion());

        assertTrue(REGISTRY.find("signals").plan(SETTINGS).stream().allMatch(PlannedRun::readsSensor));
    }

    @Test
    void shouldRunEveryConditionWithEverySchemeConditionMajorWithOverrides()
    {
        final HookFactory none = (params) -> ControllerHook.NONE;
        final SchemeRegistry schemes = SchemeRegistry.builtIn()
            .register(new SchemeEntry("test-a", "a test scheme", List.of("gain"), none));
        final ExperimentSettings settings = new ExperimentSettings(1L, 1_000_000L, 0L,
            schemes.parse(List.of("dcqcn,test-a")), Map.of("io.creditsLines", "92", "gain", "2"));

        final List<PlannedRun> runs = REGISTRY.find("signals").plan(settings);

        assertEquals(8, runs.size());
        assertEquals("dcqcn | 0x", runs.get(0).label());
        assertEquals("test-a | 0x", runs.get(1).label());
        assertEquals("dcqcn | 1x", runs.get(2).label());
        assertEquals(Map.of("io.creditsLines", "92", "gain", "2"), runs.get(1).params());
    }

    @Test
    void shouldRunEachCcAloneUnderRhccAndUnderRhccGatedInEveryExperimentThatRunsRhcc()
    {
        // what rhcc report --never-worse pairs: rhcc and rhcc-gated over each CC with that CC alone
        final List<String> schemes = List.of("dcqcn", "rhcc", "rhcc-gated", "hpcc", "rhcc+hpcc", "rhcc-gated+hpcc",
            "swift", "rhcc+swift", "rhcc-gated+swift");
        int experimentsWithRhcc = 0;
        for (final Experiment experiment : REGISTRY.all())
        {
            // threshold-sweep judges rhcc's own thresholds against each other and a 0x reference, not against a CC
            if (experiment.defaultSchemes().contains("rhcc") && !ThresholdSweepExperiment.NAME.equals(experiment.name()))
            {
                experimentsWithRhcc++;
                assertTrue(experiment.defaultSchemes().containsAll(schemes),
                    experiment.name() + " runs " + experiment.defaultSchemes());
            }
        }
        assertEquals(13, experimentsWithRhcc, "every experiment but signals, msg-qp and mba-levels (dcqcn's " +
            "baselines) and hpcc-reference (HPCC's own reference)");
    }

    /**
     * The settings' measured time; the delay map measures its runs below 20 Gbit/s longer, in proportion, so that
     * each answers about as many probes ({@link DelayMap#durationNs}).
     */
    private static long expectedDurationNs(final Experiment experiment, final PlannedRun run)
    {
        if (!DelayMapExperiment.NAME.equals(experiment.name()))
        {
            return 1_000_000L;
        }
        final double perQpGbps = Double.parseDouble(run.params().get(DelayMap.RATE_LIMIT_PARAMETER));
        return DelayMap.durationNs(DelayMap.heldGbps(perQpGbps, run.scenario().qpsPerSender()), 1_000_000L);
    }

    @Test
    void shouldSweepTheCascadeTimingAndSettleEverySchemeAt3x()
    {
        final Experiment cascade = REGISTRY.find("cascade-timing");
        final List<PlannedRun> runs = cascade.plan(SETTINGS);

        assertEquals(List.of("rhcc", "cpu-only", "rhcc-gated", "dcqcn", "hpcc", "rhcc+hpcc", "rhcc-gated+hpcc",
            "swift", "rhcc+swift", "rhcc-gated+swift"), cascade.defaultSchemes());
        assertTrue(cascade.summary().contains("the paper says only 'periodically'"), cascade.summary());
        assertEquals(15, runs.size());
        assertEquals(Map.of("step_down_us", "1", "step_up_us", "100"), runs.get(0).params());
        assertEquals(Map.of("step_down_us", "100", "step_up_us", "300"), runs.get(14).params());
        assertTrue(runs.stream().allMatch((run) -> run.scenario().pfc() && run.scenario().congestion() == 3));
        final Set<String> timings = new HashSet<>();
        runs.forEach((run) -> timings.add(run.params().get("step_down_us") + "/" + run.params().get("step_up_us")));
        assertEquals(15, timings.size());
        assertTrue(timings.contains("20/150"), "the defaults are among the timings");

        final Experiment settling = REGISTRY.find("settling");
        assertEquals(SchemeRegistry.builtIn().all().stream().map(SchemeEntry::name).toList(),
            settling.defaultSchemes());
        assertTrue(settling.runLength().durationMs() >= 200.0);
        assertTrue(settling.keepsTimeSeries());
        final PlannedRun long3x = settling.plan(SETTINGS).get(0);
        assertTrue(long3x.scenario().pfc());
        assertEquals(3, long3x.scenario().congestion());
    }
}
