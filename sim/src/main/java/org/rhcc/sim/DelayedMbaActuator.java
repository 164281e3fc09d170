package org.rhcc.sim;

import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.receiver.MbaLevelTable;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.sim.host.CpuTrafficModel;

/**
 * The simulated MBA actuator (docs/model.md §4.9): a level change waits in a queue for the actuation latency (the MSR
 * write, {@link SimParameters.Mba#actuationLatencyNs()}) and then sets the group's request delay in the CPU traffic
 * model, or pauses the group.
 * <p>
 * <b>Note:</b> single-threaded; {@link #applyDue()} allocates nothing.
 */
final class DelayedMbaActuator implements MbaActuator
{
    private static final int MAX_PENDING = 64;

    private final SimParameters.Mba params;
    private final CpuTrafficModel cpu;
    private final StepClock clock;
    private final double stepNs;
    private final int groups;
    private final boolean protectedInLocal;
    private final int[] level = new int[TimeSeries.MBA_GROUPS];
    private final long[] pendingStep = new long[MAX_PENDING];
    private final int[] pendingGroup = new int[MAX_PENDING];
    private final int[] pendingLevel = new int[MAX_PENDING];
    /** The command the fail-safe's reset hands to {@link #apply} per group. */
    private final MbaLevelCommandRecord reset = new MbaLevelCommandRecord();
    private int pendingCount;

    /**
     * Starts with every group unthrottled (level 1).
     *
     * @param params the MBA parameters.
     * @param cpu    the CPU traffic model whose groups it throttles.
     * @param clock  the run's clock.
     * @param stepNs the step, ns.
     * @param groups 2 (local-NUMA, cross-NUMA cores), or 3 with the protected CPU service's group.
     * @param protectedInLocal true when the protected service's cores are in the local-NUMA group: group 0's levels
     *                         then apply to them too (recorded as group 2's level).
     */
    DelayedMbaActuator(final SimParameters.Mba params, final CpuTrafficModel cpu, final StepClock clock,
        final double stepNs, final int groups, final boolean protectedInLocal)
    {
        if (protectedInLocal && groups > 2)
        {
            throw new IllegalArgumentException(
                "the protected service is either in its own MBA group or in the local one, not both");
        }
        if (groups < 2 || groups > TimeSeries.MBA_GROUPS)
        {
            throw new IllegalArgumentException("MBA groups = " + groups + " must be within 2.." +
                TimeSeries.MBA_GROUPS);
        }
        this.params = params;
        this.cpu = cpu;
        this.clock = clock;
        this.stepNs = stepNs;
        this.groups = groups;
        this.protectedInLocal = protectedInLocal;
        java.util.Arrays.fill(level, 1);
    }

    /**
     * Sets every group to a level at once, for a run with a forced level.
     *
     * @param forcedLevel a level of the calibrated table.
     * @throws IllegalArgumentException for a level outside the table.
     */
    void force(final int forcedLevel)
    {
        params.delayNsOf(forcedLevel);
        for (int g = 0; g < groups; g++)
        {
            setLevelNow(g, forcedLevel);
        }
    }

    /**
     * @param group a group.
     * @return the level in force.
     */
    int level(final int group)
    {
        return level[group];
    }

    /**
     * @return true while a change waits for its actuation latency.
     */
    boolean hasPending()
    {
        return pendingCount > 0;
    }

    /**
     * Puts the changes whose actuation latency has passed by the current step into force, in the order given.
     */
    void applyDue()
    {
        final long step = clock.step();
        int i = 0;
        while (i < pendingCount)
        {
            if (pendingStep[i] <= step)
            {
                setLevelNow(pendingGroup[i], pendingLevel[i]);
                pendingCount--;
                for (int j = i; j < pendingCount; j++)
                {
                    pendingStep[j] = pendingStep[j + 1];
                    pendingGroup[j] = pendingGroup[j + 1];
                    pendingLevel[j] = pendingLevel[j + 1];
                }
            }
            else
            {
                i++;
            }
        }
    }

    @Override
    public int groupCount()
    {
        return groups;
    }

    @Override
    public void apply(final MbaLevelCommand command)
    {
        final int group = command.group();
        final int level = command.level();
        if (group < 0 || group >= groups)
        {
            throw new IllegalArgumentException("MBA group " + group + " is outside 0.." + (groups - 1) +
                " (0 = local-NUMA cores, 1 = cross-NUMA cores, 2 = the protected CPU service when the run has one)");
        }
        delayNsOfLevel(level);
        if (pendingCount == MAX_PENDING)
        {
            throw new IllegalStateException("more than " + MAX_PENDING +
                " MBA changes in flight; the simulated MSR write queue is full");
        }
        final long due = clock.step() + Math.max(1L, Math.round(params.actuationLatencyNs() / stepNs));
        pendingStep[pendingCount] = due;
        pendingGroup[pendingCount] = group;
        pendingLevel[pendingCount] = level;
        pendingCount++;
    }

    @Override
    public void resetToUnthrottled()
    {
        for (int g = 0; g < groups; g++)
        {
            apply(reset.set(g, 1, MbaLevelCommand.REASON_FAILSAFE_RESET, (long)clock.nowNs()));
        }
    }

    private void setLevelNow(final int group, final int level)
    {
        setCpuLevel(group, level);
        if (protectedInLocal && CpuTrafficModel.LOCAL == group)
        {
            setCpuLevel(CpuTrafficModel.PROTECTED, level);
        }
    }

    private void setCpuLevel(final int group, final int level)
    {
        this.level[group] = level;
        if (MbaLevelTable.PAUSED_LEVEL == level)
        {
            cpu.paused(group, true);
        }
        else
        {
            cpu.paused(group, false);
            cpu.mbaDelayNs(group, delayNsOfLevel(level));
        }
    }

    /**
     * The request delay of a level: levels 1..5 from the calibrated table, {@link MbaLevelTable#MBA_90_LEVEL}
     * (resctrl's 10 %, hostCC's delay 90) continued from it ({@link SimParameters.Mba#mba90DelayNs()}); the paused
     * level keeps the group's delay (it issues nothing).
     *
     * @param level a level.
     * @return its delay, ns.
     * @throws IllegalArgumentException for a level outside the table and hostCC's two.
     */
    private double delayNsOfLevel(final int level)
    {
        if (MbaLevelTable.PAUSED_LEVEL == level)
        {
            return 0.0;
        }
        if (MbaLevelTable.MBA_90_LEVEL == level)
        {
            return params.mba90DelayNs();
        }
        return params.delayNsOf(level);
    }
}
