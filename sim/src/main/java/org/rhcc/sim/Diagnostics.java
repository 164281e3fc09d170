package org.rhcc.sim;

/**
 * Model-internal quantities of a run that no hardware counter of {@link org.rhcc.sim.api.RunMetrics} reports, for
 * calibration and debugging. Whole-run values (warm-up included) unless stated.
 *
 * @param localReadLatencyNs  mean read latency of local-socket MLC threads (Little: buffers held / reads), ns;
 *                            0 without local threads. Includes the MBA delay.
 * @param remoteReadLatencyNs the same for remote-socket threads, ns.
 * @param meanProbeDelayNs    mean {@code t_resp - t_recv} of the answered RHCC probes, ns (0 without probes).
 * @param probesAnswered      probes answered by the receiver NIC.
 * @param rxDrops             RDMA packets dropped by the receiver NIC (PFC-free mode).
 * @param retransmittedPackets RDMA packets sent again by go-back-N.
 * @param ddioHitProbability  DDIO hit probability at the end of the run.
 * @param chaBacklogLines     CHA write backlog at the end of the run, lines.
 * @param qpContextMissRate   fraction of the receiver NIC's QP-context lookups that missed over the measured interval
 *                            (docs/model.md §4.3), 0..1; 0 without the cache model.
 */
public record Diagnostics(
    double localReadLatencyNs,
    double remoteReadLatencyNs,
    double meanProbeDelayNs,
    long probesAnswered,
    long rxDrops,
    long retransmittedPackets,
    double ddioHitProbability,
    double chaBacklogLines,
    double qpContextMissRate)
{
}
