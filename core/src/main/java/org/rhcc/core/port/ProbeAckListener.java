package org.rhcc.core.port;

/**
 * Port: the probe-ACK stream of RHCC's sender loop. A probe ACK carries the two receiver-NIC timestamps of a probe
 * (request receive and response send, as DOCA PCC RTT events carry them), the receiver's state the response reports
 * in its spare bytes, and the sender's current inter-host rate.
 * <p>
 * <b>Note:</b> called on the hot path, once per ACK; implementations allocate nothing and never log.
 */
@FunctionalInterface
public interface ProbeAckListener
{
    /**
     * Called for every probe ACK.
     *
     * @param qp                queue-pair number of the flow.
     * @param reqRecvTsNs       receiver-NIC timestamp of the probe's arrival, low 32 bits of ns (wraps).
     * @param respSendTsNs      receiver-NIC timestamp of the response's departure, low 32 bits of ns (wraps).
     * @param receiverCongested the receiver's Eq. (1) verdict ({@code I_cur > I_thr}) as the response reports it in
     *                          its spare bytes; true when the receiver reports none (the paper's probe).
     * @param rccGbps           the inter-host congestion control's rate R_cc for the flow at ACK time, Gbit/s.
     * @param nowNs             time the sender processes the ACK, ns of the caller's clock.
     */
    void onProbeAck(int qp, int reqRecvTsNs, int respSendTsNs, boolean receiverCongested, double rccGbps, long nowNs);
}
