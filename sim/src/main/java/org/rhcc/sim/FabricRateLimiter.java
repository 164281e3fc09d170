package org.rhcc.sim;

import org.rhcc.core.port.RateLimiter;
import org.rhcc.core.signal.RateUpdate;
import org.rhcc.sim.net.RdmaFabric;

/**
 * The simulated senders' per-QP rate limiter: a receivable rate R_rev caps the QP at once, at the start of the
 * current step (the controller runs on the sender NIC; docs/model.md §4.2, §4.10). Without RDMA traffic it does
 * nothing.
 * <p>
 * <b>Note:</b> single-threaded; allocates nothing.
 */
final class FabricRateLimiter implements RateLimiter
{
    private final RdmaFabric fabric;
    private final StepClock clock;

    /**
     * @param fabric the run's fabric, or null for a run without RDMA.
     * @param clock  the run's clock.
     */
    FabricRateLimiter(final RdmaFabric fabric, final StepClock clock)
    {
        this.fabric = fabric;
        this.clock = clock;
    }

    @Override
    public void apply(final RateUpdate update)
    {
        final int qp = update.qp();
        final double rRevGbps = update.rRevGbps();
        if (null != fabric)
        {
            fabric.setReceivableRate(qp, rRevGbps, clock.nowNs());
        }
    }
}
