package org.rhcc.sim.api;

import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.ProbeAck;

/**
 * How a controller runs against the simulator. The simulator owns time: it calls the hook at simulated instants and
 * the hook answers through {@link SimPorts}, whose commands take effect after the modelled actuation latency. This is
 * the in-process form of the lockstep of docs/design.md §6.
 * <p>
 * <b>Note:</b> {@link #onIioSample} and {@link #onProbeAck} are hot paths: no allocation, no logging.
 */
public interface ControllerHook
{
    /** No intra-host control: the {@code dcqcn} scheme. Probes still flow (the receiver processing delay is always
     * what the probes measure); their ACKs go nowhere. */
    ControllerHook NONE = new ControllerHook()
    {
    };

    /**
     * Called once before simulated time starts.
     *
     * @param ports the simulator's actuators and static facts.
     * @param nowNs simulated time, ns.
     */
    default void attach(final SimPorts ports, final long nowNs)
    {
    }

    /**
     * Called once when the run is set up, before {@link #attach}.
     *
     * @return the inter-host congestion control whose rate is R_cc in Eq. (4) for this run, with the scheme's
     *         parameters (docs/model.md §4.11); DCQCN unless the scheme names another.
     */
    default CcSettings interHostCc()
    {
        return CcSettings.DCQCN;
    }

    /**
     * @return true to have the ACKs of the probes (one per 32 KB per QP, sent in every run) delivered to
     * {@link #onProbeAck}.
     */
    default boolean wantsProbes()
    {
        return false;
    }

    /**
     * @return true to have the receiver's IIO occupancy sampled back to back (one sample every sensor read latency,
     * default 400 ns) and delivered to {@link #onIioSample}.
     */
    default boolean wantsIioSamples()
    {
        return false;
    }

    /**
     * One IIO occupancy sample, delivered when the modelled MSR read completes.
     *
     * @param occupancy average occupancy since the previous sample, 64-byte lines.
     * @param pcieGbps  inbound PCIe bandwidth of the NIC since the previous sample, Gbit/s (hostCC's second signal).
     * @param nowNs     simulated time the read completed, ns.
     */
    default void onIioSample(final IioSample sample)
    {
    }

    /**
     * One probe ACK at the sender: its QP is the global QP number, 0 .. {@link SimPorts#qpCount()}-1; its receiver
     * state is what {@link #receiverCongested()} said when the receiver NIC sent the response; its R_cc is the flow's
     * inter-host rate (DCQCN, HPCC or Swift) at ACK time; its time is simulated time at the sender.
     *
     * @param ack the ACK, a view of the simulator's slot valid during the call.
     */
    default void onProbeAck(final ProbeAck ack)
    {
    }

    /**
     * The receiver's state its NIC writes into the spare bytes of a probe response as it sends it (the
     * {@code rhcc-gated} sender loop reads it, docs/design.md §4): the receiver loop's Eq. (1) verdict
     * {@code I_cur > I_thr}, as the receiver controller last reported it (it reports when its scheme's sender loop
     * reads it, {@code Scheme.receiverReportsState}). Otherwise the receiver reports nothing, and a probe counts as
     * congested.
     * <p>
     * <b>Note:</b> called once per probe response; allocation-free.
     *
     * @return true when the receiver reports IIO congestion, or reports nothing.
     */
    default boolean receiverCongested()
    {
        return true;
    }

    /**
     * Called at the end of every 100 us telemetry window, for controllers that record their own time series.
     *
     * @param nowNs simulated time, ns.
     */
    default void onWindow(final long nowNs)
    {
    }
}
