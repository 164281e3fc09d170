package org.rhcc.sim.net;

import org.rhcc.core.signal.ProbeAck;

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
     * A probe ACK reached the sender, with the QP's inter-host rate at ACK time and the time at the sender.
     *
     * @param ack the ACK, a view of its slot valid during the call.
     */
    void onProbeAck(ProbeAck ack);

    /**
     * A message completed at the sender (its ACK arrived).
     *
     * @param qp        QP of the message.
     * @param latencyNs post-to-completion time, ns.
     * @param nowNs     completion time, ns.
     */
    void onMessageCompleted(int qp, double latencyNs, double nowNs);
}
