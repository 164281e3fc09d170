package org.rhcc.nativeio.failsafe;

import org.rhcc.nativeio.sys.SysFiles;

import java.nio.file.Path;

/**
 * Process liveness from {@code /proc/<pid>/stat}: the state (field 3) and the start time in clock ticks since boot
 * (field 22, proc(5)). A zombie ({@code Z}) or dead ({@code X}) process is not alive, and a different start time
 * means the pid was reused by another process.
 */
public final class ProcessLiveness
{
    private ProcessLiveness()
    {
    }

    /**
     * @param procRoot usually {@code /proc}.
     * @param pid      process id.
     * @return the start time in clock ticks, or -1 if the process does not exist or is a zombie.
     */
    public static long startTime(final Path procRoot, final long pid)
    {
        final String stat = SysFiles.readTrimmedOrNull(procRoot.resolve(Long.toString(pid)).resolve("stat"));
        if (null == stat)
        {
            return -1;
        }
        // comm (field 2) is in parentheses and may contain spaces or ')': parse after the last ')'.
        final int close = stat.lastIndexOf(')');
        if (close < 0)
        {
            return -1;
        }
        final String[] fields = stat.substring(close + 1).trim().split("\\s+");
        if (fields.length < 20)
        {
            return -1;
        }
        final char state = fields[0].charAt(0);
        if (state == 'Z' || state == 'X' || state == 'x')
        {
            return -1;
        }
        try
        {
            return Long.parseLong(fields[19]);
        }
        catch (final NumberFormatException ex)
        {
            return -1;
        }
    }

    /**
     * @param procRoot          usually {@code /proc}.
     * @param pid               process id.
     * @param expectedStartTime start time recorded when the process was first seen, or -1 to skip the check.
     * @return true if that very process is alive.
     */
    public static boolean isAlive(final Path procRoot, final long pid, final long expectedStartTime)
    {
        final long start = startTime(procRoot, pid);
        return start >= 0 && (expectedStartTime < 0 || start == expectedStartTime);
    }
}
