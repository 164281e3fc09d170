package org.rhcc.sim.net;

/**
 * What the RDMA fabric reports to the simulation loop.
 * <p>
 * <b>Note:</b> called from the event loop; implementations allocate nothing.
 */
public interface FabricListener
{
    /**
     * An RHCC probe reached the receiver NIC; the host model decides when its response leaves.
     *
     * @param qp    QP of the probe.
     * @param nowNs arrival time, ns.
     */
    void onProbeArrived(int qp, double nowNs);

    /**
     * A probe ACK reached the sender.
     *
     * @param qp           QP of the probe.
     * @param reqRecvTsNs  receiver-NIC timestamp of the probe's arrival, low 32 bits of ns.
     * @param respSendTsNs receiver-NIC timestamp of the response, low 32 bits of ns.
     * @param receiverCongested the receiver's state the response carries (its Eq. (1) verdict when it was sent).
     * @param rccGbps      the QP's inter-host rate at ACK time, Gbit/s.
     * @param nowNs        time at the sender, ns.
     */
    void onProbeAck(int qp, int reqRecvTsNs, int respSendTsNs, boolean receiverCongested, double rccGbps,
        double nowNs);

    /**
     * A message completed at the sender (its ACK arrived).
     *
     * @param qp        QP of the message.
     * @param latencyNs post-to-completion time, ns.
     * @param nowNs     completion time, ns.
     */
    void onMessageCompleted(int qp, double latencyNs, double nowNs);
}
