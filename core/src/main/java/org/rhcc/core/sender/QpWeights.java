package org.rhcc.core.sender;

import java.util.Arrays;
import java.util.Locale;

/**
 * The weight each QP of a host is opened with (docs/design.md §4.1), parsed from the controller parameter
 * {@code qp_weights} in one of two forms:
 * <ul>
 *   <li>a list {@code 1,2,4,8}: the weights of QPs 0, 1, 2, ... in QP order, the list repeated when the host has more
 *   QPs than it names (the form of {@code rhcc experiment --set});</li>
 *   <li>ranges {@code 0-3,8:1;4-7:4}: entries {@code qps:weight} separated by {@code ;}, each {@code qps} a
 *   kernel-style list of QPs and QP ranges; QPs no entry names stay unweighted (the form conf/reference.conf's
 *   {@code rhcc.sender.qp-weights} is turned into).</li>
 * </ul>
 * A weight is within 1 .. {@link QpStateTable#MAX_WEIGHT}; 0 is what an unweighted QP has in its state, never a
 * configured weight. {@link #NONE} leaves every QP unweighted (the paper's Eq. (3)).
 * <p>
 * <b>Note:</b> immutable; {@link #weightOf} allocates nothing.
 */
public final class QpWeights
{
    /** The controller parameter the weights are configured with. */
    public static final String KEY = "qp_weights";

    /** No weights: every QP unweighted. */
    public static final QpWeights NONE = new QpWeights(new int[0], false, "");

    private final int[] weights;
    private final boolean repeating;
    private final String text;

    private QpWeights(final int[] weights, final boolean repeating, final String text)
    {
        this.weights = weights;
        this.repeating = repeating;
        this.text = text;
    }

    /**
     * @param text either form of the class javadoc; blank for {@link #NONE}.
     * @throws IllegalArgumentException naming {@value #KEY}, the bad part, its valid range and what to do.
     */
    public static QpWeights parse(final String text)
    {
        final String trimmed = null == text ? "" : text.trim();
        if (trimmed.isEmpty())
        {
            return NONE;
        }
        return trimmed.indexOf(':') >= 0 ? parseRanges(trimmed) : parseList(trimmed);
    }

    private static QpWeights parseList(final String text)
    {
        final String[] parts = text.split(",", -1);
        final int[] weights = new int[parts.length];
        for (int i = 0; i < parts.length; i++)
        {
            weights[i] = weight(parts[i], text);
        }
        return new QpWeights(weights, true, text);
    }

    private static QpWeights parseRanges(final String text)
    {
        int[] weights = new int[0];
        final String[] entries = text.split(";", -1);
        String[] ownerOf = new String[0];
        for (final String rawEntry : entries)
        {
            final String entry = rawEntry.trim();
            final int colon = entry.lastIndexOf(':');
            if (colon <= 0)
            {
                throw new IllegalArgumentException(KEY + " = '" + text + "': entry '" + entry +
                    "' must be qps:weight, e.g. 0-3,8:2");
            }
            final int weight = weight(entry.substring(colon + 1), text);
            final String qps = entry.substring(0, colon).trim();
            for (final String rawPart : qps.split(",", -1))
            {
                final String part = rawPart.trim();
                final int dash = part.indexOf('-');
                final int first = qp(dash < 0 ? part : part.substring(0, dash), text);
                final int last = dash < 0 ? first : qp(part.substring(dash + 1), text);
                if (last < first)
                {
                    throw new IllegalArgumentException(KEY + " = '" + text + "': QP range '" + part +
                        "' ends before it starts; write it low-high");
                }
                if (last >= weights.length)
                {
                    weights = Arrays.copyOf(weights, last + 1);
                    ownerOf = Arrays.copyOf(ownerOf, last + 1);
                }
                for (int qp = first; qp <= last; qp++)
                {
                    if (null != ownerOf[qp])
                    {
                        throw new IllegalArgumentException(KEY + " = '" + text + "': QP " + qp + " is in both '" +
                            ownerOf[qp] + "' and '" + part + "'; give each QP one weight");
                    }
                    ownerOf[qp] = part;
                    weights[qp] = weight;
                }
            }
        }
        return new QpWeights(weights, false, text);
    }

    private static int weight(final String part, final String text)
    {
        final int weight;
        try
        {
            weight = Integer.parseInt(part.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(KEY + " = '" + text + "': weight '" + part.trim() +
                "' is not a whole number within 1.." + QpStateTable.MAX_WEIGHT, ex);
        }
        if (weight < 1 || weight > QpStateTable.MAX_WEIGHT)
        {
            throw new IllegalArgumentException(KEY + " = '" + text + "': weight " + weight + " must be within 1.." +
                QpStateTable.MAX_WEIGHT + (weight < 1 ? "; leave a QP out to keep it unweighted" :
                "; scale the weights down so that the largest is at most " + QpStateTable.MAX_WEIGHT));
        }
        return weight;
    }

    private static int qp(final String part, final String text)
    {
        try
        {
            final int qp = Integer.parseInt(part.trim());
            if (qp >= 0)
            {
                return qp;
            }
        }
        catch (final NumberFormatException ex)
        {
            // reported below
        }
        throw new IllegalArgumentException(KEY + " = '" + text + "': QP '" + part.trim() +
            "' is not a QP number >= 0; write QPs as a kernel-style list, e.g. 0-3,8");
    }

    /**
     * @param qp QP number of the host, >= 0.
     * @return its weight, 1 .. 255, or 0 when unweighted.
     */
    public int weightOf(final int qp)
    {
        if (repeating)
        {
            return weights[qp % weights.length];
        }
        return qp < weights.length ? weights[qp] : 0;
    }

    /**
     * @return the sum of the weights the host is configured with: the list once (the weights of one host's QPs) or
     * every QP the ranges name; 0 for {@link #NONE}.
     */
    public int weightSum()
    {
        int sum = 0;
        for (final int weight : weights)
        {
            sum += weight;
        }
        return sum;
    }

    /**
     * @return true when no QP is weighted.
     */
    public boolean isNone()
    {
        return 0 == weights.length;
    }

    /**
     * @return the highest QP the ranges form names, or -1 for the list form (it repeats over any number of QPs) and
     * for {@link #NONE}.
     */
    public int lastNamedQp()
    {
        return repeating ? -1 : weights.length - 1;
    }

    /**
     * @param qpCount QPs of the host.
     * @return the weights of QPs {@code 0 .. qpCount-1} (0 = unweighted).
     */
    public int[] toArray(final int qpCount)
    {
        final int[] all = new int[qpCount];
        for (int qp = 0; qp < qpCount; qp++)
        {
            all[qp] = weightOf(qp);
        }
        return all;
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof QpWeights other && repeating == other.repeating && Arrays.equals(weights, other.weights);
    }

    @Override
    public int hashCode()
    {
        return 31 * Arrays.hashCode(weights) + (repeating ? 1 : 0);
    }

    @Override
    public String toString()
    {
        return isNone() ? "unweighted" : KEY + "=" + text.toLowerCase(Locale.ROOT);
    }
}
