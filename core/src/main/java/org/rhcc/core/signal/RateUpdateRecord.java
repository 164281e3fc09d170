package org.rhcc.core.signal;

/**
 * A {@link RateUpdate} held in fields: what the sender loop fills to hand a decision to its rate limiter ({@link #set})
 * or what a reader copies a view into to keep it past the call that handed it over ({@link #copyFrom}).
 * <p>
 * <b>Note:</b> mutable and reused; not thread-safe.
 */
public final class RateUpdateRecord implements RateUpdate
{
    private int qp;
    private double rRevGbps;
    private long nowNs;

    /**
     * @param qp       queue-pair number of the flow.
     * @param rRevGbps receivable rate R_rev, Gbit/s.
     * @param nowNs    time of the decision, ns of the caller's clock.
     * @return a new record.
     */
    public static RateUpdateRecord of(final int qp, final double rRevGbps, final long nowNs)
    {
        return new RateUpdateRecord().set(qp, rRevGbps, nowNs);
    }

    /**
     * @param qp       queue-pair number of the flow.
     * @param rRevGbps receivable rate R_rev from Eq. (3), Gbit/s.
     * @param nowNs    time of the decision, ns of the controller's clock.
     * @return this record.
     */
    public RateUpdateRecord set(final int qp, final double rRevGbps, final long nowNs)
    {
        this.qp = qp;
        this.rRevGbps = rRevGbps;
        this.nowNs = nowNs;
        return this;
    }

    /**
     * @param update a view, read now.
     * @return this record, holding the view's values.
     */
    public RateUpdateRecord copyFrom(final RateUpdate update)
    {
        return set(update.qp(), update.rRevGbps(), update.nowNs());
    }

    @Override
    public int qp()
    {
        return qp;
    }

    @Override
    public double rRevGbps()
    {
        return rRevGbps;
    }

    @Override
    public long nowNs()
    {
        return nowNs;
    }

    @Override
    public String toString()
    {
        return "RateUpdate{qp=" + qp + ", rRevGbps=" + rRevGbps + ", nowNs=" + nowNs + '}';
    }
}
