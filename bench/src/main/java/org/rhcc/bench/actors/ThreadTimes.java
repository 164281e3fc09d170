package org.rhcc.bench.actors;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What ran in this JVM during a measurement, from Linux's per-thread scheduler statistics: for every native thread
 * (Java threads, the JIT compilers, the GC workers), the time it spent on a CPU, the time it spent runnable but
 * waiting for one ({@code /proc/self/task/TID/schedstat}) and its involuntary context switches
 * ({@code /proc/self/task/TID/status}). A hot thread's run-queue wait is the scheduler's share of its latency tail;
 * a thread other than the hot ones with CPU time is something that woke up on the two cores.
 * <p>
 * Not for hot paths: a snapshot reads a few files per thread. Where /proc is missing, snapshots are empty.
 */
final class ThreadTimes
{
    private static final Path TASKS = Path.of("/proc/self/task");

    private final long takenNs;
    private final Map<Integer, Sample> byTid;

    /** One thread's counters at a snapshot. */
    private record Sample(String name, long runNs, long waitNs, long involuntarySwitches)
    {
    }

    private ThreadTimes(final long takenNs, final Map<Integer, Sample> byTid)
    {
        this.takenNs = takenNs;
        this.byTid = byTid;
    }

    /**
     * @return the counters of every thread of this process now.
     */
    static ThreadTimes snapshot()
    {
        final Map<Integer, Sample> byTid = new HashMap<>();
        if (Files.isDirectory(TASKS))
        {
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS))
            {
                for (final Path task : tasks)
                {
                    final Sample sample = read(task);
                    if (null != sample)
                    {
                        byTid.put(Integer.parseInt(task.getFileName().toString()), sample);
                    }
                }
            }
            catch (final IOException ignore)
            {
                // a snapshot is best effort: the process's threads come and go
            }
        }
        return new ThreadTimes(System.nanoTime(), byTid);
    }

    /**
     * The threads that ran between an earlier snapshot and this one, busiest first, as one line each: CPU share of
     * the window, run-queue wait and involuntary switches.
     *
     * @param before the earlier snapshot.
     * @param minRunShare threads below this share of the window's wall time are summed in one line.
     * @return printable lines.
     */
    List<String> since(final ThreadTimes before, final double minRunShare)
    {
        final long windowNs = Math.max(1, takenNs - before.takenNs);
        final List<long[]> rows = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        for (final Map.Entry<Integer, Sample> e : byTid.entrySet())
        {
            final Sample now = e.getValue();
            final Sample then = before.byTid.get(e.getKey());
            final long runNs = now.runNs - (null == then ? 0 : then.runNs);
            final long waitNs = now.waitNs - (null == then ? 0 : then.waitNs);
            final long switches = now.involuntarySwitches - (null == then ? 0 : then.involuntarySwitches);
            rows.add(new long[]{ runNs, waitNs, switches, names.size() });
            names.add(now.name);
        }
        rows.sort((a, b) -> Long.compare(b[0], a[0]));
        final List<String> lines = new ArrayList<>();
        long otherRunNs = 0;
        long otherWaitNs = 0;
        int others = 0;
        for (final long[] row : rows)
        {
            if ((double)row[0] / windowNs >= minRunShare)
            {
                lines.add(String.format(Locale.ROOT, "    %-24s cpu %5.1f %%  runnable-waiting %8.2f ms  " +
                    "preempted %6d x", names.get((int)row[3]), 100.0 * row[0] / windowNs, row[1] / 1e6, row[2]));
            }
            else
            {
                otherRunNs += row[0];
                otherWaitNs += row[1];
                others++;
            }
        }
        lines.add(String.format(Locale.ROOT, "    %-24s cpu %5.1f %%  runnable-waiting %8.2f ms", others +
            " other threads", 100.0 * otherRunNs / windowNs, otherWaitNs / 1e6));
        return lines;
    }

    private static Sample read(final Path task)
    {
        try
        {
            final String name = Files.readString(task.resolve("comm")).trim();
            final String[] sched = Files.readString(task.resolve("schedstat")).trim().split(" ");
            long involuntary = 0;
            for (final String line : Files.readAllLines(task.resolve("status")))
            {
                if (line.startsWith("nonvoluntary_ctxt_switches:"))
                {
                    involuntary = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
            return new Sample(name, Long.parseLong(sched[0]), Long.parseLong(sched[1]), involuntary);
        }
        catch (final IOException | RuntimeException ex)
        {
            return null;
        }
    }
}
