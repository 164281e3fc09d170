package org.rhcc.nativeio.tune;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.rhcc.nativeio.sys.SysFiles;

/**
 * One port of an RDMA NIC as sysfs shows it ({@code /sys/class/infiniband/DEV/ports/N}): the bytes it received
 * ({@code counters/port_rcv_data}, in 4-byte units, IBA's PortRcvData), its link rate ({@code rate}, e.g.
 * {@code "100 Gb/sec (4X EDR)"}), and, where the driver exposes it, the share of time the NIC held posted writes for
 * the host without PCIe posted credits ({@code hw_counters/outbound_pci_stalled_wr}, mlx5: a percentage of the last
 * second). The NIC's PCI address comes from the {@code device} link of {@code /sys/class/infiniband/DEV}.
 */
public final class NicPortCounters
{
    /** Bytes per unit of {@code port_rcv_data}. */
    public static final int RCV_DATA_UNIT_BYTES = 4;
    /** The mlx5 stall counter's file name under {@code hw_counters}. */
    public static final String STALL_COUNTER = "outbound_pci_stalled_wr";

    private static final Pattern RATE = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*Gb/sec.*");
    private static final Pattern PCI_ADDRESS = Pattern.compile("[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]");

    private final String device;
    private final int port;
    private final Path rcvData;
    private final Path stall;
    private final double rateGbps;
    private final String pciAddress;

    private NicPortCounters(final String device, final int port, final Path rcvData, final Path stall,
        final double rateGbps, final String pciAddress)
    {
        this.device = device;
        this.port = port;
        this.rcvData = rcvData;
        this.stall = stall;
        this.rateGbps = rateGbps;
        this.pciAddress = pciAddress;
    }

