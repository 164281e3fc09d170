package org.rhcc.sim;

/**
 * Argument checks for parameter records: each failure names the parameter, its value and the valid range.
 */
final class Checks
{
    private Checks()
    {
    }

    static void range(final String name, final long value, final long min, final long max)
    {
        if (value < min || value > max)
        {
            throw new IllegalArgumentException(name + " = " + value + " must be within " + min + ".." + max);
        }
    }

    static void range(final String name, final double value, final double min, final double max)
    {
        if (!(value >= min && value <= max))
        {
            throw new IllegalArgumentException(name + " = " + value + " must be within " + min + ".." + max);
        }
    }

    static void positive(final String name, final double value)
    {
        if (!(value > 0.0) || Double.isInfinite(value))
        {
            throw new IllegalArgumentException(name + " = " + value + " must be a positive finite number");
        }
    }

    static void nonNegative(final String name, final double value)
    {
        if (!(value >= 0.0) || Double.isInfinite(value))
        {
            throw new IllegalArgumentException(name + " = " + value + " must be a finite number >= 0");
        }
    }
}
