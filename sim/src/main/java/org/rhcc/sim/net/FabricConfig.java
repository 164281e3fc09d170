package org.rhcc.sim.net;

import org.rhcc.core.dcqcn.RedEcnMarker;

/**
 * Everything {@link RdmaFabric} needs, resolved from the scenario and the parameters, grouped by the part of the
 * fabric it configures (docs/model.md §4.1-§4.3).
 *
 * @param workload    the senders' RDMA WRITE QPs.
 * @param link        the sender links and the reverse path.
 * @param pfc         lossless (PFC) or PFC-free, and how fast a PFC frame acts.
 * @param rx          the receiver NIC's RX buffer.
 * @param switchQueue the switch egress queue toward the receiver.
 * @param nic         the NICs' timers and completion writes.
 * @param probes      the RHCC probes.
 * @param scheduler   how the sender NIC spaces its QPs' packets.
 * @param qpContexts  the receiver NIC's QP-context cache.
 */
public record FabricConfig(
    Workload workload,
    Link link,
    Pfc pfc,
    RxBuffer rx,
    SwitchQueue switchQueue,
    Nic nic,
    Probes probes,
    Scheduler scheduler,
    QpContexts qpContexts)
{
    /**
     * The receiver NIC's cache of QP contexts (docs/model.md §4.3).
     *
     * @param entries      contexts kept on chip; 0 when every lookup hits (no model).
     * @param contextBytes bytes of one context, written back when evicted.
     * @param missNs       an unloaded miss, ns.
     */
    public record QpContexts(int entries, int contextBytes, double missNs)
    {
        /** Every lookup hits. */
        public static final QpContexts NONE = new QpContexts(0, 256, 0.0);
    }

    /**
     * The senders' RDMA WRITE QPs (perftest's closed loop).
     *
     * @param senders      sender hosts.
     * @param qpsPerSender RDMA WRITE QPs per sender.
     * @param messageBytes message size, bytes.
     * @param txDepth      messages each QP keeps posted.
     */
    public record Workload(int senders, int qpsPerSender, int messageBytes, int txDepth)
    {
    }

    /**
     * A sender's link into the switch and the reverse path of control packets.
     *
     * @param mtuBytes      payload per packet, bytes.
     * @param headerBytes   wire overhead per packet, bytes.
     * @param lineRateGbps  link rate, Gbit/s.
     * @param propagationNs one-way propagation per link, ns.
     * @param reversePathNs delay of a control packet from receiver NIC to sender NIC, ns.
     */
    public record Link(int mtuBytes, int headerBytes, double lineRateGbps, double propagationNs, double reversePathNs)
    {
    }

    /**
     * Priority flow control.
     *
     * @param enabled    lossless (PFC) when true, PFC-free when false.
     * @param reactionNs time for a PFC frame to take effect upstream, ns.
     */
    public record Pfc(boolean enabled, double reactionNs)
    {
    }

    /**
     * The receiver NIC's RX buffer.
     *
     * @param bufferBytes RX buffer, bytes.
     * @param xoffBytes   PFC XOFF threshold, bytes.
     * @param xonBytes    PFC XON threshold, bytes.
     * @param ecn         PFC-free mode: RED marking on the RX-buffer fill.
     */
    public record RxBuffer(int bufferBytes, int xoffBytes, int xonBytes, RedEcnMarker ecn)
    {
    }

    /**
     * The switch's shared-buffer egress queue toward the receiver.
     *
     * @param bufferBytes switch shared buffer, bytes.
     * @param pfcAlpha    switch PFC dynamic-threshold factor.
     * @param ecn         RED marking at dequeue.
     */
    public record SwitchQueue(long bufferBytes, double pfcAlpha, RedEcnMarker ecn)
    {
    }

    /**
     * The NICs' timers and completion writes.
     *
     * @param cnpIntervalNs       minimum time between two CNPs of one QP, ns.
     * @param retransmitTimeoutNs go-back-N timeout, ns.
     * @param nakDelayNs          receiver delay before a NAK, ns.
     * @param cqeBytes            CQE bytes written per message.
     */
    public record Nic(long cnpIntervalNs, double retransmitTimeoutNs, double nakDelayNs, int cqeBytes)
    {
    }

    /**
     * The RHCC probes.
     *
     * @param enabled       true to emit probes.
     * @param intervalBytes data bytes per probe and QP.
     * @param wireBytes     probe size on the wire, bytes.
     */
    public record Probes(boolean enabled, int intervalBytes, int wireBytes)
    {
    }

    /**
     * The sender NIC's per-QP scheduler (docs/model.md §4.2, "De-phased QPs"). A QP is paced at
     * {@code min(R_rev, R_cc)}, one packet per {@code wire bytes x 8 / rate}; a real NIC's rate limiter spaces the
     * packets of its QPs with some jitter (doorbells, WQE fetches and completion handling arrive at their own times,
     * and the scheduler serves eligible QPs packet by packet), so QPs at equal rates do not send in step.
     *
     * @param pacingJitter     each pacing gap is drawn uniformly within {@code gap (1 +- pacingJitter)}, so the mean
     *                         rate is kept; 0 paces exactly.
     * @param doorbellJitterNs each QP's first doorbell reaches the NIC uniformly within this time after start, ns.
     * @param rateLimitGbps    a per-QP rate limit on top of {@code min(R_rev, R_cc)} (perftest {@code --rate_limit}),
     *                         Gbit/s on the wire; 0 for none.
     * @param activeQps        QPs the NIC serves at a time, each for one probe interval of data per turn
     *                         ({@link ActiveQpWindow}); 0 for all.
     */
    public record Scheduler(double pacingJitter, double doorbellJitterNs, double rateLimitGbps, int activeQps)
    {
        /** Exact pacing, every QP eligible at time 0, no rate limit, every QP active. */
        public static final Scheduler EXACT = new Scheduler(0.0, 0.0, 0.0, 0);
    }
}
