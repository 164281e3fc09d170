package org.rhcc.experiments.scheme;

import org.rhcc.sim.api.CcSettings;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.SimPorts;

/**
 * A scheme's intra-host controller with the inter-host congestion control that provides its R_cc (Eq. (4)): every
 * call goes to the intra-host controller; {@link #interHostCc()} names HPCC or Swift with the scheme's parameters.
 * <p>
 * <b>Note:</b> allocation-free per callback; single-threaded like the hook it wraps.
 */
final class InterHostCcHook implements ControllerHook
{
    private final ControllerHook intraHost;
    private final CcSettings cc;

    /**
     * @param intraHost the intra-host controller ({@link ControllerHook#NONE} for none).
     * @param cc        the inter-host CC and its parameters.
     */
    InterHostCcHook(final ControllerHook intraHost, final CcSettings cc)
    {
        this.intraHost = intraHost;
        this.cc = cc;
    }

    @Override
    public CcSettings interHostCc()
    {
        return cc;
    }

    @Override
    public void attach(final SimPorts ports, final long nowNs)
    {
        intraHost.attach(ports, nowNs);
    }

    @Override
    public boolean wantsProbes()
    {
        return intraHost.wantsProbes();
    }

    @Override
    public boolean wantsIioSamples()
    {
        return intraHost.wantsIioSamples();
    }

    @Override
    public void onIioSample(final double occupancy, final double pcieGbps, final long nowNs)
    {
        intraHost.onIioSample(occupancy, pcieGbps, nowNs);
    }

    @Override
    public void onProbeAck(
        final int qp, final int reqRecvTsNs, final int respSendTsNs, final double rccGbps, final long nowNs)
    {
        intraHost.onProbeAck(qp, reqRecvTsNs, respSendTsNs, rccGbps, nowNs);
    }

    @Override
    public void onWindow(final long nowNs)
    {
        intraHost.onWindow(nowNs);
    }
}
