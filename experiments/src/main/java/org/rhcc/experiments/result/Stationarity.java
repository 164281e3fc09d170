package org.rhcc.experiments.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Whether a run had settled: its metrics over the first and the second half of the measured window, and the rule
 * that judges them.
 * <p>
 * <b>The rule.</b> The measured window {@code [W, W + T)} (after the warm-up {@code W}) is split into
 * {@code [W, W + T/2)} and {@code [W + T/2, W + T)}. For each compared metric with half values {@code a} and
 * {@code b} and an absolute floor {@code f > 0}, the relative difference is
 * <pre>
 *     d = |a - b| / max(|a|, |b|, f)
 * </pre>
 * that is, relative to the larger half, except that values near 0 are judged against the floor instead, so that
 * 0.01 against 0.02 Gbit/s does not count as a 50 % change. A run is stationary iff every compared metric has
 * {@code d <= }{@value #TOLERANCE}; a metric whose halves are not both finite numbers counts as not stationary.
 * <p>
 * The metrics compared (where they exist in the run):
 * <ul>
 *     <li>{@code rnic_gbps}, RDMA goodput, and {@code cpu_mem_gbps}, CPU memory bandwidth: floor
 *     {@value #BANDWIDTH_FLOOR_GBPS} Gbit/s (1 % of the NIC's 100 Gbit/s line rate, and R_min);</li>
 *     <li>{@code r_rev_gbps}, the time-averaged mean receivable rate R_rev over the QPs, where a sender loop runs:
 *     same floor;</li>
 *     <li>{@code mba_<group>_level_<n>_share}, the fraction of the half each MBA group spent at level {@code n},
 *     where a receiver loop runs: floor {@value #SHARE_FLOOR}, the whole, so that for shares {@code d} is the
 *     absolute difference in fraction of time (5 % means five percentage points of the half).</li>
 * </ul>
 *
 * @param metrics metric name to its two halves, in a fixed order.
 */
public record Stationarity(Map<String, Halves> metrics)
{
    /** Largest relative difference between the halves of a stationary run. */
    public static final double TOLERANCE = 0.05;

    /** Absolute floor of the bandwidth and rate metrics, Gbit/s. */
    public static final double BANDWIDTH_FLOOR_GBPS = 1.0;

    /** Absolute floor of the MBA level time shares (fractions of the half). */
    public static final double SHARE_FLOOR = 1.0;

    /**
     * Freezes the map in its given order.
     */
    public Stationarity
    {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    /**
     * @param first  the metric over the first half.
     * @param second the metric over the second half.
     * @param floor  the absolute floor, &gt; 0.
     * @return {@code |first - second| / max(|first|, |second|, floor)}, or {@link Double#NaN} if a half is not a
     * finite number.
     */
    public static double relativeDifference(final double first, final double second, final double floor)
    {
        if (!Double.isFinite(first) || !Double.isFinite(second))
        {
            return Double.NaN;
        }
        return Math.abs(first - second) / Math.max(Math.max(Math.abs(first), Math.abs(second)), floor);
    }

    /**
     * @return the largest relative difference over the metrics (0 when there are none), or {@link Double#NaN} if a
     * metric cannot be compared.
     */
    public double maxDifference()
    {
        double max = 0.0;
        for (final Halves halves : metrics.values())
        {
            final double d = halves.difference();
            if (Double.isNaN(d))
            {
                return Double.NaN;
            }
            max = Math.max(max, d);
        }
        return max;
    }

    /**
     * @return the metric with the largest relative difference (the first one not comparable, if any), or null when
     * there are no metrics.
     */
    public String worstMetric()
    {
        String worst = null;
        double max = -1.0;
        for (final Map.Entry<String, Halves> entry : metrics.entrySet())
        {
            final double d = entry.getValue().difference();
            if (Double.isNaN(d))
            {
                return entry.getKey();
            }
            if (d > max)
            {
                max = d;
                worst = entry.getKey();
            }
        }
        return worst;
    }

    /**
     * @return true iff every metric's halves differ by at most {@link #TOLERANCE} (see the class javadoc).
     */
    public boolean stationary()
    {
        final double max = maxDifference();
        return !Double.isNaN(max) && max <= TOLERANCE;
    }

    /**
     * @return e.g. {@code "rnic_gbps 23.4 %"}: the worst metric and its difference, for notes and legends.
     */
    public String describeWorst()
    {
        final String worst = worstMetric();
        if (null == worst)
        {
            return "no metric compared";
        }
        final double d = metrics.get(worst).difference();
        return worst + " " + (Double.isNaN(d) ? "not comparable" :
            String.format(Locale.ROOT, "%.1f %%", 100.0 * d));
    }

    /**
     * One metric over the two halves of the measured window.
     *
     * @param first  over {@code [W, W + T/2)}.
     * @param second over {@code [W + T/2, W + T)}.
     * @param floor  absolute floor of the relative difference, &gt; 0.
     */
    public record Halves(double first, double second, double floor)
    {
        /**
         * Validates the floor.
         */
        public Halves
        {
            if (!(floor > 0.0))
            {
                throw new IllegalArgumentException("floor = " + floor + " must be > 0");
            }
        }

        /**
         * @return {@link Stationarity#relativeDifference(double, double, double)} of the halves.
         */
        public double difference()
        {
            return relativeDifference(first, second, floor);
        }
    }

    /**
     * Collects the metrics of a {@link Stationarity} in order.
     */
    public static final class Builder
    {
        private final Map<String, Halves> metrics = new LinkedHashMap<>();

        /**
         * @param name   metric name.
         * @param first  over the first half.
         * @param second over the second half.
         * @param floor  absolute floor, &gt; 0.
         * @return this for a fluent API.
         */
        public Builder add(final String name, final double first, final double second, final double floor)
        {
            Objects.requireNonNull(name, "name");
            metrics.put(name, new Halves(first, second, floor));
            return this;
        }

        /**
         * @return the stationarity of the metrics added.
         */
        public Stationarity build()
        {
            return new Stationarity(metrics);
        }
    }
}