    /**
     * Finds the port and checks its counters can be read.
     *
     * @param sysRoot usually {@code /sys}.
     * @param nic     {@code DEV} or {@code DEV:PORT} (e.g. {@code mlx5_0} or {@code mlx5_0:1}), or null or empty for
     *                the only RDMA device with a single port.
     * @throws IllegalArgumentException if the device or port does not exist, or the choice is ambiguous (naming the
     *                                  devices and ports there are).
     * @throws IllegalStateException    if the port's counters or rate cannot be read.
     */
    public static NicPortCounters open(final Path sysRoot, final String nic)
    {
        final Path rdma = sysRoot.resolve("class/infiniband");
        final List<String> devices = list(rdma);
        if (devices.isEmpty())
        {
            throw new IllegalArgumentException("no RDMA device under " + rdma + ": load the NIC's RDMA driver " +
                "(e.g. mlx5_ib) or tune a simulated host with --host-profile");
        }
        final String device;
        int port = -1;
        if (null == nic || nic.isBlank())
        {
            if (devices.size() != 1)
            {
                throw new IllegalArgumentException("this host has " + devices.size() + " RDMA devices " + devices +
                    ": name the one that receives with --nic DEV[:PORT]");
            }
            device = devices.get(0);
        }
        else
        {
            final int colon = nic.indexOf(':');
            device = colon < 0 ? nic.trim() : nic.substring(0, colon).trim();
            if (colon >= 0)
            {
                port = parsePort(nic, nic.substring(colon + 1).trim());
            }
            if (!devices.contains(device))
            {
                throw new IllegalArgumentException("no RDMA device '" + device + "' under " + rdma + ": there are " +
                    devices);
            }
        }
        final Path ports = rdma.resolve(device).resolve("ports");
        final List<String> portNames = list(ports);
        if (port < 0)
        {
            if (portNames.size() != 1)
            {
                throw new IllegalArgumentException(device + " has ports " + portNames + ": name the one that " +
                    "receives with --nic " + device + ":PORT");
            }
            port = parsePort(device, portNames.get(0));
        }
        else if (!portNames.contains(Integer.toString(port)))
        {
            throw new IllegalArgumentException(device + " has no port " + port + ": its ports are " + portNames);
        }
        final Path portDir = ports.resolve(Integer.toString(port));
        final Path rcvData = portDir.resolve("counters/port_rcv_data");
        try
        {
            SysFiles.readLong(rcvData);
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot read " + rcvData + " (" + ex.getMessage() + "): the NIC's " +
                "receive counter is needed to measure its goodput", ex);
        }
        final Path stallFile = portDir.resolve("hw_counters").resolve(STALL_COUNTER);
        final Path stall = null == SysFiles.readTrimmedOrNull(stallFile) ? null : stallFile;
        return new NicPortCounters(device, port, rcvData, stall, rateGbps(portDir.resolve("rate")),
            pciAddress(rdma.resolve(device).resolve("device")));
    }

    private static int parsePort(final String nic, final String text)
    {
        try
        {
            final int port = Integer.parseInt(text);
            if (port >= 1)
            {
                return port;
            }
        }
        catch (final NumberFormatException ex)
        {
            // reported below
        }
        throw new IllegalArgumentException("'" + nic + "': the port must be a number >= 1, as in mlx5_0:1");
    }

    private static double rateGbps(final Path rateFile)
    {
        final String text = SysFiles.readTrimmedOrNull(rateFile);
        final Matcher m = null == text ? null : RATE.matcher(text);
        if (null == m || !m.matches() || !(Double.parseDouble(m.group(1)) > 0.0))
        {
            throw new IllegalStateException("cannot read the port's link rate from " + rateFile + " (" +
                (null == text ? "missing" : "'" + text + "'") + "): is the link up? (ibv_devinfo shows its state)");
        }
        return Double.parseDouble(m.group(1));
    }

    private static String pciAddress(final Path deviceLink)
    {
        try
        {
            final String name = deviceLink.toRealPath().getFileName().toString();
            return PCI_ADDRESS.matcher(name).matches() ? name.toLowerCase(Locale.ROOT) : null;
        }
        catch (final IOException ex)
        {
            return null;
        }
    }

    private static List<String> list(final Path dir)
    {
        try (Stream<Path> entries = Files.list(dir))
        {
            return entries.map((p) -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
        catch (final IOException ex)
        {
            return List.of();
        }
    }

    /**
     * @return the bytes the port has received (the counter times {@value #RCV_DATA_UNIT_BYTES}).
     * @throws IllegalStateException if the counter cannot be read.
     */
    public long receivedBytes()
    {
        try
        {
            return SysFiles.readLong(rcvData) * RCV_DATA_UNIT_BYTES;
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot read " + rcvData + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * @return true if the driver exposes {@value #STALL_COUNTER}.
     */
    public boolean hasStallCounter()
    {
        return null != stall;
    }

    /**
     * @return the share of the last second the NIC held posted writes without PCIe credits, in [0, 1], or 0 if the
     * driver does not expose it ({@link #hasStallCounter()}).
     * @throws IllegalStateException if the counter exists but cannot be read.
     */
    public double stallFraction()
    {
        if (null == stall)
        {
            return 0.0;
        }
        try
        {
            return Math.min(1.0, Math.max(0.0, SysFiles.readLong(stall) / 100.0));
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot read " + stall + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * @return the port's link rate, Gbit/s.
     */
    public double rateGbps()
    {
        return rateGbps;
    }

    /**
     * @return the NIC's PCI address ({@code dddd:bb:dd.f}), or null if sysfs does not link the device to one.
     */
    public String pciAddress()
    {
        return pciAddress;
    }

    /**
     * @return {@code DEV:PORT}.
     */
    public String name()
    {
        return device + ":" + port;
    }

    /**
     * @return the port, its rate and PCI address and whether it has the stall counter, for the report.
     */
    public String describe()
    {
        return String.format(Locale.ROOT, "%s (%s, %.0f Gbit/s, PCIe stalls %s)", name(),
            null == pciAddress ? "no PCI address in sysfs" : pciAddress, rateGbps,
            hasStallCounter() ? "from hw_counters/" + STALL_COUNTER : "not exposed by the driver: shown as 0");
    }
}
