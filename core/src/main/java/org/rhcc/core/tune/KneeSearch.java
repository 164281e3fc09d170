package org.rhcc.core.tune;

/**
 * The tuning rule of {@code rhcc tune} (docs/design.md §4.2): find the heaviest load of the host's cores at which the
 * NIC is not yet back-pressured, and take the receiver's two signals there as the thresholds.
 * <p>
 * Why there: I_thr (Eq. (1)) and D_thr (Eq. (2)-(3)) are where each loop starts to act. Below the knee's occupancy
 * and delay the NIC's writes still find PCIe posted credits, so a loop that acts there takes bandwidth from the cores
 * (or the NIC) for nothing; above them PCIe back-pressures the NIC, which is the congestion rhcc exists to prevent
 * (the NIC's buffer fills, then it pauses the network or loses goodput). The knee is the lightest setting of both
 * loops that still keeps the NIC free of back-pressure: the paper's reading of 45 lines and 200 ns on its testbed,
 * the occupancy and delay at which intra-host congestion begins.
 * <p>
 * Back-pressure is measured as the NIC sees it, not as its goodput: a NIC at line rate has headroom (headers, probes)
 * that hides short stalls from the goodput, so the goodput falls only well after the stalls begin. A load counts as
 * back-pressured when the NIC stalled for posted credits more than {@code onset} of the time, or lost more than
 * {@code onset} of its idle goodput.
 * <p>
 * The search: the idle point, then {@code coarseSteps} loads evenly up to the bound, stopping at the first that is
 * back-pressured; then {@code refineSteps} bisections between the last load that was not and the first that was.
 * I_thr is the knee's occupancy rounded up to whole lines, D_thr its delay rounded to the nanosecond. If no load up to
 * the bound is back-pressured, the cores cannot congest this host's NIC within the probe's bound, and the thresholds
 * are the signals at the bound. At most {@code 1 + coarseSteps + refineSteps} measurements, each a short run: the
 * contention the host sees is bounded in load and in time.
 */
public final class KneeSearch
{
    /** Stall fraction and goodput loss that count as back-pressure: 1 %. */
    public static final double DEFAULT_ONSET = 0.01;
    /** Evenly spaced loads of the coarse pass: 10 (steps of 10 % of the bound). */
    public static final int DEFAULT_COARSE_STEPS = 10;
    /** Bisections between the last free and the first back-pressured load: 4 (the knee to 1/160 of the bound). */
    public static final int DEFAULT_REFINE_STEPS = 4;

    private final double onset;
    private final int coarseSteps;
    private final int refineSteps;

    /**
     * The rule with its defaults.
     */
    public KneeSearch()
    {
        this(DEFAULT_ONSET, DEFAULT_COARSE_STEPS, DEFAULT_REFINE_STEPS);
    }

    /**
     * @param onset       stall fraction and goodput loss (a fraction of the idle goodput) that count as
     *                    back-pressure, in (0, 0.5].
     * @param coarseSteps loads of the coarse pass, 2..100.
     * @param refineSteps bisections after it, 0..20.
     * @throws IllegalArgumentException naming the value out of range and its range.
     */
    public KneeSearch(final double onset, final int coarseSteps, final int refineSteps)
    {
        if (!(onset > 0.0 && onset <= 0.5))
        {
            throw new IllegalArgumentException("onset = " + onset +
                " must be a fraction in (0, 0.5], e.g. 0.01 for 1 % of the time stalled or of the goodput lost");
        }
        if (coarseSteps < 2 || coarseSteps > 100)
        {
            throw new IllegalArgumentException("coarse steps = " + coarseSteps + " must be in 2..100");
        }
        if (refineSteps < 0 || refineSteps > 20)
        {
            throw new IllegalArgumentException("refine steps = " + refineSteps + " must be in 0..20");
        }
        this.onset = onset;
        this.coarseSteps = coarseSteps;
        this.refineSteps = refineSteps;
    }

    /**
     * @return the most measurements one search makes.
     */
    public int maxMeasurements()
    {
        return 1 + coarseSteps + refineSteps;
    }

    /**
     * Runs the search.
     *
     * @param probe the host's contention probe.
     * @return the thresholds with the points they come from.
     * @throws IllegalStateException if the NIC carries no goodput at idle cores, or is already back-pressured there
     *                               (then no CPU load is to blame and no threshold can help).
     */
    public TunedThresholds search(final ContentionProbe probe)
    {
        final RampPoint idle = probe.measure(0.0);
        if (!(idle.goodputGbps() > 0.0))
        {
            throw new IllegalStateException("the NIC carried no goodput at idle cores (" + idle.goodputGbps() +
                " Gbit/s): check that the sender's traffic reaches it before tuning");
        }
        if (idle.stallFraction() > onset)
        {
            throw new IllegalStateException("the NIC is back-pressured with idle cores (stalled " +
                Math.round(idle.stallFraction() * 1000.0) / 10.0 + " % of the time): PCIe or the NIC itself is the " +
                "bottleneck, not the cores' memory traffic, so no I_thr or D_thr can help");
        }
        RampPoint knee = idle;
        RampPoint firstLoss = null;
        for (int step = 1; step <= coarseSteps && null == firstLoss; step++)
        {
            final RampPoint point = probe.measure((double)step / coarseSteps);
            if (backPressured(point, idle))
            {
                firstLoss = point;
            }
            else
            {
                knee = point;
            }
        }
        for (int step = 0; step < refineSteps && null != firstLoss; step++)
        {
            final RampPoint point = probe.measure(0.5 * (knee.load() + firstLoss.load()));
            if (backPressured(point, idle))
            {
                firstLoss = point;
            }
            else
            {
                knee = point;
            }
        }
        return new TunedThresholds(iThrLines(knee), dThrNs(knee), idle, knee, firstLoss, onset);
    }

    /**
     * @param point a measurement.
     * @param idle  the idle measurement.
     * @return true if the NIC stalled more than the onset of the time, or lost more than the onset of its goodput.
     */
    boolean backPressured(final RampPoint point, final RampPoint idle)
    {
        return point.stallFraction() > onset || point.goodputGbps() < idle.goodputGbps() * (1.0 - onset);
    }

    /**
     * @param knee the knee.
     * @return its occupancy rounded up to whole lines, at least 1.
     */
    static int iThrLines(final RampPoint knee)
    {
        return Math.max(1, (int)Math.ceil(knee.iioLines()));
    }

    /**
     * @param knee the knee.
     * @return its delay rounded to the nanosecond, at least 1.
     */
    static int dThrNs(final RampPoint knee)
    {
        return Math.max(1, (int)Math.round(knee.delayNs()));
    }
}
