package org.rhcc.actors.config;

import java.util.List;
import java.util.Set;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import org.rhcc.core.sender.QpStateTable;
import org.rhcc.core.sender.QpWeights;

/**
 * A real host's per-QP weights (docs/design.md §4.1) from {@code rhcc.sender.qp-weights}, a list of
 * {@code { qps = "0-3,8", weight = 2 }} entries (QPs as a kernel-style list), turned into the controller parameter
 * {@value QpWeights#KEY} in its ranges form ({@code 0-3,8:2;...}) that the autostart session carries, so that a real
 * host opens its QPs with the same weights a simulated run given that parameter does. QPs no entry names stay
 * unweighted.
 */
public final class QpWeightSettings
{
    /** The key, under {@code rhcc}. */
    public static final String PATH = "sender.qp-weights";

    private static final String KEY = "rhcc." + PATH;
    private static final Set<String> ENTRY_KEYS = Set.of("qps", "weight");

    private QpWeightSettings()
    {
    }

    /**
     * Reads and validates the weights.
     *
     * @param rhcc    the {@code rhcc} block.
     * @param qpCount {@code rhcc.session.qp-count}: when > 0, no entry may name a QP at or beyond it.
     * @return the {@value QpWeights#KEY} value in its ranges form, or {@code ""} when the list is empty.
     * @throws IllegalArgumentException naming the entry and what is wrong with it: a weight outside 1..255, a malformed
     *                                  QP list, two entries that name the same QP, a QP beyond the session's count.
     */
    public static String parameterValue(final Config rhcc, final int qpCount)
    {
        final List<? extends Config> entries;
        try
        {
            entries = rhcc.getConfigList(PATH);
        }
        catch (final ConfigException.WrongType ex)
        {
            throw new IllegalArgumentException(KEY + " must be a list of { qps = \"0-3\", weight = 1 } entries", ex);
        }
        final StringBuilder value = new StringBuilder();
        for (int i = 0; i < entries.size(); i++)
        {
            if (value.length() > 0)
            {
                value.append(';');
            }
            value.append(entryValue(entries.get(i), KEY + "[" + i + "]"));
        }
        if (0 == value.length())
        {
            return "";
        }
        final QpWeights weights;
        try
        {
            weights = QpWeights.parse(value.toString());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException(KEY + ": " + ex.getMessage(), ex);
        }
        if (qpCount > 0 && weights.lastNamedQp() >= qpCount)
        {
            throw new IllegalArgumentException(KEY + " names QP " + weights.lastNamedQp() +
                ", beyond rhcc.session.qp-count = " + qpCount + " (QPs 0.." + (qpCount - 1) + "): fix the range or " +
                "the QP count");
        }
        return value.toString();
    }

    /**
     * @param entry one entry of the list.
     * @param where the entry's position, for the error.
     * @return the entry as {@code qps:weight}.
     * @throws IllegalArgumentException naming the entry and what is wrong with it.
     */
    private static String entryValue(final Config entry, final String where)
    {
        for (final String key : entry.root().keySet())
        {
            if (!ENTRY_KEYS.contains(key))
            {
                throw new IllegalArgumentException(where + " has an unknown key '" + key +
                    "': an entry is { qps = \"0-3,8\", weight = 2 }");
            }
        }
        if (!entry.hasPath("qps") || !entry.hasPath("weight"))
        {
            throw new IllegalArgumentException(where + " needs both qps and weight, e.g. { qps = \"0-3,8\", " +
                "weight = 2 }");
        }
        final String qps = entry.getValue("qps").unwrapped().toString().trim();
        if (qps.isEmpty() || qps.indexOf(':') >= 0 || qps.indexOf(';') >= 0)
        {
            throw new IllegalArgumentException(where + ".qps = '" + qps + "' is not a QP list: write QPs and " +
                "ranges separated by commas, e.g. \"0-3,8\"");
        }
        return qps + ":" + weight(entry, where);
    }

    private static int weight(final Config entry, final String where)
    {
        final int weight;
        try
        {
            weight = entry.getInt("weight");
        }
        catch (final ConfigException.WrongType ex)
        {
            throw new IllegalArgumentException(where + ".weight = " + entry.getValue("weight").render() +
                " is not a whole number within 1.." + QpStateTable.MAX_WEIGHT, ex);
        }
        if (weight < 1 || weight > QpStateTable.MAX_WEIGHT)
        {
            throw new IllegalArgumentException(where + ".weight = " + weight + " must be within 1.." +
                QpStateTable.MAX_WEIGHT + (weight < 1 ? ": leave the QPs out to keep them unweighted" :
                ": scale the weights down so that the largest is at most " + QpStateTable.MAX_WEIGHT));
        }
        return weight;
    }
}
