package org.rhcc.experiments;

import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.control.ForwardingControllerHook;

/**
 * Wraps a scheme's controller to measure the IIO occupancy sensor the way a controller sees it (docs/paper.md §4 B10):
 * the sensor is read back to back, so the interval between two completed reads is the cost of one read. Every call
 * is passed on to the wrapped controller; IIO samples only if it asked for them.
 * <p>
 * <b>Note:</b> {@link #onIioSample} is on the simulation's hot path: it only updates primitive fields.
 */
public final class SensorProbe extends ForwardingControllerHook
{
    private final boolean delegateWantsSamples;
    private long reads;
    private long firstReadNs;
    private long lastReadNs;
    private long minIntervalNs = Long.MAX_VALUE;
    private long maxIntervalNs;

    /**
     * @param delegate the scheme's controller.
     */
    public SensorProbe(final ControllerHook delegate)
    {
        super(delegate);
        this.delegateWantsSamples = delegate.wantsIioSamples();
    }

    /**
     * @return always true: the probe reads the sensor back to back.
     */
    @Override
    public boolean wantsIioSamples()
    {
        return true;
    }

    @Override
    public void onIioSample(final double occupancy, final double pcieGbps, final long nowNs)
    {
        if (reads > 0)
        {
            final long intervalNs = nowNs - lastReadNs;
            minIntervalNs = Math.min(minIntervalNs, intervalNs);
            maxIntervalNs = Math.max(maxIntervalNs, intervalNs);
        }
        else
        {
            firstReadNs = nowNs;
        }
        lastReadNs = nowNs;
        reads++;
        if (delegateWantsSamples)
        {
            delegate.onIioSample(occupancy, pcieGbps, nowNs);
        }
    }

    /**
     * @return completed sensor reads.
     */
    public long reads()
    {
        return reads;
    }

    /**
     * @return mean interval between completed back-to-back reads, i.e. the cost of one read, ns; NaN before two
     * reads.
     */
    public double meanReadLatencyNs()
    {
        return reads > 1 ? (double)(lastReadNs - firstReadNs) / (reads - 1) : Double.NaN;
    }

    /**
     * @return shortest interval between two reads, ns; NaN before two reads.
     */
    public double minReadLatencyNs()
    {
        return reads > 1 ? minIntervalNs : Double.NaN;
    }

    /**
     * @return longest interval between two reads, ns; NaN before two reads.
     */
    public double maxReadLatencyNs()
    {
        return reads > 1 ? maxIntervalNs : Double.NaN;
    }
}
