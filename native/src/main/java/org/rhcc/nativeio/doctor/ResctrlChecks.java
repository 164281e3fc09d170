package org.rhcc.nativeio.doctor;

import org.rhcc.core.receiver.MbaLevelTable;
import org.rhcc.nativeio.resctrl.MbSchemata;
import org.rhcc.nativeio.resctrl.MbaLevelMapping;
import org.rhcc.nativeio.resctrl.MbaUnits;
import org.rhcc.nativeio.sys.ProcMounts;
import org.rhcc.nativeio.sys.SysFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The doctor's {@code resctrl} area (docs/design.md §3, docs/platform.md §3): kernel support, the mount (and its
 * options), the MB resource, the values MBA levels 1-5 apply, and the resctrl groups present, rhcc's among them.
 */
final class ResctrlChecks extends CheckArea
{
    private static final String AREA = "resctrl";
    private static final List<String> NON_GROUP_DIRS = List.of("info", "mon_groups", "mon_data");


    /**
     * @param ctx where to look.
     */
    ResctrlChecks(final Doctor.Context ctx)
    {
        super(ctx);
    }

    /**
     * Runs the checks once.
     */
    List<Check> examine()
    {
        final String area = AREA;
        final String filesystems = SysFiles.readTrimmedOrNull(ctx.procRoot.resolve("filesystems"));
        final boolean supported = null != filesystems && Stream.of(filesystems.split("\n"))
            .anyMatch((line) -> line.trim().endsWith("resctrl"));
        if (supported)
        {
            add(Check.ok(area, "resctrl support", "kernel lists resctrl in " + ctx.procRoot.resolve("filesystems")));
        }
        else
        {
            add(Check.missing(area, "resctrl support", "resctrl is not in " + ctx.procRoot.resolve("filesystems"),
                "needs a kernel built with CONFIG_X86_CPU_RESCTRL (registered only when the CPU has RDT)"));
        }

        final List<ProcMounts.Mount> mounts = ProcMounts.ofType(ctx.procRoot.resolve("mounts"), "resctrl");
        final Path root = ctx.resctrlRoot.toAbsolutePath().normalize();
        final ProcMounts.Mount here = mounts.stream()
            .filter((m) -> Path.of(m.mountPoint()).toAbsolutePath().normalize().equals(root))
            .findFirst().orElse(null);
        if (null == here)
        {
            add(Check.missing(area, "resctrl mount", "not mounted at " + root + (mounts.isEmpty() ? "" :
                " (mounted at " + mounts.get(0).mountPoint() + ")"),
                supported ? "mount -t resctrl resctrl " + root : "first get a kernel and CPU with resctrl support"));
            return checks();
        }
        if (here.options().contains("mba_MBps"))
        {
            add(Check.warn(area, "resctrl mount", root + " (" + here.options() + ")",
                "mba_MBps makes MB values MiB/s adjusted once a second: remount without -o mba_MBps"));
        }
        else
        {
            add(Check.ok(area, "resctrl mount", root + " (" + here.options() + ")"));
        }

        final Path mb = root.resolve("info/MB");
        if (!Files.isDirectory(mb))
        {
            add(Check.missing(area, "resctrl MB", "no " + mb + ": MBA not enabled in resctrl",
                "the CPU lacks MBA, or it is disabled (boot option rdt=!mba)"));
        }
        else
        {
            final String min = SysFiles.readTrimmedOrNull(mb.resolve("min_bandwidth"));
            final String gran = SysFiles.readTrimmedOrNull(mb.resolve("bandwidth_gran"));
            final String detail = "min_bandwidth " + min + ", bandwidth_gran " + gran + ", num_closids " +
                SysFiles.readTrimmedOrNull(mb.resolve("num_closids")) + ", delay_linear " +
                SysFiles.readTrimmedOrNull(mb.resolve("delay_linear")) + ", thread_throttle_mode " +
                SysFiles.readTrimmedOrNull(mb.resolve("thread_throttle_mode"));
            add(Check.ok(area, "resctrl MB", detail));
            levelMapping(area, root, min, gran);
        }
        groups(area, root);
        return checks();
    }

    private void levelMapping(final String area, final Path root, final String min, final String gran)
    {
        try
        {
            final MbSchemata rootSchemata = MbSchemata.parse(SysFiles.readTrimmed(root.resolve("schemata")));
            final MbaUnits units = MbaUnits.detect(rootSchemata.values(), Long.parseLong(min));
            if (units == MbaUnits.PERCENT)
            {
                final MbaLevelMapping mapping = MbaLevelMapping.percent(
                    MbaLevelTable.paper(), Integer.parseInt(min), Integer.parseInt(gran));
                final StringBuilder values = new StringBuilder();
                for (int level = 1; level <= mapping.levelCount(); level++)
                {
                    values.append(level == 1 ? "" : "/").append(mapping.value(level));
                }
                add(mapping.notes().isEmpty() ?
                    Check.ok(area, "MBA levels", "levels 1-5 apply " + values + " % on MB domains " +
                        Arrays.toString(rootSchemata.domainIds())) :
                    Check.warn(area, "MBA levels", "levels 1-5 apply " + values + " %: " +
                        String.join("; ", mapping.notes()), "expected on coarse platforms; nothing to do"));
            }
            else
            {
                add(Check.ok(area, "MBA levels", "schemata unit " + units + " on MB domains " +
                    Arrays.toString(rootSchemata.domainIds()) + (units == MbaUnits.AMD_EIGHTH_GBPS ?
                    ": set the peak GB/s that 100 % stands for" : "")));
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            add(Check.warn(area, "MBA levels", "cannot read the root schemata: " + ex.getMessage(),
                "check " + root.resolve("schemata")));
        }
    }

    private void groups(final String area, final Path root)
    {
        final List<String> groups;
        try (Stream<Path> list = Files.list(root))
        {
            groups = list.filter(Files::isDirectory).map((p) -> p.getFileName().toString())
                .filter((name) -> !NON_GROUP_DIRS.contains(name)).sorted().collect(Collectors.toList());
        }
        catch (final IOException ex)
        {
            add(Check.warn(area, "resctrl groups", "cannot list " + root + ": " + ex.getMessage(), "check " + root));
            return;
        }
        final List<String> rhcc = new ArrayList<>();
        for (final String group : ctx.rhccGroups)
        {
            if (groups.contains(group))
            {
                final String schemata = SysFiles.readTrimmedOrNull(root.resolve(group).resolve("schemata"));
                String mbLine = "?";
                try
                {
                    final MbSchemata mb = MbSchemata.parse(null == schemata ? "" : schemata);
                    mbLine = Arrays.toString(mb.values());
                }
                catch (final IllegalArgumentException ignore)
                {
                    // reported as '?'
                }
                rhcc.add(group + " MB " + mbLine + " cpus " +
                    SysFiles.readTrimmedOrNull(root.resolve(group).resolve("cpus_list")));
            }
        }
        add(Check.ok(area, "resctrl groups", groups.size() + " groups besides the default" +
            (groups.isEmpty() ? "" : " " + groups) + (rhcc.isEmpty() ? "; no rhcc group (created on start)" :
            "; rhcc: " + String.join(", ", rhcc))));
    }
}
