package org.rhcc.experiments.result;

import java.util.HashMap;
import java.util.Map;

/**
 * The vocabulary of a run's metrics: every metric a simulated run records in {@link RunRecord#metrics()}, with the
 * name it has in the JSON and CSV (snake_case, unit in the name), its unit, and whether it is a count ({@link Long})
 * or a value ({@link Double}). Code reads a metric by its constant ({@link RunRecord#value(Metric)}) so that a typo is
 * a compile error and the list of metrics is this file; {@link MetricWriter} is the one place that writes them.
 * <p>
 * The constants are declared in the order a run writes them (the simulator's {@code RunMetrics} first, in its
 * declaration order), which is the order of the JSON object and the CSV columns. Metrics that exist once per QP or
 * per MBA group and level are families named by {@link QpMetric} and {@link #mbaLevelShareName}. Results written by
 * older releases may hold names not listed here; they load and are written back unchanged, keyed by their name.
 */
public enum Metric
{
    /** RDMA goodput delivered into receiver memory (payload bytes). */
    RNIC_GBPS("rnic_gbps", "Gbit/s", false),
    /** Memory bandwidth used by CPU traffic (reads, writebacks, directory writes). */
    CPU_MEM_GBPS("cpu_mem_gbps", "Gbit/s", false),
    /** The part of {@link #CPU_MEM_GBPS} issued by local-NUMA cores. */
    CPU_LOCAL_MEM_GBPS("cpu_local_mem_gbps", "Gbit/s", false),
    /** The part of {@link #CPU_MEM_GBPS} issued by cross-NUMA cores. */
    CPU_CROSS_MEM_GBPS("cpu_cross_mem_gbps", "Gbit/s", false),
    /** DRAM bandwidth caused by NIC writes (DDIO victims and direct writes). */
    RNIC_MEM_GBPS("rnic_mem_gbps", "Gbit/s", false),
    /** Total DRAM bandwidth, reads and writes of every class. */
    TOTAL_MEM_GBPS("total_mem_gbps", "Gbit/s", false),
    /** Mean RDMA message latency, post to completion. */
    LATENCY_AVG_US("latency_avg_us", "us", false),
    /** 99th percentile of the latency of the messages completed in the measured window. */
    LATENCY_P99_US("latency_p99_us", "us", false),
    /** Fraction of time the receiver NIC held its link paused (PFC XOFF), 0..1. */
    PFC_PAUSE_FRACTION("pfc_pause_fraction", "fraction", false),
    /** PFC pause frames sent by the receiver NIC. */
    PFC_FRAMES("pfc_frames", "frames", true),
    /** CNPs sent by the receiver NIC (notification point). */
    CNP_COUNT("cnp_count", "CNPs", true),
    /** Fraction of time the NIC had posted writes pending but no posted credits, 0..1. */
    PCIE_STALL_FRACTION("pcie_stall_fraction", "fraction", false),
    /** Fraction of NIC write lines that missed the DDIO ways, 0..1. */
    DDIO_MISS_RATE("ddio_miss_rate", "fraction", false),
    /** Time-average IIO write-buffer occupancy. */
    IIO_OCCUPANCY("iio_occupancy", "64-byte lines", false),
    /** Mean IIO residency of a NIC write line (Little's law with {@link #IIO_OCCUPANCY}). */
    IIO_RESIDENCY_NS("iio_residency_ns", "ns", false),
    /** Receiver processing delay D as the probes measure it; 0 when no probe was answered. */
    RX_DELAY_NS("rx_delay_ns", "ns", false),
    /** TCP goodput on the receiver NIC's second port (0 when no TCP). */
    TCP_GBPS("tcp_gbps", "Gbit/s", false),
    /** Fraction of TCP bytes dropped at the receiver NIC, 0..1 (0 when no TCP). */
    TCP_DROP_RATE("tcp_drop_rate", "fraction", false),
    /** Probe acknowledgements the controller received in the measured window. */
    PROBE_ACKS("probe_acks", "acks", true),
    /** Probe bytes over RDMA payload bytes in the measured window, 0..1. */
    PROBE_SHARE("probe_share", "fraction", false),
    /** Controller decisions (IIO samples plus probe acks) per second of measured time. */
    DECISIONS_PER_S("decisions_per_s", "1/s", false),
    /** Fraction of QP-context lookups that missed the NIC's cache (runs with a QPC cache only). */
    QPC_MISS_RATE("qpc_miss_rate", "fraction", false),
    /** Mean latency of the controller's IIO occupancy sensor reads (runs that read the sensor only). */
    MSR_READ_LATENCY_NS("msr_read_latency_ns", "ns", false),
    /** Shortest sensor read. */
    MSR_READ_LATENCY_MIN_NS("msr_read_latency_min_ns", "ns", false),
    /** Longest sensor read. */
    MSR_READ_LATENCY_MAX_NS("msr_read_latency_max_ns", "ns", false),
    /** Sensor reads the controller made. */
    MSR_READS("msr_reads", "reads", true),
    /**
     * Share of the measured 150 us intervals in which the IIO samples smoothed by Eq. (1) rose above I_thr = 45: how
     * often RHCC's cascade would find a reason to step down at the run's operating point (runs that read the sensor
     * only; docs/model.md §10).
     */
    IIO_EXCURSION_SHARE("iio_excursion_share", "fraction", false),
    /** Takeovers of a controller role by a standby after its node left the cluster (cluster runs only). */
    CONTROLLER_TAKEOVERS("controller_takeovers", "takeovers", true),
    /** Simulated time of the first takeover. */
    CONTROLLER_TAKEOVER_SIM_MS("controller_takeover_sim_ms", "ms", false),
    /** Longest wall-clock time from a controller's last answer to a standby in control. */
    CONTROLLER_GAP_MAX_S("controller_gap_max_s", "s", false),
    /** Times a silent receiver controller had its simulated host unthrottled by the fail-safe. */
    RECEIVER_FAILSAFES("receiver_failsafes", "fail-safes", true),
    /** Wall-clock silence of the receiver controller before its last fail-safe. */
    RECEIVER_FAILSAFE_AFTER_S("receiver_failsafe_after_s", "s", false),
    /** Memory bandwidth of the protected CPU service (runs with one only). */
    PROTECTED_MEM_GBPS("protected_mem_gbps", "Gbit/s", false),
    /** Mean memory read latency of the protected CPU service. */
    PROTECTED_READ_LATENCY_NS("protected_read_latency_ns", "ns", false),
    /** Largest {@code |share - ideal| / ideal} over the weighted QPs (weighted runs only; docs/design.md §4.1). */
    SHARE_DEVIATION_MAX("share_deviation_max", "fraction", false),
    /** Mean {@code |share - ideal| / ideal} over the weighted QPs. */
    SHARE_DEVIATION_MEAN("share_deviation_mean", "fraction", false);

