package org.rhcc.nativeio.tune;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.rhcc.core.receiver.MbaLevelTable;
import org.rhcc.nativeio.cpu.CpuProbe;
import org.rhcc.nativeio.failsafe.ResctrlFailsafe;
import org.rhcc.nativeio.failsafe.RestoreAction;
import org.rhcc.nativeio.failsafe.ShutdownHookGuard;
import org.rhcc.nativeio.iio.IioStackLocation;
import org.rhcc.nativeio.iio.IioStackLocator;
import org.rhcc.nativeio.iio.IrpCounterLayout;
import org.rhcc.nativeio.iio.IrpOccupancySensor;
import org.rhcc.nativeio.msr.MsrSpace;
import org.rhcc.nativeio.resctrl.LinuxResctrlFs;
import org.rhcc.nativeio.resctrl.ResctrlErrors;
import org.rhcc.nativeio.resctrl.ResctrlFs;
import org.rhcc.nativeio.resctrl.ResctrlMbaActuator;
import org.rhcc.nativeio.sys.ChannelOpener;
import org.rhcc.nativeio.sys.CpuList;
import org.rhcc.nativeio.sys.SysFiles;

/**
 * This host's devices opened for {@code rhcc tune --native} (docs/design.md §4.2): the receiving NIC port's counters,
 * the IRP occupancy counter of the NIC's IIO stack (clock measured on every read), a resctrl group of its own
 * ({@value #GROUP}) for the {@link MemoryLoad}'s threads, the load (one thread per CPU of the NIC's NUMA node,
 * buffers {@value #LLC_MULTIPLE} times the LLC in all), the sender's delays, and the fail-safe: a shutdown hook that
 * stops the load and resets the group to unthrottled, and {@link #close()}, which also removes the group.
 * <p>
 * The operator runs the command under {@code numactl --cpunodebind=N --membind=N} for the NIC's node N, so that the
 * load's threads and buffers sit on the NIC's socket; opening refuses otherwise, naming N.
 */
public final class NativeTuneHost implements AutoCloseable
{
    /** The resctrl group of the load's threads. */
    public static final String GROUP = "rhcc-tune";
    /** The load's buffers together, in LLC sizes. */
    public static final int LLC_MULTIPLE = 8;
    /** Smallest buffer per thread, bytes. */
    public static final long MIN_BYTES_PER_THREAD = 16L << 20;

    /**
     * Where the devices are and how to measure, with fluent setters and the real host's defaults.
     */
    public static final class Context
    {
        private Path sysRoot = Path.of("/sys");
        private Path procRoot = Path.of("/proc");
        private Path msrRoot = MsrSpace.DEFAULT_ROOT;
        private Path resctrlRoot = LinuxResctrlFs.DEFAULT_ROOT;
        private ChannelOpener opener = ChannelOpener.SYSTEM;
        private Function<Path, ResctrlFs> resctrlFs = LinuxResctrlFs::new;
        private IrpCounterLayout layout;
        private String nic;
        private DelaySource delay;
        private ProbeClock clock = ProbeClock.SYSTEM;
        private long settleMs = NativeContentionProbe.DEFAULT_SETTLE_MS;
        private long windowMs = NativeContentionProbe.DEFAULT_WINDOW_MS;
        private long bytesPerThread;

        /**
         * @param sysRoot sysfs, {@code /sys}.
         * @return this.
         */
        public Context sysRoot(final Path sysRoot)
        {
            this.sysRoot = sysRoot;
            return this;
        }

        /**
         * @param procRoot procfs, {@code /proc}.
         * @return this.
         */
        public Context procRoot(final Path procRoot)
        {
            this.procRoot = procRoot;
            return this;
        }

        /**
         * @param msrRoot directory of {@code N/msr} and {@code N/cpuid}, {@code /dev/cpu}.
         * @return this.
         */
        public Context msrRoot(final Path msrRoot)
        {
            this.msrRoot = msrRoot;
            return this;
        }

