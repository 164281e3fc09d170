package org.rhcc.nativeio.doctor;

import org.rhcc.nativeio.iio.CounterOwnerHint;
import org.rhcc.nativeio.sys.SysFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The doctor's {@code counters} area, except the IRP control registers ({@link IrpControlChecks}) (docs/design.md
 * §3, docs/platform.md §2): {@code perf_event_paranoid}, the uncore IRP PMUs and IIO stack mapping the kernel
 * exposes, and running tools that may own the IRP counters.
 */
final class CounterChecks extends CheckArea
{
    private static final String AREA = "counters";


    /**
     * @param ctx where to look.
     */
    CounterChecks(final Doctor.Context ctx)
    {
        super(ctx);
    }

    /**
     * Runs the checks once.
     */
    List<Check> examine()
    {
        final String area = AREA;
        final String paranoid = SysFiles.readTrimmedOrNull(ctx.procRoot.resolve("sys/kernel/perf_event_paranoid"));
        if (null == paranoid)
        {
            add(Check.warn(area, "perf_event_paranoid", "unknown (no " +
                ctx.procRoot.resolve("sys/kernel/perf_event_paranoid") + ")", "check that /proc is mounted"));
        }
        else
        {
            final int level = Integer.parseInt(paranoid.trim());
            add(level <= 0 ? Check.ok(area, "perf_event_paranoid", paranoid + " (uncore perf events allowed)") :
                Check.warn(area, "perf_event_paranoid", paranoid + ": unprivileged processes cannot open uncore " +
                    "perf events (rhcc reads MSRs directly, which needs root/CAP_SYS_RAWIO instead)",
                    "only matters for perf-based tools: sysctl kernel.perf_event_paranoid=0"));
        }

        final Path pmuDir = ctx.sysRoot.resolve("bus/event_source/devices");
        final List<String> irpPmus = list(pmuDir, "uncore_irp_");
        final List<String> iioDies = new ArrayList<>();
        for (final String iio : list(ctx.sysRoot.resolve("devices"), "uncore_iio_"))
        {
            for (final String die : list(ctx.sysRoot.resolve("devices").resolve(iio), "die"))
            {
                iioDies.add(iio + "/" + die);
            }
        }
        add(irpPmus.isEmpty() ?
            Check.warn(area, "uncore IRP PMUs", "none under " + pmuDir + " (not an Intel server CPU, a VM, or the " +
                "uncore driver is not loaded)", "nothing to do for rhcc (it programs MSRs directly); pcm-iio and " +
                "perf cannot see IRP counters here either") :
            Check.ok(area, "uncore IRP PMUs", irpPmus.size() + " (" + String.join(", ", irpPmus) + ")"));
        add(iioDies.isEmpty() ?
            Check.warn(area, "IIO stack mapping", "no /sys/devices/uncore_iio_*/die* files",
                "give the NIC's IIO stack and CPU explicitly (pcm-iio shows which stack carries the NIC)") :
            Check.ok(area, "IIO stack mapping", iioDies.size() + " stack/die files (NIC stacks can be located " +
                "from the PCI address)"));

        final List<String> tools = CounterOwnerHint.runningCounterTools(ctx.procRoot);
        add(tools.isEmpty() ? Check.ok(area, "counter tools", "no pcm/perf/hostcc running") :
            Check.warn(area, "counter tools", "running: " + String.join(", ", tools),
                "they may own the IRP counters rhcc needs; stop them before starting rhcc's receiver"));
        return checks();
    }

    private static List<String> list(final Path dir, final String prefix)
    {
        try (Stream<Path> entries = Files.list(dir))
        {
            return entries.map((p) -> p.getFileName().toString()).filter((name) -> name.startsWith(prefix))
                .sorted().collect(Collectors.toList());
        }
        catch (final IOException ex)
        {
            return new ArrayList<>();
        }
    }
}
