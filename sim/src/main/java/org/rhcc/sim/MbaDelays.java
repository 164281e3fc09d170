package org.rhcc.sim;

import java.util.Arrays;

import org.rhcc.core.receiver.MbaLevelTable;

/**
 * The MBA delay table's rules behind {@link SimParameters.Mba} (docs/model.md §4.9): its validation, and the delay of
 * resctrl's 10 %, continued from the table.
 */
final class MbaDelays
{
    private MbaDelays()
    {
    }

    /**
     * @throws IllegalArgumentException naming the offending value.
     */
    static void check(final double actuationLatencyNs, final double[] delayNs)
    {
        Checks.nonNegative("mba.actuationLatencyNs", actuationLatencyNs);
        if (null == delayNs || delayNs.length < 2 || delayNs[0] != 0.0)
        {
            throw new IllegalArgumentException("mba.delayNs needs at least 2 levels and level 1 must be 0 ns");
        }
        if (delayNs.length > MbaLevelTable.PAPER_PERCENTS.length)
        {
            throw new IllegalArgumentException("mba.delayNs has " + delayNs.length + " levels; give at most " +
                MbaLevelTable.PAPER_PERCENTS.length + " (the paper's 100/80/60/40/20 %): levels " +
                MbaLevelTable.MBA_90_LEVEL + " and " + MbaLevelTable.PAUSED_LEVEL +
                " are hostCC's 10 % and a paused group");
        }
        for (int i = 1; i < delayNs.length; i++)
        {
            if (!(delayNs[i] >= delayNs[i - 1]) || Double.isInfinite(delayNs[i]))
            {
                throw new IllegalArgumentException("mba.delayNs must be finite and non-decreasing, level " +
                    (i + 1) + " = " + delayNs[i] + " ns");
            }
        }
    }

    /**
     * @return the added request delay of a level of the table, ns.
     * @throws IllegalArgumentException when the level is not in the table.
     */
    static double delayNsOf(final double[] delayNs, final int level)
    {
        if (level < 1 || level > delayNs.length)
        {
            throw new IllegalArgumentException("MBA level " + level + " is outside 1.." + delayNs.length);
        }
        return delayNs[level - 1];
    }

    /**
     * The request delay of resctrl's 10 % (Intel delay value 90, hostCC's {@code MBA_VAL_HIGH}), a setting the
     * paper did not measure. MBA is a request-rate controller: in this model a throttled core's request rate, and
     * so its bandwidth, is {@code 1/d} (the fit of row A3 is exactly {@code d_k = n 64 (1 + w) / BW_k}). Below the
     * table the measured curve is continued along its last segment, linear in bandwidth over the percentage:
     * {@code 1/d(10) = 1/d(20) + (1/d(20) - 1/d(40)) (20 - 10) / (40 - 20)}. With the calibrated delays (153.6 ns
     * at 40 %, 230.4 ns at 20 %, i.e. 15.0 and 10.0 GB/s) this gives 307.2 ns, 7.5 GB/s for the saturating
     * generator: 23 % of the unthrottled 33.2 GB/s where nominal would be 10 %, as the measured points already lie
     * above nominal below 60 % (40 % gives 45 %, 20 % gives 30 %; docs/model.md §4.9, MBA's non-linear response).
     * Derived from the calibrated table alone, never from a controller's outcome.
     *
     * @return the delay of resctrl's 10 %, ns.
     * @throws IllegalArgumentException unless the table has the paper's five levels and the continued curve
     *                                  stays positive.
     */
    static double mba90DelayNs(final double[] delayNs)
    {
        final double delay = continuedDelayNs(delayNs);
        if (Double.isNaN(delay))
        {
            throw new IllegalArgumentException("MBA level " + MbaLevelTable.MBA_90_LEVEL + " (10 %) continues " +
                "the paper's five levels and needs mba.delayNs with five levels whose bandwidth curve stays " +
                "above 0 at 10 %; got " + Arrays.toString(delayNs));
        }
        return delay;
    }

    /**
     * @return the longest request delay any level applies, ns: the table's last level or, where it is defined,
     * resctrl's 10 %.
     */
    static double maxDelayNs(final double[] delayNs)
    {
        final double delay = continuedDelayNs(delayNs);
        final double last = delayNs[delayNs.length - 1];
        return Double.isNaN(delay) ? last : Math.max(last, delay);
    }

    private static double continuedDelayNs(final double[] delayNs)
    {
        final int[] percents = MbaLevelTable.PAPER_PERCENTS;
        final int n = percents.length;
        if (delayNs.length != n || !(delayNs[n - 1] > 0.0) || !(delayNs[n - 2] > 0.0))
        {
            return Double.NaN;
        }
        final double rateLast = 1.0 / delayNs[n - 1];
        final double ratePrevious = 1.0 / delayNs[n - 2];
        final double rate = rateLast + (rateLast - ratePrevious) *
            (percents[n - 1] - MbaLevelTable.MBA_90_PERCENT) / (double)(percents[n - 2] - percents[n - 1]);
        return rate > 0.0 ? 1.0 / rate : Double.NaN;
    }
}