        /**
         * @param resctrlRoot resctrl's mount point.
         * @return this.
         */
        public Context resctrlRoot(final Path resctrlRoot)
        {
            this.resctrlRoot = resctrlRoot;
            return this;
        }

        /**
         * @param opener opens the msr and cpuid device files.
         * @return this.
         */
        public Context opener(final ChannelOpener opener)
        {
            this.opener = opener;
            return this;
        }

        /**
         * @param resctrlFs the resctrl tree at a root.
         * @return this.
         */
        public Context resctrlFs(final Function<Path, ResctrlFs> resctrlFs)
        {
            this.resctrlFs = resctrlFs;
            return this;
        }

        /**
         * @param layout the IRP counter addresses, or null to detect them through CPUID.
         * @return this.
         */
        public Context layout(final IrpCounterLayout layout)
        {
            this.layout = layout;
            return this;
        }

        /**
         * @param nic {@code DEV[:PORT]}, or null for the only one.
         * @return this.
         */
        public Context nic(final String nic)
        {
            this.nic = nic;
            return this;
        }

        /**
         * @param delay where D comes from.
         * @return this.
         */
        public Context delay(final DelaySource delay)
        {
            this.delay = delay;
            return this;
        }

        /**
         * @param clock real time or a test's.
         * @return this.
         */
        public Context clock(final ProbeClock clock)
        {
            this.clock = clock;
            return this;
        }

        /**
         * @param settleMs time between setting a point up and its window, ms.
         * @return this.
         */
        public Context settleMs(final long settleMs)
        {
            this.settleMs = settleMs;
            return this;
        }

        /**
         * @param windowMs each measurement window, ms.
         * @return this.
         */
        public Context windowMs(final long windowMs)
        {
            this.windowMs = windowMs;
            return this;
        }

        /**
         * @param bytesPerThread each load thread's buffer, or 0 to size the buffers from the LLC.
         * @return this.
         */
        public Context bytesPerThread(final long bytesPerThread)
        {
            this.bytesPerThread = bytesPerThread;
            return this;
        }
    }

    private final NicPortCounters nic;
    private final IrpOccupancySensor sensor;
    private final ResctrlMbaActuator actuator;
    private final MemoryLoad load;
    private final ShutdownHookGuard guard;
    private final NativeContentionProbe probe;
    private final String description;
    private boolean closed;