    private static final Map<String, Metric> BY_NAME = new HashMap<>();

    static
    {
        for (final Metric metric : values())
        {
            BY_NAME.put(metric.jsonName, metric);
        }
    }

    private final String jsonName;
    private final String unit;
    private final boolean count;

    Metric(final String jsonName, final String unit, final boolean count)
    {
        this.jsonName = jsonName;
        this.unit = unit;
        this.count = count;
    }

    /**
     * @return the name in the JSON object and the CSV header, e.g. {@code rnic_gbps}.
     */
    public String jsonName()
    {
        return jsonName;
    }

    /**
     * @return the unit, e.g. {@code Gbit/s}; {@code fraction} for a ratio in 0..1.
     */
    public String unit()
    {
        return unit;
    }

    /**
     * @return true for a count, held as a {@link Long}; false for a value, held as a {@link Double}.
     */
    public boolean isCount()
    {
        return count;
    }

    /**
     * @param jsonName a metric's name as written, e.g. {@code rnic_gbps}.
     * @return its constant, or null for a name not in this vocabulary (a family member, or one an older release wrote).
     */
    public static Metric byName(final String jsonName)
    {
        return BY_NAME.get(jsonName);
    }

    /**
     * @param group an MBA group's name as the stationarity check writes it ({@code local}, {@code cross},
     *              {@code protected} or {@code group_<n>}).
     * @param level MBA level 1..5.
     * @return the name of the fraction of the measured window the group spent at the level, e.g.
     * {@code mba_protected_level_3_share}.
     */
    public static String mbaLevelShareName(final String group, final int level)
    {
        return "mba_" + group + "_level_" + level + "_share";
    }

    /**
     * @param name a metric's or stationarity entry's name.
     * @return true if it is one of the {@link #mbaLevelShareName} family.
     */
    public static boolean isMbaLevelShare(final String name)
    {
        return name.startsWith("mba_") && name.endsWith("_share");
    }
}
