package org.rhcc.nativeio.doctor;

import org.rhcc.core.receiver.MbaLevelTable;
import org.rhcc.nativeio.cpu.CpuCapabilities;
import org.rhcc.nativeio.cpu.CpuProbe;
import org.rhcc.nativeio.iio.CounterOwnerHint;
import org.rhcc.nativeio.iio.IioPlatform;
import org.rhcc.nativeio.msr.MsrAccessException;
import org.rhcc.nativeio.msr.MsrFile;
import org.rhcc.nativeio.msr.MsrSpace;
import org.rhcc.nativeio.resctrl.MbSchemata;
import org.rhcc.nativeio.resctrl.MbaLevelMapping;
import org.rhcc.nativeio.resctrl.MbaUnits;
import org.rhcc.nativeio.sys.ChannelOpener;
import org.rhcc.nativeio.sys.Lockdown;
import org.rhcc.nativeio.sys.ProcMounts;
import org.rhcc.nativeio.sys.SysFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Checks what this machine supports for rhcc's real backends and says what to do about every gap (docs/design.md §3).
 * All roots are configurable so the same checks run against test fixtures.
 */
public final class Doctor
{
    /** CAP_SYS_RAWIO is capability bit 17 ({@code linux/capability.h}); {@code msr_open} requires it. */
    static final int CAP_SYS_RAWIO_BIT = 17;
    /** IA32_TIME_STAMP_COUNTER, present on every x86-64 CPU: a harmless MSR to test reads with. */
    static final long IA32_TSC = 0x10;

    private static final List<String> NON_GROUP_DIRS = List.of("info", "mon_groups", "mon_data");

    /**
     * Where to look.
     */
    public static final class Context
    {
        private Path msrRoot = MsrSpace.DEFAULT_ROOT;
        private Path cpuidRoot = Path.of("/dev/cpu");
        private Path resctrlRoot = Path.of("/sys/fs/resctrl");
        private Path sysRoot = Path.of("/sys");
        private Path procRoot = Path.of("/proc");
        private ChannelOpener opener = ChannelOpener.SYSTEM;
        private int cpu;
        private List<String> rhccGroups = List.of("rhcc-local", "rhcc-xnuma");

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

    private final Context ctx;
    private final List<Check> checks = new ArrayList<>();
    private CpuCapabilities caps;
    private MsrSpace msrSpace;
    private boolean msrReadable;

    private Doctor(final Context ctx)
    {
        this.ctx = ctx;
    }

    /**
     * @param ctx where to look.
     * @return the report; never throws for a missing feature (that is a MISSING line).
     */
    public static DoctorReport examine(final Context ctx)
    {
        final Doctor doctor = new Doctor(ctx);
        doctor.checkCpu();
        doctor.checkMsr();
        doctor.checkResctrl();
        doctor.checkCounters();
        return new DoctorReport(doctor.checks);
    }

    private void add(final Check check)
    {
        checks.add(check);
    }

    private void checkCpu()
    {
        final String area = "cpu";
        final Path device = ctx.cpuidRoot.resolve(Integer.toString(ctx.cpu)).resolve("cpuid");
        try
        {
            caps = CpuProbe.probe(ctx.cpuidRoot, ctx.cpu, ctx.opener);
            add(Check.ok(area, "cpuid device", device + " readable"));
            add(Check.ok(area, "CPU", caps.describe()));
        }
        catch (final IllegalStateException ex)
        {
            add(Check.missing(area, "cpuid device", ex.getMessage().split(" -> ")[0],
                ex.getMessage().contains(" -> ") ? ex.getMessage().split(" -> ")[1] : "modprobe cpuid"));
            add(Check.warn(area, "CPU", cpuinfoSummary(),
                "CPUID-based checks below are skipped until the cpuid device works"));
            return;
        }
        if (caps.rdtAllocation())
        {
            add(Check.ok(area, "RDT allocation", "CPUID.(7,0):EBX[15] set"));
        }
        else
        {
            add(Check.missing(area, "RDT allocation", "CPUID.(7,0):EBX[15] clear: no Resource Director " +
                "Technology allocation on this CPU" + (caps.isAmd() ? "" : " (or hidden by the hypervisor)"),
                "use an Intel Xeon (Skylake-SP or later) or AMD EPYC with PQoS on bare metal; until then rhcc's " +
                "receiver loop runs only against the simulator"));
        }
        if (caps.intelMba())
        {
            add(new Check(area, "MBA", caps.mbaLinear() ? Check.Status.OK : Check.Status.WARN,
                "Intel MBA: throttle_max " + caps.mbaThrottleMax() + " (step " + (100 - caps.mbaThrottleMax()) +
                " %), " + (caps.mbaLinear() ? "linear" : "NON-LINEAR") + ", " + caps.mbaCosCount() + " COS",
                caps.mbaLinear() ? "" : "non-linear MBA is refused by resctrl and by rhcc's MSR actuator"));
        }
        else if (caps.amdMba())
        {
            add(Check.ok(area, "MBA", "AMD bandwidth enforcement: " + caps.mbaCosCount() + " COS, values in " +
                "1/8 GB/s (configure the peak GB/s that 100 % stands for)"));
        }
        else
        {
            add(Check.missing(area, "MBA", "CPUID reports no memory bandwidth allocation (" +
                (caps.isAmd() ? "CPUID.0x80000008:EBX[6] / 0x80000020:EBX[1] clear" :
                "CPUID.(0x10,0):EBX[3] clear") + ")",
                "MBA throttling (the receiver loop's actuator) is unavailable on this CPU; use the simulator"));
        }
        final IioPlatform platform = IioPlatform.forCpu(caps);
        if (null != platform)
        {
            add(Check.ok(area, "IIO counter table", platform + " (" + platform.stackCount() +
                " IRP boxes; occupancy event 0x0F umask 0x04)"));
        }
        else
        {
            add(Check.missing(area, "IIO counter table", "no IRP occupancy counter addresses for " +
                caps.vendor() + " family " + caps.family() + " model 0x" + Integer.toHexString(caps.model()),
                "supported: Intel family 6 models 0x55 (SKX/CLX), 0x6A/0x6C (ICX), 0x8F (SPR); on other CPUs the " +
                "IIO occupancy sensor runs only in the simulator"));
        }
    }

