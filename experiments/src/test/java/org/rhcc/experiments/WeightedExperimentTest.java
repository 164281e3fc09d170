package org.rhcc.experiments;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.evaluation.WeightedExperiment;
import org.rhcc.experiments.report.ChartData;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.QpMetric;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.sim.SimParameters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A short {@code weighted} run: every QP's goodput, share, ideal share and the deviation are recorded, and with the
 * sender loop holding the rates (rnic-only at 3x) the shares come out in the order of the weights 1:2:4:8.
 */
class WeightedExperimentTest
{
    private static final SimParameters BASE = SimParameters.calibrated();
    private static final String CONDITION = "3x, weights 1:2:4:8";

    @Test
    void shouldRecordSharesAndOrderThemByWeight()
    {
        final ExperimentRequest request = new ExperimentRequest(WeightedExperiment.NAME, 1L, 20.0, 5.0,
            List.of("rnic-only", "dcqcn"), Map.of());
        final Map.Entry<Experiment, ExperimentSettings> resolved = request.resolve(BASE).entrySet().iterator().next();
        final ExperimentRunner runner = new ExperimentRunner(BASE, 1, RunListener.NONE);
        final List<PlannedRun> plan = resolved.getKey().plan(resolved.getValue()).stream()
            .filter((run) -> run.condition().equals(CONDITION)).toList();
        assertEquals(2, plan.size());
        final List<RunRecord> runs = plan.stream().map((run) -> runner.execute(0, run, resolved.getKey())).toList();

        for (final RunRecord run : runs)
        {
            assertEquals("1,2,4,8", run.params().get("qp_weights"));
            assertEquals(4, run.senders() * run.qps());
            double shares = 0.0;
            double goodputGbps = 0.0;
            double maxDeviation = 0.0;
            for (int qp = 0; qp < 4; qp++)
            {
                final int weight = 1 << qp;
                assertEquals(weight, run.value(QpMetric.WEIGHT, qp), 0.0);
                assertEquals(weight / 15.0, run.value(QpMetric.IDEAL_SHARE, qp), 1e-12);
                final double share = run.value(QpMetric.SHARE, qp);
                assertTrue(share > 0.0 && share < 1.0, run.scheme() + " QP " + qp + " share " + share);
                shares += share;
                goodputGbps += run.value(QpMetric.GOODPUT_GBPS, qp);
                maxDeviation = Math.max(maxDeviation, Math.abs(share - weight / 15.0) / (weight / 15.0));
            }
            assertEquals(1.0, shares, 1e-9);
            assertEquals(maxDeviation, run.value(Metric.SHARE_DEVIATION_MAX), 1e-12);
            assertEquals(run.value(Metric.RNIC_GBPS), goodputGbps, 0.1 * run.value(Metric.RNIC_GBPS),
                "the QPs' goodput adds up to the run's RDMA goodput");
        }

        final RunRecord weighted = runs.get(0);
        assertEquals("rnic-only", weighted.scheme());
        for (int qp = 1; qp < 4; qp++)
        {
            assertTrue(weighted.value(QpMetric.SHARE, qp) > weighted.value(QpMetric.SHARE, qp - 1),
                "QP " + qp + " (weight " + (1 << qp) + ") above QP " + (qp - 1) + ": " + weighted.metrics());
        }
        assertTrue(weighted.value(Metric.SHARE_DEVIATION_MAX) < 0.25, "every share within 25 % of its ideal (the " +
            "per-ACK law of an earlier rhcc was 59 % off): " + weighted.metrics());
        assertTrue(runs.get(1).value(Metric.SHARE_DEVIATION_MAX) > 1.0, "dcqcn ignores the weights");

        final Experiment experiment = resolved.getKey();
        final ExperimentResult result = new ExperimentResult(experiment.name(), experiment.paperRows(), 1L, 5.0, 20.0,
            List.of("rnic-only", "dcqcn"), Map.of(), runs);
        final ChartSpec chart = experiment.charts().get(0);
        final ChartData data = chart.build(result).orElseThrow();
        assertEquals(List.of("QP 0 (w 1)", "QP 1 (w 2)", "QP 2 (w 4)", "QP 3 (w 8)"), data.categories());
        assertEquals(3, data.series().size(), "rnic-only, dcqcn and the ideal");
        assertTrue(data.series().get(2).reference());
        assertFalse(experiment.charts().get(2).build(result).isPresent(), "no 0x run in this result");
        for (final TableColumn column : experiment.tableColumns())
        {
            assertFalse(column.cell().apply(weighted).contains("NaN"), column.header());
        }
    }
}
