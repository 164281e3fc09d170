package org.rhcc.transport.codec;

import java.util.SplittableRandom;

/**
 * Random field and header values for the frame fuzz tests, drawn from a seeded {@link SplittableRandom} and biased
 * towards the values codecs get wrong: extreme ints and longs, NaN (with any payload and sign), infinities, -0.0,
 * subnormals, and header values one off the valid ones.
 */
public final class FuzzValues
{
    private static final long[] EDGE_LONGS = {
        0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1,
        Integer.MIN_VALUE, Integer.MAX_VALUE, 0xFFFF_FFFFL, 1L << 32, 1L << 53, -(1L << 53)};

    private static final int[] EDGE_INTS = {
        0, 1, -1, 2, 5, 6, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE + 1, Integer.MAX_VALUE - 1,
        0x7FFF, 0x8000, 0xFFFF, 0x10000};

    private static final double[] EDGE_DOUBLES = {
        Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, Double.MIN_VALUE,
        -Double.MIN_VALUE, Double.MIN_NORMAL, -Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.0,
        0x1p53, Math.ulp(1.0)};

    private static final int[] EDGE_U16 = {0, 1, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF};

    private static final long EXPONENT_BITS = 0x7FF0_0000_0000_0000L;
    private static final long MANTISSA_BITS = 0x000F_FFFF_FFFF_FFFFL;

    private FuzzValues()
    {
    }

    /**
     * @param rng to draw from.
     * @return any long, an edge value one time in four.
     */
    public static long int64(final SplittableRandom rng)
    {
        return 0 == rng.nextInt(4) ? EDGE_LONGS[rng.nextInt(EDGE_LONGS.length)] : rng.nextLong();
    }

    /**
     * @param rng to draw from.
     * @return any int, an edge value one time in four.
     */
    public static int int32(final SplittableRandom rng)
    {
        return 0 == rng.nextInt(4) ? EDGE_INTS[rng.nextInt(EDGE_INTS.length)] : rng.nextInt();
    }

    /**
     * The raw bits of a double: an edge value, a NaN with a random payload and sign, any bit pattern, or an ordinary
     * rate-sized value, each about equally often.
     *
     * @param rng to draw from.
     * @return the double's bits, as {@link Double#doubleToRawLongBits(double)} gives them.
     */
    public static long doubleBits(final SplittableRandom rng)
    {
        switch (rng.nextInt(4))
        {
            case 0:
                return Double.doubleToRawLongBits(EDGE_DOUBLES[rng.nextInt(EDGE_DOUBLES.length)]);

            case 1:
            {
                final long mantissa = Math.max(1L, rng.nextLong() & MANTISSA_BITS);
                return (rng.nextBoolean() ? Long.MIN_VALUE : 0L) | EXPONENT_BITS | mantissa;
            }

            case 2:
                return rng.nextLong();

            default:
                return Double.doubleToRawLongBits((rng.nextDouble() - 0.25) * 400.0);
        }
    }

    /**
     * A uint16 header value: the valid one, one off it, an edge value or any value.
     *
     * @param rng   to draw from.
     * @param valid the value the schema expects.
     * @return a value in 0..0xFFFF.
     */
    public static int u16Near(final SplittableRandom rng, final int valid)
    {
        switch (rng.nextInt(4))
        {
            case 0:
                return valid;

            case 1:
                return (valid + (rng.nextBoolean() ? 1 : -1)) & 0xFFFF;

            case 2:
                return EDGE_U16[rng.nextInt(EDGE_U16.length)];

            default:
                return rng.nextInt(0x10000);
        }
    }
}
