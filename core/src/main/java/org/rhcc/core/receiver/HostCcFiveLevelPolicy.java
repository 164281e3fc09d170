package org.rhcc.core.receiver;

/**
 * The {@code hostcc-5level} variant: hostCC's decision rule (Agarwal et al., "Host Congestion Control", SIGCOMM 2023;
 * {@code src/hostcc-local-response.c} as summarised in docs/design.md §4) over RHCC's five-level MBA table, so that it
 * differs from RHCC's cascade in the decision rule only. hostCC as published is {@link HostCcLocalPolicy}.
 * <ul>
 *   <li>signals: IIO occupancy smoothed {@code s <- (7 s + x)/8} and inbound PCIe bandwidth smoothed
 *   {@code s <- (255 s + x)/256} (hostCC's weights; here the first sample initialises each EWMA, and hostCC's
 *   "update only when > 10" gate is not copied);</li>
 *   <li>throttle one level (all groups together) when {@code occupancy > I_T} and {@code bandwidth < B_T}, on every
 *   sample (hostCC does not rate-limit throttling);</li>
 *   <li>relax one level when {@code occupancy < I_T} and {@code bandwidth > B_T}, at most once per relax interval
 *   (hostCC's {@code SLACK_TIME_US} = 150 us).</li>
 * </ul>
 * The level index maps onto the same MBA level table as RHCC's for every group. I_T defaults to RHCC's I_thr in this
 * variant ({@link org.rhcc.core.control.ControllerConfig}).
 * <p>
 * A protected CPU class (docs/design.md §4), when configured, is the last group and follows the common level capped at
 * its floor ({@code min(level, floor)}); it is emitted only when its own level changes.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per sample.
 */
public final class HostCcFiveLevelPolicy implements MbaPolicy
{
    private static final long NEVER = Long.MIN_VALUE;
    private static final double OCCUPANCY_GAIN = 1.0 / 8.0;
    private static final double BANDWIDTH_GAIN = 1.0 / 256.0;

    private final double iT;
    private final double bTGbps;
    private final long relaxIntervalNs;
    private final int maxLevel;
    private final int groupCount;
    private final int protectedFloorLevel;
    private final int cappedGroups;
    private int protectedLevel = 1;
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
    public HostCcFiveLevelPolicy(
        final double iT, final double bTGbps, final long relaxIntervalNs, final MbaLevelTable levels,
        final int groupCount)
    {
        this(iT, bTGbps, relaxIntervalNs, levels, groupCount, 0);
    }

    /**
     * @param iT                  occupancy threshold I_T, entries.
     * @param bTGbps              PCIe bandwidth threshold B_T, Gbit/s.
     * @param relaxIntervalNs     minimum time between two relaxing steps, ns.
     * @param levels              MBA level table.
     * @param groupCount          number of COS groups, the protected class included.
     * @param protectedFloorLevel 0 for no protected class; otherwise the last group is the protected class and is
     *                            never set past this level (1 = never throttled).
     */
    public HostCcFiveLevelPolicy(
        final double iT, final double bTGbps, final long relaxIntervalNs, final MbaLevelTable levels,
        final int groupCount, final int protectedFloorLevel)
    {
        if (protectedFloorLevel < 0 || protectedFloorLevel > levels.levelCount() ||
            protectedFloorLevel > 0 && groupCount < 2)
        {
            throw new IllegalArgumentException("hostCC policy: protected floor level = " + protectedFloorLevel +
                " must be within 1.." + levels.levelCount() + " and needs a group besides the protected one " +
                "(groups = " + groupCount + ")");
        }
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
        this.protectedFloorLevel = protectedFloorLevel;
        this.cappedGroups = protectedFloorLevel > 0 ? groupCount - 1 : groupCount;
    }

    /**
     * hostCC's defaults over the paper's level table and two groups.
     */
    public static HostCcFiveLevelPolicy defaults()
    {
        return new HostCcFiveLevelPolicy(HostCcLocalPolicy.I_T_DEFAULT, HostCcLocalPolicy.B_T_GBPS_DEFAULT,
            HostCcLocalPolicy.RELAX_INTERVAL_NS_DEFAULT, MbaLevelTable.paper(), 2);
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
        for (int g = 0; g < cappedGroups; g++)
        {
            sink.onLevelChange(g, newLevel, nowNs);
        }
        if (cappedGroups == groupCount)
        {
            return groupCount;
        }
        final int capped = Math.min(newLevel, protectedFloorLevel);
        if (capped == protectedLevel)
        {
            return cappedGroups;
        }
        protectedLevel = capped;
        sink.onLevelChange(groupCount - 1, capped, nowNs);
        return groupCount;
    }

    /**
     * @return the level applied to every group.
     */
    public int level()
    {
        return level;
    }

    @Override
    public int level(final int group)
    {
        return group == cappedGroups ? protectedLevel : level;
    }

    @Override
    public int groupCount()
    {
        return groupCount;
    }

    @Override
    public double smoothedOccupancy()
    {
        return occupancyEwma;
    }

    /**
     * @return I_T, entries.
     */
    public double threshold()
    {
        return iT;
    }

    /**
     * @return true while the smoothed occupancy exceeds I_T, the test its CE marking follows.
     */
    public boolean congested()
    {
        return occupancyEwma > iT;
    }

    @Override
    public void resetToUnthrottled()
    {
        level = 1;
        protectedLevel = 1;
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
