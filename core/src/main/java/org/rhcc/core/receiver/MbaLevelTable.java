package org.rhcc.core.receiver;

import java.util.Arrays;

/**
 * The MBA throttling levels of RHCC's receiver loop: level 1 is unthrottled, higher levels allow cores less memory
 * bandwidth. The paper (§III-B, Fig. 11) uses five coarse levels, 100/80/60/40/20 %, measured on its testbed as
 * 33.2/26.5/20.0/15.0/10.0 GB/s of core memory bandwidth.
 * <p>
 * Why coarse: MBA only offers ~10 % steps and its delay response is non-linear (docs/paper.md §4 B14), and at
 * nanosecond-scale signals there is no time for a finer search. Levels are expressed as the percentage resctrl's
 * schemata takes; Intel's MSR encoding is the delay {@code 100 - percent} (docs/platform.md §3).
 * <p>
 * Level numbers beyond a table are reserved for hostCC's two settings, {@link #MBA_90_LEVEL} and {@link #PAUSED_LEVEL},
 * so a level travels through the {@link org.rhcc.core.port.MbaActuator} port and the journals with one meaning.
 * <p>
 * Immutable.
 */
public final class MbaLevelTable
{
    /** The paper's five levels: 100, 80, 60, 40, 20 % (level 1 .. 5). */
    public static final int[] PAPER_PERCENTS = { 100, 80, 60, 40, 20 };

    /**
     * The level every actuator reads as resctrl's 10 %, Intel MBA delay value 90: hostCC's {@code MBA_VAL_HIGH}, the
     * only throttle hostCC writes ({@link HostCcLocalPolicy}). It follows the paper's five levels, so that a level
     * number means the same setting to every actuator, journal and scheme: 1..5 are the paper's table, 6 is this.
     */
    public static final int MBA_90_LEVEL = 6;
    /** Bandwidth percentage of {@link #MBA_90_LEVEL}: resctrl's 10 % (Intel delay value 90). */
    public static final int MBA_90_PERCENT = 10;
    /**
     * The level every actuator reads as "the group's memory-heavy process is stopped" (hostCC's SIGSTOP of the MLC
     * process, its last level): not an MBA setting. Cores stop issuing memory requests; requests already issued
     * complete. Leaving it (any other level) resumes the process (SIGCONT).
     */
    public static final int PAUSED_LEVEL = 7;

    private static final MbaLevelTable PAPER = new MbaLevelTable(PAPER_PERCENTS);

    private final int[] percents;

    /**
     * @param percents bandwidth percentage of each level, level 1 first; must start at 100, strictly decrease and
     *                 stay within (0, 100].
     * @throws IllegalArgumentException naming the offending entry.
     */
    public MbaLevelTable(final int[] percents)
    {
        if (null == percents || percents.length < 2)
        {
            throw new IllegalArgumentException(
                "MBA level table needs at least 2 levels (e.g. 100,80,60,40,20), got " + Arrays.toString(percents));
        }
        if (percents[0] != 100)
        {
            throw new IllegalArgumentException(
                "MBA level 1 must be 100 % (unthrottled, the fail-safe), got " + percents[0] + " %");
        }
        for (int i = 1; i < percents.length; i++)
        {
            if (percents[i] <= 0 || percents[i] >= percents[i - 1])
            {
                throw new IllegalArgumentException("MBA level " + (i + 1) + " = " + percents[i] +
                    " %: levels must strictly decrease and stay above 0 % (table " + Arrays.toString(percents) + ")");
            }
        }
        this.percents = percents.clone();
    }

    /**
     * @return the paper's table, 100/80/60/40/20 %.
     */
    public static MbaLevelTable paper()
    {
        return PAPER;
    }

    /**
     * @return number of levels; the highest valid level.
     */
    public int levelCount()
    {
        return percents.length;
    }

    /**
     * @param level 1 .. {@link #levelCount()}.
     * @return the bandwidth percentage resctrl is given for the level.
     */
    public int percent(final int level)
    {
        checkLevel(level);
        return percents[level - 1];
    }

    /**
     * @param level 1 .. {@link #levelCount()}.
     * @return Intel's MBA delay value for the level ({@code 100 - percent}), as written to MSR 0xD50+COS.
     */
    public int intelDelayValue(final int level)
    {
        return 100 - percent(level);
    }

    /**
     * @param level a level to validate.
     * @throws IllegalArgumentException if outside 1 .. {@link #levelCount()}.
     */
    public void checkLevel(final int level)
    {
        if (level < 1 || level > percents.length)
        {
            throw new IllegalArgumentException(
                "MBA level " + level + " is outside 1.." + percents.length + " of table " + Arrays.toString(percents));
        }
    }

    /**
     * @return a copy of the percentages, level 1 first.
     */
    public int[] percents()
    {
        return percents.clone();
    }

    @Override
    public String toString()
    {
        return "MbaLevelTable" + Arrays.toString(percents);
    }
}
