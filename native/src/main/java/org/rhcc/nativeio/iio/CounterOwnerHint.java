package org.rhcc.nativeio.iio;

import org.rhcc.nativeio.sys.SysFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Names the likely owner of an uncore counter that is already programmed: running {@code pcm*} or {@code perf}
 * processes (found through {@code /proc/<pid>/comm}) and a loaded {@code hostcc} kernel module. Control plane only.
 */
public final class CounterOwnerHint
{
    private static final String[] TOOL_PREFIXES = { "pcm", "perf" };

    private CounterOwnerHint()
    {
    }

    /**
     * @param procRoot usually {@code /proc}.
     * @return descriptions such as {@code "pcm-iio (pid 1234)"}; empty if none found.
     */
    public static List<String> runningCounterTools(final Path procRoot)
    {
        final List<String> found = new ArrayList<>();
        try (Stream<Path> entries = Files.list(procRoot))
        {
            entries
                .filter((p) -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                .sorted()
                .forEach((p) ->
                {
                    final String comm = SysFiles.readTrimmedOrNull(p.resolve("comm"));
                    if (null != comm && isCounterTool(comm))
                    {
                        found.add(comm + " (pid " + p.getFileName() + ")");
                    }
                });
        }
        catch (final IOException ignore)
        {
            // no /proc: nothing to report
        }
        final String modules = SysFiles.readTrimmedOrNull(procRoot.resolve("modules"));
        if (null != modules)
        {
            for (final String line : modules.split("\n"))
            {
                if (line.startsWith("hostcc"))
                {
                    found.add("kernel module " + line.split("\\s+")[0]);
                }
            }
        }
        return found;
    }

    /**
     * @param procRoot usually {@code /proc}.
     * @return a sentence naming the likely owner and the fix.
     */
    public static String describe(final Path procRoot)
    {
        final List<String> tools = runningCounterTools(procRoot);
        final String who = tools.isEmpty() ?
            "no pcm/perf process is running now, so it is probably left over from an earlier pcm or perf session" :
            "likely owner: " + String.join(", ", tools);
        return who + ". Stop that tool (pcm programs uncore PMUs directly unless PCM_USE_UNCORE_PERF=1; perf owns "
            + "the counter while 'perf stat -e uncore_irp_*' runs; rmmod hostcc), or clear the control register "
            + "(wrmsr -p <cpu> <ctl> 0) if nothing uses it, then start rhcc again";
    }

    private static boolean isCounterTool(final String comm)
    {
        for (final String prefix : TOOL_PREFIXES)
        {
            if (comm.equals(prefix) || comm.startsWith(prefix + "-") || comm.startsWith(prefix + "_"))
            {
                return true;
            }
        }
        return false;
    }
}
