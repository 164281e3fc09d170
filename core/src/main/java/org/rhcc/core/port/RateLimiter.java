package org.rhcc.core.port;

import org.rhcc.core.signal.RateUpdate;

/**
 * Port: the sender NIC's per-QP rate limiter (DOCA PCC {@code results->rate}, or the simulated sender).
 * <p>
 * The sender loop hands it the receivable rate R_rev of Eq. (3); the limiter sends at {@code min(R_rev, R_cc)} with the
 * inter-host congestion control's rate R_cc as it is at send time (paper Eq. (4)), so R_send is computed once, where
 * it is applied. The value of Eq. (4) at the ACK that made the decision is the decision's record
 * ({@code SenderController.decide}), not a command.
 */
@FunctionalInterface
public interface RateLimiter
{
    /**
     * @param update the decision: the QP and its R_rev. A view the caller reuses after the call, so an implementation
     *               that keeps it copies it ({@link org.rhcc.core.signal.RateUpdateRecord#copyFrom}).
     */
    void apply(RateUpdate update);
}
