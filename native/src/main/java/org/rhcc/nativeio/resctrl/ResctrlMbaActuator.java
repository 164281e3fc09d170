package org.rhcc.nativeio.resctrl;

import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.receiver.MbaLevelTable;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.nativeio.sys.CpuList;
import org.rhcc.nativeio.sys.ProcMounts;
import org.rhcc.nativeio.sys.SysFiles;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link MbaActuator} through resctrl, the default MBA backend (docs/platform.md §3: the kernel validates values,
 * knows the domain scope, works under lockdown, and {@code rmdir} rolls everything back).
 * <p>
 * One CTRL_MON group per rhcc group ({@code rhcc-local}, {@code rhcc-xnuma} by default, in
 * {@code MbaCascadeConfig} order), CPUs assigned through {@code cpus_list} (so the workload's
 * tasks stay in the default group and are throttled by the CPU they run on), and one schemata command per level
 * change: {@code MB:<domain>=<value>;...\n} for every MB domain (socket). Values come from a
 * {@link MbaLevelMapping}: Intel percentages rounded up to {@code bandwidth_gran} and clamped to
 * {@code min_bandwidth}, or AMD 1/8 GB/s units of a configured peak.
 * <p>
 * Fail-safe: {@link #open(Context)} resets every group to unthrottled first (a previous run may have crashed);
 * {@link #resetToUnthrottled()} tries every group; {@link #close()} resets and optionally removes the groups. For
 * SIGKILL, pair with {@link org.rhcc.nativeio.failsafe.FailsafeWatchdog}.
 * <p>
 * <b>Note:</b> {@link #apply(MbaLevelCommand)} writes pre-encoded commands through control files kept open and
 * allocates nothing on success; a refusal throws {@link IllegalStateException} quoting {@code last_cmd_status}.
 * Not thread-safe.
 */
public final class ResctrlMbaActuator implements MbaActuator, AutoCloseable
{
    /** Default group names, index = group number: 0 local-NUMA cores, 1 cross-NUMA cores. */
    public static final String[] DEFAULT_GROUPS = { "rhcc-local", "rhcc-xnuma" };

    private static final System.Logger LOG = System.getLogger(ResctrlMbaActuator.class.getName());

    /**
     * Configuration, with fluent setters and defaults.
     */
    public static final class Context
    {
        private ResctrlFs fs = new LinuxResctrlFs(LinuxResctrlFs.DEFAULT_ROOT);
        private Path procMounts = ProcMounts.DEFAULT_PATH;
        private String[] groups = DEFAULT_GROUPS.clone();
        private int[][] groupCpus;
        private MbaLevelTable levels = MbaLevelTable.paper();
        private MbaUnits units;
        private double amdPeakGBps;
        private boolean removeGroupsOnClose;

        /**
         * @param fs the resctrl tree; {@link LinuxResctrlFs} at {@code /sys/fs/resctrl} by default.
         * @return this.
         */
        public Context fs(final ResctrlFs fs)
        {
            this.fs = fs;
            return this;
        }

        /**
         * @param procMounts the mount table used to check that resctrl is mounted at the root.
         * @return this.
         */
        public Context procMounts(final Path procMounts)
        {
            this.procMounts = procMounts;
            return this;
        }

        /**
         * @param groups group names, index = rhcc group number.
         * @return this.
         */
        public Context groups(final String... groups)
        {
            this.groups = groups.clone();
            return this;
        }

        /**
         * @param groupCpus CPUs of each group (index = group), or null to leave {@code cpus_list} alone (tasks
         *                  assigned by someone else).
         * @return this.
         */
        public Context groupCpus(final int[][] groupCpus)
        {
            this.groupCpus = null == groupCpus ? null : groupCpus.clone();
            return this;
        }

        /**
         * @param levels the level table.
         * @return this.
         */
        public Context levels(final MbaLevelTable levels)
        {
            this.levels = levels;
            return this;
        }

        /**
         * @param units force the schemata unit instead of detecting it.
         * @return this.
         */
        public Context units(final MbaUnits units)
        {
            this.units = units;
            return this;
        }

        /**
         * @param amdPeakGBps on AMD, the bandwidth that 100 % stands for, GB/s (required there).
         * @return this.
         */
        public Context amdPeakGBps(final double amdPeakGBps)
        {
            this.amdPeakGBps = amdPeakGBps;
            return this;
        }

        /**
         * @param removeGroupsOnClose true to {@code rmdir} the groups on {@link #close()}.
         * @return this.
         */
        public Context removeGroupsOnClose(final boolean removeGroupsOnClose)
        {
            this.removeGroupsOnClose = removeGroupsOnClose;
            return this;
        }
    }

    private final ResctrlFs fs;
    private final String[] groups;
    private final int[] domainIds;
    private final MbaUnits units;
    private final MbaLevelMapping mapping;
    private final ByteBuffer[] commands;
    private final ResctrlFs.ControlFile[] controls;
    private final int[] currentLevels;
    private final boolean removeGroupsOnClose;
    private boolean closed;

    private ResctrlMbaActuator(
        final Context ctx, final int[] domainIds, final MbaUnits units, final MbaLevelMapping mapping)
    {
        this.fs = ctx.fs;
        this.groups = ctx.groups.clone();
        this.domainIds = domainIds;
        this.units = units;
        this.mapping = mapping;
        this.removeGroupsOnClose = ctx.removeGroupsOnClose;
        commands = new ByteBuffer[mapping.highestLevel() + 1];
        for (int level = 1; level <= mapping.highestLevel(); level++)
        {
            if (!mapping.maps(level))
            {
                continue;
            }
            final byte[] bytes = MbSchemata.command(domainIds, mapping.value(level))
                .getBytes(StandardCharsets.US_ASCII);
            commands[level] = ByteBuffer.allocateDirect(bytes.length).put(bytes);
        }
        controls = new ResctrlFs.ControlFile[groups.length];
        currentLevels = new int[groups.length];
    }

    /**
     * Checks the mount and MB resource, creates the groups (reusing existing ones), assigns CPUs and resets every
     * group to unthrottled.
     *
     * @param ctx configuration.
     * @return the actuator, every group at level 1.
     * @throws IllegalStateException with the fix when resctrl is unusable or refuses a step.
     */
    public static ResctrlMbaActuator open(final Context ctx)
    {
        final ResctrlFs fs = ctx.fs;
        if (null == ctx.groups || ctx.groups.length == 0)
        {
            throw new IllegalArgumentException("resctrl MBA needs at least one group name");
        }
        if (null != ctx.groupCpus && ctx.groupCpus.length != ctx.groups.length)
        {
            throw new IllegalArgumentException("got CPUs for " + ctx.groupCpus.length + " groups but " +
                ctx.groups.length + " group names " + Arrays.toString(ctx.groups));
        }
        checkMounted(ctx);
        if (!fs.exists("info/MB"))
        {
            throw new IllegalStateException("resctrl at " + fs.root() + " has no info/MB: this CPU has no MBA, or "
                + "it is disabled (boot option rdt=!mba); 'rhcc doctor' tells which");
        }
        final long minBandwidth = readInfo(fs, "info/MB/min_bandwidth");
        final long granularity = readInfo(fs, "info/MB/bandwidth_gran");
        final MbSchemata root = readSchemata(fs, "schemata");
        final MbaUnits units = null != ctx.units ? ctx.units : MbaUnits.detect(root.values(), minBandwidth);
        final MbaLevelMapping mapping;
        switch (units)
        {
            case PERCENT:
                mapping = MbaLevelMapping.percent(ctx.levels, (int)minBandwidth, (int)granularity);
                break;
            case AMD_EIGHTH_GBPS:
                mapping = MbaLevelMapping.amd(ctx.levels, ctx.amdPeakGBps);
                break;
            default:
                throw new IllegalStateException("resctrl at " + fs.root() + " is mounted with -o mba_MBps (the " +
                    "software controller, MiB/s, adjusted once per second: far too slow for rhcc): remount without "
                    + "it: umount " + fs.root() + " && mount -t resctrl resctrl " + fs.root());
        }
        for (final String note : mapping.notes())
        {
            LOG.log(System.Logger.Level.INFO, "resctrl MBA: " + note);
        }

        final ResctrlMbaActuator actuator = new ResctrlMbaActuator(ctx, root.domainIds(), units, mapping);
        try
        {
            actuator.createGroups(ctx);
            actuator.resetToUnthrottled();
        }
        catch (final RuntimeException ex)
        {
            actuator.closeControls();
            throw ex;
        }
        return actuator;
    }

    private static void checkMounted(final Context ctx)
    {
        final Path root = ctx.fs.root().toAbsolutePath().normalize();
        final List<ProcMounts.Mount> mounts = ProcMounts.ofType(ctx.procMounts, "resctrl");
        for (final ProcMounts.Mount mount : mounts)
        {
            if (Path.of(mount.mountPoint()).toAbsolutePath().normalize().equals(root))
            {
                return;
            }
        }
        throw new IllegalStateException("resctrl is not mounted at " + root + (mounts.isEmpty() ? "" :
            " (it is mounted at " + mounts.get(0).mountPoint() + ": point rhcc there)") + ": mount -t resctrl " +
            "resctrl " + root + " (needs a kernel with CONFIG_X86_CPU_RESCTRL and a CPU with RDT; see rhcc doctor)");
    }

    private static long readInfo(final ResctrlFs fs, final String relPath)
    {
        try
        {
            return Long.parseLong(fs.read(relPath).trim());
        }
        catch (final IOException | NumberFormatException ex)
        {
            throw new IllegalStateException("cannot read " + fs.root().resolve(relPath) + ": " + ex.getMessage(), ex);
        }
    }

    private static MbSchemata readSchemata(final ResctrlFs fs, final String relPath)
    {
        try
        {
            return MbSchemata.parse(fs.read(relPath));
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot read " + fs.root().resolve(relPath) + ": " + ex.getMessage(), ex);
        }
    }

    private void createGroups(final Context ctx)
    {
        for (int g = 0; g < groups.length; g++)
        {
            final String group = groups[g];
            try
            {
                fs.mkdir(group);
            }
            catch (final FileAlreadyExistsException ex)
            {
                LOG.log(System.Logger.Level.INFO, "resctrl MBA: reusing existing group " + group +
                    " (left by an earlier run); resetting it to unthrottled");
            }
            catch (final IOException ex)
            {
                throw ResctrlErrors.refusal(fs, "create group " + group + " (mkdir " + fs.root().resolve(group) +
                    "); num_closids " + SysFiles.readTrimmedOrNull(fs.root().resolve("info/MB/num_closids")), ex);
            }
            if (null != ctx.groupCpus && null != ctx.groupCpus[g])
            {
                final String command = CpuList.format(ctx.groupCpus[g]) + "\n";
                try
                {
                    fs.write(group + "/cpus_list", command);
                }
                catch (final IOException ex)
                {
                    throw ResctrlErrors.refusal(fs, "write '" + command + "' to " + group + "/cpus_list", ex);
                }
            }
            try
            {
                controls[g] = fs.openControl(group + "/schemata");
            }
            catch (final IOException ex)
            {
                throw ResctrlErrors.refusal(fs, "open " + group + "/schemata", ex);
            }
        }
    }

    @Override
    public int groupCount()
    {
        return groups.length;
    }

    /**
     * {@inheritDoc}
     * <p>
     * One {@code write(2)} of the pre-encoded command {@code MB:<d>=<v>;...\n} to the group's schemata.
     */
    public void apply(final MbaLevelCommand command)
    {
        final int group = command.group();
        final int level = command.level();
        if (group < 0 || group >= groups.length)
        {
            throw new IllegalArgumentException("MBA group " + group + " is outside 0.." + (groups.length - 1));
        }
        if (MbaLevelTable.PAUSED_LEVEL == level && !mapping.maps(level))
        {
            throw new IllegalStateException(MbaLevelMapping.PAUSE_REFUSED);
        }
        if (!mapping.maps(level))
        {
            throw new IllegalArgumentException("MBA level " + level + " is outside 1.." + mapping.levelCount() +
                " and hostCC's " + MbaLevelTable.MBA_90_LEVEL + " (10 %)");
        }
        if (closed)
        {
            throw new IllegalStateException("resctrl MBA actuator is closed");
        }
        final ByteBuffer schemata = commands[level];
        schemata.clear();
        try
        {
            controls[group].write(schemata);
        }
        catch (final IOException ex)
        {
            throw ResctrlErrors.refusal(fs, "write '" + MbSchemata.command(domainIds, mapping.value(level)) +
                "' to " + groups[group] + "/schemata (level " + level + ")", ex);
        }
        currentLevels[group] = level;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Writes the unthrottled value to every domain of every group, through the open control file or, if that
     * fails, a fresh open; throws after trying all groups if any refused.
     */
    public void resetToUnthrottled()
    {
        final String command = MbSchemata.command(domainIds, mapping.value(1));
        final List<String> failures = new ArrayList<>();
        for (int g = 0; g < groups.length; g++)
        {
            try
            {
                if (null != controls[g])
                {
                    final ByteBuffer buffer = commands[1];
                    buffer.clear();
                    controls[g].write(buffer);
                }
                else
                {
                    fs.write(groups[g] + "/schemata", command);
                }
                currentLevels[g] = 1;
            }
            catch (final IOException ex)
            {
                try
                {
                    fs.write(groups[g] + "/schemata", command);
                    currentLevels[g] = 1;
                }
                catch (final IOException retry)
                {
                    failures.add(ResctrlErrors.refusal(fs, "reset " + groups[g] + " to '" + command + "'", retry)
                        .getMessage());
                }
            }
        }
        if (!failures.isEmpty())
        {
            throw new IllegalStateException(String.join("; ", failures));
        }
    }

    /**
     * @param group group index.
     * @return the last level applied to it (1 after a reset).
     */
    public int currentLevel(final int group)
    {
        return currentLevels[group];
    }

    /**
     * @return the MB domain ids every command covers.
     */
    public int[] domainIds()
    {
        return domainIds.clone();
    }

    /**
     * @return the schemata unit in use.
     */
    public MbaUnits units()
    {
        return units;
    }

    /**
     * @return the level-to-value mapping, with its notes.
     */
    public MbaLevelMapping mapping()
    {
        return mapping;
    }

    /**
     * @return the group names, index = group number.
     */
    public String[] groupNames()
    {
        return groups.clone();
    }

    /**
     * Resets every group to unthrottled, then removes the groups if so configured, and closes the control files.
     */
    public void close()
    {
        if (closed)
        {
            return;
        }
        try
        {
            resetToUnthrottled();
        }
        finally
        {
            closed = true;
            closeControls();
            if (removeGroupsOnClose)
            {
                for (final String group : groups)
                {
                    try
                    {
                        fs.rmdir(group);
                    }
                    catch (final IOException ex)
                    {
                        LOG.log(System.Logger.Level.WARNING, ResctrlErrors.refusal(fs, "rmdir " + group, ex)
                            .getMessage());
                    }
                }
            }
        }
    }

    private void closeControls()
    {
        for (int g = 0; g < controls.length; g++)
        {
            if (null != controls[g])
            {
                controls[g].close();
                controls[g] = null;
            }
        }
    }
}
