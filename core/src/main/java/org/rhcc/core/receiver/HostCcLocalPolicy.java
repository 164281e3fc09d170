package org.rhcc.core.receiver;

/**
 * hostCC's local response (Agarwal et al., "Host Congestion Control", SIGCOMM 2023; {@code src/hostcc-local-response.c}
 * as summarised in docs/hardware.md §1), the receiver-side policy rhcc runs to emulate hostCC:
 * <ul>
 *   <li>signals: IIO occupancy smoothed {@code s <- (7 s + x)/8} and inbound PCIe bandwidth smoothed
 *   {@code s <- (255 s + x)/256} (hostCC's weights; the first sample initialises each EWMA, and hostCC's
 *   "update only when > 10" gate is deliberately not copied);</li>
 *   <li>throttle one level (all groups together) when {@code occupancy > I_T} and {@code bandwidth < B_T}, on every
 *   sample (hostCC does not rate-limit throttling);</li>
 *   <li>relax one level when {@code occupancy < I_T} and {@code bandwidth > B_T}, at most once per relax interval
 *   (hostCC's {@code SLACK_TIME_US} = 150 us).</li>
 * </ul>
 * Defaults from hostCC's {@code src/README.md}: I_T = 70, B_T = 84 Gbit/s ("about 80 Gbit/s of application data").
 * hostCC throttles whole remote sockets one at a time at 90 %; rhcc maps its level index onto the same MBA level
 * table as RHCC for every group, so the two policies differ in decision rule only.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per sample.
 */
public final class HostCcLocalPolicy implements MbaPolicy
{
    /** hostCC's Rx IIO occupancy threshold I_T. */
    public static final double I_T_DEFAULT = 70.0;
    /** hostCC's PCIe bandwidth threshold B_T, Gbit/s. */
    public static final double B_T_GBPS_DEFAULT = 84.0;
    /** hostCC's relax interval, ns. */
    public static final long RELAX_INTERVAL_NS_DEFAULT = 150_000L;

    private static final long NEVER = Long.MIN_VALUE;
    private static final double OCCUPANCY_GAIN = 1.0 / 8.0;
    private static final double BANDWIDTH_GAIN = 1.0 / 256.0;

    private final double iT;
    private final double bTGbps;
    private final long relaxIntervalNs;
    private final int maxLevel;
    private final int groupCount;
    private double occupancyEwma;
    private double pcieGbpsEwma;
    private boolean primed;
    private int level = 1;
    private long lastRelaxNs = NEVER;

    /**
     * @param iT              occupancy threshold I_T, entries.
     * @param bTGbps          PCIe bandwidth threshold B_T, Gbit/s.
     * @param relaxIntervalNs minimum time between two relaxing steps, ns.
     * @param levels          MBA level table.
     * @param groupCount      number of COS groups throttled together.
     */
    public HostCcLocalPolicy(
        final double iT, final double bTGbps, final long relaxIntervalNs, final MbaLevelTable levels,
        final int groupCount)
    {
        if (!(iT > 0.0) || !(bTGbps > 0.0) || relaxIntervalNs < 0 || groupCount < 1)
        {
            throw new IllegalArgumentException("hostCC policy needs I_T > 0, B_T > 0 Gbit/s, relax interval >= 0 and " +
                ">= 1 group; got I_T = " + iT + ", B_T = " + bTGbps + ", relax = " + relaxIntervalNs + " ns, groups = " +
                groupCount);
        }
        this.iT = iT;
        this.bTGbps = bTGbps;
        this.relaxIntervalNs = relaxIntervalNs;
        this.maxLevel = levels.levelCount();
        this.groupCount = groupCount;
    }

    /**
     * hostCC's defaults over the paper's level table and two groups.
     *
     * @return the policy.
     */
    public static HostCcLocalPolicy defaults()
    {
        return new HostCcLocalPolicy(I_T_DEFAULT, B_T_GBPS_DEFAULT, RELAX_INTERVAL_NS_DEFAULT, MbaLevelTable.paper(), 2);
    }

    /**
     * Feeds one pair of samples and takes a decision; a change is emitted for every group.
     * <p>
     * {@inheritDoc}
     */
    public int onSample(final double occupancy, final double pcieGbps, final long nowNs, final MbaLevelSink sink)
    {
        if (!(occupancy >= 0.0) || !(pcieGbps >= 0.0))
        {
            return 0;
        }
        if (primed)
        {
            occupancyEwma += OCCUPANCY_GAIN * (occupancy - occupancyEwma);
            pcieGbpsEwma += BANDWIDTH_GAIN * (pcieGbps - pcieGbpsEwma);
        }
        else
        {
            occupancyEwma = occupancy;
            pcieGbpsEwma = pcieGbps;
            primed = true;
        }

        if (occupancyEwma > iT && pcieGbpsEwma < bTGbps)
        {
            if (level < maxLevel)
            {
                return setLevel(level + 1, nowNs, sink);
            }
        }
        else if (occupancyEwma < iT && pcieGbpsEwma > bTGbps && level > 1)
        {
            if (lastRelaxNs == NEVER || nowNs - lastRelaxNs >= relaxIntervalNs)
            {
                lastRelaxNs = nowNs;
                return setLevel(level - 1, nowNs, sink);
            }
        }
        return 0;
    }

    private int setLevel(final int newLevel, final long nowNs, final MbaLevelSink sink)
    {
        level = newLevel;
        for (int g = 0; g < groupCount; g++)
        {
            sink.onLevelChange(g, newLevel, nowNs);
        }
        return groupCount;
    }

    /**
     * @return the level applied to every group.
     */
    public int level()
    {
        return level;
    }

    /**
     * {@inheritDoc}
     */
    public int level(final int group)
    {
        return level;
    }

    /**
     * {@inheritDoc}
     */
    public int groupCount()
    {
        return groupCount;
    }

    /**
     * {@inheritDoc}
     */
    public double smoothedOccupancy()
    {
        return occupancyEwma;
    }

    /**
     * {@inheritDoc}
     */
    public void resetToUnthrottled()
    {
        level = 1;
        lastRelaxNs = NEVER;
    }

    /**
     * @return smoothed occupancy, entries.
     */
    public double occupancy()
    {
        return occupancyEwma;
    }

    /**
     * @return smoothed PCIe bandwidth, Gbit/s.
     */
    public double pcieGbps()
    {
        return pcieGbpsEwma;
    }
}
