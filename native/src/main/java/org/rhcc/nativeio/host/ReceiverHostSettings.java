package org.rhcc.nativeio.host;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import org.rhcc.nativeio.iio.IrpCounterLayout;
import org.rhcc.nativeio.iio.IrpOccupancySensor;
import org.rhcc.nativeio.sys.CpuList;

import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The {@code rhcc.receiver.host} block of a receiver node's configuration (documented key by key in
 * {@code conf/reference.conf}, set for a host in {@code conf/profiles/real-host-receiver.conf}): where the receiver
 * host's devices are and what rhcc may do with them. Read once at start and validated, so that a bad value fails
 * the node's start with a message naming the key (including a session, {@code rhcc.session.mba-groups}, that would
 * not drive the host's groups: two, or three with a protected CPU class).
 *
 * @param msrRoot            directory of the per-CPU device files ({@code /dev/cpu}: {@code N/msr}, {@code N/cpuid}).
 * @param sysRoot            sysfs root ({@code /sys}): NIC-to-IIO-stack mapping, lockdown and msr module switches.
 * @param procRoot           procfs root ({@code /proc}): mount table, counter owners, this process's start time.
 * @param nicPciAddress      the NIC's PCI address ({@code lspci -D}), or empty to give {@code iioStack} and
 *                           {@code cpu} instead.
 * @param iioStack           the NIC's IIO stack, or -1 to locate it from {@code nicPciAddress}.
 * @param cpu                CPU whose msr file the sensor reads (on the NIC's socket), or -1 for the first CPU of
 *                           the NIC's NUMA node.
 * @param irpCounterLayout   the IRP counter addresses of the CPU generation, or null to detect it through CPUID.
 * @param clockMode          where the sensor takes IRP cycles from.
 * @param resctrlRoot        resctrl mount point.
 * @param localGroup         resctrl group of the local-NUMA cores (MBA group 0).
 * @param crossNumaGroup     resctrl group of the cross-NUMA cores (MBA group 1).
 * @param localCpus          CPUs to put in the local group, or null to leave its {@code cpus_list} alone.
 * @param crossNumaCpus      CPUs to put in the cross-NUMA group, or null to leave its {@code cpus_list} alone.
 * @param protectedGroup     resctrl group of the protected CPU class (MBA group 2, docs/design.md §4), used only
 *                           with {@code protectedCpus}.
 * @param protectedCpus      CPUs of the protected CPU class, or null for no protected class (two MBA groups).
 * @param protectedFloorLevel the most throttled level the protected class may reach, 1 (never throttled) .. 5; the
 *                           session's {@code protected_floor_level} must be the same.
 * @param removeGroupsOnStop true to remove the groups when the node stops (their CPUs return to the default group).
 * @param heartbeatFile      file the {@code rhcc failsafe} watchdog watches, or null for no heartbeat.
 * @param heartbeatIntervalMs heartbeat period, ms.
 */
public record ReceiverHostSettings(
    Path msrRoot,
    Path sysRoot,
    Path procRoot,
    String nicPciAddress,
    int iioStack,
    int cpu,
    IrpCounterLayout irpCounterLayout,
    IrpOccupancySensor.ClockMode clockMode,
    Path resctrlRoot,
    String localGroup,
    String crossNumaGroup,
    int[] localCpus,
    int[] crossNumaCpus,
    String protectedGroup,
    int[] protectedCpus,
    int protectedFloorLevel,
    boolean removeGroupsOnStop,
    Path heartbeatFile,
    long heartbeatIntervalMs)
{
    /** Path of the block in a node's configuration. */
    public static final String PATH = "rhcc.receiver.host";
    /** The node's session's MBA groups, which must be the host's two (three with a protected class). */
    private static final String SESSION_GROUPS = "rhcc.session.mba-groups";
    /** The node's session's protected floor, which must be the host's. */
    private static final String SESSION_FLOOR = "rhcc.session.params.protected_floor_level";
    /** The most throttled level of the paper's table. */
    private static final int LEVELS = 5;
    /** Online CPUs, relative to the sysfs root. */
    private static final String ONLINE_CPUS = "devices/system/cpu/online";

    private static final Pattern PCI_ADDRESS = Pattern.compile("[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]");
    private static final Pattern GROUP_NAME = Pattern.compile("[A-Za-z0-9_.-]+");

    /**
     * Reads and validates the block.
     *
     * @param config a node's resolved configuration (with the {@value #PATH} block).
     * @throws IllegalArgumentException naming the key whose value is wrong and what it must be.
     */
    public static ReceiverHostSettings from(final Config config)
    {
        final ReceiverHostSettings settings = fromHostBlock(config);
        // the node's session must drive the host's groups: caught at the node's start, not at the session's
        final int groups = null == settings.protectedCpus ? 2 : 3;
        if (config.hasPath(SESSION_GROUPS) && config.getInt(SESSION_GROUPS) != groups)
        {
            throw new IllegalArgumentException(SESSION_GROUPS + " = " + config.getInt(SESSION_GROUPS) + " but a " +
                "receiver host has " + (2 == groups ? "two MBA groups (" + key("local-group") +
                " and .cross-numa-group)" : "three MBA groups (" + key("local-group") + ", .cross-numa-group and " +
                ".protected-group, as " + key("protected-cpus") + " is set)") + ": set " + SESSION_GROUPS + " = " +
                groups);
        }
        final String sessionFloor = config.hasPath(SESSION_FLOOR) ? config.getString(SESSION_FLOOR).trim() : "0";
        final String hostFloor = null == settings.protectedCpus ? "0" : Integer.toString(settings.protectedFloorLevel);
        if (!sessionFloor.equals(hostFloor))
        {
            throw new IllegalArgumentException(SESSION_FLOOR + " = " + sessionFloor + " but " +
                (null == settings.protectedCpus ? "the host has no protected CPU class (" + key("protected-cpus") +
                " is empty): drop it, or give the class its CPUs" : key("protected-floor-level") + " = " + hostFloor +
                ": set " + SESSION_FLOOR + " = " + hostFloor + " so the cascade has the host's protected group"));
        }
        return settings;
    }

    private static ReceiverHostSettings fromHostBlock(final Config config)
    {
        final Config h;
        try
        {
            h = config.getConfig(PATH);
        }
        catch (final ConfigException ex)
        {
            throw new IllegalArgumentException(PATH + " is missing or not a block: " + ex.getMessage() +
                " (see conf/reference.conf)", ex);
        }
        try
        {
            return fromBlock(h);
        }
        catch (final ConfigException ex)
        {
            throw new IllegalArgumentException(PATH + ": " + ex.getMessage() + " (see conf/reference.conf)", ex);
        }
    }

    private static ReceiverHostSettings fromBlock(final Config h)
    {
        final String nic = h.getString("nic-pci-address").trim();
        if (!nic.isEmpty() && !PCI_ADDRESS.matcher(nic).matches())
        {
            throw new IllegalArgumentException(key("nic-pci-address") + " = '" + nic + "' is not a PCI address: " +
                "give the NIC's full address as 'lspci -D' prints it, e.g. 0000:18:00.0");
        }
        final int stack = h.getInt("iio-stack");
        final int cpu = h.getInt("cpu");
        if (stack < -1 || cpu < -1)
        {
            throw new IllegalArgumentException(key("iio-stack") + " and " + key("cpu") + " must be >= 0, or -1 " +
                "for automatic, got " + stack + " and " + cpu);
        }
        if (nic.isEmpty() && (stack < 0 || cpu < 0))
        {
            throw new IllegalArgumentException("set " + key("nic-pci-address") + " to the NIC's PCI address " +
                "(lspci -D; RHCC_NIC_PCI_ADDRESS with conf/profiles/real-host-receiver.conf), or both " +
                key("iio-stack") + " and " + key("cpu") + " (pcm-iio shows the NIC's stack; the CPU must be on its " +
                "socket)");
        }
        if (!nic.isEmpty() && stack >= 0)
        {
            throw new IllegalArgumentException("set either " + key("nic-pci-address") + " or " + key("iio-stack") +
                ", not both (the stack is located from the NIC's address)");
        }
        final String localGroup = groupName(h, "local-group");
        final String crossNumaGroup = groupName(h, "cross-numa-group");
        if (localGroup.equals(crossNumaGroup))
        {
            throw new IllegalArgumentException(key("local-group") + " and " + key("cross-numa-group") +
                " are both '" + localGroup + "': the two MBA groups need two resctrl groups");
        }
        final int[] localCpus = cpus(h, "local-cpus");
        final int[] crossNumaCpus = cpus(h, "cross-numa-cpus");
        final int[] protectedCpus = cpus(h, "protected-cpus");
        final String protectedGroup = groupName(h, "protected-group");
        final int protectedFloorLevel = h.getInt("protected-floor-level");
        if (protectedFloorLevel < 1 || protectedFloorLevel > LEVELS)
        {
            throw new IllegalArgumentException(key("protected-floor-level") + " = " + protectedFloorLevel +
                " is outside 1.." + LEVELS + ": 1 never throttles the protected class, " + LEVELS +
                " lets the cascade take it to the lowest level");
        }
        if (null != protectedCpus && (protectedGroup.equals(localGroup) || protectedGroup.equals(crossNumaGroup)))
        {
            throw new IllegalArgumentException(key("protected-group") + " = '" + protectedGroup + "' is also " +
                (protectedGroup.equals(localGroup) ? key("local-group") : key("cross-numa-group")) +
                ": the protected class needs its own resctrl group");
        }
        disjoint("local-cpus", localCpus, "cross-numa-cpus", crossNumaCpus);
        disjoint("local-cpus", localCpus, "protected-cpus", protectedCpus);
        disjoint("cross-numa-cpus", crossNumaCpus, "protected-cpus", protectedCpus);
        if (null != localCpus || null != crossNumaCpus || null != protectedCpus)
        {
            final Path sysRoot = path(h, "sys-root");
            online(sysRoot, "local-cpus", localCpus);
            online(sysRoot, "cross-numa-cpus", crossNumaCpus);
            online(sysRoot, "protected-cpus", protectedCpus);
        }
        final String heartbeat = h.getString("heartbeat-file").trim();
        final long heartbeatIntervalMs = h.getDuration("heartbeat-interval").toMillis();
        if (heartbeatIntervalMs < 1)
        {
            throw new IllegalArgumentException(key("heartbeat-interval") + " must be at least 1ms, got " +
                h.getDuration("heartbeat-interval") + " (keep it a third of the watchdog's --timeout-ms or less)");
        }
        return new ReceiverHostSettings(
            path(h, "msr-root"),
            path(h, "sys-root"),
            path(h, "proc-root"),
            nic,
            stack,
            cpu,
            irpCounterLayout(h.getString("irp-counter-layout")),
            clockMode(h.getString("clock-mode")),
            path(h, "resctrl-root"),
            localGroup,
            crossNumaGroup,
            localCpus,
            crossNumaCpus,
            protectedGroup,
            protectedCpus,
            protectedFloorLevel,
            h.getBoolean("remove-groups-on-stop"),
            heartbeat.isEmpty() ? null : Path.of(heartbeat),
            heartbeatIntervalMs);
    }

    /**
     * @return true when the host has a protected CPU class (a third MBA group).
     */
    public boolean hasProtectedClass()
    {
        return null != protectedCpus;
    }

    /**
     * @return the lockdown file under {@link #sysRoot()}, consulted to explain a refused MSR write.
     */
    public Path lockdownFile()
    {
        return sysRoot.resolve("kernel/security/lockdown");
    }

    /**
     * @return the msr module's {@code allow_writes} switch under {@link #sysRoot()}.
     */
    public Path allowWritesFile()
    {
        return sysRoot.resolve("module/msr/parameters/allow_writes");
    }

    /**
     * @return the mount table under {@link #procRoot()}.
     */
    public Path mountsFile()
    {
        return procRoot.resolve("mounts");
    }

    private static String key(final String name)
    {
        return PATH + "." + name;
    }

    private static Path path(final Config h, final String name)
    {
        final String value = h.getString(name).trim();
        if (value.isEmpty())
        {
            throw new IllegalArgumentException(key(name) + " is empty: give a directory (see conf/reference.conf)");
        }
        return Path.of(value);
    }

    private static void disjoint(final String nameA, final int[] a, final String nameB, final int[] b)
    {
        if (null == a || null == b)
        {
            return;
        }
        final java.util.TreeSet<Integer> shared = new java.util.TreeSet<>();
        for (final int x : a)
        {
            for (final int y : b)
            {
                if (x == y)
                {
                    shared.add(x);
                }
            }
        }
        if (!shared.isEmpty())
        {
            final int[] cpus = shared.stream().mapToInt(Integer::intValue).toArray();
            throw new IllegalArgumentException((1 == cpus.length ? "CPU " : "CPUs ") + CpuList.format(cpus) +
                (1 == cpus.length ? " is" : " are") + " in both " + key(nameA) + " and " + key(nameB) +
                ": a CPU belongs to one resctrl group");
        }
    }

    private static void online(final Path sysRoot, final String name, final int[] cpus)
    {
        if (null == cpus)
        {
            return;
        }
        final Path file = sysRoot.resolve(ONLINE_CPUS);
        final int[] online;
        try
        {
            online = CpuList.parse(java.nio.file.Files.readString(file).trim());
        }
        catch (final java.io.IOException | IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("cannot read the online CPUs from " + file + " to check " + key(name) +
                " (" + ex.getMessage() + "): check " + key("sys-root"), ex);
        }
        final java.util.List<Integer> missing = new java.util.ArrayList<>();
        for (final int c : cpus)
        {
            if (java.util.Arrays.binarySearch(online, c) < 0)
            {
                missing.add(c);
            }
        }
        if (!missing.isEmpty())
        {
            throw new IllegalArgumentException(key(name) + " names " + (1 == missing.size() ? "CPU " : "CPUs ") +
                CpuList.format(missing.stream().mapToInt(Integer::intValue).toArray()) + " that this host does not " +
                "have online (online: " + CpuList.format(online) + ", " + file + ")");
        }
    }

    private static String groupName(final Config h, final String name)
    {
        final String value = h.getString(name).trim();
        if (!GROUP_NAME.matcher(value).matches() || "info".equals(value) || value.startsWith("."))
        {
            throw new IllegalArgumentException(key(name) + " = '" + value + "' is not a resctrl group name: use " +
                "letters, digits, '-', '_' or '.', e.g. rhcc-local");
        }
        return value;
    }

    private static int[] cpus(final Config h, final String name)
    {
        final String value = h.getString(name).trim();
        if (value.isEmpty())
        {
            return null;
        }
        try
        {
            return CpuList.parse(value);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException(key(name) + " = '" + value + "' is not a CPU list: use the " +
                "kernel's format, e.g. 0-15,32-47 (" + ex.getMessage() + ")", ex);
        }
    }

    private static IrpCounterLayout irpCounterLayout(final String text)
    {
        final String value = text.trim().toLowerCase(Locale.ROOT);
        switch (value)
        {
            case "auto":
                return null;
            case "skx-clx":
                return IrpCounterLayout.SKX_CLX;
            case "icx":
                return IrpCounterLayout.ICX;
            case "spr":
                return IrpCounterLayout.SPR;
            default:
                throw new IllegalArgumentException(key("irp-counter-layout") + " = '" + text + "' must be auto, " +
                    "skx-clx, icx or spr");
        }
    }

    private static IrpOccupancySensor.ClockMode clockMode(final String text)
    {
        final String value = text.trim().toLowerCase(Locale.ROOT);
        switch (value)
        {
            case "calibrated":
                return IrpOccupancySensor.ClockMode.CALIBRATED;
            case "measured":
                return IrpOccupancySensor.ClockMode.MEASURED;
            default:
                throw new IllegalArgumentException(key("clock-mode") + " = '" + text + "' must be calibrated or " +
                    "measured");
        }
    }
}
