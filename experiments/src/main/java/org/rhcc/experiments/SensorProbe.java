package org.rhcc.experiments;

import org.rhcc.core.receiver.MbaCascadeConfig;
import org.rhcc.core.signal.IioSample;
import org.rhcc.sim.api.RunObserver;

/**
 * Measures the IIO occupancy sensor the way a controller sees it (docs/paper.md §4 B10): the sensor is read back to
 * back, so the interval between two completed reads is the cost of one read. It also reads the samples as RHCC's
 * cascade would ({@link CascadeReading}). It watches the run beside the scheme's controller, which takes the samples
 * only if it asked for them.
 * <p>
 * <b>Note:</b> {@link #onIioSample} is on the simulation's hot path: it only updates primitive fields.
 */
public final class SensorProbe implements RunObserver
{
    private final CascadeReading cascadeReading;
    private long reads;
    private long firstReadNs;
    private long lastReadNs;
    private long minIntervalNs = Long.MAX_VALUE;
    private long maxIntervalNs;

    /**
     * @param warmupNs the run's warm-up, ns: the cascade's reading covers the measured time after it.
     */
    public SensorProbe(final long warmupNs)
    {
        this.cascadeReading = new CascadeReading(warmupNs, MbaCascadeConfig.STEP_UP_INTERVAL_NS_DEFAULT);
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
    public void onIioSample(final IioSample sample)
    {
        final long nowNs = sample.nowNs();
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
        cascadeReading.onSample(sample.occupancy(), nowNs);
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

    /**
     * @return the share of the measured 150 us intervals (the cascade's default step-up interval) in which the
     * samples smoothed by Eq. (1) rose above I_thr = 45 ({@link CascadeReading}), 0..1; NaN before a whole interval.
     */
    public double iioExcursionShare()
    {
        return cascadeReading.excursionShare();
    }
}
