package org.rhcc.sim;

import java.util.Arrays;

/**
 * Per-window telemetry of one run, warm-up included, column by column: one entry per telemetry window (100 us by
 * default, {@link SimParameters.Telemetry#windowNs()}) and one entry per IIO occupancy window (1 ms by default).
 * Window {@code i} covers {@code [i, i+1) x windowNs}; {@link #firstMeasuredWindow()} is the first one after the
 * warm-up.
 * <p>
 * Definitions follow docs/model.md §4.10 and {@link org.rhcc.sim.api.RunMetrics}. Immutable once the run returns; the
 * accessors copy nothing and allocate nothing.
 */
public final class TimeSeries
{
    /**
     * MBA groups recorded: 0 = local-NUMA cores, 1 = cross-NUMA cores, 2 = the protected CPU service (level 1 without
     * one).
     */
    public static final int MBA_GROUPS = 3;

    private final long windowNs;
    private final long iioWindowNs;
    private final int firstMeasuredWindow;
    private final double[] rnicGbps;
    private final double[] iioOccupancy;
    private final double[] iioResidencyNs;
    private final double[] rxDelayNs;
    private final double[] cpuLocalMemGbps;
    private final double[] cpuCrossMemGbps;
    private final double[] protectedMemGbps;
    private final double[] totalMemGbps;
    private final double[] pfcPauseFraction;
    private final double[] pcieStallFraction;
    private final double[] senderRateGbps;
    private final double[] tcpGbps;
    private final int[][] mbaLevel;
    private final double[] iioWindowOccupancy;
    private int windows;
    private int iioWindows;

    TimeSeries(final long windowNs, final long iioWindowNs, final int capacity, final int iioCapacity,
        final int firstMeasuredWindow)
    {
        this.windowNs = windowNs;
        this.iioWindowNs = iioWindowNs;
        this.firstMeasuredWindow = firstMeasuredWindow;
        rnicGbps = new double[capacity];
        iioOccupancy = new double[capacity];
        iioResidencyNs = new double[capacity];
        rxDelayNs = new double[capacity];
        cpuLocalMemGbps = new double[capacity];
        cpuCrossMemGbps = new double[capacity];
        protectedMemGbps = new double[capacity];
        totalMemGbps = new double[capacity];
        pfcPauseFraction = new double[capacity];
        pcieStallFraction = new double[capacity];
        senderRateGbps = new double[capacity];
        tcpGbps = new double[capacity];
        mbaLevel = new int[MBA_GROUPS][capacity];
        iioWindowOccupancy = new double[iioCapacity];
    }

    void addWindow(
        final double rnicGbps,
        final double iioOccupancy,
        final double iioResidencyNs,
        final double rxDelayNs,
        final double cpuLocalMemGbps,
        final double cpuCrossMemGbps,
        final double totalMemGbps,
        final double pfcPauseFraction,
        final double pcieStallFraction,
        final double senderRateGbps,
        final double tcpGbps,
        final int mbaLevelLocal,
        final int mbaLevelCross,
        final double protectedMemGbps,
        final int mbaLevelProtected)
    {
        final int i = windows;
        if (i >= this.rnicGbps.length)
        {
            return;
        }
        this.rnicGbps[i] = rnicGbps;
        this.iioOccupancy[i] = iioOccupancy;
        this.iioResidencyNs[i] = iioResidencyNs;
        this.rxDelayNs[i] = rxDelayNs;
        this.cpuLocalMemGbps[i] = cpuLocalMemGbps;
        this.cpuCrossMemGbps[i] = cpuCrossMemGbps;
        this.totalMemGbps[i] = totalMemGbps;
        this.pfcPauseFraction[i] = pfcPauseFraction;
        this.pcieStallFraction[i] = pcieStallFraction;
        this.senderRateGbps[i] = senderRateGbps;
        this.tcpGbps[i] = tcpGbps;
        mbaLevel[0][i] = mbaLevelLocal;
        mbaLevel[1][i] = mbaLevelCross;
        this.protectedMemGbps[i] = protectedMemGbps;
        mbaLevel[2][i] = mbaLevelProtected;
        windows = i + 1;
    }

    void addIioWindow(final double occupancy)
    {
        if (iioWindows < iioWindowOccupancy.length)
        {
            iioWindowOccupancy[iioWindows++] = occupancy;
        }
    }

    /**
     * @return length of a telemetry window, ns.
     */
    public long windowNs()
    {
        return windowNs;
    }

    /**
     * @return number of telemetry windows recorded.
     */
    public int windowCount()
    {
        return windows;
    }

    /**
     * @return index of the first window after the warm-up.
     */
    public int firstMeasuredWindow()
    {
        return firstMeasuredWindow;
    }

    /**
     * @param i window index.
     * @return simulated time at the end of the window, ns.
     */
    public long endNs(final int i)
    {
        check(i, windows);
        return (i + 1L) * windowNs;
    }

    /**
     * @param i window index.
     * @return RDMA goodput delivered into receiver memory, Gbit/s.
     */
    public double rnicGbps(final int i)
    {
        check(i, windows);
        return rnicGbps[i];
    }

    /**
     * @param i window index.
     * @return time-average IIO write-buffer occupancy, lines.
     */
    public double iioOccupancy(final int i)
    {
        check(i, windows);
        return iioOccupancy[i];
    }

