package org.rhcc.core.receiver;

/**
 * hostCC's local response as its authors published it (Agarwal et al., "Host Congestion Control", SIGCOMM 2023; the
 * public module Terabit-Ethernet/hostCC, {@code src/hostcc-signals.c} and {@code src/hostcc-local-response.c}, as
 * summarised in docs/design.md §4), the receiver side of the {@code hostcc} scheme. Rx mode:
 * <ul>
 *   <li>occupancy: each sample {@code x} (an integer, as hostCC's counter division yields) updates
 *   {@code s <- (7 s + x)/8} only when {@code x > 10}, so the smoothed value freezes when traffic stops;</li>
 *   <li>PCIe bandwidth: each sample {@code b} (integer Gbit/s) updates {@code s_b <- (255 s_b + b)/256} only when
 *   {@code b < 150};</li>
 *   <li>both EWMAs in hostCC's fixed point (10 fractional bits, truncating shifts), starting at 0 (the module's
 *   zero-initialised globals); decisions use the integer part of the occupancy ({@code s >> 10});</li>
 *   <li>a NaN, negative or infinite sample is ignored (no update, no decision);</li>
 *   <li>throttle one level on every sample with {@code s_b < B_T} and {@code (s >> 10) > I_T} (not rate-limited);</li>
 *   <li>relax one level when {@code s_b > B_T} and {@code (s >> 10) < I_T}, at most once per relax interval
 *   ({@code SLACK_TIME_US} = 150 us; the interval counts from the last relaxing step only).</li>
 * </ul>
 * hostCC's levels: level {@code k} (1 .. number of remote sockets) writes MBA delay 90 (its {@code MBA_VAL_HIGH},
 * the maximum throttle) to the k-th remote socket; the level after the last socket sends SIGSTOP to the memory-heavy
 * process, and relaxing from it sends SIGCONT. Here group 0 is the NIC's socket (never MBA-throttled by hostCC) and
 * groups 1 .. n-1 are the remote sockets in throttling order, so on a two-socket host: level 0 unthrottled; level 1
 * the cross-NUMA group at {@link MbaLevelTable#MBA_90_LEVEL}; level 2 every group at
 * {@link MbaLevelTable#PAUSED_LEVEL} (the process's cores stop issuing memory requests). Only the groups whose
 * setting changes are emitted, as hostCC writes one MSR (or sends one signal) per step.
 * <p>
 * A protected CPU class (docs/design.md §4), when configured, is the last group: a latency-critical service on the
 * NIC's socket, not part of the memory-heavy process. It is neither a remote socket nor paused with the process: it
 * gets the NIC socket's setting capped at its floor ({@code min(setting, floor)}), so floor 1 keeps it unthrottled and
 * a floor of {@code f > 1} holds it at level {@code f} where the NIC socket's cores are paused. The remote sockets are
 * then groups 1 .. n-2 and the pause level is n-1.
 * <p>
 * Defaults from hostCC's {@code src/README.md} and scripts: I_T = 70, B_T = 84 Gbit/s ("about 80 Gbit/s of
 * application data"). hostCC evaluates the rule in its PCIe poller with the occupancy another core keeps up to date;
 * here both signals arrive together and each sample runs one update and one decision.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per sample.
 */
public final class HostCcLocalPolicy implements MbaPolicy
{
    /** hostCC's Rx IIO occupancy threshold I_T ({@code target_iio_wr_thresh}). */
    public static final double I_T_DEFAULT = 70.0;
    /** hostCC's PCIe bandwidth threshold B_T, Gbit/s ({@code target_pcie_thresh}). */
    public static final double B_T_GBPS_DEFAULT = 84.0;
    /** hostCC's relax interval ({@code SLACK_TIME_US}), ns. */
    public static final long RELAX_INTERVAL_NS_DEFAULT = 150_000L;
    /** hostCC updates its Rx occupancy EWMA only with samples above this ({@code latest_avg_occ_wr > 10}). */
    public static final long OCCUPANCY_SAMPLE_GATE = 10;
    /** hostCC drops PCIe bandwidth samples at or above this, Gbit/s ({@code latest_avg_pcie_bw < 150}). */
    public static final long BANDWIDTH_SAMPLE_CEILING_GBPS = 150;

