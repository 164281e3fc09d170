package org.rhcc.nativeio.resctrl;

import org.rhcc.core.receiver.MbaLevelTable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Maps rhcc's MBA levels (percent of peak, {@link MbaLevelTable}) to the control values a platform accepts, and
 * says where the platform changes them.
 * <p>
 * Intel (resctrl and raw MSR): the kernel rounds a percentage <i>up</i> to the next multiple of
 * {@code bandwidth_gran} and rejects values below {@code min_bandwidth} ({@code bw_validate()},
 * {@code roundup(bw, bw_gran)}); rhcc does the same before writing, clamping up to the minimum, so the value written
 * is the value applied. AMD: values are 1/8 GB/s, so a level of p % becomes {@code round(peakGBps * 8 * p / 100)}
 * and level 1 becomes 2048 (unlimited). Beyond the table, hostCC's {@link MbaLevelTable#MBA_90_LEVEL} (10 %) maps the
 * same way; hostCC's {@link MbaLevelTable#PAUSED_LEVEL} (SIGSTOP of a process) is no MBA setting and has no value.
 */
public final class MbaLevelMapping
{
    /**
     * Why a real-host actuator refuses hostCC's last level: it stops a process (SIGSTOP), which no resctrl or MSR
     * write can do, and rhcc does not signal processes on a real host.
     */
    public static final String PAUSE_REFUSED = "MBA level " + MbaLevelTable.PAUSED_LEVEL + " pauses the group's " +
        "memory-heavy process (hostCC's SIGSTOP), which MBA cannot do and rhcc does not do on a real host: run " +
        "scheme hostcc-5level here, or hostcc on the simulator";

    private final long[] values;
    private final long mba90Value;
    private final List<String> notes;

    private MbaLevelMapping(final long[] values, final long mba90Value, final List<String> notes)
    {
        this.values = values;
        this.mba90Value = mba90Value;
        this.notes = Collections.unmodifiableList(notes);
    }

    /**
     * @param table        rhcc's levels.
     * @param minBandwidth smallest accepted percentage ({@code info/MB/min_bandwidth}; 100 - throttle_max for MSRs).
     * @param granularity  step ({@code info/MB/bandwidth_gran}; 100 - throttle_max for MSRs on linear parts).
     * @return percent values per level.
     */
    public static MbaLevelMapping percent(final MbaLevelTable table, final int minBandwidth, final int granularity)
    {
        if (granularity <= 0 || minBandwidth < 0 || minBandwidth > 100)
        {
            throw new IllegalArgumentException("bad MBA limits: min_bandwidth " + minBandwidth +
                " %, bandwidth_gran " + granularity + " %");
        }
        final long[] values = new long[table.levelCount() + 1];
        final List<String> notes = new ArrayList<>();
        for (int level = 1; level <= table.levelCount(); level++)
        {
            final int wanted = table.percent(level);
            long applied = ((wanted + granularity - 1L) / granularity) * granularity;
            if (applied < minBandwidth)
            {
                notes.add("level " + level + " (" + wanted + " %) is below min_bandwidth " + minBandwidth +
                    " %: clamped to " + minBandwidth + " %");
                applied = minBandwidth;
            }
            else if (applied != wanted)
            {
                notes.add("level " + level + " (" + wanted + " %) rounded up to " + applied +
                    " % (bandwidth_gran " + granularity + " %)");
            }
            values[level] = Math.min(100, applied);
            if (level > 1 && values[level] == values[level - 1])
            {
                notes.add("levels " + (level - 1) + " and " + level + " both apply " + values[level] +
                    " %: this platform cannot tell them apart");
            }
        }
        final long mba90 = ((MbaLevelTable.MBA_90_PERCENT + granularity - 1L) / granularity) * granularity;
        return new MbaLevelMapping(values, Math.min(100, Math.max(minBandwidth, mba90)), notes);
    }

    /**
     * @param table    rhcc's levels.
     * @param peakGBps the memory bandwidth that 100 % stands for, per core domain, in GB/s (configured: AMD exposes
     *                 no percentage).
     * @return 1/8 GB/s values per level; level 1 = 2048 (unlimited).
     */
    public static MbaLevelMapping amd(final MbaLevelTable table, final double peakGBps)
    {
        if (!(peakGBps > 0) || peakGBps * 8 >= MbaUnits.AMD_EIGHTH_GBPS.unthrottled())
        {
            throw new IllegalArgumentException("AMD MBA needs the peak bandwidth that 100 % stands for, in GB/s, " +
                "between 0 and 256 (2048/8); got " + peakGBps);
        }
        final long[] values = new long[table.levelCount() + 1];
        final List<String> notes = new ArrayList<>();
        values[1] = MbaUnits.AMD_EIGHTH_GBPS.unthrottled();
        for (int level = 2; level <= table.levelCount(); level++)
        {
            values[level] = Math.max(1, Math.round(peakGBps * 8 * table.percent(level) / 100.0));
            notes.add("level " + level + " (" + table.percent(level) + " % of " + peakGBps + " GB/s) = " +
                values[level] + " x 1/8 GB/s");
        }
        return new MbaLevelMapping(values,
            Math.max(1, Math.round(peakGBps * 8 * MbaLevelTable.MBA_90_PERCENT / 100.0)), notes);
    }

    /**
     * @param level 1 .. level count, or {@link MbaLevelTable#MBA_90_LEVEL} beyond the table.
     * @return the control value to write.
     */
    public long value(final int level)
    {
        return level >= values.length && MbaLevelTable.MBA_90_LEVEL == level ? mba90Value : values[level];
    }

    /**
     * @param level a level.
     * @return true if this mapping has a control value for it: 1 .. level count, and hostCC's
     * {@link MbaLevelTable#MBA_90_LEVEL} (resctrl's 10 %, rounded and clamped like the table's levels).
     */
    public boolean maps(final int level)
    {
        return (level >= 1 && level < values.length) || MbaLevelTable.MBA_90_LEVEL == level;
    }

    /**
     * @return the highest level with a control value: the table's last or {@link MbaLevelTable#MBA_90_LEVEL}.
     */
    public int highestLevel()
    {
        return Math.max(levelCount(), MbaLevelTable.MBA_90_LEVEL);
    }

    /**
     * @return number of levels.
     */
    public int levelCount()
    {
        return values.length - 1;
    }

    /**
     * @return where the platform changed a level, for the start-up log and {@code rhcc doctor}.
     */
    public List<String> notes()
    {
        return notes;
    }
}