    private String cpuinfoSummary()
    {
        final String cpuinfo = SysFiles.readTrimmedOrNull(ctx.procRoot.resolve("cpuinfo"));
        if (null == cpuinfo)
        {
            return "unknown (no cpuid device, no " + ctx.procRoot.resolve("cpuinfo") + ")";
        }
        final List<String> wanted = List.of("vendor_id", "cpu family", "model", "model name", "stepping");
        final List<String> parts = new ArrayList<>();
        for (final String line : cpuinfo.split("\n"))
        {
            final int colon = line.indexOf(':');
            if (colon > 0 && wanted.contains(line.substring(0, colon).trim()) && parts.size() < wanted.size())
            {
                parts.add(line.substring(0, colon).trim() + "=" + line.substring(colon + 1).trim());
            }
            if (line.isBlank() && !parts.isEmpty())
            {
                break;
            }
        }
        return "from /proc/cpuinfo: " + String.join(", ", parts);
    }

    private void checkMsr()
    {
        final String area = "msr";
        final Path sysModule = ctx.sysRoot.resolve("module/msr/parameters/allow_writes");
        final Path lockdownFile = ctx.sysRoot.resolve("kernel/security/lockdown");
        msrSpace = new MsrSpace(ctx.msrRoot, ctx.opener, lockdownFile, sysModule);
        if (!msrSpace.devicePresent(ctx.cpu))
        {
            add(Check.missing(area, "msr device", msrSpace.msrPath(ctx.cpu) + " does not exist",
                MsrAccessException.Reason.NO_DRIVER.fix()));
        }
        else
        {
            try (MsrFile file = msrSpace.open(ctx.cpu, false))
            {
                file.read(IA32_TSC);
                msrReadable = true;
                add(Check.ok(area, "msr device", msrSpace.msrPath(ctx.cpu) + " readable (IA32_TSC read)"));
            }
            catch (final MsrAccessException ex)
            {
                add(Check.missing(area, "msr device", ex.getMessage().split(" -> ")[0], ex.reason().fix()));
            }
        }

        final String capEff = statusField(ctx.procRoot.resolve("self/status"), "CapEff");
        if (null == capEff)
        {
            add(Check.warn(area, "CAP_SYS_RAWIO", "cannot read CapEff from " + ctx.procRoot.resolve("self/status"),
                "check capabilities with: grep Cap /proc/self/status"));
        }
        else if ((Long.parseUnsignedLong(capEff, 16) & (1L << CAP_SYS_RAWIO_BIT)) != 0)
        {
            add(Check.ok(area, "CAP_SYS_RAWIO", "effective (CapEff " + capEff + ")"));
        }
        else
        {
            add(Check.missing(area, "CAP_SYS_RAWIO", "not effective (CapEff " + capEff + "): opening the msr " +
                "device will fail with EPERM", MsrAccessException.Reason.NO_CAP_SYS_RAWIO.fix()));
        }

        final String allowWrites = SysFiles.readTrimmedOrNull(sysModule);
        if (null == allowWrites)
        {
            add(Check.warn(area, "msr writes", "unknown: " + sysModule + " absent (msr module not loaded, or a " +
                "kernel older than 5.9)", "load the msr module, then rerun rhcc doctor"));
        }
        else if ("off".equals(allowWrites))
        {
            add(Check.warn(area, "msr writes", "msr.allow_writes=off: every MSR write is refused (the IRP sensor " +
                "programs its control registers)", MsrAccessException.Reason.WRITES_DISABLED.fix()));
        }
        else
        {
            add(Check.ok(area, "msr writes", "msr.allow_writes=" + allowWrites + ("default".equals(allowWrites) ?
                " (allowed; writes to unlisted MSRs taint the kernel and are logged)" : "")));
        }

        final String lockdown = Lockdown.activeMode(lockdownFile);
        if (null == lockdown)
        {
            final boolean securityfs = !ProcMounts.ofType(ctx.procRoot.resolve("mounts"), "securityfs").isEmpty();
            if (securityfs)
            {
                add(Check.ok(area, "kernel lockdown", "not built in (securityfs mounted, no lockdown file)"));
            }
            else
            {
                add(Check.warn(area, "kernel lockdown", "cannot tell: securityfs is not mounted, so " +
                    lockdownFile + " is absent", "mount -t securityfs securityfs /sys/kernel/security, then rerun"));
            }
        }
        else if ("none".equals(lockdown))
        {
            add(Check.ok(area, "kernel lockdown", "none"));
        }
        else
        {
            add(Check.warn(area, "kernel lockdown", lockdown + ": MSR writes are refused (IRP counter programming "
                + "and the raw MSR MBA actuator)", MsrAccessException.Reason.LOCKDOWN.fix()));
        }
    }

