package org.rhcc.nativeio.host;

import com.typesafe.config.Config;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.nativeio.cpu.CpuProbe;
import org.rhcc.nativeio.failsafe.HeartbeatWriter;
import org.rhcc.nativeio.failsafe.ResctrlFailsafe;
import org.rhcc.nativeio.failsafe.RestoreAction;
import org.rhcc.nativeio.failsafe.ShutdownHookGuard;
import org.rhcc.nativeio.iio.IioStackLocation;
import org.rhcc.nativeio.iio.IioStackLocator;
import org.rhcc.nativeio.iio.IrpCounterLayout;
import org.rhcc.nativeio.iio.IrpOccupancySensor;
import org.rhcc.nativeio.msr.MsrSpace;
import org.rhcc.nativeio.resctrl.LinuxResctrlFs;
import org.rhcc.nativeio.resctrl.ResctrlFs;
import org.rhcc.nativeio.resctrl.ResctrlMbaActuator;
import org.rhcc.nativeio.sys.ChannelOpener;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The receiver host's hardware as a receiver node controls it (docs/design.md §7, docs/platform.md §2-§5): the uncore IRP
 * occupancy counter of the NIC's IIO stack ({@link IrpOccupancySensor}), the two resctrl MBA groups
 * ({@link ResctrlMbaActuator}, local-NUMA cores = group 0, cross-NUMA cores = group 1), and the fail-safe's
 * controller side: the heartbeat the {@code rhcc failsafe} watchdog watches ({@link HeartbeatWriter}, beating
 * while the controller's sampling loop makes progress) and a JVM
 * shutdown hook ({@link ShutdownHookGuard}) that restores 100 % through {@link ResctrlFailsafe}, without touching
 * the actuator the controller's thread may still be writing through.
 * <p>
 * The {@code rhcc node} command opens it at start, before the node's actor system, when
 * {@code rhcc.receiver.hardware = host} ({@code conf/profiles/real-host-receiver.conf}), and hands it to the node,
 * which closes it after its actor system has stopped. Opening checks in the order an operator fixes things: the msr
 * device, the NIC's IIO stack and counter layout, the counters (refusing ones another tool owns), resctrl and MBA,
 * then the heartbeat file; the first gap fails the start with one line naming it and the fix. {@link ResctrlMbaActuator#open} resets the groups to 100 % (the
 * start-up reset); the controller's session resets them again when it stops.
 * <p>
 * The controller reads the host's {@link #sensor()} (which also feeds the heartbeat) and writes its
 * {@link #actuator()}. A host's counters and groups exist once per machine, so one receiver host is open per JVM at a
 * time.
 */
public final class ReceiverHost implements AutoCloseable
{
    private static final System.Logger LOG = System.getLogger(ReceiverHost.class.getName());
    /** The host open in this JVM, if any: a second one is refused. */
    private static final AtomicReference<ReceiverHost> OPEN = new AtomicReference<>();
    private static final VarHandle SAMPLES;

    static
    {
        try
        {
            SAMPLES = MethodHandles.lookup().findVarHandle(ReceiverHost.class, "samples", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final ReceiverHostSettings settings;
    private final IrpOccupancySensor sensor;
    private final HostIioSensor controllerSensor;
    private final ResctrlMbaActuator actuator;
    private final ShutdownHookGuard guard;
    private final HeartbeatWriter heartbeat;
    private final String description;
    /** Samples read through {@link #sensor()}: written by the sampling thread only, read by the heartbeat's. */
    private long samples;
    private long samplesAtLastBeat;
    private boolean closed;

    /**
     * Opens the host a node's configuration describes, on this machine's devices: what
     * {@code rhcc.receiver.hardware = host} makes {@code rhcc node} do at start.
     *
     * @param config the node's resolved configuration (its {@value ReceiverHostSettings#PATH} block).
     * @throws IllegalArgumentException for a bad setting, naming the key.
     * @throws IllegalStateException    for missing or refused hardware, naming it and the fix.
     */
    public ReceiverHost(final Config config)
    {
        this(ReceiverHostSettings.from(config), ChannelOpener.SYSTEM, LinuxResctrlFs::new);
    }

    private ReceiverHost(
        final ReceiverHostSettings settings,
        final ChannelOpener opener,
        final Function<Path, ResctrlFs> resctrlFs)
    {
        this.settings = settings;
        final ReceiverHost open = OPEN.get();
        if (null != open)
        {
            throw new IllegalStateException("a receiver host is already open in this JVM (" + open.description +
                "): a host's counters and MBA groups take one receiver node");
        }
        final List<AutoCloseable> opened = new ArrayList<>();
        try
        {
            final MsrSpace msrSpace = new MsrSpace(settings.msrRoot(), opener, settings.lockdownFile(),
                settings.allowWritesFile());
            final int[] stackAndCpu = locate(settings);
            final int stack = stackAndCpu[0];
            final int cpu = stackAndCpu[1];
            // the msr device first: without it nothing else can be checked, and its error names the fix
            msrSpace.open(cpu, false).close();
            final IrpCounterLayout layout = irpCounterLayout(settings, cpu, opener);
            sensor = IrpOccupancySensor.open(new IrpOccupancySensor.Context()
                .msrSpace(msrSpace)
                .layout(layout)
                .stack(stack)
                .cpu(cpu)
                .clockMode(settings.clockMode())
                .procRoot(settings.procRoot()));
            opened.add(sensor);
            controllerSensor = new HostIioSensor(sensor, this::onSample);

            final ResctrlFs fs = resctrlFs.apply(settings.resctrlRoot());
            final String[] groups = settings.hasProtectedClass() ?
                new String[] { settings.localGroup(), settings.crossNumaGroup(), settings.protectedGroup() } :
                new String[] { settings.localGroup(), settings.crossNumaGroup() };
            final int[][] groupCpus = settings.hasProtectedClass() ?
                new int[][] { settings.localCpus(), settings.crossNumaCpus(), settings.protectedCpus() } :
                null == settings.localCpus() && null == settings.crossNumaCpus() ? null :
                new int[][] { settings.localCpus(), settings.crossNumaCpus() };
            actuator = ResctrlMbaActuator.open(new ResctrlMbaActuator.Context()
                .fs(fs)
                .procMounts(settings.mountsFile())
                .groups(groups)
                .groupCpus(groupCpus)
                .removeGroupsOnClose(settings.removeGroupsOnStop()));
            opened.add(actuator);
            final List<String> groupList = List.of(groups);
            guard = ShutdownHookGuard.install(() -> restore(fs, groupList));
            opened.add(guard);
            heartbeat = startHeartbeat(settings, this::controllerProgressed);
            description = sensor.describe() + "; MBA groups " + settings.localGroup() + " (local)" +
                (settings.hasProtectedClass() ? ", " : " and ") + settings.crossNumaGroup() + " (cross-NUMA)" +
                (settings.hasProtectedClass() ? " and " + settings.protectedGroup() + " (protected, floor level " +
                settings.protectedFloorLevel() + ")" : "") + " under " + settings.resctrlRoot() +
                (null == groupCpus ? " (cpus_list left as found)" : "") + "; heartbeat " +
                (null == heartbeat ? "off" : settings.heartbeatFile() + " every " + settings.heartbeatIntervalMs() +
                " ms");
            if (null != heartbeat)
            {
                opened.add(heartbeat);
            }
            if (!OPEN.compareAndSet(null, this))
            {
                throw new IllegalStateException("another receiver host was opened in this JVM meanwhile");
            }
        }
        catch (final RuntimeException ex)
        {
            closeAll(opened);
            throw ex;
        }
        LOG.log(System.Logger.Level.INFO, "receiver host open: " + description);
    }

    /**
     * Opens a host on given device access, for fixtures that emulate the kernel's drivers (an msr file layout or a
     * resctrl "kernel" of their own); production goes through {@link #ReceiverHost(Config)}.
     *
     * @param settings  the host's settings.
     * @param opener    opens {@code N/msr} and {@code N/cpuid} device files.
     * @param resctrlFs the resctrl tree at a root.
     */
    public static ReceiverHost open(
        final ReceiverHostSettings settings,
        final ChannelOpener opener,
        final Function<Path, ResctrlFs> resctrlFs)
    {
        return new ReceiverHost(settings, opener, resctrlFs);
    }

    /**
     * @return the IRP occupancy sensor the controller's sampling loop reads; each sample also keeps the heartbeat
     * going.
     */
    public IioOccupancySensor sensor()
    {
        return controllerSensor;
    }

    /**
     * Counts one sample of the controller's sampling loop (through {@link #sensor()}): the heartbeat beats only
     * while this advances. One release store, no allocation.
     */
    private void onSample()
    {
        SAMPLES.setRelease(this, samples + 1);
    }

    /**
     * Asked by the heartbeat thread before each beat: the controller is alive if its sampling loop read a sample
     * since the previous beat, or has not started yet (the session opens after the node, and the groups stay at
     * 100 % until samples arrive). A loop that stops (hung, crashed, session over) stops the beats, and the
     * watchdog restores 100 % after its timeout.
     *
     * @return true to beat.
     */
    private boolean controllerProgressed()
    {
        final long now = (long)SAMPLES.getAcquire(this);
        final boolean progressed = now == 0 || now != samplesAtLastBeat;
        samplesAtLastBeat = now;
        return progressed;
    }

    /**
     * @return the resctrl MBA actuator of the two groups (group 0 = {@code local-group}, group 1 =
     * {@code cross-numa-group}, the order of {@link org.rhcc.core.receiver.MbaCascadeConfig}).
     */
    public MbaActuator actuator()
    {
        return actuator;
    }

    /**
     * @return the settings the host was opened with.
     */
    public ReceiverHostSettings settings()
    {
        return settings;
    }

    /**
     * @return counters, clock, groups and heartbeat, for the log.
     */
    public String describe()
    {
        return description;
    }

    /**
     * Resets both groups to 100 % (and removes them if so configured), releases the counters, unregisters the
     * shutdown hook and stops the heartbeat, removing its file (the watchdog then restores 100 % once more, which is
     * harmless). Each step runs even if an earlier one failed; the first failure is rethrown after all ran.
     */
    @Override
    public synchronized void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        OPEN.compareAndSet(this, null);
        final List<AutoCloseable> all = new ArrayList<>(List.of(actuator, sensor, guard));
        if (null != heartbeat)
        {
            all.add(heartbeat);
        }
        final RuntimeException failure = closeAll(all);
        if (null != failure)
        {
            throw failure;
        }
        LOG.log(System.Logger.Level.INFO, "receiver host closed: MBA groups at 100 %, counters released");
    }

    private static int[] locate(final ReceiverHostSettings settings)
    {
        if (settings.nicPciAddress().isEmpty())
        {
            return new int[] { settings.iioStack(), settings.cpu() };
        }
        final IioStackLocation location = new IioStackLocator(settings.sysRoot()).locate(settings.nicPciAddress());
        return new int[] { location.stack(), settings.cpu() >= 0 ? settings.cpu() : location.cpu() };
    }

    private static IrpCounterLayout irpCounterLayout(final ReceiverHostSettings settings, final int cpu, final ChannelOpener opener)
    {
        if (null != settings.irpCounterLayout())
        {
            return settings.irpCounterLayout();
        }
        final var caps = CpuProbe.probe(settings.msrRoot(), cpu, opener);
        final IrpCounterLayout layout = IrpCounterLayout.forCpu(caps);
        if (null == layout)
        {
            throw new IllegalStateException("this CPU (" + caps.vendor() + String.format(" family %d model 0x%X",
                caps.family(), caps.model()) + (caps.hypervisor() ? ", in a VM" : "") + ") has no IRP occupancy counter table in rhcc " +
                "(Cascade Lake/Skylake-SP, Ice Lake-SP and Sapphire Rapids have one): run 'rhcc doctor', or set " +
                ReceiverHostSettings.PATH + ".irp-counter-layout if the CPU is one of those");
        }
        return layout;
    }

    private static HeartbeatWriter startHeartbeat(final ReceiverHostSettings settings, final BooleanSupplier alive)
    {
        if (null == settings.heartbeatFile())
        {
            LOG.log(System.Logger.Level.WARNING, "no heartbeat (" + ReceiverHostSettings.PATH + ".heartbeat-file " +
                "is empty): the rhcc failsafe watchdog cannot tell when this controller dies");
            return null;
        }
        final HeartbeatWriter writer = new HeartbeatWriter(settings.heartbeatFile(), settings.procRoot());
        try
        {
            return writer.start(settings.heartbeatIntervalMs(), alive);
        }
        catch (final IOException ex)
        {
            writer.close();
            throw new IllegalStateException("cannot write the heartbeat file " + settings.heartbeatFile() + " (" +
                ex + "): create its directory and let the rhcc user write it (systemd: RuntimeDirectory=rhcc), or " +
                "set " + ReceiverHostSettings.PATH + ".heartbeat-file", ex);
        }
    }

    private static void restore(final ResctrlFs fs, final List<String> groups)
    {
        final List<String> report = ResctrlFailsafe.restore(fs, groups, RestoreAction.RESET);
        if (!ResctrlFailsafe.succeeded(report))
        {
            throw new IllegalStateException(String.join("; ", report));
        }
    }

    private static RuntimeException closeAll(final List<AutoCloseable> resources)
    {
        RuntimeException first = null;
        for (final AutoCloseable resource : resources)
        {
            try
            {
                resource.close();
            }
            catch (final Exception ex)
            {
                LOG.log(System.Logger.Level.WARNING, "closing the receiver host: " + ex.getMessage());
                if (null == first)
                {
                    first = ex instanceof RuntimeException ? (RuntimeException)ex : new IllegalStateException(ex);
                }
            }
        }
        return first;
    }
}