    /**
     * @param i window index.
     * @return mean IIO residency of the NIC lines released in the window ({@code integral O_io dt / lines released},
     * Little's law with {@link #iioOccupancy(int)}), ns; NaN when no line was released.
     */
    public double iioResidencyNs(final int i)
    {
        check(i, windows);
        return iioResidencyNs[i];
    }

    /**
     * @param i window index.
     * @return receiver processing delay as the probes measure it: mean {@code t_resp - t_recv} of the probes answered
     * in the window (docs/model.md §4.10), ns; NaN when no probe was answered.
     */
    public double rxDelayNs(final int i)
    {
        check(i, windows);
        return rxDelayNs[i];
    }

    /**
     * @param i window index.
     * @return DRAM bandwidth of local-NUMA cores (reads, writebacks), Gbit/s.
     */
    public double cpuLocalMemGbps(final int i)
    {
        check(i, windows);
        return cpuLocalMemGbps[i];
    }

    /**
     * @param i window index.
     * @return DRAM bandwidth of cross-NUMA cores (reads, writebacks, directory writes), Gbit/s.
     */
    public double cpuCrossMemGbps(final int i)
    {
        check(i, windows);
        return cpuCrossMemGbps[i];
    }

    /**
     * @param i window index.
     * @return total DRAM bandwidth of the NIC's socket, Gbit/s.
     */
    public double totalMemGbps(final int i)
    {
        check(i, windows);
        return totalMemGbps[i];
    }

    /**
     * @param i window index.
     * @return fraction of the window the receiver NIC held its upstream paused, 0..1.
     */
    public double pfcPauseFraction(final int i)
    {
        check(i, windows);
        return pfcPauseFraction[i];
    }

    /**
     * @param i window index.
     * @return fraction of the window with posted writes pending but no posted credits, 0..1.
     */
    public double pcieStallFraction(final int i)
    {
        check(i, windows);
        return pcieStallFraction[i];
    }

    /**
     * @param i window index.
     * @return mean sending rate limit of the RDMA QPs, min(R_rev, R_cc), Gbit/s (time average over the window).
     */
    public double senderRateGbps(final int i)
    {
        check(i, windows);
        return senderRateGbps[i];
    }

    /**
     * @param i window index.
     * @return TCP goodput on the receiver NIC's second port, Gbit/s.
     */
    public double tcpGbps(final int i)
    {
        check(i, windows);
        return tcpGbps[i];
    }

    /**
     * @param i window index.
     * @return memory bandwidth of the protected CPU service (reads + writebacks), Gbit/s; 0 without one.
     */
    public double protectedMemGbps(final int i)
    {
        check(i, windows);
        return protectedMemGbps[i];
    }

    /**
     * @param group 0 = local-NUMA cores, 1 = cross-NUMA cores, 2 = the protected CPU service.
     * @param i     window index.
     * @return MBA level in effect at the end of the window: 1..5 the paper's table, 6 resctrl's 10 % (hostCC's MBA
     * 90), 7 the group paused (hostCC's SIGSTOP).
     */
    public int mbaLevel(final int group, final int i)
    {
        if (group < 0 || group >= MBA_GROUPS)
        {
            throw new IndexOutOfBoundsException("MBA group " + group + " is outside 0.." + (MBA_GROUPS - 1));
        }
        check(i, windows);
        return mbaLevel[group][i];
    }

    /**
     * @return length of an IIO occupancy window, ns.
     */
    public long iioWindowNs()
    {
        return iioWindowNs;
    }

    /**
     * @return number of IIO occupancy windows recorded.
     */
    public int iioWindowCount()
    {
        return iioWindows;
    }

    /**
     * @param j IIO window index.
     * @return simulated time at the end of the IIO window, ns.
     */
    public long iioWindowEndNs(final int j)
    {
        check(j, iioWindows);
        return (j + 1L) * iioWindowNs;
    }

    /**
     * @param j IIO window index.
     * @return time-average IIO write-buffer occupancy over the window, lines.
     */
    public double iioWindowOccupancy(final int j)
    {
        check(j, iioWindows);
        return iioWindowOccupancy[j];
    }

    /**
     * @return a copy of the RDMA goodput column, Gbit/s.
     */
    public double[] rnicGbpsColumn()
    {
        return Arrays.copyOf(rnicGbps, windows);
    }

    /**
     * @return a copy of the IIO occupancy column (telemetry windows), lines.
     */
    public double[] iioOccupancyColumn()
    {
        return Arrays.copyOf(iioOccupancy, windows);
    }

    /**
     * @return a copy of the mean IIO residency column, ns.
     */
    public double[] iioResidencyNsColumn()
    {
        return Arrays.copyOf(iioResidencyNs, windows);
    }

    /**
     * @return a copy of the receiver processing delay column (what the probes measure), ns.
     */
    public double[] rxDelayNsColumn()
    {
        return Arrays.copyOf(rxDelayNs, windows);
    }

    private static void check(final int i, final int count)
    {
        if (i < 0 || i >= count)
        {
            throw new IndexOutOfBoundsException("window " + i + " is outside 0.." + (count - 1));
        }
    }
}
