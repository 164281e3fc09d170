package org.rhcc.actors.config;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;

/**
 * Refuses a key of the {@code rhcc} block that {@code conf/reference.conf} does not define, naming the closest key it
 * does define: a typo such as {@code rhcc.node.sender-host} would otherwise be ignored silently and the default used.
 * An empty block of reference.conf (e.g. {@code rhcc.session.params}) takes any key. Keys set through system
 * properties ({@code -Drhcc.bench.*}) belong to the tools that read them and are not checked.
 */
public final class UnknownKeys
{
    private static final String ROOT = "rhcc";
    private static final String SYSTEM_PROPERTIES = "system properties";

    private final Set<String> leaves = new TreeSet<>();
    private final Set<String> openBlocks = new TreeSet<>();

    /**
     * @param reference the reference configuration whose {@code rhcc} block lists the valid keys.
     */
    public UnknownKeys(final Config reference)
    {
        walk(ROOT, reference.getObject(ROOT));
    }

    /**
     * @return the keys of the {@code reference.conf} files on the classpath.
     */
    public static UnknownKeys ofReference()
    {
        return new UnknownKeys(ConfigFactory.defaultReference());
    }

    /**
     * @param config a resolved configuration.
     * @throws IllegalArgumentException for the first unknown {@code rhcc} key, naming where it was set and the closest
     *                                  valid key.
     */
    public void check(final Config config)
    {
        if (!config.hasPath(ROOT))
        {
            return;
        }
        final Map<String, ConfigValue> sorted = new TreeMap<>();
        for (final Map.Entry<String, ConfigValue> entry : config.getConfig(ROOT).entrySet())
        {
            sorted.put(entry.getKey(), entry.getValue());
        }
        for (final Map.Entry<String, ConfigValue> entry : sorted.entrySet())
        {
            final String key = ROOT + "." + entry.getKey();
            final ConfigValue value = entry.getValue();
            if (!known(key) && !value.origin().description().startsWith(SYSTEM_PROPERTIES))
            {
                throw new IllegalArgumentException("unknown key " + key + " (" + value.origin().description() +
                    "): did you mean " + closest(key) + "? (every key is documented in conf/reference.conf)");
            }
        }
    }

    /**
     * @param key a full path, e.g. {@code rhcc.node.sender-hosts}.
     * @return true if reference.conf defines it, or it lies inside an open block.
     */
    public boolean known(final String key)
    {
        if (leaves.contains(key))
        {
            return true;
        }
        for (final String block : openBlocks)
        {
            if (key.startsWith(block + "."))
            {
                return true;
            }
        }
        return false;
    }

    /**
     * @param key an unknown key.
     * @return the valid key with the smallest edit distance to it.
     */
    public String closest(final String key)
    {
        String best = ROOT;
        int bestDistance = Integer.MAX_VALUE;
        for (final String candidate : leaves)
        {
            final int d = distance(key, candidate);
            if (d < bestDistance)
            {
                best = candidate;
                bestDistance = d;
            }
        }
        return best;
    }

    private void walk(final String path, final ConfigObject object)
    {
        if (object.isEmpty())
        {
            openBlocks.add(path);
            return;
        }
        for (final Map.Entry<String, ConfigValue> entry : object.entrySet())
        {
            final String child = path + "." + entry.getKey();
            if (entry.getValue().valueType() == ConfigValueType.OBJECT)
            {
                walk(child, (ConfigObject)entry.getValue());
            }
            else
            {
                leaves.add(child);
            }
        }
    }

    /**
     * @return the Levenshtein distance between two strings.
     */
    static int distance(final String a, final String b)
    {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++)
        {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++)
        {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++)
            {
                final int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            final int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
