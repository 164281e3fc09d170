package org.rhcc.experiments.result;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.rhcc.sim.api.RunMetrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The metric vocabulary stays in step with the simulator's {@link RunMetrics}, writes each metric with its kind, and
 * leaves results of older releases (unknown or missing names) as they were.
 */
class MetricTest
{
    private static final RunMetrics SIMULATED =
        new RunMetrics(1.5, 2, 3, 4, 5, 6, 7, 8, 0.5, 10L, 11L, 0.25, 0.125, 14, 14.5, 15, 16, 0.01);

    @Test
    void shouldWriteEveryRunMetricAsTheRecordDeclaresIt()
    {
        final Map<String, Number> reflected = RecordMaps.toNumberMap(SIMULATED);
        final Map<String, Number> written = new MetricWriter().putSimulated(SIMULATED).toMap();

        assertEquals(List.copyOf(reflected.keySet()), List.copyOf(written.keySet()),
            "a RunMetrics component needs its Metric constant and its line in MetricWriter.putSimulated");
        reflected.forEach((name, value) ->
        {
            assertEquals(value, written.get(name), name);
            assertSame(value.getClass(), written.get(name).getClass(), name);
            assertEquals(value instanceof Long, Metric.byName(name).isCount(), name);
        });
    }

    @Test
    void shouldDeclareTheSimulatorsMetricsFirstInTheirOrder()
    {
        final List<String> first = new ArrayList<>();
        for (int i = 0; i < RunMetrics.class.getRecordComponents().length; i++)
        {
            first.add(Metric.values()[i].jsonName());
        }
        assertEquals(List.copyOf(RecordMaps.toNumberMap(SIMULATED).keySet()), first);
    }

    @Test
    void shouldHaveUniqueSnakeCaseNamesFoundByName()
    {
        final Set<String> names = new HashSet<>();
        for (final Metric metric : Metric.values())
        {
            assertTrue(names.add(metric.jsonName()), metric.jsonName());
            assertTrue(metric.jsonName().matches("[a-z][a-z0-9_]*"), metric.jsonName());
            assertFalse(metric.unit().isBlank(), metric.jsonName());
            assertSame(metric, Metric.byName(metric.jsonName()));
        }
        assertNull(Metric.byName("rnic_gbs"));
        assertEquals("qp_3_ideal_share", QpMetric.IDEAL_SHARE.jsonName(3));
        assertEquals("mba_protected_level_2_share", Metric.mbaLevelShareName("protected", 2));
        assertTrue(Metric.isMbaLevelShare(Metric.mbaLevelShareName("local", 5)));
    }

    @Test
    void shouldWriteCountsAsLongAndValuesAsDoubleAndRefuseTheOtherKind()
    {
        final MetricWriter writer = new MetricWriter()
            .put(Metric.PROBE_ACKS, 7)
            .put(Metric.PROBE_SHARE, 0.5)
            .put(QpMetric.WEIGHT, 0, 2L)
            .put(QpMetric.SHARE, 0, 1.0);

        assertInstanceOf(Long.class, writer.toMap().get("probe_acks"));
        assertInstanceOf(Double.class, writer.toMap().get("probe_share"));
        assertInstanceOf(Long.class, writer.toMap().get("qp_0_weight"));
        assertThrows(IllegalArgumentException.class, () -> writer.put(Metric.RNIC_GBPS, 3L));
        assertThrows(IllegalArgumentException.class, () -> writer.put(Metric.PFC_FRAMES, 3.0));
        assertThrows(IllegalArgumentException.class, () -> writer.put(QpMetric.SHARE, 1, 3L));
        assertThrows(IllegalArgumentException.class, () -> writer.putMbaLevelShare("rnic_gbps", 1.0));
    }

    @Test
    void shouldCheckReportedNamesAgainstTheVocabularyKeepingTheirOrder()
    {
        final Map<String, Number> reported = new LinkedHashMap<>();
        reported.put("receiver_failsafes", 2);
        reported.put("receiver_failsafe_after_s", 0.25);

        final Map<String, Number> written = new MetricWriter().putReported(reported).toMap();

        assertEquals(List.of("receiver_failsafes", "receiver_failsafe_after_s"), List.copyOf(written.keySet()));
        assertEquals(2L, written.get("receiver_failsafes"));
        assertThrows(IllegalArgumentException.class,
            () -> new MetricWriter().putReported(Map.of("controller_takeover", 1)));
    }

    @Test
    void shouldReadByConstantWithAbsentValuesAsToday()
    {
        final RunRecord run = record(new MetricWriter().put(Metric.RNIC_GBPS, 40.0).put(Metric.PFC_FRAMES, 9L)
            .put(Metric.RX_DELAY_NS, Double.NaN).toMap());

        assertEquals(40.0, run.value(Metric.RNIC_GBPS));
        assertEquals(9.0, run.value(Metric.PFC_FRAMES));
        assertEquals(9L, run.count(Metric.PFC_FRAMES));
        assertTrue(Double.isNaN(run.value(Metric.RX_DELAY_NS)));
        assertTrue(Double.isNaN(run.value(Metric.CPU_MEM_GBPS)));
        assertTrue(Double.isNaN(run.value(QpMetric.SHARE, 0)));
        assertTrue(Double.isNaN(run.mbaLevelShare("local", 2)));
        assertEquals(0L, run.count(Metric.CNP_COUNT));
        assertTrue(run.has(Metric.RNIC_GBPS));
        assertFalse(run.has(Metric.CNP_COUNT));
        assertThrows(IllegalArgumentException.class, () -> run.count(Metric.RNIC_GBPS));
    }

    @Test
    void shouldLoadAndRewriteAnOlderResultWithNamesNoLongerInTheVocabulary() throws Exception
    {
        final Map<String, Number> older = new LinkedHashMap<>();
        older.put("rnic_gbps", 37.5);
        older.put("retired_metric_gbps", 12.0);
        older.put("retired_count", 3L);
        final ExperimentResult result = new ExperimentResult("congestion", "B1-B6", 1L, 1.0, 0.5, List.of("dcqcn"),
            Map.of(), List.of(record(older)));
        final String json = ResultJson.toJson(result);

        final ExperimentResult back = ResultJson.fromJson(json);
        final RunRecord run = back.runs().get(0);

        assertEquals(List.of("rnic_gbps", "retired_metric_gbps", "retired_count"), List.copyOf(run.metrics().keySet()));
        assertEquals(37.5, run.value(Metric.RNIC_GBPS));
        assertEquals(12.0, run.metric("retired_metric_gbps"));
        assertTrue(Double.isNaN(run.value(Metric.LATENCY_AVG_US)), "a metric the older release did not record");
        assertEquals(json, ResultJson.toJson(back));
    }

    private static RunRecord record(final Map<String, Number> metrics)
    {
        return new RunRecord("dcqcn", "PFC on, 0x", true, 0, "local", 1, 8, 65536, null, null, 0, Map.of(), metrics,
            Map.of());
    }
}
