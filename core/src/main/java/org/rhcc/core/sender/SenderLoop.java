package org.rhcc.core.sender;

import org.rhcc.core.port.ProbeAckListener;
import org.rhcc.core.port.RateLimiter;

/**
 * RHCC's sender loop bound to a platform: every probe ACK goes through the {@link ReceivableRateController}
 * (Eq. (2)-(4)) and the resulting rates go to the {@link RateLimiter} port. Rejected ACKs change nothing.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per ACK.
 */
public final class SenderLoop implements ProbeAckListener
{
    private final ReceivableRateController controller;
    private final RateLimiter rateLimiter;

    /**
     * @param controller  the Eq. (2)-(4) controller over its QP table.
     * @param rateLimiter the platform's per-QP rate limiter.
     */
    public SenderLoop(final ReceivableRateController controller, final RateLimiter rateLimiter)
    {
        this.controller = controller;
        this.rateLimiter = rateLimiter;
    }

    /**
     * {@inheritDoc}
     */
    public void onProbeAck(
        final int qp, final int reqRecvTsNs, final int respSendTsNs, final double rccGbps, final long nowNs)
    {
        final double rSendGbps = controller.onProbeAck(qp, reqRecvTsNs, respSendTsNs, rccGbps);
        if (rSendGbps > 0.0)
        {
            rateLimiter.setRate(qp, controller.receivableRateGbps(qp), rSendGbps, nowNs);
        }
    }

    /**
     * @return the controller.
     */
    public ReceivableRateController controller()
    {
        return controller;
    }
}
