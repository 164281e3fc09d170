package org.rhcc.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The map of the receiver processing delay D against the NIC's own rate at 3x congestion with MBA forced to each
 * level, and the calibration rows it is checked against (docs/model.md §9):
 * <ul>
 *   <li><b>C1</b>: RHCC's sender loop settles where D = D_thr, and the paper's RNIC-only loop settles at 18 Gbit/s
 *   at 3x (its Fig. 21), so at level 1 D lies below D_thr = 200 ns at 5 Gbit/s, crosses it between 14 and
 *   23 Gbit/s, and reaches B2's 3x value (900 ns +- 30 %) at DCQCN's operating point (the NIC unlimited).</li>
 *   <li><b>C2</b>: the probe waits behind the NIC's own writes, so at every level D is non-decreasing in the NIC's
 *   rate, with no jump of more than 150 ns between rates 5 Gbit/s apart, below the path's capacity (the goodput the
 *   NIC reaches at the map's highest rate, where the host, not the limit, sets it). A run's D is the mean of its
 *   100 us windows; a fall counts when it
 *   exceeds twice the standard error of the two means, so that the sampling noise of a few hundred probes is not
 *   read as a decrease.</li>
 * </ul>
 * The NIC's rate is held by the sender NIC's per-QP rate limit ({@link #RATE_LIMIT_PARAMETER}); the QPs are
 * de-phased by the sender's scheduler (docs/model.md §4.2). Both the {@code delay-map} experiment and the
 * calibration suite fill a map from their runs and ask it for the rows.
 * <p>
 * <b>Note:</b> not thread-safe; for reports and tests, not the step loop.
 */
public final class DelayMap
{
    /** The forced MBA levels of the map. */
    public static final int LEVELS = 5;
    /** The NIC's total held rates of the map, Gbit/s on the wire; the last, the line rate, runs without a limit: the
     * NIC then sends at DCQCN's operating point. */
    public static final double[] RATES_GBPS = {
        5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100 };
    /** The simulator parameter that holds a QP's rate (the sender NIC's per-QP limit), Gbit/s. */
    public static final String RATE_LIMIT_PARAMETER = "rnic.rateLimitGbps";
    /** Warm-up of a map run: long enough for DCQCN and the DDIO hit rate to settle at a held rate, ns. */
    public static final long WARMUP_NS = 2_000_000L;
    /** Measured time of a map run at 20 Gbit/s and above: forty 100 us delay windows and about 300 probes, ns. */
    public static final long DURATION_NS = 4_000_000L;
    /** Below this held rate a map run is measured longer, so that it still answers about 300 probes, Gbit/s. */
    static final double FULL_PROBES_GBPS = 20.0;
    /** D_thr of the paper, ns. */
    public static final double D_THR_NS = 200.0;

    /** C1: D at the lowest rate must lie below D_thr; the crossing must lie within these rates, Gbit/s. */
    static final double C1_LOW_GBPS = 5.0;
    static final double C1_CROSS_MIN_GBPS = 14.0;
    static final double C1_CROSS_MAX_GBPS = 23.0;
    /** B2 at 3x: 900 ns +- 30 %. */
    static final double B2_3X_NS = 900.0;
    static final double B2_TOLERANCE = 0.30;
    /** C2: the largest rise of D between two held rates 5 Gbit/s apart below the path's capacity, ns. */
    static final double C2_MAX_JUMP_NS = 150.0;
    /** C2: a fall of D counts only beyond this many standard errors of the difference of the two runs' means. */
    static final double SIGNIFICANT = 2.0;

    private final double payloadShare;
    private final Map<Integer, TreeMap<Double, double[]>> byLevel = new TreeMap<>();

    /**
     * A map for the calibrated NIC: 4,096-byte payload in 4,178 bytes on the wire.
     */
    public DelayMap()
    {
        this(4_096.0 / 4_178.0);
    }

    /**
     * @param payloadShare payload bytes per wire byte of a full packet: the goodput a held wire rate gives.
     */
    public DelayMap(final double payloadShare)
    {
        this.payloadShare = payloadShare;
    }

    /**
     * @param heldGbps the NIC's total held rate, Gbit/s on the wire.
     * @param qps      the run's QPs.
     * @return the per-QP rate limit that holds it ({@link #RATE_LIMIT_PARAMETER}), Gbit/s; 0 (no limit) at the
     * map's highest rate, the line rate.
     */
    public static double perQpLimitGbps(final double heldGbps, final int qps)
    {
        return heldGbps >= RATES_GBPS[RATES_GBPS.length - 1] ? 0.0 : heldGbps / qps;
    }

    /**
     * @param perQpLimitGbps a map run's per-QP rate limit, Gbit/s (0 for none).
     * @param qps            the run's QPs.
     * @return the NIC's total held rate of the run, Gbit/s on the wire.
     */
    public static double heldGbps(final double perQpLimitGbps, final int qps)
    {
        return perQpLimitGbps > 0.0 ? perQpLimitGbps * qps : RATES_GBPS[RATES_GBPS.length - 1];
    }

    /**
     * @param heldGbps       the NIC's total held rate, Gbit/s.
     * @param baseDurationNs the measured time of a run at {@value #FULL_PROBES_GBPS} Gbit/s and above, ns.
     * @return the measured time of a run at that rate: longer below {@value #FULL_PROBES_GBPS} Gbit/s in
     * proportion, so that every run answers about as many probes (one per 32 KB per QP) and its mean D is as
     * precise as the rest of the map's, ns.
     */
    public static long durationNs(final double heldGbps, final long baseDurationNs)
    {
        return heldGbps >= FULL_PROBES_GBPS ? baseDurationNs :
            (long)Math.ceil(baseDurationNs * FULL_PROBES_GBPS / heldGbps);
    }

    /**
     * Records one run of the map.
     *
     * @param level        the forced MBA level, 1..5.
     * @param heldGbps     the NIC's total held rate, Gbit/s on the wire.
     * @param goodputGbps  the RDMA goodput the run measured, Gbit/s.
     * @param windowDelays the run's D per measured 100 us window, ns (NaN for a window without a probe): their mean is
     *                     the run's D, their spread its standard error.
     */
    public void add(final int level, final double heldGbps, final double goodputGbps, final double[] windowDelays)
    {
        double sum = 0.0;
        double sumSquares = 0.0;
        int n = 0;
        for (final double d : windowDelays)
        {
            if (!Double.isNaN(d))
            {
                sum += d;
                sumSquares += d * d;
                n++;
            }
        }
        final double mean = n > 0 ? sum / n : Double.NaN;
        final double variance = n > 1 ? Math.max(0.0, (sumSquares - n * mean * mean) / (n - 1)) : 0.0;
        byLevel.computeIfAbsent(level, (l) -> new TreeMap<>())
            .put(heldGbps, new double[]{ goodputGbps, mean, n > 0 ? Math.sqrt(variance / n) : Double.NaN });
    }

    /**
     * @param level     a forced MBA level.
     * @param thresholdNs a delay, ns.
     * @return the held rate at which D first reaches the threshold (linear between the held rates), or NaN when it
     * never does.
     */
    public double crossingGbps(final int level, final double thresholdNs)
    {
        final TreeMap<Double, double[]> rows = byLevel.get(level);
        if (null == rows)
        {
            return Double.NaN;
        }
        double previousRate = Double.NaN;
        double previousDelay = Double.NaN;
        for (final Map.Entry<Double, double[]> row : rows.entrySet())
        {
            final double delay = row.getValue()[1];
            if (delay >= thresholdNs)
            {
                if (Double.isNaN(previousRate))
                {
                    return row.getKey();
                }
                return previousRate + (thresholdNs - previousDelay) / (delay - previousDelay) *
                    (row.getKey() - previousRate);
            }
            previousRate = row.getKey();
            previousDelay = delay;
        }
        return Double.NaN;
    }

    /**
     * @return what violates row C1, empty when it holds.
     */
    public List<String> c1Violations()
    {
        final List<String> violations = new ArrayList<>();
        final TreeMap<Double, double[]> rows = byLevel.get(1);
        if (null == rows || rows.isEmpty())
        {
            violations.add("no run at MBA level 1");
            return violations;
        }
        final double[] low = rows.get(C1_LOW_GBPS);
        if (null == low || !(low[1] < D_THR_NS))
        {
            violations.add("D at " + fmt(C1_LOW_GBPS) + " Gbit/s is " + (null == low ? "missing" : fmt(low[1])) +
                " ns, not below " + fmt(D_THR_NS));
        }
        final double crossing = crossingGbps(1, D_THR_NS);
        if (!(crossing >= C1_CROSS_MIN_GBPS && crossing <= C1_CROSS_MAX_GBPS))
        {
            violations.add("D crosses " + fmt(D_THR_NS) + " ns at " + fmt(crossing) + " Gbit/s, not within " +
                fmt(C1_CROSS_MIN_GBPS) + ".." + fmt(C1_CROSS_MAX_GBPS));
        }
        final double atOperatingPoint = rows.lastEntry().getValue()[1];
        if (Math.abs(atOperatingPoint - B2_3X_NS) > B2_TOLERANCE * B2_3X_NS)
        {
            violations.add("D at " + fmt(rows.lastKey()) + " Gbit/s (DCQCN's operating point) is " +
                fmt(atOperatingPoint) + " ns, not B2's " + fmt(B2_3X_NS) + " +- 30 %");
        }
        return violations;
    }

    /**
     * @return what violates row C2, empty when it holds.
     */
    public List<String> c2Violations()
    {
        final List<String> violations = new ArrayList<>();
        for (final Map.Entry<Integer, TreeMap<Double, double[]>> level : byLevel.entrySet())
        {
            final double capacityGbps = level.getValue().lastEntry().getValue()[0];
            double previousRate = Double.NaN;
            double previousDelay = Double.NaN;
            double previousError = 0.0;
            for (final Map.Entry<Double, double[]> row : level.getValue().entrySet())
            {
                final double rate = row.getKey();
                final double[] values = row.getValue();
                if (payloadShare * rate >= capacityGbps)
                {
                    break;
                }
                if (!Double.isNaN(previousRate) && rate - previousRate <= 5.0 + 1e-9)
                {
                    final double standardError = Math.hypot(values[2], previousError);
                    if (values[1] < previousDelay - SIGNIFICANT * standardError)
                    {
                        violations.add("level " + level.getKey() + ": D falls from " + fmt(previousDelay) +
                            " to " + fmt(values[1]) + " ns between " + fmt(previousRate) + " and " + fmt(rate) +
                            " Gbit/s (standard error " + fmt(standardError) + " ns)");
                    }
                    if (values[1] - previousDelay > C2_MAX_JUMP_NS)
                    {
                        violations.add("level " + level.getKey() + ": D jumps by " +
                            fmt(values[1] - previousDelay) + " ns between " + fmt(previousRate) + " and " +
                            fmt(rate) + " Gbit/s");
                    }
                }
                previousRate = rate;
                previousDelay = values[1];
                previousError = values[2];
            }
        }
        return violations;
    }

    /**
     * @return "holds" or the violations of row C1, for a report.
     */
    public String checkC1()
    {
        return verdict(c1Violations());
    }

    /**
     * @return "holds" or the violations of row C2, for a report.
     */
    public String checkC2()
    {
        return verdict(c2Violations());
    }

    /**
     * @param level a forced MBA level.
     * @return the level's D values in rate order, e.g. {@code "5: 143, 10: 150, ..."}.
     */
    public String describeLevel(final int level)
    {
        final List<String> items = new ArrayList<>();
        final TreeMap<Double, double[]> rows = byLevel.getOrDefault(level, new TreeMap<>());
        rows.forEach((rate, values) -> items.add(fmt(rate) + ": " + fmt(values[1])));
        return String.join(", ", items);
    }

    private static String verdict(final List<String> violations)
    {
        return violations.isEmpty() ? "holds" : "fails: " + String.join("; ", violations);
    }

    private static String fmt(final double value)
    {
        return String.format(Locale.ROOT, "%.0f", value);
    }
}
