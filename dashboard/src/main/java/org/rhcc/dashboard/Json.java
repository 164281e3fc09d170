package org.rhcc.dashboard;

import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The JSON the dashboard's page reads: compact (one line, so that an event's data is one SSE line), numbers as Java
 * writes them (the nearest double reads back exactly in the browser), a value that is not a finite number as null.
 */
final class Json
{
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Json()
    {
    }

    static ObjectNode object()
    {
        return JsonNodeFactory.instance.objectNode();
    }

    static void put(final ObjectNode node, final String name, final double value)
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

    static void put(final ObjectNode node, final String name, final Number value)
    {
        if (null == value)
        {
            node.putNull(name);
        }
        else if (value instanceof Long || value instanceof Integer)
        {
            node.put(name, value.longValue());
        }
        else
        {
            put(node, name, value.doubleValue());
        }
    }

    static ArrayNode array(final double[] values, final int from, final int to)
    {
        final ArrayNode array = JsonNodeFactory.instance.arrayNode(Math.max(0, to - from));
        for (int i = from; i < to; i++)
        {
            if (Double.isFinite(values[i]))
            {
                array.add(values[i]);
            }
            else
            {
                array.addNull();
            }
        }
        return array;
    }

    static ObjectNode strings(final Map<String, String> values)
    {
        final ObjectNode node = object();
        values.forEach(node::put);
        return node;
    }

    static ObjectNode numbers(final Map<String, Number> values)
    {
        final ObjectNode node = object();
        values.forEach((name, value) -> put(node, name, value));
        return node;
    }

    static String text(final JsonNode node)
    {
        try
        {
            return MAPPER.writeValueAsString(node);
        }
        catch (final JsonProcessingException ex)
        {
            throw new IllegalStateException("cannot encode the dashboard's JSON", ex);
        }
    }

    static JsonNode parse(final String text) throws JsonProcessingException
    {
        return MAPPER.readTree(text);
    }
}
