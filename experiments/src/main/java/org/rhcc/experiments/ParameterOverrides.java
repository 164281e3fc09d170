package org.rhcc.experiments;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;


/**
 * Applies {@code --set path=value} overrides to a tree of records such as the simulator's parameters. A path names
 * record components from the root, joined by dots, e.g. {@code io.creditsLines} or {@code stepNs}; the value is
 * parsed as the component's type (numbers, booleans, enums by name, arrays as comma-separated numbers) and the
 * records on the path are rebuilt through their canonical constructors, so their own validation applies.
 * <p>
 * Any record the simulator adds is covered without a change here.
 */
public final class ParameterOverrides
{
    private ParameterOverrides()
    {
    }

    /**
     * @param root a record.
     * @param path a dotted path.
     * @return true if {@code path} names a leaf (non-record) component under {@code root}.
     */
    public static boolean isLeafPath(final Record root, final String path)
    {
        Object node = root;
        for (final String name : path.split("\\.", -1))
        {
            if (!(node instanceof Record))
            {
                return false;
            }
            final RecordComponent component = component((Record)node, name);
            if (null == component)
            {
                return false;
            }
            node = read((Record)node, component);
        }
        return !(node instanceof Record);
    }

    /**
     * @param root a record.
     * @return every leaf path under {@code root} with its current value as text, in declaration order.
     */
    public static Map<String, String> leaves(final Record root)
    {
        final Map<String, String> leaves = new LinkedHashMap<>();
        collect(root, "", leaves);
        return leaves;
    }

    /**
     * @param root  a record.
     * @param path  a dotted path to a leaf component.
     * @param value the new value as text.
     * @param <T>   the root's type.
     * @return a copy of {@code root} with the component replaced.
     * @throws UserInputException if the path is unknown, the value does not parse, or a record rejects it.
     */
    public static <T extends Record> T apply(final T root, final String path, final String value)
    {
        return applyAll(root, Map.of(path, value));
    }

    /**
     * Applies every override at once: each record on the paths is rebuilt a single time with all of its replaced
     * components, so that its own cross-checks (for example {@code dram.wpqLowLines} below
     * {@code dram.wpqHighLines}) judge the final set of values, not each override against the defaults of the
     * others.
     *
     * @param root      a record.
     * @param overrides dotted paths to leaf components and their new values as text, in the order given.
     * @param <T>       the root's type.
     * @return a copy of {@code root} with every override applied; {@code root} itself when there are none.
     * @throws UserInputException if a path is unknown, a value does not parse, or a record rejects the final values;
     *                            the message names the overrides that went into the rejecting record.
     */
    @SuppressWarnings("unchecked")
    public static <T extends Record> T applyAll(final T root, final Map<String, String> overrides)
    {
        if (overrides.isEmpty())
        {
            return root;
        }
        return (T)replaceAll(root, "", overrides);
    }

    private static Object replaceAll(final Record node, final String prefix, final Map<String, String> overrides)
    {
        final Map<String, Map<String, String>> nested = new LinkedHashMap<>();
        final Map<String, Object> replacements = new LinkedHashMap<>();
        for (final Map.Entry<String, String> entry : overrides.entrySet())
        {
            final String relative = entry.getKey();
            final String path = prefix + relative;
            final int dot = relative.indexOf('.');
            final String name = dot < 0 ? relative : relative.substring(0, dot);
            final String[] names = path.split("\\.", -1);
            final int depth = prefix.isEmpty() ? 0 : prefix.split("\\.", -1).length - 1;
            final RecordComponent component = component(node, name);
            if (null == component)
            {
                throw new UserInputException("unknown parameter '" + path + "'" + hint(node, names, depth) +
                    "; 'rhcc list' shows every parameter");
            }
            final Object current = read(node, component);
            if (dot < 0)
            {
                if (current instanceof Record)
                {
                    throw new UserInputException("parameter '" + path + "' is a group, not a value; set one of: " +
                        String.join(", ", names((Record)current)));
                }
                replacements.put(name, parse(component.getType(), path, entry.getValue()));
            }
            else
            {
                if (!(current instanceof Record))
                {
                    throw new UserInputException("unknown parameter '" + path + "': '" + prefix + name +
                        "' is a value, not a group");
                }
                nested.computeIfAbsent(name, (key) -> new LinkedHashMap<>())
                    .put(relative.substring(dot + 1), entry.getValue());
            }
        }
        for (final Map.Entry<String, Map<String, String>> group : nested.entrySet())
        {
            final Record child = (Record)read(node, component(node, group.getKey()));
            replacements.put(group.getKey(), replaceAll(child, prefix + group.getKey() + ".", group.getValue()));
        }
        return rebuild(node, replacements, describe(prefix, overrides));
    }

    private static String describe(final String prefix, final Map<String, String> overrides)
    {
        final List<String> sets = new ArrayList<>(overrides.size());
        overrides.forEach((relative, value) -> sets.add(prefix + relative + "=" + value));
        return String.join(" ", sets);
    }

