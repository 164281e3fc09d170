package org.rhcc.experiments;

import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.sim.api.RunObserver;

/**
 * Counts the controller's decisions of a run — the IIO samples and probe ACKs it takes after the warm-up — so that
 * the overheads a scheme costs (probe bandwidth, decisions per second) are measured rather than assumed. It watches
 * whatever controller runs the scheme, in process or through the cluster.
 */
final class DecisionCounter implements RunObserver
{
    private final long warmupNs;
    private final boolean controllerTakesSamples;
    private long iioSamples;
    private long probeAcks;

    /**
     * @param warmupNs               signals before this simulated time are not counted.
     * @param controllerTakesSamples true when the controller takes the IIO samples (the sensor may be read for an
     *                               observer alone, and those reads are no decisions).
     */
    DecisionCounter(final long warmupNs, final boolean controllerTakesSamples)
    {
        this.warmupNs = warmupNs;
        this.controllerTakesSamples = controllerTakesSamples;
    }

    @Override
    public void onIioSample(final IioSample sample)
    {
        if (controllerTakesSamples && sample.nowNs() >= warmupNs)
        {
            iioSamples++;
        }
    }

    @Override
    public void onProbeAck(final ProbeAck ack)
    {
        if (ack.nowNs() >= warmupNs)
        {
            probeAcks++;
        }
    }

    /**
     * @return IIO samples the controller took after the warm-up.
     */
    long iioSamples()
    {
        return iioSamples;
    }

    /**
     * @return probe ACKs the controller took after the warm-up.
     */
    long probeAcks()
    {
        return probeAcks;
    }
}