    /**
     * Largest occupancy sample taken as is: hostCC keeps its smoothed occupancy in a 32-bit word with 10 fractional
     * bits, so 2^22 - 1 entries is the most it can hold; larger samples (no IIO has that many entries) are clamped.
     */
    public static final double OCCUPANCY_SAMPLE_MAX = (1 << 22) - 1;

    private static final int FIXED_POINT_SHIFT = 10;
    private static final long NEVER = Long.MIN_VALUE;

    private final double iT;
    private final double bTFixed;
    private final double bTGbps;
    private final long relaxIntervalNs;
    private final int groupCount;
    private final int protectedGroup;
    private final int protectedFloorLevel;
    private final int pauseLevel;
    private final int[] groupLevels;
    private long occupancyFixed;
    private long pcieFixed;
    private int level;
    private long lastRelaxNs = NEVER;

    /**
     * @param iT              occupancy threshold I_T, entries.
     * @param bTGbps          PCIe bandwidth threshold B_T, Gbit/s.
     * @param relaxIntervalNs minimum time between two relaxing steps, ns.
     * @param groupCount      COS groups: group 0 the NIC's socket, then one per remote socket in throttling order.
     */
    public HostCcLocalPolicy(final double iT, final double bTGbps, final long relaxIntervalNs, final int groupCount)
    {
        this(iT, bTGbps, relaxIntervalNs, groupCount, 0);
    }

    /**
     * @param iT                  occupancy threshold I_T, entries.
     * @param bTGbps              PCIe bandwidth threshold B_T, Gbit/s.
     * @param relaxIntervalNs     minimum time between two relaxing steps, ns.
     * @param groupCount          COS groups: group 0 the NIC's socket, then one per remote socket in throttling
     *                            order, then the protected class when {@code protectedFloorLevel > 0}.
     * @param protectedFloorLevel 0 for no protected class; otherwise the last group is the protected class and is
     *                            never set past this level (1 = never throttled).
     */
    public HostCcLocalPolicy(
        final double iT, final double bTGbps, final long relaxIntervalNs, final int groupCount,
        final int protectedFloorLevel)
    {
        if (protectedFloorLevel < 0 || protectedFloorLevel > 0 && groupCount < 2)
        {
            throw new IllegalArgumentException("hostCC policy: protected floor level = " + protectedFloorLevel +
                " needs a level >= 1 and a group besides the protected one (groups = " + groupCount + ")");
        }
        if (!(iT > 0.0) || !(bTGbps > 0.0) || relaxIntervalNs < 0 || groupCount < 1)
        {
            throw new IllegalArgumentException("hostCC policy needs I_T > 0, B_T > 0 Gbit/s, relax interval >= 0 and " +
                ">= 1 group; got I_T = " + iT + ", B_T = " + bTGbps + ", relax = " + relaxIntervalNs +
                " ns, groups = " + groupCount);
        }
        this.iT = iT;
        this.bTGbps = bTGbps;
        this.bTFixed = bTGbps * (1 << FIXED_POINT_SHIFT);
        this.relaxIntervalNs = relaxIntervalNs;
        this.groupCount = groupCount;
        this.protectedGroup = protectedFloorLevel > 0 ? groupCount - 1 : -1;
        this.protectedFloorLevel = protectedFloorLevel;
        this.pauseLevel = protectedFloorLevel > 0 ? groupCount - 1 : groupCount;
        this.groupLevels = new int[groupCount];
        java.util.Arrays.fill(groupLevels, 1);
    }

    /**
     * hostCC's defaults on a two-socket host (the NIC's socket and one remote socket).
     */
    public static HostCcLocalPolicy defaults()
    {
        return new HostCcLocalPolicy(I_T_DEFAULT, B_T_GBPS_DEFAULT, RELAX_INTERVAL_NS_DEFAULT, 2);
    }

