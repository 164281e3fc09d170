package org.rhcc.experiments.result;

/**
 * The vocabulary of a run's time series: every column the harness records in {@link RunRecord#series()} over the
 * measured windows, with the name it has in the JSON, and its unit. Code reads a series by its constant
 * ({@link RunRecord#seriesValues(Series)}), as it reads metrics by {@link Metric}.
 * <p>
 * The constants are declared in the order a run writes them, which is the order of the JSON object. The points of
 * every column but the last two groups share {@link #T_MS}: each is the mean of a stride of 100 us telemetry windows
 * (NaN windows left out). The 1 ms IIO windows have their own times ({@link #IIO_T_MS}), and a run with a protected
 * CPU service adds its two columns on {@link #T_MS}'s points. Series a controller reports for itself (e.g. the HPCC
 * reference's per-flow traces) are named by the experiment that charts them.
 */
public enum Series
{
    /** End time of each point's last telemetry window. */
    T_MS("t_ms", "ms"),
    /** RDMA goodput. */
    RNIC_GBPS("rnic_gbps", "Gbit/s"),
    /** IIO write-buffer occupancy. */
    IIO_OCCUPANCY("iio_occupancy", "64-byte lines"),
    /** Mean IIO residency of a NIC line (Little's law with {@link #IIO_OCCUPANCY}). */
    IIO_RESIDENCY_NS("iio_residency_ns", "ns"),
    /** Receiver processing delay D as the probes measure it. */
    RX_DELAY_NS("rx_delay_ns", "ns"),
    /** Memory bandwidth of the CPU traffic, local and cross-NUMA cores together. */
    CPU_MEM_GBPS("cpu_mem_gbps", "Gbit/s"),
    /** Fraction of time the receiver NIC held its link paused. */
    PFC_PAUSE_FRACTION("pfc_pause_fraction", "fraction"),
    /** Fraction of time the NIC had posted writes pending but no posted credits. */
    PCIE_STALL_FRACTION("pcie_stall_fraction", "fraction"),
    /** Mean sending rate of the QPs, min(R_rev, R_cc). */
    SENDER_RATE_GBPS("sender_rate_gbps", "Gbit/s"),
    /** Mean receivable rate R_rev per QP (only where the scheme runs a sender loop). */
    R_REV_GBPS("r_rev_gbps", "Gbit/s"),
    /** Mean MBA level of the local-NUMA cores' group (1 = 100 %, 5 = 20 %). */
    MBA_LEVEL_LOCAL("mba_level_local", "level"),
    /** Mean MBA level of the cross-NUMA cores' group. */
    MBA_LEVEL_CROSS("mba_level_cross", "level"),
    /** End time of each 1 ms IIO window (the paper's windows for row B11). */
    IIO_T_MS("iio_t_ms", "ms"),
    /** IIO occupancy per 1 ms window. */
    IIO_OCCUPANCY_1MS("iio_occupancy_1ms", "64-byte lines"),
    /** Memory bandwidth of the protected CPU service (runs with one only). */
    PROTECTED_MEM_GBPS("protected_mem_gbps", "Gbit/s"),
    /** Mean MBA level of the protected service's group (runs with one only). */
    MBA_LEVEL_PROTECTED("mba_level_protected", "level");

    private final String jsonName;
    private final String unit;

    Series(final String jsonName, final String unit)
    {
        this.jsonName = jsonName;
        this.unit = unit;
    }

    /**
     * @return the series' name in the JSON, e.g. {@code rx_delay_ns}.
     */
    public String jsonName()
    {
        return jsonName;
    }

    /**
     * @return the unit of the series' values.
     */
    public String unit()
    {
        return unit;
    }
}
