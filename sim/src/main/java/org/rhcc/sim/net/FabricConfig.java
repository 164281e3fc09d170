package org.rhcc.sim.net;

/**
 * Everything {@link RdmaFabric} needs, resolved from the scenario and the parameters.
 *
 * @param senders             sender hosts.
 * @param qpsPerSender        RDMA WRITE QPs per sender.
 * @param messageBytes        message size, bytes.
 * @param txDepth             messages each QP keeps posted.
 * @param mtuBytes            payload per packet, bytes.
 * @param headerBytes         wire overhead per packet, bytes.
 * @param lineRateGbps        link rate, Gbit/s.
 * @param propagationNs       one-way propagation per link, ns.
 * @param reversePathNs       delay of a control packet from receiver NIC to sender NIC, ns.
 * @param pfc                 lossless (PFC) or PFC-free.
 * @param rxBufferBytes       receiver RX buffer, bytes.
 * @param xoffBytes           PFC XOFF threshold, bytes.
 * @param xonBytes            PFC XON threshold, bytes.
 * @param pfcReactionNs       time for a PFC frame to take effect upstream, ns.
 * @param switchBufferBytes   switch shared buffer, bytes.
 * @param switchPfcAlpha      switch PFC dynamic-threshold factor.
 * @param switchEcnKminBytes  switch RED K_min, bytes.
 * @param switchEcnKmaxBytes  switch RED K_max, bytes.
 * @param switchEcnPmax       switch RED P_max.
 * @param rxEcnKminBytes      PFC-free RX-buffer RED K_min, bytes.
 * @param rxEcnKmaxBytes      PFC-free RX-buffer RED K_max, bytes.
 * @param rxEcnPmax           PFC-free RX-buffer RED P_max.
 * @param cnpIntervalNs       minimum time between two CNPs of one QP, ns.
 * @param retransmitTimeoutNs go-back-N timeout, ns.
 * @param nakDelayNs          receiver delay before a NAK, ns.
 * @param cqeBytes            CQE bytes written per message.
 * @param probes              true to emit RHCC probes.
 * @param probeIntervalBytes  data bytes per probe and QP.
 * @param probeBytes          probe size on the wire, bytes.
 */
public record FabricConfig(
    int senders,
    int qpsPerSender,
    int messageBytes,
    int txDepth,
    int mtuBytes,
    int headerBytes,
    double lineRateGbps,
    double propagationNs,
    double reversePathNs,
    boolean pfc,
    int rxBufferBytes,
    int xoffBytes,
    int xonBytes,
    double pfcReactionNs,
    long switchBufferBytes,
    double switchPfcAlpha,
    long switchEcnKminBytes,
    long switchEcnKmaxBytes,
    double switchEcnPmax,
    long rxEcnKminBytes,
    long rxEcnKmaxBytes,
    double rxEcnPmax,
    long cnpIntervalNs,
    double retransmitTimeoutNs,
    double nakDelayNs,
    int cqeBytes,
    boolean probes,
    int probeIntervalBytes,
    int probeBytes)
{
}
