package org.rhcc.core.signal;

/**
 * A decision of RHCC's sender loop (paper §III-C): a QP's receivable rate R_rev from Eq. (3), as the
 * {@link org.rhcc.core.port.RateLimiter} port is handed it; the NIC sends at min(R_rev, R_cc) with its R_cc at send
 * time (Eq. (4)).
 * <p>
 * A read-only view in the flyweight style of Agrona and SBE, like the signals of this package: an implementation may
 * be backed by a frame that is reused for the next update, so a reader never holds it past the call that handed it
 * over.
 */
public interface RateUpdate
{
    /**
     * @return queue-pair number of the flow.
     */
    int qp();

    /**
     * @return receivable rate R_rev, Gbit/s.
     */
    double rRevGbps();

    /**
     * @return time of the decision, ns of the controller's clock.
     */
    long nowNs();
}