    /**
     * Feeds one pair of samples, updates hostCC's two EWMAs and takes hostCC's decision; each group whose setting
     * changes is emitted.
     * <p>
     * {@inheritDoc}
     */
    public int onSample(final double occupancy, final double pcieGbps, final long nowNs, final MbaLevelSink sink)
    {
        if (!(occupancy >= 0.0) || !(pcieGbps >= 0.0) || Double.isInfinite(occupancy) || Double.isInfinite(pcieGbps))
        {
            return 0;
        }
        final long occupancySample = (long)Math.min(occupancy, OCCUPANCY_SAMPLE_MAX);
        if (occupancySample > OCCUPANCY_SAMPLE_GATE)
        {
            occupancyFixed = (7 * occupancyFixed + (occupancySample << FIXED_POINT_SHIFT)) >> 3;
        }
        final long pcieSample = (long)Math.min(pcieGbps, BANDWIDTH_SAMPLE_CEILING_GBPS);
        if (pcieSample < BANDWIDTH_SAMPLE_CEILING_GBPS)
        {
            pcieFixed = (255 * pcieFixed + (pcieSample << FIXED_POINT_SHIFT)) >> 8;
        }

        final long occ = occupancyFixed >> FIXED_POINT_SHIFT;
        if (pcieFixed < bTFixed && occ > iT)
        {
            if (level < pauseLevel)
            {
                return setLevel(level + 1, nowNs, sink);
            }
        }
        else if (pcieFixed > bTFixed && occ < iT && level > 0)
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
        int changes = 0;
        for (int g = 0; g < groupCount; g++)
        {
            final int groupLevel = groupLevel(g, newLevel);
            if (groupLevel != groupLevels[g])
            {
                groupLevels[g] = groupLevel;
                sink.onLevelChange(g, groupLevel, nowNs);
                changes++;
            }
        }
        return changes;
    }

    /**
     * The setting of a group at one of hostCC's levels.
     *
     * @param group    COS group: 0 the NIC's socket, 1.. the remote sockets in throttling order, then the protected
     *                 class if any.
     * @param hostCcLevel hostCC's level, 0 .. {@link #pauseLevel()}.
     * @return the group's actuator level: 1 (unthrottled), {@link MbaLevelTable#MBA_90_LEVEL} or
     * {@link MbaLevelTable#PAUSED_LEVEL}; for the protected class at most its floor.
     */
    public int groupLevel(final int group, final int hostCcLevel)
    {
        if (group == protectedGroup)
        {
            return hostCcLevel >= pauseLevel ? Math.min(MbaLevelTable.PAUSED_LEVEL, protectedFloorLevel) : 1;
        }
        if (hostCcLevel >= pauseLevel)
        {
            return MbaLevelTable.PAUSED_LEVEL;
        }
        return group >= 1 && group <= hostCcLevel ? MbaLevelTable.MBA_90_LEVEL : 1;
    }

    /**
     * @return hostCC's level: 0 unthrottled, 1 .. n-1 remote sockets at MBA 90, n the process paused.
     */
    public int hostCcLevel()
    {
        return level;
    }

    /**
     * @return hostCC's last level, at which the memory-heavy process is paused: the number of groups.
     */
    public int pauseLevel()
    {
        return pauseLevel;
    }

    @Override
    public int level(final int group)
    {
        return groupLevels[group];
    }

    @Override
    public int groupCount()
    {
        return groupCount;
    }

    @Override
    public double smoothedOccupancy()
    {
        return occupancyFixed / (double)(1 << FIXED_POINT_SHIFT);
    }

    /**
     * hostCC's network-response condition: the integer part of the smoothed occupancy exceeds I_T
     * ({@code src/hostcc-network-response.c} marks CE while it holds).
     *
     * @return true while the smoothed occupancy is above I_T.
     */
    public boolean occupancyAboveThreshold()
    {
        return (occupancyFixed >> FIXED_POINT_SHIFT) > iT;
    }

    /**
     * @return I_T, entries.
     */
    public double threshold()
    {
        return iT;
    }

    /**
     * @return {@link #occupancyAboveThreshold()}: hostCC's verdict, the one its CE marking follows.
     */
    public boolean congested()
    {
        return occupancyAboveThreshold();
    }

    @Override
    public void resetToUnthrottled()
    {
        level = 0;
        lastRelaxNs = NEVER;
        java.util.Arrays.fill(groupLevels, 1);
    }

    /**
     * @return smoothed PCIe bandwidth, Gbit/s.
     */
    public double pcieGbps()
    {
        return pcieFixed / (double)(1 << FIXED_POINT_SHIFT);
    }

    /**
     * @return the occupancy threshold I_T, entries.
     */
    public double iT()
    {
        return iT;
    }

    /**
     * @return the PCIe bandwidth threshold B_T, Gbit/s.
     */
    public double bTGbps()
    {
        return bTGbps;
    }
}
