package org.rhcc.sim.api;

import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.port.RateLimiter;

/**
 * The simulator's actuators, as a controller sees them (docs/design.md §3).
 */
public interface SimPorts
{
    /**
     * @return the MBA actuator of the receiver host: group 0 = local-NUMA cores, group 1 = cross-NUMA cores; a level
     * change takes effect after the configured actuation latency (MSR write, default 1 us).
     */
    MbaActuator mba();

    /**
     * @return the per-QP rate limiter of the senders; a rate takes effect at the sender immediately (the controller
     * runs on the sender NIC).
     */
    RateLimiter rateLimiter();

    /**
     * Turns CE marking of every RDMA packet arriving at the receiver NIC on or off. The NIC's notification point
     * then paces CNPs to the senders' DCQCN (hostCC's network response, emulated for RDMA).
     *
     * @param on true to mark.
     */
    void setReceiverEcnMarking(boolean on);

    /**
     * @return the number of RDMA QPs in the run (all senders), numbered from 0.
     */
    int qpCount();

    /**
     * @return the line rate of a sender NIC, Gbit/s.
     */
    double lineRateGbps();

    /**
     * @return the modelled cost of one IIO occupancy read, ns.
     */
    long iioReadLatencyNs();
}
