package org.rhcc.core.signal;

/**
 * A probe ACK as RHCC's sender loop reads it (paper §III-C): the two receiver-NIC timestamps of a probe (request
 * receive and response send, as DOCA PCC RTT events carry them), the receiver's state the response reports in its
 * spare bytes, the sender's current inter-host rate, and the time the sender processes it.
 * <p>
 * A read-only view in the flyweight style of Agrona and SBE: an implementation may be backed by a frame or a slot
 * that is reused for the next ACK, so a reader copies what it keeps ({@link ProbeAckRecord#copyFrom}) and never holds
 * the view past the call that handed it over.
 */
public interface ProbeAck
{
    /**
     * @return queue-pair number of the flow, the host's numbering.
     */
    int qp();

    /**
     * @return receiver-NIC timestamp of the probe's arrival, low 32 bits of ns (wraps).
     */
    int reqRecvTsNs();

    /**
     * @return receiver-NIC timestamp of the response's departure, low 32 bits of ns (wraps).
     */
    int respSendTsNs();

    /**
     * @return the receiver's Eq. (1) verdict ({@code I_cur > I_thr}) as the response reports it in its spare bytes;
     * true when the receiver reports none (the paper's probe).
     */
    boolean receiverCongested();

    /**
     * @return the inter-host congestion control's rate R_cc for the flow at ACK time, Gbit/s.
     */
    double rccGbps();

    /**
     * @return time the sender processes the ACK, ns of the caller's clock.
     */
    long nowNs();
}
