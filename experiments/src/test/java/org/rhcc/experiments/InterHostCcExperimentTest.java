package org.rhcc.experiments;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.evaluation.HpccReferenceExperiment;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.sim.SimParameters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HPCC and Swift through the experiment harness: rhcc's gain over each at 3x intra-host congestion, and the HPCC
 * reference incast's per-flow trace.
 */
class InterHostCcExperimentTest
{
    private static final SimParameters BASE = SimParameters.calibrated();

    private static List<RunRecord> run(final String experiment, final String condition, final List<String> schemes,
        final double warmupMs, final double durationMs)
    {
        final ExperimentRequest request =
            new ExperimentRequest(experiment, 1L, warmupMs, durationMs, schemes, Map.of());
        final Map.Entry<Experiment, ExperimentSettings> resolved = request.resolve(BASE).entrySet().iterator().next();
        final ExperimentRunner runner = new ExperimentRunner(BASE, 1, RunListener.NONE);
        final List<PlannedRun> plan = resolved.getKey().plan(resolved.getValue()).stream()
            .filter((run) -> run.condition().equals(condition)).toList();
        return plan.stream().map((run) -> runner.execute(0, run, resolved.getKey())).toList();
    }

    @Test
    void rhccShouldRaiseGoodputUnderHpccAndSwiftAtThreeTimesCongestion()
    {
        final List<RunRecord> runs = run("congestion", "PFC on, 3x",
            List.of("hpcc", "rhcc+hpcc", "swift", "rhcc+swift"), 5.0, 5.0);

        assertEquals(List.of("hpcc", "rhcc+hpcc", "swift", "rhcc+swift"),
            runs.stream().map(RunRecord::scheme).toList());
        final double hpcc = runs.get(0).value(Metric.RNIC_GBPS);
        final double rhccHpcc = runs.get(1).value(Metric.RNIC_GBPS);
        final double swift = runs.get(2).value(Metric.RNIC_GBPS);
        final double rhccSwift = runs.get(3).value(Metric.RNIC_GBPS);
        assertTrue(rhccHpcc > 1.5 * hpcc, "rhcc+hpcc " + rhccHpcc + " vs hpcc " + hpcc + " Gbit/s");
        assertTrue(rhccSwift > 1.5 * swift, "rhcc+swift " + rhccSwift + " vs swift " + swift + " Gbit/s");
        assertTrue(runs.get(1).value(Metric.PROBE_ACKS) > 0, "RHCC's sender loop ran under HPCC");
    }

    @Test
    void hpccReferenceShouldTraceEachFlowAndTheQueue()
    {
        final List<RunRecord> runs = run(HpccReferenceExperiment.NAME, "2-to-1, paper parameters",
            List.of("hpcc"), 0.0, 0.3);

        assertEquals(1, runs.size());
        final RunRecord run = runs.get(0);
        final double[] t = run.seriesValues("trace_t_ms");
        final double[] queue = run.seriesValues("switch_queue_kb");
        final double[] rate0 = run.seriesValues("qp0_rate_gbps");
        final double[] rate1 = run.seriesValues("qp1_rate_gbps");
        assertEquals(300, t.length, "one sample per 1 us window");
        assertEquals(t.length, queue.length);
        assertEquals(100.0, rate0[0], 1e-9, "both flows start at line rate");
        assertEquals(100.0, rate1[0], 1e-9);
        double peak = 0.0;
        for (final double q : queue)
        {
            peak = Math.max(peak, q);
        }
        // 1 BDP at the reference topology's T (about 4.2 us at 100 Gbit/s) builds before the first INT feedback
        assertTrue(peak > 40.0, "peak queue " + peak + " KB");
        assertTrue(queue[queue.length - 1] < 20.0, "queue drained to " + queue[queue.length - 1] + " KB");
        assertEquals(50.0, rate0[rate0.length - 1], 10.0, "flow 0 near B / 2 after 300 us");
        assertEquals(50.0, rate1[rate1.length - 1], 10.0, "flow 1 near B / 2 after 300 us");
        final double[] sent0 = run.seriesValues("qp0_sent_gbps");
        double bits = 0.0;
        for (int i = 100; i < 300; i++)
        {
            bits += sent0[i] + run.seriesValues("qp1_sent_gbps")[i];
        }
        // what the two flows put on the wire from 100 to 300 us: the bottleneck, less HPCC's 5 % headroom at most
        assertEquals(97.0, bits / 200, 5.0, "sent Gbit/s");
    }
}
