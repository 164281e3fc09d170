package org.rhcc.transport.port;

import org.rhcc.core.port.RateLimiter;
import org.rhcc.transport.message.MessageProxy;

/**
 * {@link RateLimiter} of a remote sender NIC: every rate decision is published as a {@code RateUpdate}. The port
 * cannot report failure, so offers that fail are counted in {@link #failedCount()}; the next decision for the queue
 * pair supersedes a lost one.
 * <p>
 * <b>Note:</b> allocation-free. Not thread safe.
 */
public final class RateLimiterProxy implements RateLimiter
{
    private final MessageProxy proxy;
    private long failedCount;

    /**
     * @param proxy to publish rate updates with, on the rate update stream.
     */
    public RateLimiterProxy(final MessageProxy proxy)
    {
        this.proxy = proxy;
    }

    /**
     * {@inheritDoc}
     */
    public void setRate(final int qp, final double rRevGbps, final double rSendGbps, final long nowNs)
    {
        if (proxy.rateUpdate(qp, rRevGbps, rSendGbps, nowNs) < 0)
        {
            failedCount++;
        }
    }

    /**
     * @return rate updates that could not be published so far.
     */
    public long failedCount()
    {
        return failedCount;
    }
}
