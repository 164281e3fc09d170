package org.rhcc.sim;

import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.RateUpdate;
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
    public void apply(final MbaLevelCommand command)
    {
        mba.apply(command);
        observer.onMbaLevel(command.group(), command.level(), command.nowNs());
    }

    @Override
    public void resetToUnthrottled()
    {
        mba.resetToUnthrottled();
        observer.onMbaReset();
    }

    @Override
    public void apply(final RateUpdate update)
    {
        rateLimiter.apply(update);
        observer.onReceivableRate(update.qp(), update.rRevGbps(), update.nowNs());
    }
}
