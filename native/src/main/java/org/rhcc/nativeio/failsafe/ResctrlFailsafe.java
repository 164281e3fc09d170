package org.rhcc.nativeio.failsafe;

import org.rhcc.nativeio.resctrl.MbSchemata;
import org.rhcc.nativeio.resctrl.MbaUnits;
import org.rhcc.nativeio.resctrl.ResctrlErrors;
import org.rhcc.nativeio.resctrl.ResctrlFs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Restores full memory bandwidth to named resctrl groups without any controller state: used by the watchdog, by
 * {@code rhcc failsafe --reset-now} and by the receiver unit's {@code ExecStopPost=}.
 * <p>
 * The unthrottled value is the unit's maximum: 100 on Intel, 2048 on AMD ({@code info/MB/min_bandwidth} is 0
 * there), or the default group's value under {@code mba_MBps}. Domains come from each group's own schemata.
 */
public final class ResctrlFailsafe
{
    private ResctrlFailsafe()
    {
    }

    /**
     * @param fs     the resctrl tree.
     * @param groups group names.
     * @param action reset the schemata or remove the groups.
     * @return one line per group saying what was done; lines of failed groups start with {@code "FAILED"}.
     */
    public static List<String> restore(final ResctrlFs fs, final List<String> groups, final RestoreAction action)
    {
        final List<String> report = new ArrayList<>();
        for (final String group : groups)
        {
            if (group.isEmpty() || group.contains("/") || group.startsWith(".") || "info".equals(group))
            {
                report.add("FAILED " + group + ": not a resctrl group name");
                continue;
            }
            if (!fs.exists(group))
            {
                report.add(group + ": absent, nothing to restore");
                continue;
            }
            try
            {
                if (action == RestoreAction.RMDIR)
                {
                    fs.rmdir(group);
                    report.add(group + ": removed (its CPUs and tasks are back in the default group)");
                }
                else
                {
                    final MbSchemata current = MbSchemata.parse(fs.read(group + "/schemata"));
                    final String command = MbSchemata.command(current.domainIds(), unthrottledValue(fs));
                    fs.write(group + "/schemata", command);
                    report.add(group + ": schemata " + command.trim());
                }
            }
            catch (final IOException ex)
            {
                report.add("FAILED " + ResctrlErrors.refusal(fs, action + " " + group, ex).getMessage());
            }
            catch (final RuntimeException ex)
            {
                report.add("FAILED " + group + ": " + ex.getMessage());
            }
        }
        return report;
    }

    /**
     * @param report lines from {@link #restore}.
     * @return true if no line reports a failure.
     */
    public static boolean succeeded(final List<String> report)
    {
        return report.stream().noneMatch((line) -> line.startsWith("FAILED"));
    }

    static long unthrottledValue(final ResctrlFs fs) throws IOException
    {
        final long minBandwidth = Long.parseLong(fs.read("info/MB/min_bandwidth").trim());
        final MbSchemata root = MbSchemata.parse(fs.read("schemata"));
        final MbaUnits units = MbaUnits.detect(root.values(), minBandwidth);
        if (units == MbaUnits.MIBPS)
        {
            long max = 0;
            for (final long v : root.values())
            {
                max = Math.max(max, v);
            }
            return max;
        }
        return units.unthrottled();
    }
}
