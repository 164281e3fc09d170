package org.rhcc.core.receiver;

import java.util.List;

/**
 * Configuration of the {@link MbaCascade}: the level table, the COS groups and the two step intervals.
 *
 * @param levels             MBA level table (default the paper's 100/80/60/40/20 %).
 * @param groups             COS groups in cascade order; at least one.
 * @param stepDownIntervalNs minimum time between two throttling steps. Default 20 us: the EWMA of Eq. (1) sampled
 *                           every ~400 ns has a time constant of ~1.4 us ({@code 400 ns / ln(1/0.75)}), an MBA
 *                           change lands within ~1 us (MSR) to tens of us (resctrl IPI), and the memory
 *                           controller's queues settle within a few us; 20 us lets one step show in I_cur before the
 *                           next is taken, so the cascade does not overshoot into needless CPU throttling.
 * @param stepUpIntervalNs   minimum time between two relaxing steps, and between any change and a relaxing step.
 *                           Default 150 us: hostCC's relax timeout ({@code SLACK_TIME_US}, docs/platform.md §1);
 *                           relaxing slower than throttling keeps the loop from oscillating around I_thr.
 */
public record MbaCascadeConfig(
    MbaLevelTable levels,
    List<Group> groups,
    long stepDownIntervalNs,
    long stepUpIntervalNs)
{
    /** Default step-down interval, ns (see the record javadoc for the derivation). */
    public static final long STEP_DOWN_INTERVAL_NS_DEFAULT = 20_000L;
    /** Default step-up interval, ns: hostCC's 150 us relax timeout. */
    public static final long STEP_UP_INTERVAL_NS_DEFAULT = 150_000L;
    /** Level the paper sends the cross-NUMA group to on congestion: 40 %. */
    public static final int CROSS_NUMA_JUMP_LEVEL_DEFAULT = 4;
    /**
     * Name of the protected COS group (docs/design.md §4, "Protected CPU class"): a stepped group placed last in the
     * cascade whose maxLevel is its floor, so the cascade never throttles it below that level.
     */
    public static final String PROTECTED_GROUP = "protected";

    /**
     * One COS group of cores.
     *
     * @param name      group name, e.g. {@code local} or {@code xnuma} (resctrl group names derive from it).
     * @param jumpLevel 0 for a stepped group (one level per step-down interval); otherwise the level the group is sent
     *                  to at once on congestion (the paper sends cross-NUMA cores straight to level 4).
     * @param maxLevel  the most throttled level the group may reach.
     */
    public record Group(String name, int jumpLevel, int maxLevel)
    {
        /**
         * Validates the group in isolation (the level table is checked by the enclosing config).
         */
        public Group
        {
            if (null == name || name.isBlank())
            {
                throw new IllegalArgumentException("MBA group name must not be empty");
            }
            if (jumpLevel < 0)
            {
                throw new IllegalArgumentException(
                    "MBA group '" + name + "' jumpLevel = " + jumpLevel + " must be 0 (stepped) or a level >= 1");
            }
        }

        /**
         * @return true when the group jumps to {@link #jumpLevel()} instead of stepping.
         */
        public boolean jumps()
        {
            return jumpLevel > 0;
        }
    }

    /**
     * Validates the configuration as a whole.
     *
     * @throws IllegalArgumentException naming the offending value.
     */
    public MbaCascadeConfig
    {
        if (null == levels)
        {
            throw new IllegalArgumentException("MBA cascade needs a level table");
        }
        if (null == groups || groups.isEmpty())
        {
            throw new IllegalArgumentException("MBA cascade needs at least one COS group");
        }
        groups = List.copyOf(groups);
        for (int g = 0; g < groups.size(); g++)
        {
            final Group group = groups.get(g);
            if (PROTECTED_GROUP.equals(group.name()) && (group.jumps() || g != groups.size() - 1))
            {
                throw new IllegalArgumentException("MBA group '" + PROTECTED_GROUP + "' must be the last group and " +
                    "stepped (jumpLevel 0): it is throttled only after every other group, and never past its floor");
            }
            if (group.maxLevel() < 1 || group.maxLevel() > levels.levelCount())
            {
                throw new IllegalArgumentException("MBA group '" + group.name() + "' maxLevel = " + group.maxLevel() +
                    " is outside 1.." + levels.levelCount());
            }
            if (group.jumps() && group.jumpLevel() > group.maxLevel())
            {
                throw new IllegalArgumentException("MBA group '" + group.name() + "' jumpLevel = " +
                    group.jumpLevel() + " exceeds its maxLevel = " + group.maxLevel());
            }
        }
        if (stepDownIntervalNs < 0 || stepUpIntervalNs < 0)
        {
            throw new IllegalArgumentException("MBA step intervals must be >= 0 ns, got step-down " +
                stepDownIntervalNs + " ns, step-up " + stepUpIntervalNs + " ns");
        }
    }

    /**
     * The paper's cascade: levels 100/80/60/40/20 %; group 0 {@code local} (local-NUMA cores) stepped down to level 5;
     * group 1 {@code xnuma} (cross-NUMA cores) sent straight to level 4; 20 us down, 150 us up.
     */
    public static MbaCascadeConfig paperDefaults()
    {
        final MbaLevelTable table = MbaLevelTable.paper();
        return new MbaCascadeConfig(
            table,
            List.of(
                new Group("local", 0, table.levelCount()),
                new Group("xnuma", CROSS_NUMA_JUMP_LEVEL_DEFAULT, CROSS_NUMA_JUMP_LEVEL_DEFAULT)),
            STEP_DOWN_INTERVAL_NS_DEFAULT,
            STEP_UP_INTERVAL_NS_DEFAULT);
    }

    /**
     * A copy whose last group is the protected class: a stepped group never throttled past {@code floorLevel}
     * (1 = never throttled, 2 = at most the table's level 2, ...), placed last in the step order, so it is throttled
     * only once every other group has reached its own maximum, and relaxed first. A protected group already present
     * is replaced.
     *
     * @param floorLevel the most throttled level the protected group may reach, 1..levels.
     * @return the configuration with the protected group.
     * @throws IllegalArgumentException for a floor outside the level table.
     */
    public MbaCascadeConfig withProtectedGroup(final int floorLevel)
    {
        if (floorLevel < 1 || floorLevel > levels.levelCount())
        {
            throw new IllegalArgumentException("protected floor level = " + floorLevel + " is outside 1.." +
                levels.levelCount() + " (1 = never throttled, " + levels.levelCount() + " = the lowest level)");
        }
        final java.util.ArrayList<Group> withProtected = new java.util.ArrayList<>(withoutProtectedGroup().groups);
        withProtected.add(new Group(PROTECTED_GROUP, 0, floorLevel));
        return new MbaCascadeConfig(levels, withProtected, stepDownIntervalNs, stepUpIntervalNs);
    }

    /**
     * @return a copy without the protected group (this configuration when it has none).
     */
    public MbaCascadeConfig withoutProtectedGroup()
    {
        if (0 == protectedFloorLevel())
        {
            return this;
        }
        return new MbaCascadeConfig(levels, groups.subList(0, groups.size() - 1), stepDownIntervalNs, stepUpIntervalNs);
    }

    /**
     * @return the protected group's floor level (its maxLevel), or 0 when the cascade has no protected group.
     */
    public int protectedFloorLevel()
    {
        final Group last = groups.get(groups.size() - 1);
        return PROTECTED_GROUP.equals(last.name()) ? last.maxLevel() : 0;
    }

    /**
     * @param downNs step-down interval, ns.
     * @param upNs   step-up interval, ns.
     * @return a copy with other step intervals.
     */
    public MbaCascadeConfig withIntervals(final long downNs, final long upNs)
    {
        return new MbaCascadeConfig(levels, groups, downNs, upNs);
    }
}
