package org.rhcc.experiments;

import org.rhcc.core.receiver.IioCongestionDetector;

/**
 * What RHCC's MBA cascade would read from a run's IIO samples, without acting on them: the samples smoothed by
 * Eq. (1) ({@link IioCongestionDetector}, the paper's g_IIO and I_thr), and, per step-up interval of the measured
 * time, whether {@code I_cur} rose above I_thr at least once.
 * <p>
 * The cascade ({@code core/.../receiver/MbaCascade}) steps down at the first congested sample a step-down interval
 * after its last change, and steps up only at an uncongested sample a whole step-up interval after it: a level holds
 * or relaxes only while {@code I_cur} stays under I_thr for a step-up interval. So it answers the tail of
 * {@code I_cur}, not its mean, and the share of step-up intervals with an excursion above I_thr says whether the
 * cascade would leave the run's operating point downwards (docs/model.md §10).
 * <p>
 * <b>Note:</b> {@link #onSample} is on the simulation's hot path: it only updates primitive fields.
 */
final class CascadeReading
{
    private final IioCongestionDetector detector = new IioCongestionDetector();
    private final long fromNs;
    private final long intervalNs;
    private long intervalStartNs = -1;
    private boolean excursion;
    private long intervals;
    private long intervalsWithExcursion;

    /**
     * @param fromNs     the start of the measured time, ns: earlier samples only warm the smoothing up.
     * @param intervalNs the cascade's step-up interval, ns.
     */
    CascadeReading(final long fromNs, final long intervalNs)
    {
        this.fromNs = fromNs;
        this.intervalNs = intervalNs;
    }

    /**
     * @param occupancy one IIO occupancy sample, 64-byte lines.
     * @param nowNs     the time of the sample, ns.
     */
    void onSample(final double occupancy, final long nowNs)
    {
        final boolean congested = detector.onSample(occupancy);
        if (nowNs < fromNs)
        {
            return;
        }
        if (intervalStartNs < 0)
        {
            intervalStartNs = nowNs;
        }
        excursion |= congested;
        if (nowNs - intervalStartNs >= intervalNs)
        {
            intervals++;
            intervalsWithExcursion += excursion ? 1 : 0;
            excursion = false;
            intervalStartNs = nowNs;
        }
    }

    /**
     * @return the share of the measured step-up intervals in which {@code I_cur} rose above I_thr, 0..1; NaN before
     * a whole interval.
     */
    double excursionShare()
    {
        return intervals > 0 ? (double)intervalsWithExcursion / intervals : Double.NaN;
    }
}
