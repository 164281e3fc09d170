package org.rhcc.sim.api;

/**
 * The observables of one run, each with the same definition as the hardware counter it stands for (docs/model.md §4.10),
 * averaged over the measured interval (after warm-up). Bandwidths are in Gbit/s (1 GB/s = 8 Gbit/s).
 *
 * @param rnicGbps          RDMA goodput delivered into receiver memory (payload bytes), Gbit/s.
 * @param cpuMemGbps        memory bandwidth used by CPU traffic (reads + writebacks + directory writes), Gbit/s.
 * @param cpuLocalMemGbps   the part of {@code cpuMemGbps} issued by local-NUMA cores, Gbit/s.
 * @param cpuCrossMemGbps   the part of {@code cpuMemGbps} issued by cross-NUMA cores, Gbit/s.
 * @param rnicMemGbps       DRAM bandwidth caused by NIC writes (DDIO victims and direct writes), Gbit/s.
 * @param totalMemGbps      total DRAM bandwidth (reads + writes, all classes), Gbit/s.
 * @param latencyAvgUs      mean RDMA message latency, post to completion, microseconds (Little's law over the
 *                          perftest-like closed loop: posted messages over the completion rate).
 * @param latencyP99Us      99th percentile of the latency of the messages completed in the interval, microseconds.
 * @param pfcPauseFraction  fraction of time the receiver NIC held its link paused (PFC XOFF), 0..1.
 * @param pfcFrames         PFC pause frames sent by the receiver NIC.
 * @param cnpCount          CNPs sent by the receiver NIC (notification point).
 * @param pcieStallFraction fraction of time the NIC had posted writes pending but no posted credits (mlx5
 *                          {@code outbound_pci_stalled_wr}), 0..1.
 * @param ddioMissRate      fraction of NIC write lines that missed the DDIO ways, 0..1.
 * @param iioOccupancy      time-average IIO write-buffer occupancy in 64-byte lines (mean of 1 ms windows).
 * @param iioResidencyNs    mean IIO residency of a NIC write line, {@code integral O_io dt / lines released}
 *                          (Little's law with {@code iioOccupancy}; mean of 100 us windows), ns.
 * @param rxDelayNs         receiver processing delay D as the probes measure it: mean {@code t_resp - t_recv} of the
 *                          probes answered (one per 32 KB per QP, sent in every run; mean of 100 us windows), ns;
 *                          0 when no probe was answered (no RDMA traffic).
 * @param tcpGbps           TCP goodput on the receiver NIC's second port, Gbit/s (0 when no TCP).
 * @param tcpDropRate       fraction of TCP bytes dropped at the receiver NIC (0 when no TCP).
 */
public record RunMetrics(
    double rnicGbps,
    double cpuMemGbps,
    double cpuLocalMemGbps,
    double cpuCrossMemGbps,
    double rnicMemGbps,
    double totalMemGbps,
    double latencyAvgUs,
    double latencyP99Us,
    double pfcPauseFraction,
    long pfcFrames,
    long cnpCount,
    double pcieStallFraction,
    double ddioMissRate,
    double iioOccupancy,
    double iioResidencyNs,
    double rxDelayNs,
    double tcpGbps,
    double tcpDropRate)
{
}
