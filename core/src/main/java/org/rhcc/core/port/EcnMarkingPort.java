package org.rhcc.core.port;

/**
 * Port: CE marking of RDMA packets at the receiver NIC, so that its notification point sends CNPs to the senders'
 * DCQCN. This is how rhcc emulates hostCC's network response (ECN marking while the host is congested) for RDMA.
 */
@FunctionalInterface
public interface EcnMarkingPort
{
    /**
     * @param on    true to mark every arriving RDMA packet, false to stop.
     * @param nowNs time of the decision, ns.
     */
    void setMarking(boolean on, long nowNs);
}
