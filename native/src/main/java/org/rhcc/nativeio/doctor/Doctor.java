package org.rhcc.nativeio.doctor;

import org.rhcc.nativeio.msr.MsrSpace;
import org.rhcc.nativeio.sys.ChannelOpener;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks what this machine supports for rhcc's real backends and says what to do about every gap (docs/design.md §3).
 * All roots are configurable so the same checks run against test fixtures. Each area has a class of its own
 * ({@link CpuChecks}, {@link MsrChecks}, {@link ResctrlChecks}, {@link CounterChecks}, {@link IrpControlChecks});
 * this class runs them in the report's order and hands the CPU and the msr device on to the checks that need them.
 */
public final class Doctor
{
    /**
     * Where to look. The check classes of this package read its fields.
     */
    public static final class Context
    {
        Path msrRoot = MsrSpace.DEFAULT_ROOT;
        Path cpuidRoot = Path.of("/dev/cpu");
        Path resctrlRoot = Path.of("/sys/fs/resctrl");
        Path sysRoot = Path.of("/sys");
        Path procRoot = Path.of("/proc");
        ChannelOpener opener = ChannelOpener.SYSTEM;
        int cpu;
        List<String> rhccGroups = List.of("rhcc-local", "rhcc-xnuma");

        /**
         * @param msrRoot directory of {@code N/msr}.
         * @return this.
         */
        public Context msrRoot(final Path msrRoot)
        {
            this.msrRoot = msrRoot;
            return this;
        }

        /**
         * @param cpuidRoot directory of {@code N/cpuid}.
         * @return this.
         */
        public Context cpuidRoot(final Path cpuidRoot)
        {
            this.cpuidRoot = cpuidRoot;
            return this;
        }

        /**
         * @param resctrlRoot resctrl mount point.
         * @return this.
         */
        public Context resctrlRoot(final Path resctrlRoot)
        {
            this.resctrlRoot = resctrlRoot;
            return this;
        }

        /**
         * @param sysRoot usually {@code /sys}.
         * @return this.
         */
        public Context sysRoot(final Path sysRoot)
        {
            this.sysRoot = sysRoot;
            return this;
        }

        /**
         * @param procRoot usually {@code /proc}.
         * @return this.
         */
        public Context procRoot(final Path procRoot)
        {
            this.procRoot = procRoot;
            return this;
        }

        /**
         * @param opener device channel opener (fixtures replace it).
         * @return this.
         */
        public Context opener(final ChannelOpener opener)
        {
            this.opener = opener;
            return this;
        }

        /**
         * @param cpu the CPU to probe (default 0).
         * @return this.
         */
        public Context cpu(final int cpu)
        {
            this.cpu = cpu;
            return this;
        }

        /**
         * @param rhccGroups rhcc's resctrl group names.
         * @return this.
         */
        public Context rhccGroups(final List<String> rhccGroups)
        {
            this.rhccGroups = List.copyOf(rhccGroups);
            return this;
        }
    }

    private Doctor()
    {
    }

    /**
     * @param ctx where to look.
     * @return the report; never throws for a missing feature (that is a MISSING line).
     */
    public static DoctorReport examine(final Context ctx)
    {
        final CpuChecks cpu = new CpuChecks(ctx);
        final MsrChecks msr = new MsrChecks(ctx);
        final List<Check> checks = new ArrayList<>(cpu.examine());
        checks.addAll(msr.examine());
        checks.addAll(new ResctrlChecks(ctx).examine());
        checks.addAll(new CounterChecks(ctx).examine());
        checks.addAll(IrpControlChecks.examine(ctx.cpu, cpu.caps(), msr.readableSpace()));
        return new DoctorReport(checks);
    }
}
