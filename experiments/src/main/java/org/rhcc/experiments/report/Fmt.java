package org.rhcc.experiments.report;

import java.util.Locale;

/**
 * Number formatting for tables and reports: locale-independent, {@code n/a} for a value that is not a finite number.
 */
public final class Fmt
{
    private Fmt()
    {
    }

    /**
     * @param value    to format.
     * @param decimals digits after the decimal point.
     * @return e.g. {@code 97.3}, or {@code n/a}.
     */
    public static String num(final double value, final int decimals)
    {
        if (!Double.isFinite(value))
        {
            return "n/a";
        }
        final String text = String.format(Locale.ROOT, "%." + decimals + "f", value);
        // a value that rounds to zero prints as 0, not -0
        return text.startsWith("-") && text.matches("-0(\\.0*)?") ? text.substring(1) : text;
    }

    /**
     * @param fraction a fraction, e.g. -0.62.
     * @return e.g. {@code -62 %}, or {@code n/a}.
     */
    public static String percent(final double fraction)
    {
        return Double.isFinite(fraction) ? num(100.0 * fraction, 0) + " %" : "n/a";
    }

    /**
     * @param fraction a signed change, e.g. -0.62.
     * @return e.g. {@code -62 %} or {@code +5 %}, or {@code n/a}.
     */
    public static String change(final double fraction)
    {
        if (!Double.isFinite(fraction))
        {
            return "n/a";
        }
        final String text = num(100.0 * fraction, 0);
        return ("0".equals(text) || text.startsWith("-") ? "" : "+") + text + " %";
    }

    /**
     * @param ratio a ratio, e.g. 2.4.
     * @return e.g. {@code 2.4x}, or {@code n/a}.
     */
    public static String times(final double ratio)
    {
        return Double.isFinite(ratio) ? num(ratio, 1) + "x" : "n/a";
    }

    /**
     * @param bytes a size in bytes.
     * @return e.g. {@code 64 KB}, {@code 1 MB} (binary units, as perftest's sizes are powers of two).
     */
    public static String bytes(final long bytes)
    {
        if (bytes >= (1 << 20) && bytes % (1 << 20) == 0)
        {
            return (bytes >> 20) + " MB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0)
        {
            return (bytes >> 10) + " KB";
        }
        return bytes + " B";
    }
}
