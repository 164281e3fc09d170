package org.rhcc.nativeio.iio;

import org.rhcc.nativeio.sys.CpuList;
import org.rhcc.nativeio.sys.SysFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds the IIO stack of a NIC from sysfs: the NIC's device path starts at its PCI root bus
 * ({@code /sys/devices/pci<segment>:<bus>/...}), and each {@code /sys/devices/uncore_iio_<n>/die<X>} file holds the
 * {@code segment:bus} of the root port that IIO PMON block {@code n} of die {@code X} monitors
 * ({@code Documentation/ABI/testing/sysfs-devices-mapping}, Linux 5.10+). The CPU is the first CPU of the NIC's
 * NUMA node ({@code numa_node}, {@code /sys/devices/system/node/node<N>/cpulist}), falling back to the first CPU
 * whose {@code physical_package_id} equals the die.
 * <p>
 * [inference] The IRP box index equals the IIO PMU index {@code n}: both are per-stack boxes enumerated in the same
 * order (hostCC uses one {@code NIC_IIO_STACK} for both).
 */
public final class IioStackLocator
{
    private static final Pattern ROOT = Pattern.compile("pci([0-9a-fA-F]{4}):([0-9a-fA-F]{2})");
    private static final Pattern IIO_PMU = Pattern.compile("uncore_iio_(\\d+)");
    private static final Pattern DIE = Pattern.compile("die(\\d+)");

    private final Path sysRoot;

    /**
     * @param sysRoot usually {@code /sys}.
     */
    public IioStackLocator(final Path sysRoot)
    {
        this.sysRoot = sysRoot;
    }

    /**
     * @param pciAddress the NIC's PCI address, {@code dddd:bb:dd.f} (as {@code lspci -D} prints it).
     * @return the stack, die and a CPU to read from.
     * @throws IllegalArgumentException if the device does not exist.
     * @throws IllegalStateException if the kernel exposes no stack mapping for it, with the manual alternative.
     */
    public IioStackLocation locate(final String pciAddress)
    {
        final Path device = sysRoot.resolve("bus/pci/devices").resolve(pciAddress);
        if (!Files.exists(device))
        {
            throw new IllegalArgumentException("no PCI device " + pciAddress + " under " + device.getParent() +
                ": give the NIC's full address as 'lspci -D' prints it, e.g. 0000:18:00.0");
        }
        final String rootBus;
        try
        {
            rootBus = rootBusOf(device.toRealPath());
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot resolve " + device + ": " + ex.getMessage(), ex);
        }
        final Path devices = sysRoot.resolve("devices");
        final List<Path> pmus;
        try (Stream<Path> list = Files.list(devices))
        {
            pmus = list.filter((p) -> IIO_PMU.matcher(p.getFileName().toString()).matches())
                .sorted().collect(Collectors.toList());
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot list " + devices + ": " + ex.getMessage(), ex);
        }
        for (final Path pmu : pmus)
        {
            final Matcher pmuMatch = IIO_PMU.matcher(pmu.getFileName().toString());
            pmuMatch.matches();
            try (Stream<Path> files = Files.list(pmu))
            {
                for (final Path file : (Iterable<Path>)files.sorted()::iterator)
                {
                    final Matcher dieMatch = DIE.matcher(file.getFileName().toString());
                    if (dieMatch.matches() && rootBus.equalsIgnoreCase(SysFiles.readTrimmedOrNull(file)))
                    {
                        final int die = Integer.parseInt(dieMatch.group(1));
                        return new IioStackLocation(
                            pciAddress, rootBus, Integer.parseInt(pmuMatch.group(1)), die, cpuFor(device, die));
                    }
                }
            }
            catch (final IOException ex)
            {
                throw new IllegalStateException("cannot list " + pmu + ": " + ex.getMessage(), ex);
            }
        }
        throw new IllegalStateException("no /sys/devices/uncore_iio_*/die* file maps root bus " + rootBus + " of " +
            pciAddress + (pmus.isEmpty() ? " (no uncore_iio PMUs: not an Intel server CPU, the uncore driver is not" +
            " loaded, or a VM)" : " (kernel older than 5.10 or a platform without the mapping)") +
            ": set the IIO stack and CPU explicitly (pcm-iio shows which stack carries the NIC)");
    }

    static String rootBusOf(final Path realDevicePath)
    {
        for (final Path part : realDevicePath)
        {
            final Matcher m = ROOT.matcher(part.toString());
            if (m.matches())
            {
                return m.group(1).toLowerCase() + ":" + m.group(2).toLowerCase();
            }
        }
        throw new IllegalStateException(realDevicePath + " does not start at a PCI root bus (pciSSSS:BB)");
    }

    private int cpuFor(final Path device, final int die)
    {
        final String node = SysFiles.readTrimmedOrNull(device.resolve("numa_node"));
        if (null != node && !node.startsWith("-"))
        {
            final String cpus = SysFiles.readTrimmedOrNull(
                sysRoot.resolve("devices/system/node/node" + node).resolve("cpulist"));
            if (null != cpus && CpuList.parse(cpus).length > 0)
            {
                return CpuList.parse(cpus)[0];
            }
        }
        final Path cpuDir = sysRoot.resolve("devices/system/cpu");
        try (Stream<Path> list = Files.list(cpuDir))
        {
            return list.map((p) -> p.getFileName().toString())
                .filter((name) -> name.matches("cpu\\d+"))
                .mapToInt((name) -> Integer.parseInt(name.substring(3)))
                .sorted()
                .filter((cpu) -> Integer.toString(die).equals(SysFiles.readTrimmedOrNull(
                    cpuDir.resolve("cpu" + cpu).resolve("topology/physical_package_id"))))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no CPU of package " + die + " under " + cpuDir +
                    ": set the CPU explicitly"));
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot list " + cpuDir + ": " + ex.getMessage(), ex);
        }
    }
}