    private static Object rebuild(final Record node, final Map<String, Object> replacements, final String sets)
    {
        final RecordComponent[] components = node.getClass().getRecordComponents();
        final Class<?>[] types = new Class<?>[components.length];
        final Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++)
        {
            types[i] = components[i].getType();
            args[i] = replacements.containsKey(components[i].getName()) ?
                replacements.get(components[i].getName()) : read(node, components[i]);
        }
        try
        {
            final Constructor<?> constructor = node.getClass().getDeclaredConstructor(types);
            constructor.setAccessible(true);
            return constructor.newInstance(args);
        }
        catch (final InvocationTargetException ex)
        {
            final Throwable cause = ex.getCause();
            throw new UserInputException(
                "--set " + sets + " rejected: " + (null == cause ? ex : cause.getMessage()), cause);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalStateException("cannot rebuild " + node.getClass().getName(), ex);
        }
    }

    private static Object parse(final Class<?> type, final String path, final String text)
    {
        final String value = text.trim();
        try
        {
            if (double.class == type || Double.class == type)
            {
                return Double.parseDouble(value);
            }
            if (int.class == type || Integer.class == type)
            {
                return Integer.parseInt(value);
            }
            if (long.class == type || Long.class == type)
            {
                return Long.parseLong(value);
            }
            if (float.class == type || Float.class == type)
            {
                return Float.parseFloat(value);
            }
            if (boolean.class == type || Boolean.class == type)
            {
                if (!"true".equalsIgnoreCase(value) && !"false".equalsIgnoreCase(value))
                {
                    throw new NumberFormatException(value);
                }
                return Boolean.parseBoolean(value);
            }
            if (String.class == type)
            {
                return value;
            }
            if (type.isEnum())
            {
                for (final Object constant : type.getEnumConstants())
                {
                    if (((Enum<?>)constant).name().equalsIgnoreCase(value))
                    {
                        return constant;
                    }
                }
                throw new UserInputException("--set " + path + "=" + text + ": expected one of " +
                    Arrays.toString(type.getEnumConstants()).toLowerCase(Locale.ROOT));
            }
            if (double[].class == type)
            {
                return Arrays.stream(value.split(",", -1)).mapToDouble((s) -> Double.parseDouble(s.trim())).toArray();
            }
            if (int[].class == type)
            {
                return Arrays.stream(value.split(",", -1)).mapToInt((s) -> Integer.parseInt(s.trim())).toArray();
            }
            if (long[].class == type)
            {
                return Arrays.stream(value.split(",", -1)).mapToLong((s) -> Long.parseLong(s.trim())).toArray();
            }
        }
        catch (final NumberFormatException ex)
        {
            throw new UserInputException(
                "--set " + path + "=" + text + ": '" + text + "' is not " + describe(type), ex);
        }
        throw new UserInputException("parameter '" + path + "' of type " + type.getSimpleName() +
            " cannot be set from the command line");
    }

    private static String describe(final Class<?> type)
    {
        if (double.class == type || Double.class == type || float.class == type || Float.class == type)
        {
            return "a number";
        }
        if (int.class == type || Integer.class == type || long.class == type || Long.class == type)
        {
            return "a whole number";
        }
        if (boolean.class == type || Boolean.class == type)
        {
            return "true or false";
        }
        return "a comma-separated list of numbers";
    }

    private static void collect(final Record node, final String prefix, final Map<String, String> leaves)
    {
        for (final RecordComponent component : node.getClass().getRecordComponents())
        {
            final Object value = read(node, component);
            final String path = prefix + component.getName();
            if (value instanceof Record)
            {
                collect((Record)value, path + ".", leaves);
            }
            else
            {
                leaves.put(path, text(value));
            }
        }
    }

    private static String text(final Object value)
    {
        if (value instanceof double[])
        {
            return join(Arrays.stream((double[])value).mapToObj(Double::toString).toList());
        }
        if (value instanceof int[])
        {
            return join(Arrays.stream((int[])value).mapToObj(Integer::toString).toList());
        }
        if (value instanceof long[])
        {
            return join(Arrays.stream((long[])value).mapToObj(Long::toString).toList());
        }
        if (value instanceof Enum<?>)
        {
            return ((Enum<?>)value).name().toLowerCase(Locale.ROOT);
        }
        return String.valueOf(value);
    }

    private static String join(final List<String> items)
    {
        return String.join(",", items);
    }

    private static String hint(final Record node, final String[] names, final int depth)
    {
        final String group = depth == 0 ? "top level" : "'" + String.join(".", Arrays.copyOf(names, depth)) + "'";
        return " (" + group + " has: " + String.join(", ", names(node)) + ")";
    }

    private static List<String> names(final Record node)
    {
        final List<String> names = new ArrayList<>();
        for (final RecordComponent component : node.getClass().getRecordComponents())
        {
            names.add(component.getName());
        }
        return names;
    }

    private static RecordComponent component(final Record node, final String name)
    {
        for (final RecordComponent component : node.getClass().getRecordComponents())
        {
            if (component.getName().equals(name))
            {
                return component;
            }
        }
        return null;
    }

    private static Object read(final Record node, final RecordComponent component)
    {
        try
        {
            final java.lang.reflect.Method accessor = component.getAccessor();
            accessor.setAccessible(true);
            return accessor.invoke(node);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalStateException("cannot read " + component, ex);
        }
    }
}