    private NativeTuneHost(final Context ctx, final List<AutoCloseable> opened)
    {
        if (null == ctx.delay)
        {
            throw new IllegalArgumentException("the native probe needs D from the sender side: give --delay-source " +
                "with the metrics URL of the rhcc sender node whose host loads this NIC");
        }
        nic = NicPortCounters.open(ctx.sysRoot, ctx.nic);
        if (null == nic.pciAddress())
        {
            throw new IllegalStateException(nic.name() + " has no PCI device link in sysfs: its IIO stack cannot " +
                "be located (a virtual RDMA device such as rxe or siw cannot be tuned)");
        }
        final IioStackLocation location = new IioStackLocator(ctx.sysRoot).locate(nic.pciAddress());
        final String node = SysFiles.readTrimmedOrNull(
            ctx.sysRoot.resolve("bus/pci/devices").resolve(nic.pciAddress()).resolve("numa_node"));
        final int[] socketCpus = socketCpus(ctx.sysRoot, node);
        checkAffinity(ctx.procRoot, node, socketCpus);

        final MsrSpace msrSpace = new MsrSpace(ctx.msrRoot, ctx.opener,
            ctx.sysRoot.resolve("kernel/security/lockdown"), ctx.sysRoot.resolve("module/msr/parameters/allow_writes"));
        msrSpace.open(location.cpu(), false).close();
        final IrpCounterLayout layout = null != ctx.layout ? ctx.layout : detectLayout(ctx, location.cpu());
        sensor = IrpOccupancySensor.open(new IrpOccupancySensor.Context()
            .msrSpace(msrSpace)
            .layout(layout)
            .stack(location.stack())
            .cpu(location.cpu())
            .clockMode(IrpOccupancySensor.ClockMode.MEASURED)
            .procRoot(ctx.procRoot));
        opened.add(sensor);

        final ResctrlFs fs = ctx.resctrlFs.apply(ctx.resctrlRoot);
        final MbaLevelTable levels = MbaLevelTable.paper();
        actuator = ResctrlMbaActuator.open(new ResctrlMbaActuator.Context()
            .fs(fs)
            .procMounts(ctx.procRoot.resolve("mounts"))
            .groups(GROUP)
            .levels(levels)
            .removeGroupsOnClose(true));
        opened.add(actuator);

        final long llcBytes = llcBytes(ctx.sysRoot, location.cpu());
        final long bytesPerThread = ctx.bytesPerThread > 0 ? ctx.bytesPerThread :
            Math.max(MIN_BYTES_PER_THREAD, LLC_MULTIPLE * llcBytes / socketCpus.length);
        load = new MemoryLoad(socketCpus.length, bytesPerThread, ctx.procRoot, (tid) -> place(fs, tid));
        guard = ShutdownHookGuard.install(() ->
        {
            load.requestStop();
            final List<String> report = ResctrlFailsafe.restore(fs, List.of(GROUP), RestoreAction.RESET);
            if (!ResctrlFailsafe.succeeded(report))
            {
                throw new IllegalStateException(String.join("; ", report));
            }
        });
        opened.add(guard);
        probe = new NativeContentionProbe(new NativeContentionProbe.Context()
            .sensor(sensor)
            .actuator(actuator)
            .nic(nic)
            .load(load)
            .delay(ctx.delay)
            .clock(ctx.clock)
            .levels(levels.levelCount())
            .settleMs(ctx.settleMs)
            .windowMs(ctx.windowMs));
        description = String.format(Locale.ROOT, "this host, NIC %s on IIO stack %d (NUMA node %s); load %d " +
            "threads x %d MiB in resctrl group %s; %d ms settling + %d ms per measurement; D from %s",
            nic.describe(), location.stack(), null == node ? "none" : node, load.threads(),
            load.bytesPerThread() >> 20, GROUP, ctx.settleMs, ctx.windowMs, ctx.delay.describe());
    }

    /**
     * Opens the devices; the first gap fails with one message naming it and the fix, and nothing stays open.
     *
     * @param ctx where the devices are and how to measure.
     * @return the host, its MBA group unthrottled and its load stopped.
     * @throws IllegalArgumentException for a bad setting (the NIC's name, a missing delay source).
     * @throws IllegalStateException    for missing or refused hardware.
     */
    public static NativeTuneHost open(final Context ctx)
    {
        final List<AutoCloseable> opened = new ArrayList<>();
        try
        {
            return new NativeTuneHost(ctx, opened);
        }
        catch (final RuntimeException ex)
        {
            for (int i = opened.size() - 1; i >= 0; i--)
            {
                try
                {
                    opened.get(i).close();
                }
                catch (final Exception closeFailure)
                {
                    ex.addSuppressed(closeFailure);
                }
            }
            throw ex;
        }
    }

    private static void place(final ResctrlFs fs, final long tid)
    {
        try
        {
            fs.write(GROUP + "/tasks", tid + "\n");
        }
        catch (final IOException ex)
        {
            throw ResctrlErrors.refusal(fs, "move thread " + tid + " into " + GROUP + "/tasks", ex);
        }
    }

    private static int[] socketCpus(final Path sysRoot, final String node)
    {
        final Path list = null == node || node.startsWith("-") ? sysRoot.resolve("devices/system/cpu/online") :
            sysRoot.resolve("devices/system/node/node" + node + "/cpulist");
        final String text = SysFiles.readTrimmedOrNull(list);
        final int[] cpus = null == text ? new int[0] : CpuList.parse(text);
        if (0 == cpus.length)
        {
            throw new IllegalStateException("cannot read the CPUs of the NIC's socket from " + list);
        }
        return cpus;
    }

