package org.rhcc.core.tune;

/**
 * The tuning rule of {@code rhcc tune} (docs/design.md §4.2): under the heaviest load the host is tuned for, find the
 * least-throttled MBA level at which the NIC keeps its goodput, and take the receiver's two signals there as the
 * thresholds.
 * <p>
 * Why there: the MBA cascade (Eq. (1) and its threshold) is a five-level bang-bang loop. It steps down while the
 * smoothed occupancy is above I_thr and back up while it is not, so under a steady load it settles into an
 * alternation of two neighbouring levels: the one whose occupancy is above I_thr and the one below. With I_thr at the
 * occupancy of the knee level (the least-throttled level that leaves the NIC its goodput), the cascade alternates
 * between the knee level and the next deeper one: both leave the NIC whole, and the cores get the most bandwidth any
 * stable alternation can give them. A higher I_thr lets the cascade step up to the level that costs the NIC; a lower
 * one throttles deeper than needed. D_thr (Eq. (2)-(3)) is the delay at the knee level: the sender loop stays quiet
 * while the receiver's loop holds the host at the knee or deeper, and acts when the host is worse than that. The
 * paper reasons the same way about its testbed (MBA level 4 already gives the NIC its full rate at 3x); on rhcc's
 * model of that testbed the knee is level 3, and the rule gives 46 lines and 193 ns against the paper's 45 and 200.
 * <p>
 * The search: idle cores (the no-contention signals), then the probe's load at the deepest level and one level less
 * each time, stopping at the first level at which the NIC loses more than {@code onset} of its idle goodput. At most
 * {@code 1 + levels} short measurements. If even the deepest level loses, the receiver loop cannot protect the NIC
 * alone: I_thr is the idle occupancy rounded up (the cascade throttles as soon as the cores load the host) and D_thr
 * the delay at the deepest level. If no level loses, the cores cannot congest the NIC: the thresholds are the
 * unthrottled signals, rounded up, and the cascade rests.
 */
public final class KneeSearch
{
    /** Goodput loss that counts as a loss: 1 % of the idle goodput. */
    public static final double DEFAULT_ONSET = 0.01;

    private final double onset;
    private final int levels;

    /**
     * @param levels the host's MBA levels (5 on rhcc's cascade), 1 = unthrottled.
     */
    public KneeSearch(final int levels)
    {
        this(DEFAULT_ONSET, levels);
    }

    /**
     * @param onset  goodput loss that counts as a loss, a fraction of the idle goodput in (0, 0.5].
     * @param levels the host's MBA levels, 2..16.
     * @throws IllegalArgumentException naming the value out of range and its range.
     */
    public KneeSearch(final double onset, final int levels)
    {
        if (!(onset > 0.0 && onset <= 0.5))
        {
            throw new IllegalArgumentException("onset = " + onset +
                " must be a fraction of the idle goodput in (0, 0.5], e.g. 0.01 for 1 %");
        }
        if (levels < 2 || levels > 16)
        {
            throw new IllegalArgumentException("levels = " + levels + " must be in 2..16");
        }
        this.onset = onset;
        this.levels = levels;
    }

    /**
     * @return the most measurements one search makes.
     */
    public int maxMeasurements()
    {
        return 1 + levels;
    }

    /**
     * Runs the search.
     *
     * @param probe the host's contention probe.
     * @return the thresholds with the points they come from.
     * @throws IllegalStateException if the NIC carries no goodput at idle cores (nothing to protect: check the NIC).
     */
    public TunedThresholds search(final ContentionProbe probe)
    {
        final ProbePoint idle = probe.measure(0);
        if (!(idle.goodputGbps() > 0.0))
        {
            throw new IllegalStateException("the NIC carried no goodput at idle cores (" + idle.goodputGbps() +
                " Gbit/s): check that the sender's traffic reaches it before tuning");
        }
        ProbePoint knee = null;
        ProbePoint firstLoss = null;
        for (int level = levels; level >= 1 && null == firstLoss; level--)
        {
            final ProbePoint point = probe.measure(level);
            if (loses(point, idle))
            {
                firstLoss = point;
            }
            else
            {
                knee = point;
            }
        }
        if (null == knee)
        {
            return new TunedThresholds(ceilLines(idle.iioLines()), ceilNs(firstLoss.delayNs()), idle, firstLoss,
                firstLoss, onset);
        }
        if (null == firstLoss)
        {
            return new TunedThresholds(ceilLines(knee.iioLines()), ceilNs(knee.delayNs()), idle, knee, null, onset);
        }
        return new TunedThresholds(Math.max(1, (int)Math.floor(knee.iioLines())), ceilNs(knee.delayNs()), idle, knee,
            firstLoss, onset);
    }

    /**
     * @param point a measurement.
     * @param idle  the idle measurement.
     * @return true if the NIC lost more than the onset of its idle goodput.
     */
    boolean loses(final ProbePoint point, final ProbePoint idle)
    {
        return point.goodputGbps() < idle.goodputGbps() * (1.0 - onset);
    }

    private static int ceilLines(final double lines)
    {
        return Math.max(1, (int)Math.ceil(lines));
    }

    private static int ceilNs(final double ns)
    {
        return Math.max(1, (int)Math.ceil(ns));
    }
}
