package org.rhcc.experiments;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.ResultJson;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.sim.SimParameters;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A listener that wants telemetry gets, while runs are simulated, exactly the points their JSON keeps (whole groups
 * of the experiment's stride at each tick, the last group after the run), and the QPs' spread after the warm-up; and
 * the experiment's JSON is the same with or without it.
 */
class LiveTelemetryTest
{
    /**
     * Collects every run's reported columns and spreads.
     */
    private static final class Collector implements RunListener
    {
        private final Map<Integer, Map<String, List<Double>>> columns = new LinkedHashMap<>();
        private final Map<Integer, List<QpSpread>> spreads = new LinkedHashMap<>();
        private final Map<Integer, RunRecord> records = new LinkedHashMap<>();
        private final List<String> calls = new ArrayList<>();
        private int plannedRuns;

        @Override
        public synchronized void onExperimentPlanned(final Experiment experiment, final ExperimentSettings settings,
            final List<PlannedRun> plan)
        {
            plannedRuns = plan.size();
            calls.add("planned");
        }

        @Override
        public synchronized void onExperimentStarted(final String experiment, final int runCount, final int threads)
        {
            calls.add("started");
        }

        @Override
        public boolean wantsTelemetry()
        {
            return true;
        }

        @Override
        public synchronized void onRunTelemetry(final int index, final LiveWindows windows)
        {
            assertFalse(records.containsKey(index), "telemetry comes before the run's record");
            final Map<String, List<Double>> run = columns.computeIfAbsent(index, (key) -> new LinkedHashMap<>());
            windows.columns().forEach((name, values) ->
            {
                assertEquals(windows.points(), values.length, name);
                final List<Double> column = run.computeIfAbsent(name, (key) -> new ArrayList<>());
                for (final double value : values)
                {
                    column.add(value);
                }
            });
            if (null != windows.qps())
            {
                spreads.computeIfAbsent(index, (key) -> new ArrayList<>()).add(windows.qps());
            }
        }

        @Override
        public synchronized void onRunRecorded(final int index, final RunRecord record)
        {
            records.put(index, record);
        }
    }

    private static ExperimentResult run(final String name, final double warmupMs, final double durationMs,
        final String scheme, final RunListener listener)
    {
        final SimParameters base = SimParameters.calibrated();
        final Map<Experiment, ExperimentSettings> settings = new ExperimentRequest(name, 3L, warmupMs, durationMs,
            List.of(scheme), Map.of()).resolve(base);
        final Map.Entry<Experiment, ExperimentSettings> only = settings.entrySet().iterator().next();
        return new ExperimentRunner(base, 2, listener).run(only.getKey(), only.getValue());
    }

    private static void assertLivePointsAreTheJsonSeries(final Collector collector, final ExperimentResult result)
    {
        assertEquals(List.of("planned", "started"), collector.calls);
        assertEquals(result.runs().size(), collector.plannedRuns);
        for (int i = 0; i < result.runs().size(); i++)
        {
            final RunRecord record = result.runs().get(i);
            assertEquals(record, collector.records.get(i));
            final Map<String, List<Double>> live = collector.columns.get(i);
            assertNotNull(live, "run " + i + " reported telemetry");
            for (final Map.Entry<String, double[]> column : record.series().entrySet())
            {
                if (column.getKey().startsWith("iio_t_ms") || column.getKey().equals("iio_occupancy_1ms"))
                {
                    continue;
                }
                final double[] reported = live.get(column.getKey()).stream().mapToDouble(Double::doubleValue)
                    .toArray();
                assertArrayEquals(column.getValue(), reported, 0.0, "run " + i + " " + column.getKey());
            }
            assertEquals(record.series().size() - 2, live.size(), "every per-window column, no other");
        }
    }

    @Test
    void shouldReportTheJsonPointsOfEveryWindowWhileTheRunsAreSimulated() throws Exception
    {
        final ExperimentResult without = run("signals", 1.0, 1.2, "rhcc", RunListener.NONE);
        final Collector collector = new Collector();
        final ExperimentResult with = run("signals", 1.0, 1.2, "rhcc", collector);

        assertEquals(ResultJson.toJson(without), ResultJson.toJson(with), "telemetry changes nothing in the JSON");
        assertLivePointsAreTheJsonSeries(collector, with);
        assertTrue(with.runs().get(0).series().containsKey("r_rev_gbps"));
        for (final List<QpSpread> spreads : collector.spreads.values())
        {
            assertTrue(spreads.size() > 10, "one spread per tick after the warm-up: " + spreads.size());
            for (final QpSpread spread : spreads)
            {
                assertTrue(spread.tMs() > 1.0, "no spread during the warm-up: " + spread.tMs());
                for (final QpSpread.Spread s : List.of(spread.rRevGbps(), spread.rccGbps(), spread.goodputGbps()))
                {
                    assertTrue(s.min() <= s.median() && s.median() <= s.max(), s.toString());
                    assertTrue(s.min() >= 0.0 && s.max() <= 100.0 + 1e-9, s.toString());
                }
            }
        }
    }

    @Test
    void shouldReportWholeGroupsOfTheStrideAndTheShorterLastOneAfterTheRun()
    {
        // settling keeps 1 ms points (10 windows each); 2.55 ms measured ends with a shorter group
        final Collector collector = new Collector();
        final ExperimentResult result = run("settling", 1.0, 2.55, "rhcc", collector);

        assertLivePointsAreTheJsonSeries(collector, result);
        final double[] tMs = result.runs().get(0).seriesValues("t_ms");
        assertEquals(3, tMs.length, "two whole groups and a shorter one");
    }

    @Test
    void shouldSplitASpreadAtItsMedian()
    {
        assertEquals(new QpSpread.Spread(1.0, 2.0, 5.0), QpSpread.Spread.of(new double[]{ 5.0, 1.0, 2.0 }));
        assertEquals(new QpSpread.Spread(1.0, 2.5, 4.0), QpSpread.Spread.of(new double[]{ 4.0, 3.0, 2.0, 1.0 }));
        assertEquals(new QpSpread.Spread(7.0, 7.0, 7.0), QpSpread.Spread.of(new double[]{ 7.0 }));
    }
}
