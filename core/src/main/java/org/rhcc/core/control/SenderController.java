package org.rhcc.core.control;

import org.rhcc.core.port.ProbeAckListener;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.core.sender.QpStateTable;
import org.rhcc.core.sender.ReceivableRateController;
import org.rhcc.core.sender.SenderLoop;

/**
 * The sender side of a {@link Scheme}, bound to its platform's rate limiter: RHCC's sender loop for rhcc and
 * rnic-only, nothing otherwise. QPs {@code 0 .. qpCount-1} are opened at line rate.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per ACK.
 */
public final class SenderController implements ProbeAckListener
{
    private final SenderLoop loop;
    private final ReceivableRateController controller;

    /**
     * @param config      scheme and parameters.
     * @param qpCount     number of QPs.
     * @param rateLimiter the senders' per-QP rate limiter.
     */
    public SenderController(final ControllerConfig config, final int qpCount, final RateLimiter rateLimiter)
    {
        if (config.scheme().senderLoop())
        {
            controller = new ReceivableRateController(config.sender(), new QpStateTable(qpCount));
            for (int qp = 0; qp < qpCount; qp++)
            {
                controller.open(qp);
            }
            loop = new SenderLoop(controller, rateLimiter);
        }
        else
        {
            controller = null;
            loop = null;
        }
    }

    /**
     * @return true when the scheme needs probes and their ACKs.
     */
    public boolean wantsProbes()
    {
        return null != loop;
    }

    /**
     * {@inheritDoc}
     */
    public void onProbeAck(
        final int qp, final int reqRecvTsNs, final int respSendTsNs, final double rccGbps, final long nowNs)
    {
        if (null != loop)
        {
            loop.onProbeAck(qp, reqRecvTsNs, respSendTsNs, rccGbps, nowNs);
        }
    }

    /**
     * @return the Eq. (2)-(4) controller, or null when the scheme has no sender loop.
     */
    public ReceivableRateController controller()
    {
        return controller;
    }
}