    private void checkResctrl()
    {
        final String area = "resctrl";
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
            return;
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
                        java.util.Arrays.toString(rootSchemata.domainIds())) :
                    Check.warn(area, "MBA levels", "levels 1-5 apply " + values + " %: " +
                        String.join("; ", mapping.notes()), "expected on coarse platforms; nothing to do"));
            }
            else
            {
                add(Check.ok(area, "MBA levels", "schemata unit " + units + " on MB domains " +
                    java.util.Arrays.toString(rootSchemata.domainIds()) + (units == MbaUnits.AMD_EIGHTH_GBPS ?
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
                    mbLine = java.util.Arrays.toString(mb.values());
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

    private void checkCounters()
    {
        final String area = "counters";
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

        irpControls(area);
    }

    private void irpControls(final String area)
    {
        final IioPlatform platform = null == caps ? null : IioPlatform.forCpu(caps);
        if (null == platform)
        {
            add(Check.warn(area, "IRP control MSRs", "not checked: no IRP counter table for this CPU",
                "nothing to do unless the CPU is one of SKX/CLX/ICX/SPR"));
            return;
        }
        if (!msrReadable)
        {
            add(Check.warn(area, "IRP control MSRs", "not checked: the msr device is not readable",
                "fix the msr device (above), then rerun"));
            return;
        }
        final List<String> busy = new ArrayList<>();
        try (MsrFile file = msrSpace.open(ctx.cpu, false))
        {
            for (int stack = 0; stack < platform.stackCount(); stack++)
            {
                for (int counter = 0; counter < 2; counter++)
                {
                    final long ctl = platform.irpCtl(stack, counter);
                    final long value = file.read(ctl);
                    if ((value & IioPlatform.CTL_ENABLE) != 0)
                    {
                        busy.add(String.format(Locale.ROOT, "stack %d ctr %d ctl 0x%x=0x%x%s", stack, counter, ctl,
                            value, value == IioPlatform.OCCUPANCY_CTL || value == IioPlatform.CLOCKTICKS_CTL ?
                            " (rhcc's own event)" : ""));
                    }
                }
            }
        }
        catch (final MsrAccessException ex)
        {
            add(Check.warn(area, "IRP control MSRs", ex.getMessage().split(" -> ")[0], ex.reason().fix()));
            return;
        }
        add(busy.isEmpty() ? Check.ok(area, "IRP control MSRs", "all " + platform.stackCount() * 2 +
            " IRP counters free on CPU " + ctx.cpu + "'s socket") :
            Check.warn(area, "IRP control MSRs", "programmed: " + String.join("; ", busy),
                "a running rhcc, pcm or perf owns them; rhcc refuses counters programmed with another event"));
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

    private static String statusField(final Path status, final String field)
    {
        final String text = SysFiles.readTrimmedOrNull(status);
        if (null == text)
        {
            return null;
        }
        for (final String line : text.split("\n"))
        {
            if (line.startsWith(field + ":"))
            {
                return line.substring(field.length() + 1).trim();
            }
        }
        return null;
    }
}
