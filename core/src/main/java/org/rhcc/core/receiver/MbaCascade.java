package org.rhcc.core.receiver;

import java.util.List;

/**
 * RHCC's CPU-to-memory traffic response (paper §III-B, "cascade"): on congestion, groups that jump (cross-NUMA cores)
 * go straight to their jump level (4 = 40 %); then stepped groups (local-NUMA cores) go down one level per step-down
 * interval, in cascade order, until each reaches its maximum level. Once {@code I_cur <= I_thr}, levels step back up
 * one per step-up interval, in reverse order: stepped groups first (last throttled, first relaxed), jump groups last.
 * <p>
 * A level change is emitted to the {@link MbaLevelSink} only when a level actually changes. Every group starts at
 * level 1 (unthrottled).
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per decision.
 */
public final class MbaCascade
{
    private static final long NEVER = Long.MIN_VALUE;

    private final MbaCascadeConfig config;
    private final int[] levels;
    private final int[] jumpLevels;
    private final int[] maxLevels;
    private final int[] stepOrder;
    private final int[] jumpOrder;
    private final long stepDownIntervalNs;
    private final long stepUpIntervalNs;
    private final int throttleCeiling;
    private int throttle;
    private long lastChangeNs = NEVER;
    private long levelChanges;

    /**
     * @param config cascade configuration.
     */
    public MbaCascade(final MbaCascadeConfig config)
    {
        this.config = config;
        this.stepDownIntervalNs = config.stepDownIntervalNs();
        this.stepUpIntervalNs = config.stepUpIntervalNs();
        final List<MbaCascadeConfig.Group> groups = config.groups();
        final int n = groups.size();
        levels = new int[n];
        jumpLevels = new int[n];
        maxLevels = new int[n];
        int stepped = 0;
        for (int g = 0; g < n; g++)
        {
            levels[g] = 1;
            jumpLevels[g] = groups.get(g).jumpLevel();
            maxLevels[g] = groups.get(g).maxLevel();
            if (!groups.get(g).jumps())
            {
                stepped++;
            }
        }
        int ceiling = 0;
        for (int g = 0; g < n; g++)
        {
            ceiling += maxLevels[g] - 1;
        }
        throttleCeiling = ceiling;
        stepOrder = new int[stepped];
        jumpOrder = new int[n - stepped];
        int s = 0;
        int j = 0;
        for (int g = 0; g < n; g++)
        {
            if (groups.get(g).jumps())
            {
                jumpOrder[j++] = g;
            }
            else
            {
                stepOrder[s++] = g;
            }
        }
    }

    /**
     * Takes one decision.
     *
     * @param congested the detector's verdict ({@code I_cur > I_thr}).
     * @param nowNs     time of the decision, ns.
     * @param sink      receives each level change.
     * @return number of level changes emitted (0 when nothing changed).
     */
    public int onDecision(final boolean congested, final long nowNs, final MbaLevelSink sink)
    {
        return congested ? throttle(nowNs, sink) : relax(nowNs, sink);
    }

    private int throttle(final long nowNs, final MbaLevelSink sink)
    {
        if (throttle == throttleCeiling)
        {
            return 0;
        }
        int changes = 0;
        for (final int g : jumpOrder)
        {
            if (levels[g] < jumpLevels[g])
            {
                changes += change(g, jumpLevels[g], nowNs, sink);
            }
        }
        if (changes > 0)
        {
            return changes;
        }
        if (lastChangeNs != NEVER && nowNs - lastChangeNs < stepDownIntervalNs)
        {
            return 0;
        }
        for (final int g : stepOrder)
        {
            if (levels[g] < maxLevels[g])
            {
                return change(g, levels[g] + 1, nowNs, sink);
            }
        }
        return 0;
    }

    private int relax(final long nowNs, final MbaLevelSink sink)
    {
        if (0 == throttle || lastChangeNs != NEVER && nowNs - lastChangeNs < stepUpIntervalNs)
        {
            return 0;
        }
        for (int i = stepOrder.length - 1; i >= 0; i--)
        {
            final int g = stepOrder[i];
            if (levels[g] > 1)
            {
                return change(g, levels[g] - 1, nowNs, sink);
            }
        }
        for (int i = jumpOrder.length - 1; i >= 0; i--)
        {
            final int g = jumpOrder[i];
            if (levels[g] > 1)
            {
                return change(g, levels[g] - 1, nowNs, sink);
            }
        }
        return 0;
    }

    private int change(final int group, final int level, final long nowNs, final MbaLevelSink sink)
    {
        observe(group, level, nowNs);
        sink.onLevelChange(group, level, nowNs);
        return 1;
    }

    private void observe(final int group, final int level, final long nowNs)
    {
        throttle += level - levels[group];
        levels[group] = level;
        lastChangeNs = nowNs;
        levelChanges++;
    }

    /**
     * @param group group index.
     * @return the group's current level.
     */
    public int level(final int group)
    {
        return levels[group];
    }

    /**
     * @return number of groups.
     */
    public int groupCount()
    {
        return levels.length;
    }

    /**
     * @return total level changes emitted since creation.
     */
    public long levelChanges()
    {
        return levelChanges;
    }

    public MbaCascadeConfig config()
    {
        return config;
    }

    /**
     * Fail-safe: every group back to level 1 without emitting (the caller resets the actuator itself).
     */
    public void resetToUnthrottled()
    {
        java.util.Arrays.fill(levels, 1);
        throttle = 0;
        lastChangeNs = NEVER;
    }
}
