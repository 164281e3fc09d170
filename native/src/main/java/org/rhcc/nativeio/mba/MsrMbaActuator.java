package org.rhcc.nativeio.mba;

import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.receiver.MbaLevelTable;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.nativeio.cpu.CpuCapabilities;
import org.rhcc.nativeio.msr.MsrAccessException;
import org.rhcc.nativeio.msr.MsrFile;
import org.rhcc.nativeio.msr.MsrSpace;
import org.rhcc.nativeio.resctrl.MbaLevelMapping;
import org.rhcc.nativeio.sys.ProcMounts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link MbaActuator} writing Intel MBA MSRs directly, an explicit opt-in next to the resctrl default.
 * <p>
 * Each rhcc group gets its own class of service (COS 1 and 2 by default; COS 0 is everybody else). Start-up checks
 * that resctrl is not mounted (it owns the same MSRs and context-switches {@code IA32_PQR_ASSOC}), that CPUID
 * enumerates linear MBA with enough COS, resets the groups' delays to 0 and associates each group CPU with its COS
 * by rewriting bits 63:32 of {@code IA32_PQR_ASSOC} and keeping the RMID bits. A level change writes the delay
 * ({@code 100 - percent}, percent rounded up to the step {@code 100 - throttle_max}) to {@code 0xD50 + COS} on one
 * CPU per socket, because the MSR is per socket.
 * <p>
 * <b>Note:</b> {@link #apply(MbaLevelCommand)} allocates nothing. Nothing undoes these MSRs if the JVM is
 * SIGKILLed: run the watchdog, which for this actuator can only be told to write the delays back through
 * {@code wrmsr}; prefer resctrl.
 */
public final class MsrMbaActuator implements MbaActuator, AutoCloseable
{
    /** First MBA delay MSR, {@code IA32_L2_QoS_Ext_BW_Thrtl_0}; COS n is at 0xD50 + n. */
    public static final long MBA_DELAY_BASE = 0xD50;
    /** {@code IA32_PQR_ASSOC}: bits 63:32 COS, bits 9:0 RMID. */
    public static final long PQR_ASSOC = 0xC8F;
    /** Default COS per group: 1 for local-NUMA cores, 2 for cross-NUMA cores. */
    public static final int[] DEFAULT_COS = { 1, 2 };

    /**
     * Configuration.
     */
    public static final class Context
    {
        private MsrSpace msrSpace = MsrSpace.system();
        private CpuCapabilities cpu;
        private Path procMounts = ProcMounts.DEFAULT_PATH;
        private int[] cosPerGroup = DEFAULT_COS.clone();
        private int[][] groupCpus;
        private int[] socketCpus;
        private MbaLevelTable levels = MbaLevelTable.paper();

        /**
         * @param msrSpace the MSR space.
         * @return this.
         */
        public Context msrSpace(final MsrSpace msrSpace)
        {
            this.msrSpace = msrSpace;
            return this;
        }

        /**
         * @param cpu CPUID result (must enumerate Intel MBA).
         * @return this.
         */
        public Context cpu(final CpuCapabilities cpu)
        {
            this.cpu = cpu;
            return this;
        }

        /**
         * @param procMounts the mount table, checked for resctrl.
         * @return this.
         */
        public Context procMounts(final Path procMounts)
        {
            this.procMounts = procMounts;
            return this;
        }

        /**
         * @param cosPerGroup COS of each group, index = group; distinct and not 0.
         * @return this.
         */
        public Context cosPerGroup(final int... cosPerGroup)
        {
            this.cosPerGroup = cosPerGroup.clone();
            return this;
        }

        /**
         * @param groupCpus CPUs of each group, index = group.
         * @return this.
         */
        public Context groupCpus(final int[][] groupCpus)
        {
            this.groupCpus = groupCpus.clone();
            return this;
        }

        /**
         * @param socketCpus one CPU per socket (MBA domain) on which the delay MSRs are written.
         * @return this.
         */
        public Context socketCpus(final int... socketCpus)
        {
            this.socketCpus = socketCpus.clone();
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
    }

    private final int[] cos;
    private final MsrFile[] socketFiles;
    private final MsrFile[][] groupCpuFiles;
    private final long[] delays;
    private final int[] currentLevels;
    private final List<String> notes;
    private boolean closed;

    private MsrMbaActuator(final Context ctx, final MbaLevelMapping mapping)
    {
        cos = ctx.cosPerGroup.clone();
        delays = new long[mapping.highestLevel() + 1];
        for (int level = 1; level <= mapping.highestLevel(); level++)
        {
            delays[level] = mapping.maps(level) ? 100 - mapping.value(level) : -1;
        }
        notes = mapping.notes();
        socketFiles = new MsrFile[ctx.socketCpus.length];
        groupCpuFiles = new MsrFile[cos.length][];
        currentLevels = new int[cos.length];
    }

    /**
     * @param ctx configuration.
     * @return the actuator, every group at delay 0 and its CPUs associated with its COS.
     * @throws IllegalStateException if resctrl is mounted or the CPU lacks linear MBA or enough COS.
     * @throws MsrAccessException if an MSR cannot be accessed (with the fix).
     */
    public static MsrMbaActuator open(final Context ctx)
    {
        final List<ProcMounts.Mount> resctrl = ProcMounts.ofType(ctx.procMounts, "resctrl");
        if (!resctrl.isEmpty())
        {
            throw new IllegalStateException("resctrl is mounted at " + resctrl.get(0).mountPoint() + ": the raw MSR "
                + "MBA actuator would fight the kernel for 0xD50+COS and IA32_PQR_ASSOC. Use the resctrl actuator "
                + "(the default), or umount " + resctrl.get(0).mountPoint() + " first");
        }
        final CpuCapabilities cpu = ctx.cpu;
        if (null == cpu || !cpu.intelMba())
        {
            throw new IllegalStateException("CPUID does not enumerate Intel MBA (leaf 0x10 subleaf 0 EBX bit 3)" +
                (null == cpu ? "" : " on " + cpu.describe()) + ": the raw MSR actuator needs it");
        }
        if (!cpu.mbaLinear())
        {
            throw new IllegalStateException("MBA on " + cpu.describe() + " is non-linear (CPUID 0x10.3 ECX bit 2 " +
                "clear): delay values are not percentages; use the resctrl actuator");
        }
        if (null == ctx.groupCpus || ctx.groupCpus.length != ctx.cosPerGroup.length || null == ctx.socketCpus ||
            ctx.socketCpus.length == 0)
        {
            throw new IllegalArgumentException("raw MSR MBA needs one CPU list per group (" +
                ctx.cosPerGroup.length + " groups) and at least one CPU per socket");
        }
        for (int g = 0; g < ctx.cosPerGroup.length; g++)
        {
            final int c = ctx.cosPerGroup[g];
            if (c <= 0 || c >= cpu.mbaCosCount())
            {
                throw new IllegalArgumentException("COS " + c + " of group " + g + " is outside 1.." +
                    (cpu.mbaCosCount() - 1) + " (CPUID reports " + cpu.mbaCosCount() + " MBA classes; 0 is shared)");
            }
            for (int h = 0; h < g; h++)
            {
                if (ctx.cosPerGroup[h] == c)
                {
                    throw new IllegalArgumentException("groups " + h + " and " + g + " share COS " + c +
                        ": each group needs its own COS " + Arrays.toString(ctx.cosPerGroup));
                }
            }
        }
        final int step = 100 - cpu.mbaThrottleMax();
        final MbaLevelMapping mapping = MbaLevelMapping.percent(ctx.levels, step, step);
        final MsrMbaActuator actuator = new MsrMbaActuator(ctx, mapping);
        try
        {
            actuator.openFiles(ctx);
            actuator.resetToUnthrottled();
            actuator.associate(true);
        }
        catch (final RuntimeException ex)
        {
            actuator.closeFiles();
            throw ex;
        }
        return actuator;
    }

    private void openFiles(final Context ctx)
    {
        for (int i = 0; i < ctx.socketCpus.length; i++)
        {
            socketFiles[i] = ctx.msrSpace.open(ctx.socketCpus[i], true);
        }
        for (int g = 0; g < cos.length; g++)
        {
            groupCpuFiles[g] = new MsrFile[ctx.groupCpus[g].length];
            for (int i = 0; i < ctx.groupCpus[g].length; i++)
            {
                groupCpuFiles[g][i] = ctx.msrSpace.open(ctx.groupCpus[g][i], true);
            }
        }
    }

    private void associate(final boolean toGroup)
    {
        for (int g = 0; g < cos.length; g++)
        {
            final long cosBits = toGroup ? ((long)cos[g]) << 32 : 0;
            for (final MsrFile file : groupCpuFiles[g])
            {
                if (null != file)
                {
                    final long old = file.read(PQR_ASSOC);
                    file.write(PQR_ASSOC, cosBits | (old & 0xFFFF_FFFFL));
                }
            }
        }
    }

    @Override
    public int groupCount()
    {
        return cos.length;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Writes the level's delay to {@code 0xD50 + COS} on one CPU of every socket.
     *
     * @throws IllegalStateException wrapping the {@link MsrAccessException} if a write is refused.
     */
    public void apply(final MbaLevelCommand command)
    {
        final int group = command.group();
        final int level = command.level();
        if (group < 0 || group >= cos.length)
        {
            throw new IllegalArgumentException("MBA group " + group + " is outside 0.." + (cos.length - 1));
        }
        if (MbaLevelTable.PAUSED_LEVEL == level && level >= delays.length)
        {
            throw new IllegalStateException(MbaLevelMapping.PAUSE_REFUSED);
        }
        if (level < 1 || level >= delays.length || delays[level] < 0)
        {
            throw new IllegalArgumentException("MBA level " + level + " is outside 1.." + (delays.length - 1));
        }
        final long msr = MBA_DELAY_BASE + cos[group];
        try
        {
            for (final MsrFile file : socketFiles)
            {
                file.write(msr, delays[level]);
            }
        }
        catch (final MsrAccessException ex)
        {
            throw new IllegalStateException("MBA level " + level + " for group " + group + " refused: " +
                ex.getMessage(), ex);
        }
        currentLevels[group] = level;
    }

    @Override
    public void resetToUnthrottled()
    {
        final List<String> failures = new ArrayList<>();
        for (int g = 0; g < cos.length; g++)
        {
            boolean ok = true;
            for (final MsrFile file : socketFiles)
            {
                try
                {
                    file.write(MBA_DELAY_BASE + cos[g], 0);
                }
                catch (final RuntimeException ex)
                {
                    ok = false;
                    failures.add(ex.getMessage());
                }
            }
            if (ok)
            {
                currentLevels[g] = 1;
            }
        }
        if (!failures.isEmpty())
        {
            throw new IllegalStateException("MBA reset incomplete: " + String.join("; ", failures));
        }
    }

    /**
     * @param level MBA level.
     * @return the delay value written for it.
     */
    public long delay(final int level)
    {
        return delays[level];
    }

    /**
     * @param group group index.
     * @return the last level applied (1 after a reset).
     */
    public int currentLevel(final int group)
    {
        return currentLevels[group];
    }

    /**
     * @return where the platform changed a level (rounding, clamping).
     */
    public List<String> notes()
    {
        return notes;
    }

    /**
     * Resets the delays, moves the group CPUs back to COS 0 (keeping their RMIDs) and closes the files.
     */
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        try
        {
            resetToUnthrottled();
            associate(false);
        }
        finally
        {
            closeFiles();
        }
    }

    private void closeFiles()
    {
        for (final MsrFile file : socketFiles)
        {
            if (null != file)
            {
                file.close();
            }
        }
        for (final MsrFile[] files : groupCpuFiles)
        {
            if (null != files)
            {
                for (final MsrFile file : files)
                {
                    if (null != file)
                    {
                        file.close();
                    }
                }
            }
        }
    }
}
