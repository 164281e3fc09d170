package org.rhcc.sim.control;

import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.sim.api.CcSettings;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.SimPorts;

/**
 * A {@link ControllerHook} that passes every call on to the controller it wraps: the base of the hooks that add to a
 * controller (a scheme's inter-host CC), which override only what they change. What only watches a run is a
 * {@link org.rhcc.sim.api.RunObserver} beside the controller, not a wrapper around it.
 */
public abstract class ForwardingControllerHook implements ControllerHook
{
    /** The wrapped controller. */
    protected final ControllerHook delegate;

    /**
     * @param delegate the scheme's controller.
     */
    protected ForwardingControllerHook(final ControllerHook delegate)
    {
        this.delegate = delegate;
    }

    @Override
    public void attach(final SimPorts ports, final long nowNs)
    {
        delegate.attach(ports, nowNs);
    }

    @Override
    public CcSettings interHostCc()
    {
        return delegate.interHostCc();
    }

    @Override
    public boolean wantsProbes()
    {
        return delegate.wantsProbes();
    }

    @Override
    public boolean wantsIioSamples()
    {
        return delegate.wantsIioSamples();
    }

    @Override
    public void onIioSample(final IioSample sample)
    {
        delegate.onIioSample(sample);
    }

    @Override
    public void onProbeAck(final ProbeAck ack)
    {
        delegate.onProbeAck(ack);
    }

    @Override
    public boolean receiverCongested()
    {
        return delegate.receiverCongested();
    }

    @Override
    public void onWindow(final long nowNs)
    {
        delegate.onWindow(nowNs);
    }
}
