package org.rhcc.experiments;

import java.util.List;

import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.Metric;

/**
 * Table columns shared by the experiments, each with its unit in the header.
 */
public final class Columns
{
    /** Column {@code SCHEME}. */
    public static final TableColumn SCHEME = TableColumn.text("scheme", (run) -> run.scheme());
    /** Column {@code CONDITION}. */
    public static final TableColumn CONDITION = TableColumn.text("condition", (run) -> run.condition());
    /** Column {@code RNIC_GBPS}. */
    public static final TableColumn RNIC_GBPS = TableColumn.metric("RDMA Gbit/s", Metric.RNIC_GBPS, 1);
    /** Column {@code CPU_MEM_GBPS}. */
    public static final TableColumn CPU_MEM_GBPS = TableColumn.metric("CPU mem Gbit/s", Metric.CPU_MEM_GBPS, 1);
    /** Column {@code RNIC_MEM_GBPS}. */
    public static final TableColumn RNIC_MEM_GBPS = TableColumn.metric("NIC mem Gbit/s", Metric.RNIC_MEM_GBPS, 1);
    /** Column {@code TOTAL_MEM_GBPS}. */
    public static final TableColumn TOTAL_MEM_GBPS = TableColumn.metric("total mem Gbit/s", Metric.TOTAL_MEM_GBPS, 1);
    /** Column {@code LATENCY_AVG_US}. */
    public static final TableColumn LATENCY_AVG_US = TableColumn.metric("lat avg us", Metric.LATENCY_AVG_US, 1);
    /** Column {@code LATENCY_P99_US}. */
    public static final TableColumn LATENCY_P99_US = TableColumn.metric("lat p99 us", Metric.LATENCY_P99_US, 1);
    /** Column {@code PFC_PAUSE}. */
    public static final TableColumn PFC_PAUSE = new TableColumn(
        "PFC pause %", (run) -> Fmt.num(100.0 * run.value(Metric.PFC_PAUSE_FRACTION), 1), true);
    /** Column {@code PFC_FRAMES}. */
    public static final TableColumn PFC_FRAMES = TableColumn.metric("PFC frames", Metric.PFC_FRAMES, 0);
    /** Column {@code CNPS}. */
    public static final TableColumn CNPS = TableColumn.metric("CNPs", Metric.CNP_COUNT, 0);
    /** Column {@code PCIE_STALL}. */
    public static final TableColumn PCIE_STALL = new TableColumn(
        "PCIe stall %", (run) -> Fmt.num(100.0 * run.value(Metric.PCIE_STALL_FRACTION), 1), true);
    /** Column {@code DDIO_MISS}. */
    public static final TableColumn DDIO_MISS = new TableColumn(
        "DDIO miss %", (run) -> Fmt.num(100.0 * run.value(Metric.DDIO_MISS_RATE), 1), true);
    /** Column {@code IIO_OCCUPANCY}. */
    public static final TableColumn IIO_OCCUPANCY = TableColumn.metric("IIO occ lines", Metric.IIO_OCCUPANCY, 1);
    /** Column {@code IIO_RESIDENCY_NS}: mean IIO residency of a NIC line (Little's law with the occupancy). */
    public static final TableColumn IIO_RESIDENCY_NS = TableColumn.metric("IIO res ns", Metric.IIO_RESIDENCY_NS, 0);
    /** Column {@code RX_DELAY_NS}: the receiver processing delay D as the probes measure it. */
    public static final TableColumn RX_DELAY_NS = TableColumn.metric("rx delay ns", Metric.RX_DELAY_NS, 0);
    /**
     * Column {@code IIO_EXCURSIONS}: the share of 150 us intervals in which the smoothed IIO occupancy rose above
     * I_thr, where RHCC's cascade would step down.
     */
    public static final TableColumn IIO_EXCURSIONS = new TableColumn(
        "I_cur>I_thr %", (run) -> Fmt.num(100.0 * run.value(Metric.IIO_EXCURSION_SHARE), 0), true);
    /** Column {@code TCP_GBPS}. */
    public static final TableColumn TCP_GBPS = TableColumn.metric("TCP Gbit/s", Metric.TCP_GBPS, 1);
    /** Column {@code TCP_DROP}. */
    public static final TableColumn TCP_DROP = new TableColumn(
        "TCP drop %", (run) -> Fmt.num(100.0 * run.value(Metric.TCP_DROP_RATE), 2), true);

    /** The table of a run that varies the controller (its loops or a threshold): outcomes and both signals. */
    public static final List<TableColumn> CONTROLLER_OUTCOMES = List.of(SCHEME, CONDITION, RNIC_GBPS, CPU_MEM_GBPS,
        LATENCY_AVG_US, LATENCY_P99_US, PFC_PAUSE, IIO_OCCUPANCY, RX_DELAY_NS);

    private Columns()
    {
    }
}
