package org.rhcc.core.port;

/**
 * Port: the sender NIC's per-QP rate limiter (DOCA PCC {@code results->rate}, or the simulated sender).
 * <p>
 * The limiter sends at {@code min(rRevGbps, R_cc)} where R_cc is the inter-host congestion control's current rate
 * (paper Eq. (4)); {@code rSendGbps} is that minimum at decision time, for the record.
 */
@FunctionalInterface
public interface RateLimiter
{
    /**
     * @param qp        queue-pair number.
     * @param rRevGbps  receivable rate R_rev from Eq. (3), Gbit/s.
     * @param rSendGbps sending rate min(R_rev, R_cc) from Eq. (4) at decision time, Gbit/s.
     * @param nowNs     time of the decision, ns of the caller's clock.
     */
    void setRate(int qp, double rRevGbps, double rSendGbps, long nowNs);
}
