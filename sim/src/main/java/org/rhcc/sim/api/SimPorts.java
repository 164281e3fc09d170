package org.rhcc.sim.api;

import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.port.RateLimiter;

/**
 * The simulator's actuators, as a controller sees them (docs/design.md §3).
 */
public interface SimPorts
{
    /**
     * @return the MBA actuator of the receiver host: group 0 = local-NUMA cores, group 1 = cross-NUMA cores; a level
     * change takes effect after the configured actuation latency (MSR write, default 1 us). Levels 1..5 are the
     * paper's table, {@link org.rhcc.core.receiver.MbaLevelTable#MBA_90_LEVEL} resctrl's 10 % and
     * {@link org.rhcc.core.receiver.MbaLevelTable#PAUSED_LEVEL} a paused group (hostCC's SIGSTOP: no new requests,
     * outstanding ones complete).
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
     * @return the receiver's IIO occupancy sensor; its {@link IioOccupancySensor#readLatencyNs()} is the modelled cost
     * of one read. For a hook that {@link ControllerHook#wantsIioSamples() wants samples} the simulator reads this
     * sensor back to back and delivers each read to {@link ControllerHook#onIioSample}; each read starts a new
     * interval, so such a hook does not read it itself.
     */
    IioOccupancySensor iioSensor();

    /**
     * An observation for traces (docs/model.md §4.11), not a control input.
     *
     * @param qp    global QP number.
     * @param nowNs simulated time, ns.
     * @return the QP's inter-host rate R_cc (DCQCN, HPCC or Swift), Gbit/s; NaN where the platform does not expose it.
     */
    default double interHostRateGbps(final int qp, final long nowNs)
    {
        return Double.NaN;
    }

    /**
     * An observation for traces, not a control input.
     *
     * @param qp    global QP number.
     * @param nowNs simulated time, ns.
     * @return the QP's sending rate {@code min(R_rev, R_cc)} (Eq. (4)), Gbit/s; NaN where the platform does not expose
     *         it.
     */
    default double sendRateGbps(final int qp, final long nowNs)
    {
        return Double.NaN;
    }

    /**
     * An observation for traces, not a control input.
     *
     * @return the switch's egress queue toward the receiver behind the packet being transmitted (what an INT record
     *         reports), bytes; -1 where the platform does not expose it.
     */
    default long switchQueueBytes()
    {
        return -1L;
    }

    /**
     * An observation for traces, not a control input.
     *
     * @param qp global QP number.
     * @return data bytes the QP has put on the wire so far (headers and retransmissions included); -1 where the
     *         platform does not expose it.
     */
    default long sentWireBytes(final int qp)
    {
        return -1L;
    }
}
