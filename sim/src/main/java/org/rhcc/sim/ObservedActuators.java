package org.rhcc.sim;

import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.sim.api.RunObserver;

/**
 * The actuators a controller commands, as the run's observers see the commands: each decision goes to the simulator's
 * actuator unchanged, then to the observer.
 * <p>
 * <b>Note:</b> single-threaded; allocates nothing.
 */
final class ObservedActuators implements MbaActuator, RateLimiter
{
    private final MbaActuator mba;
    private final RateLimiter rateLimiter;
    private final RunObserver observer;

    /**
     * @param mba         the simulator's MBA actuator.
     * @param rateLimiter the senders' rate limiter.
     * @param observer    the run's observers.
     */
    ObservedActuators(final MbaActuator mba, final RateLimiter rateLimiter, final RunObserver observer)
    {
        this.mba = mba;
        this.rateLimiter = rateLimiter;
        this.observer = observer;
    }

    @Override
    public int groupCount()
    {
        return mba.groupCount();
    }

    @Override
    public void applyLevel(final int group, final int level, final long nowNs)
    {
        mba.applyLevel(group, level, nowNs);
        observer.onMbaLevel(group, level, nowNs);
    }

    @Override
    public void resetToUnthrottled()
    {
        mba.resetToUnthrottled();
        observer.onMbaReset();
    }

    @Override
    public void setRate(final int qp, final double rRevGbps, final long nowNs)
    {
        rateLimiter.setRate(qp, rRevGbps, nowNs);
        observer.onReceivableRate(qp, rRevGbps, nowNs);
    }
}
