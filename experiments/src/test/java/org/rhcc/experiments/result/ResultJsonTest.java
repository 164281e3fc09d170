package org.rhcc.experiments.result;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultJsonTest
{
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void shouldWriteTheDocumentedSchemaInFixedOrder() throws Exception
    {
        final JsonNode root = MAPPER.readTree(ResultJson.toJson(ResultFixtures.congestion()));

        assertEquals(List.of("experiment", "paper_rows", "seed", "duration_ms", "warmup_ms", "schemes", "runs",
            "sim_parameters"), fieldNames(root));
        assertEquals("congestion", root.get("experiment").asText());
        assertEquals(7L, root.get("seed").asLong());
        assertEquals(5.0, root.get("duration_ms").asDouble());
        final JsonNode run = root.get("runs").get(1);
        assertEquals(List.of("scheme", "condition", "pfc", "congestion", "cpu_traffic", "senders", "qps",
            "message_bytes", "mba_level", "tcp_offered_gbps", "tcp_flows", "params", "metrics"), fieldNames(run));
        assertEquals("dcqcn", run.get("scheme").asText());
        assertTrue(run.get("pfc").asBoolean());
        assertEquals(3, run.get("congestion").asInt());
        assertEquals("local", run.get("cpu_traffic").asText());
        assertTrue(run.get("mba_level").isNull());
        assertTrue(run.get("tcp_offered_gbps").isNull());
        assertEquals(List.of("rnic_gbps", "latency_avg_us", "pfc_pause_fraction", "pfc_frames", "cnp_count",
            "iio_occupancy"), fieldNames(run.get("metrics")));
        assertTrue(run.get("metrics").get("pfc_frames").isIntegralNumber());
        assertEquals(37.0, run.get("metrics").get("rnic_gbps").asDouble());
    }

    @Test
    void shouldProduceIdenticalBytesForEqualResultsWithUnixLineEnds()
    {
        final String first = ResultJson.toJson(ResultFixtures.congestion());
        final String second = ResultJson.toJson(ResultFixtures.congestion());

        assertEquals(first, second);
        assertFalse(first.contains("\r"));
        assertTrue(first.endsWith("}\n"));
    }

    @Test
    void shouldRoundTripRecordsIncludingNullsNaNAndSeries(@TempDir final Path dir) throws Exception
    {
        final Map<String, Number> metrics = new MetricWriter()
            .put(Metric.RNIC_GBPS, 51.5)
            .put(Metric.RX_DELAY_NS, Double.NaN)
            .put(Metric.CNP_COUNT, 12L)
            .toMap();
        final Map<String, double[]> series = new LinkedHashMap<>();
        series.put("t_ms", new double[]{ 2.1, 2.2 });
        series.put("iio_occupancy", new double[]{ 40.0, Double.NaN });
        final RunRecord run = new RunRecord("dcqcn", "3x, level 4 (40 %)", true, 3, "hybrid", 2, 4, 1 << 20,
            4, 71.0, 2, Map.of("io.creditsLines", "92"), metrics, series);
        final ExperimentResult result = new ExperimentResult("mba-levels", "B13-B14", -3L, 0.5, 0.25,
            List.of("dcqcn"), Map.of("stepNs", 5.0), List.of(run));
        final Path file = dir.resolve("mba-levels.json");

        ResultJson.write(result, file);
        final ExperimentResult back = ResultJson.read(file);

        assertEquals("mba-levels", back.experiment());
        assertEquals(-3L, back.seed());
        assertEquals(0.5, back.durationMs());
        final RunRecord read = back.runs().get(0);
        assertEquals(4, read.mbaLevel());
        assertEquals(71.0, read.tcpOfferedGbps());
        assertEquals("hybrid", read.cpuTraffic());
        assertEquals(2, read.senders());
        assertEquals(1 << 20, read.messageBytes());
        assertEquals("92", read.params().get("io.creditsLines"));
        assertEquals(51.5, read.value(Metric.RNIC_GBPS));
        assertTrue(Double.isNaN(read.value(Metric.RX_DELAY_NS)));
        assertEquals(12L, read.count(Metric.CNP_COUNT));
        assertInstanceOf(Long.class, read.metrics().get(Metric.CNP_COUNT.jsonName()));
        assertArrayEquals(new double[]{ 2.1, 2.2 }, read.seriesValues("t_ms"));
        assertTrue(Double.isNaN(read.seriesValues("iio_occupancy")[1]));
        assertEquals(ResultJson.toJson(result), Files.readString(file));
    }

    @Test
    void shouldRejectAFileThatIsNotAResult(@TempDir final Path dir) throws Exception
    {
        final Path file = dir.resolve("other.json");
        Files.writeString(file, "{\"name\": 1}");

        assertThrows(java.io.IOException.class, () -> ResultJson.read(file));
    }

    private static List<String> fieldNames(final JsonNode node)
    {
        final List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void shouldWriteAndReadBackEachRunsStationarity() throws Exception
    {
        final ExperimentResult checked = ResultFixtures.congestionChecked();
        final String json = ResultJson.toJson(checked);
        final JsonNode run = MAPPER.readTree(json).get("runs").get(1);

        assertEquals(List.of("scheme", "condition", "pfc", "congestion", "cpu_traffic", "senders", "qps",
            "message_bytes", "mba_level", "tcp_offered_gbps", "tcp_flows", "params", "metrics", "stationarity"),
            fieldNames(run));
        final JsonNode stationarity = run.get("stationarity");
        assertFalse(stationarity.get("stationary").asBoolean());
        assertEquals(0.15, stationarity.get("max_rel_diff").asDouble(), 1e-12);
        assertEquals(0.05, stationarity.get("tolerance").asDouble());
        assertEquals(40.0, stationarity.get("metrics").get("rnic_gbps").get("first").asDouble());
        assertEquals(34.0, stationarity.get("metrics").get("rnic_gbps").get("second").asDouble());
        assertTrue(MAPPER.readTree(json).get("runs").get(0).get("stationarity").get("stationary").asBoolean());

        final Path file = Files.createTempFile("rhcc-stationarity", ".json");
        try
        {
            ResultJson.write(checked, file);
            final ExperimentResult back = ResultJson.read(file);
            assertEquals(checked.runs().get(1).stationarity(), back.runs().get(1).stationarity());
            assertTrue(back.runs().get(1).unsettled());
            assertFalse(back.runs().get(0).unsettled());
            assertEquals(json, ResultJson.toJson(back));
        }
        finally
        {
            Files.deleteIfExists(file);
        }

        final String[] csv = ResultCsv.toCsv(checked).split("\n");
        assertTrue(csv[0].endsWith(",stationary,stationarity_max_rel_diff,stationarity_worst_metric"), csv[0]);
        assertTrue(csv[2].endsWith(",false,0.15,rnic_gbps"), csv[2]);
    }
}
