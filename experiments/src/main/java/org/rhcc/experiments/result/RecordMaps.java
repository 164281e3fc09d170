package org.rhcc.experiments.result;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns records of the simulator's API ({@link org.rhcc.sim.api.RunMetrics}, the simulator's parameters) into ordered
 * maps keyed by snake_case names, so that a field the simulator adds appears in the JSON and CSV without a change
 * here. The order is the record's declaration order, which the JVM reports as declared.
 */
public final class RecordMaps
{
    private RecordMaps()
    {
    }

    /**
     * @param record any record whose components are numbers, booleans, strings, enums, arrays of those, or records.
     * @return component name in snake_case to value: whole numbers as {@link Long}, floating point as {@link Double},
     * enums as their lower-case name, nested records as nested maps, arrays as lists.
     */
    public static Map<String, Object> toMap(final Record record)
    {
        final Map<String, Object> map = new LinkedHashMap<>();
        for (final RecordComponent component : record.getClass().getRecordComponents())
        {
            map.put(snakeCase(component.getName()), normalise(read(record, component)));
        }
        return map;
    }

    /**
     * @param record a record whose components are all numbers (a metrics record).
     * @return component name in snake_case to value, {@link Long} for whole numbers, {@link Double} otherwise.
     * @throws IllegalArgumentException if a component is not a number.
     */
    public static Map<String, Number> toNumberMap(final Record record)
    {
        final Map<String, Number> map = new LinkedHashMap<>();
        for (final Map.Entry<String, Object> entry : toMap(record).entrySet())
        {
            if (!(entry.getValue() instanceof Number))
            {
                throw new IllegalArgumentException(
                    record.getClass().getSimpleName() + "." + entry.getKey() + " is not a number");
            }
            map.put(entry.getKey(), (Number)entry.getValue());
        }
        return map;
    }

    /**
     * @param camelCase a Java identifier, e.g. {@code latencyP99Us}.
     * @return the snake_case form, e.g. {@code latency_p99_us}.
     */
    public static String snakeCase(final String camelCase)
    {
        final StringBuilder builder = new StringBuilder(camelCase.length() + 8);
        for (int i = 0; i < camelCase.length(); i++)
        {
            final char c = camelCase.charAt(i);
            if (Character.isUpperCase(c))
            {
                if (i > 0)
                {
                    builder.append('_');
                }
                builder.append(Character.toLowerCase(c));
            }
            else
            {
                builder.append(c);
            }
        }
        return builder.toString();
    }

    private static Object read(final Record record, final RecordComponent component)
    {
        try
        {
            final java.lang.reflect.Method accessor = component.getAccessor();
            accessor.setAccessible(true);
            return accessor.invoke(record);
        }
        catch (final IllegalAccessException | InvocationTargetException ex)
        {
            throw new IllegalStateException("cannot read " + component, ex);
        }
    }

    private static Object normalise(final Object value)
    {
        if (value instanceof Double || value instanceof Float)
        {
            return ((Number)value).doubleValue();
        }
        if (value instanceof Number)
        {
            return ((Number)value).longValue();
        }
        if (value instanceof Enum<?>)
        {
            return ((Enum<?>)value).name().toLowerCase(Locale.ROOT);
        }
        if (value instanceof Record)
        {
            return toMap((Record)value);
        }
        if (null != value && value.getClass().isArray())
        {
            final int length = java.lang.reflect.Array.getLength(value);
            final List<Object> list = new ArrayList<>(length);
            for (int i = 0; i < length; i++)
            {
                list.add(normalise(java.lang.reflect.Array.get(value, i)));
            }
            return list;
        }
        if (value instanceof List<?>)
        {
            final List<Object> list = new ArrayList<>();
            for (final Object item : (List<?>)value)
            {
                list.add(normalise(item));
            }
            return list;
        }
        return value;
    }
}
