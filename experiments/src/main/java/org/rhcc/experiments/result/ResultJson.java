package org.rhcc.experiments.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Writes an {@link ExperimentResult} as JSON and reads it back.
 * <p>
 * The layout (names kept stable; fields may be added):
 * <pre>
 * {"experiment": NAME, "paper_rows": "B1-B6", "seed": N, "duration_ms": X, "warmup_ms": X, "schemes": [...],
 *  "runs": [{"scheme", "condition", "pfc", "congestion", "cpu_traffic", "senders", "qps", "message_bytes",
 *            "mba_level": null|1..5, "tcp_offered_gbps": null|X, "tcp_flows", "params": {...},
 *            "metrics": {"rnic_gbps", ...},
 *            "stationarity": {"stationary", "max_rel_diff", "tolerance",
 *                             "metrics": {"rnic_gbps": {"first", "second", "rel_diff", "floor"}, ...}},
 *            "series": {...}}],
 *  "sim_parameters": {...}}
 * </pre>
 * Byte-identical for equal results: every object is written in a fixed field order from ordered maps, with "\n" line
 * ends whatever the operating system, and no timestamps or wall-clock values. A value that is not a finite number is
 * written as null and read back as {@link Double#NaN}. The stationarity's verdict and differences are derived from its
 * halves ({@link Stationarity}) and recomputed when read.
 */
public final class ResultJson
{
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ObjectWriter WRITER = MAPPER.writer(
        new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));

    private ResultJson()
    {
    }

    /**
     * @param result to encode.
     * @return the JSON text, ending with a newline.
     */
    public static String toJson(final ExperimentResult result)
    {
        try
        {
            return WRITER.writeValueAsString(toTree(result)) + "\n";
        }
        catch (final JsonProcessingException ex)
        {
            throw new IllegalStateException("cannot encode result of " + result.experiment(), ex);
        }
    }

    /**
     * @param result to write.
     * @param file   destination, replaced if it exists.
     * @throws IOException if the file cannot be written.
     */
    public static void write(final ExperimentResult result, final Path file) throws IOException
    {
        Files.writeString(file, toJson(result));
    }

    /**
     * @param file a JSON file written by {@link #write}.
     * @return the result it holds.
     * @throws IOException if the file cannot be read or is not such a JSON file.
     */
    public static ExperimentResult read(final Path file) throws IOException
    {
        return fromTree(MAPPER.readTree(file.toFile()), file.toString());
    }

    /**
     * @param json the text {@link #toJson} gave.
     * @return the result it holds.
     * @throws IOException if the text is not such a JSON document.
     */
    public static ExperimentResult fromJson(final String json) throws IOException
    {
        return fromTree(MAPPER.readTree(json), "the text");
    }

    private static ExperimentResult fromTree(final JsonNode root, final String source) throws IOException
    {
        if (null == root || !root.isObject() || !root.has("experiment") || !root.path("runs").isArray())
        {
            throw new IOException(source + " is not an rhcc experiment result (no \"experiment\" and \"runs\")");
        }
        return fromTree(root);
    }

    static ObjectNode toTree(final ExperimentResult result)
    {
        final ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("experiment", result.experiment());
        root.put("paper_rows", result.paperRows());
        root.put("seed", result.seed());
        putNumber(root, "duration_ms", result.durationMs());
        putNumber(root, "warmup_ms", result.warmupMs());
        final ArrayNode schemes = root.putArray("schemes");
        result.schemes().forEach(schemes::add);
        final ArrayNode runs = root.putArray("runs");
        for (final RunRecord run : result.runs())
        {
            runs.add(toTree(run));
        }
        putValue(root, "sim_parameters", result.simParameters());
        return root;
    }

    private static ObjectNode toTree(final RunRecord run)
    {
        final ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("scheme", run.scheme());
        node.put("condition", run.condition());
        node.put("pfc", run.pfc());
        node.put("congestion", run.congestion());
        node.put("cpu_traffic", run.cpuTraffic());
        node.put("senders", run.senders());
        node.put("qps", run.qps());
        node.put("message_bytes", run.messageBytes());
        if (null == run.mbaLevel())
        {
            node.putNull("mba_level");
        }
        else
        {
            node.put("mba_level", run.mbaLevel().intValue());
        }
        if (null == run.tcpOfferedGbps())
        {
            node.putNull("tcp_offered_gbps");
        }
        else
        {
            putNumber(node, "tcp_offered_gbps", run.tcpOfferedGbps());
        }
        node.put("tcp_flows", run.tcpFlows());
        final ObjectNode params = node.putObject("params");
        run.params().forEach(params::put);
        final ObjectNode metrics = node.putObject("metrics");
        run.metrics().forEach((name, value) -> putValue(metrics, name, value));
        if (null != run.stationarity())
        {
            putStationarity(node.putObject("stationarity"), run.stationarity());
        }
        if (!run.series().isEmpty())
        {
            final ObjectNode series = node.putObject("series");
            for (final Map.Entry<String, double[]> entry : run.series().entrySet())
            {
                final ArrayNode values = series.putArray(entry.getKey());
                for (final double value : entry.getValue())
                {
                    if (Double.isFinite(value))
                    {
                        values.add(value);
                    }
                    else
                    {
                        values.addNull();
                    }
                }
            }
        }
        return node;
    }

    private static void putStationarity(final ObjectNode node, final Stationarity stationarity)
    {
        node.put("stationary", stationarity.stationary());
        putNumber(node, "max_rel_diff", stationarity.maxDifference());
        putNumber(node, "tolerance", Stationarity.TOLERANCE);
        final ObjectNode metrics = node.putObject("metrics");
        stationarity.metrics().forEach((name, halves) ->
        {
            final ObjectNode metric = metrics.putObject(name);
            putNumber(metric, "first", halves.first());
            putNumber(metric, "second", halves.second());
            putNumber(metric, "rel_diff", halves.difference());
            putNumber(metric, "floor", halves.floor());
        });
    }

    private static Stationarity stationarityFromTree(final JsonNode node)
    {
        if (!node.isObject())
        {
            return null;
        }
        final Stationarity.Builder builder = new Stationarity.Builder();
        node.path("metrics").properties().forEach((entry) -> builder.add(entry.getKey(),
            number(entry.getValue().path("first")), number(entry.getValue().path("second")),
            entry.getValue().path("floor").asDouble(Stationarity.BANDWIDTH_FLOOR_GBPS)));
        return builder.build();
    }

    private static void putNumber(final ObjectNode node, final String name, final double value)
    {
        if (Double.isFinite(value))
        {
            node.put(name, value);
        }
        else
        {
            node.putNull(name);
        }
    }

    private static void putValue(final ObjectNode node, final String name, final Object value)
    {
        if (null == value)
        {
            node.putNull(name);
        }
        else if (value instanceof Double || value instanceof Float)
        {
            putNumber(node, name, ((Number)value).doubleValue());
        }
        else if (value instanceof Number)
        {
            node.put(name, ((Number)value).longValue());
        }
        else if (value instanceof Boolean)
        {
            node.put(name, (Boolean)value);
        }
        else if (value instanceof Map<?, ?>)
        {
            final ObjectNode child = node.putObject(name);
            ((Map<?, ?>)value).forEach((key, item) -> putValue(child, String.valueOf(key), item));
        }
        else if (value instanceof List<?>)
        {
            final ArrayNode array = node.putArray(name);
            for (final Object item : (List<?>)value)
            {
                addValue(array, item);
            }
        }
        else
        {
            node.put(name, String.valueOf(value));
        }
    }

    private static void addValue(final ArrayNode array, final Object value)
    {
        if (null == value)
        {
            array.addNull();
        }
        else if (value instanceof Double || value instanceof Float)
        {
            final double v = ((Number)value).doubleValue();
            if (Double.isFinite(v))
            {
                array.add(v);
            }
            else
            {
                array.addNull();
            }
        }
        else if (value instanceof Number)
        {
            array.add(((Number)value).longValue());
        }
        else if (value instanceof Boolean)
        {
            array.add((Boolean)value);
        }
        else
        {
            array.add(String.valueOf(value));
        }
    }

    private static ExperimentResult fromTree(final JsonNode root)
    {
        final List<String> schemes = new ArrayList<>();
        root.path("schemes").forEach((node) -> schemes.add(node.asText()));
        final List<RunRecord> runs = new ArrayList<>();
        root.path("runs").forEach((node) -> runs.add(runFromTree(node)));
        @SuppressWarnings("unchecked")
        final Map<String, Object> simParameters = root.has("sim_parameters") ?
            (Map<String, Object>)plain(root.get("sim_parameters")) : Map.of();
        return new ExperimentResult(
            root.path("experiment").asText(),
            root.path("paper_rows").asText(""),
            root.path("seed").asLong(),
            number(root.path("duration_ms")),
            number(root.path("warmup_ms")),
            schemes,
            simParameters,
            runs);
    }

    private static RunRecord runFromTree(final JsonNode node)
    {
        final Map<String, String> params = new LinkedHashMap<>();
        node.path("params").properties().forEach((entry) -> params.put(entry.getKey(), entry.getValue().asText()));
        final Map<String, Number> metrics = new LinkedHashMap<>();
        for (final Map.Entry<String, JsonNode> entry : node.path("metrics").properties())
        {
            final JsonNode value = entry.getValue();
            if (value.isIntegralNumber())
            {
                metrics.put(entry.getKey(), value.asLong());
            }
            else
            {
                metrics.put(entry.getKey(), number(value));
            }
        }
        final Map<String, double[]> series = new LinkedHashMap<>();
        node.path("series").properties().forEach((entry) ->
        {
            final JsonNode array = entry.getValue();
            final double[] values = new double[array.size()];
            for (int i = 0; i < values.length; i++)
            {
                values[i] = number(array.get(i));
            }
            series.put(entry.getKey(), values);
        });
        final JsonNode mba = node.path("mba_level");
        final JsonNode tcp = node.path("tcp_offered_gbps");
        return new RunRecord(
            node.path("scheme").asText(),
            node.path("condition").asText(),
            node.path("pfc").asBoolean(),
            node.path("congestion").asInt(),
            node.path("cpu_traffic").asText(),
            node.path("senders").asInt(1),
            node.path("qps").asInt(),
            node.path("message_bytes").asInt(),
            mba.isNumber() ? Integer.valueOf(mba.asInt()) : null,
            tcp.isNumber() ? Double.valueOf(tcp.asDouble()) : null,
            node.path("tcp_flows").asInt(0),
            params,
            metrics,
            series,
            stationarityFromTree(node.path("stationarity")));
    }

    private static double number(final JsonNode node)
    {
        return null != node && node.isNumber() ? node.asDouble() : Double.NaN;
    }

    private static Object plain(final JsonNode node)
    {
        if (node.isObject())
        {
            final Map<String, Object> map = new LinkedHashMap<>();
            node.properties().forEach((entry) -> map.put(entry.getKey(), plain(entry.getValue())));
            return map;
        }
        if (node.isArray())
        {
            final List<Object> list = new ArrayList<>();
            node.forEach((item) -> list.add(plain(item)));
            return list;
        }
        if (node.isIntegralNumber())
        {
            return node.asLong();
        }
        if (node.isNumber())
        {
            return node.asDouble();
        }
        if (node.isBoolean())
        {
            return node.asBoolean();
        }
        if (node.isNull())
        {
            return null;
        }
        return node.asText();
    }
}
