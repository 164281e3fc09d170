package org.rhcc.experiments;

import java.util.Arrays;

import org.rhcc.sim.QpRates;

/**
 * The spread over a run's RDMA QPs at one progress tick ({@link LiveWindows}): the minimum, median and maximum of
 * R_rev as the senders apply it, of R_cc (the inter-host CC's rate), and of each QP's goodput over the last two telemetry windows or more
 * (its payload acknowledged to the sender, {@link QpRates#ackedPayloadBytes}, since an earlier tick). Read from the
 * senders' state at the tick, never per simulation step; the run's JSON keeps only the per-window means
 * ({@code r_rev_gbps}, {@code sender_rate_gbps}, {@code rnic_gbps}).
 *
 * @param tMs         simulated time of the tick, ms.
 * @param rRevGbps    R_rev over the QPs, Gbit/s.
 * @param rccGbps     R_cc over the QPs, Gbit/s.
 * @param goodputGbps each QP's goodput over the last two telemetry windows or more, Gbit/s.
 */
public record QpSpread(double tMs, Spread rRevGbps, Spread rccGbps, Spread goodputGbps)
{
    /**
     * Minimum, median and maximum of one quantity over the QPs.
     *
     * @param min    smallest value.
     * @param median median (the mean of the two middle values for an even count).
     * @param max    largest value.
     */
    public record Spread(double min, double median, double max)
    {
        /**
         * @param values one value per QP, at least one; sorted in place.
         * @return their spread.
         */
        static Spread of(final double[] values)
        {
            if (0 == values.length)
            {
                throw new IllegalArgumentException("a spread needs at least one value");
            }
            Arrays.sort(values);
            final int n = values.length;
            final double median = 1 == n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
            return new Spread(values[0], median, values[n - 1]);
        }
    }
}
