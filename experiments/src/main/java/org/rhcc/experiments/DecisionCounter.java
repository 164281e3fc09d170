package org.rhcc.experiments;

import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.control.ForwardingControllerHook;

/**
 * Counts the controller's decisions of a run — IIO samples and probe ACKs delivered after the warm-up — while passing
 * every call through, so that the overheads a scheme costs (probe bandwidth, decisions per second) are measured rather
 * than assumed. It wraps whatever hook runs the scheme, in process or through the cluster.
 */
final class DecisionCounter extends ForwardingControllerHook
{
    private final long warmupNs;
    private long iioSamples;
    private long probeAcks;

    /**
     * @param delegate the scheme's controller.
     * @param warmupNs calls before this simulated time are not counted.
     */
    DecisionCounter(final ControllerHook delegate, final long warmupNs)
    {
        super(delegate);
        this.warmupNs = warmupNs;
    }

    @Override
    public void onIioSample(final IioSample sample)
    {
        if (sample.nowNs() >= warmupNs)
        {
            iioSamples++;
        }
        delegate.onIioSample(sample);
    }

    @Override
    public void onProbeAck(final ProbeAck ack)
    {
        if (ack.nowNs() >= warmupNs)
        {
            probeAcks++;
        }
        delegate.onProbeAck(ack);
    }

    /**
     * @return IIO samples delivered after the warm-up.
     */
    long iioSamples()
    {
        return iioSamples;
    }

    /**
     * @return probe ACKs delivered after the warm-up.
     */
    long probeAcks()
    {
        return probeAcks;
    }

    /**
     * @return the wrapped hook.
     */
    ControllerHook delegate()
    {
        return delegate;
    }
}