    private static void checkAffinity(final Path procRoot, final String node, final int[] socketCpus)
    {
        if (null == node || node.startsWith("-"))
        {
            return;
        }
        final String status = SysFiles.readTrimmedOrNull(procRoot.resolve("self/status"));
        String allowed = null;
        if (null != status)
        {
            for (final String line : status.split("\n"))
            {
                if (line.startsWith("Cpus_allowed_list:"))
                {
                    allowed = line.substring("Cpus_allowed_list:".length()).trim();
                }
            }
        }
        if (null == allowed)
        {
            throw new IllegalStateException("cannot read Cpus_allowed_list from " + procRoot.resolve("self/status"));
        }
        final int[] sorted = socketCpus.clone();
        Arrays.sort(sorted);
        for (final int cpu : CpuList.parse(allowed))
        {
            if (Arrays.binarySearch(sorted, cpu) < 0)
            {
                throw new IllegalStateException("this process may run on CPU " + cpu + ", outside the NIC's NUMA " +
                    "node " + node + " (CPUs " + CpuList.format(socketCpus) + "): the memory load must sit on the " +
                    "NIC's socket; run it as: numactl --cpunodebind=" + node + " --membind=" + node +
                    " rhcc tune --native ...");
            }
        }
    }

    private static IrpCounterLayout detectLayout(final Context ctx, final int cpu)
    {
        final var caps = CpuProbe.probe(ctx.msrRoot, cpu, ctx.opener);
        final IrpCounterLayout layout = IrpCounterLayout.forCpu(caps);
        if (null == layout)
        {
            throw new IllegalStateException("this CPU (" + caps.vendor() + String.format(Locale.ROOT,
                " family %d model 0x%X", caps.family(), caps.model()) + ") has no IRP occupancy counter table in " +
                "rhcc (Cascade Lake/Skylake-SP, Ice Lake-SP and Sapphire Rapids have one): run 'rhcc doctor'");
        }
        return layout;
    }

    private static long llcBytes(final Path sysRoot, final int cpu)
    {
        final Path file = sysRoot.resolve("devices/system/cpu/cpu" + cpu + "/cache/index3/size");
        final String text = SysFiles.readTrimmedOrNull(file);
        if (null == text || !text.matches("[0-9]+[KMG]?"))
        {
            throw new IllegalStateException("cannot read the LLC size from " + file + " (" + text + "): the " +
                "memory load's buffers are sized from it");
        }
        final char unit = text.charAt(text.length() - 1);
        final long value = Long.parseLong(Character.isDigit(unit) ? text : text.substring(0, text.length() - 1));
        return switch (unit)
        {
            case 'K' -> value << 10;
            case 'M' -> value << 20;
            case 'G' -> value << 30;
            default -> value;
        };
    }

    /**
     * @return the probe over this host's devices.
     */
    public NativeContentionProbe probe()
    {
        return probe;
    }

    /**
     * @return NIC, stack, load, windows and delay source, one line for the report.
     */
    public String describe()
    {
        return description;
    }

    /**
     * Stops the load, resets and removes the MBA group, releases the counters and unregisters the shutdown hook;
     * each step runs even if an earlier one failed, and the first failure is thrown after all ran.
     */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        RuntimeException failure = null;
        for (final AutoCloseable part : new AutoCloseable[] { load, actuator, sensor, guard })
        {
            try
            {
                part.close();
            }
            catch (final Exception ex)
            {
                final RuntimeException asRuntime = ex instanceof RuntimeException ? (RuntimeException)ex :
                    new IllegalStateException(ex.getMessage(), ex);
                if (null == failure)
                {
                    failure = asRuntime;
                }
                else
                {
                    failure.addSuppressed(asRuntime);
                }
            }
        }
        if (null != failure)
        {
            throw failure;
        }
    }
}
