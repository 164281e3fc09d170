package org.rhcc.experiments;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.evaluation.ProtectedCpuExperiment;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.ResultJson;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.sim.SimParameters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A short {@code protected-cpu}: its structure, and the floor holding in the run's MBA level shares.
 */
class ProtectedCpuExperimentTest
{
    private static final SimParameters BASE = SimParameters.calibrated();

    private static ExperimentResult run(final Map<String, String> params)
    {
        final ExperimentRequest request = new ExperimentRequest(ProtectedCpuExperiment.NAME, 3L, 1.0, 1.0,
            List.of("dcqcn", "rhcc"), params);
        final Map.Entry<Experiment, ExperimentSettings> resolved = request.resolve(BASE).entrySet().iterator().next();
        return new ExperimentRunner(BASE, 2, RunListener.NONE).run(resolved.getKey(), resolved.getValue());
    }

    @Test
    void shouldReportTheServiceAndHoldEveryFloorUnderSustainedThrottling()
    {
        // i_thr = 1: the IIO always looks congested, so the cascade throttles every group as far as it may and the
        // protected group sits at its floor; without it the 1 ms run would not reach the protected group at all.
        final ExperimentResult result = run(Map.of("i_thr", "1"));

        assertEquals(8, result.runs().size());
        assertEquals(List.of("no protection (local group)", "own group, floor 5", "own group, floor 2",
            "own group, floor 1"), result.runs().stream().map(RunRecord::condition).distinct().toList());
        for (final RunRecord run : result.runs())
        {
            final String name = run.scheme() + " | " + run.condition();
            assertTrue(run.value(Metric.PROTECTED_MEM_GBPS) > 0.0, name);
            assertTrue(run.value(Metric.PROTECTED_READ_LATENCY_NS) > 0.0, name);
            assertTrue(run.value(Metric.CPU_MEM_GBPS) > run.value(Metric.PROTECTED_MEM_GBPS), name);
            assertTrue(run.value(Metric.RNIC_GBPS) > 0.0, name);
            assertTrue(run.stationarity().metrics().containsKey(Metric.PROTECTED_MEM_GBPS.jsonName()), name);
            if ("rhcc".equals(run.scheme()) && run.condition().startsWith("own group"))
            {
                final int floor = Integer.parseInt(run.params().get("protected_floor_level"));
                assertEquals(floor, ProtectedCpuExperiment.maxProtectedLevel(run), name);
                for (int level = floor + 1; level <= 5; level++)
                {
                    assertFalse(run.mbaLevelShare("protected", level) > 0.0, name + " level " + level);
                }
            }
            if ("rhcc".equals(run.scheme()) && !run.condition().startsWith("own group"))
            {
                assertTrue(Double.isNaN(run.mbaLevelShare("protected", 1)), "two MBA groups: " + name);
                assertTrue(run.mbaLevelShare("local", 5) > 0.5, name);
            }
        }
        final RunRecord floorOne = Outcomes.find(result, "rhcc", "own group, floor 1");
        final RunRecord inLocal = Outcomes.find(result, "rhcc", "no protection (local group)");
        assertTrue(floorOne.value(Metric.PROTECTED_MEM_GBPS) > inLocal.value(Metric.PROTECTED_MEM_GBPS),
            "floor 1 keeps the service's bandwidth: " + floorOne.value(Metric.PROTECTED_MEM_GBPS) + " vs " +
            inLocal.value(Metric.PROTECTED_MEM_GBPS) + " Gbit/s in the local group");
        assertTrue(floorOne.value(Metric.PROTECTED_READ_LATENCY_NS) < inLocal.value(Metric.PROTECTED_READ_LATENCY_NS));

        final String json = ResultJson.toJson(result);
        assertTrue(json.contains("\"protected_read_latency_ns\""));
        assertTrue(json.contains("\"mba_protected_level_1_share\""));
        assertFalse(new ProtectedCpuExperiment().compare(result).isEmpty());
    }

    /**
     * Finds runs by scheme and condition.
     */
    private static final class Outcomes
    {
        static RunRecord find(final ExperimentResult result, final String scheme, final String condition)
        {
            return result.first((run) -> scheme.equals(run.scheme()) && condition.equals(run.condition()));
        }
    }
}
