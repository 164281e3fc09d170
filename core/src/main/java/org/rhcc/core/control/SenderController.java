package org.rhcc.core.control;

import org.rhcc.core.port.ProbeAckListener;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.core.sender.QpStateTable;
import org.rhcc.core.sender.ReceivableRateController;
import org.rhcc.core.sender.SenderParameters;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.RateUpdateRecord;

/**
 * The sender side of a {@link Scheme}, bound to its platform's rate limiter: every probe ACK goes through RHCC's
 * {@link ReceivableRateController} (Eq. (2)-(4)) over a {@link QpStateTable}, and every accepted decision goes to the
 * {@link RateLimiter}; rejected ACKs change nothing. Schemes without a sender loop (dcqcn, hostcc, hostcc-5level,
 * cpu-only) do nothing. The table holds QPs {@code firstQp ..} of the host: the simulator's in-process runs give it the
 * whole host (first QP 0), the distributed controller one block of the host's QPs, so both take the same decisions for
 * the same ACKs.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per ACK.
 */
public final class SenderController implements ProbeAckListener
{
    private final ReceivableRateController controller;
    private final RateLimiter rateLimiter;
    private final RateUpdateRecord decision = new RateUpdateRecord();
    private final int firstQp;

    /**
     * A whole host: QPs {@code 0 .. qpCount-1}, opened at line rate.
     *
     * @param config      scheme and parameters.
     * @param qpCount     number of QPs.
     * @param rateLimiter the senders' per-QP rate limiter.
     */
    public SenderController(final ControllerConfig config, final int qpCount, final RateLimiter rateLimiter)
    {
        this.controller = config.scheme().senderLoop() ?
            new ReceivableRateController(config.sender(), openedTable(config.sender(), qpCount)) : null;
        this.rateLimiter = rateLimiter;
        this.firstQp = 0;
    }

    /**
     * A block of a host's QPs over a table that already holds their state (opened by {@link #openedTable} or
     * recovered).
     *
     * @param params      sender-loop parameters.
     * @param table       the block's state; the controller is its only writer from now on.
     * @param firstQp     the host's number of the table's QP 0, added to every QP handed to the rate limiter.
     * @param rateLimiter the senders' per-QP rate limiter, with the host's QP numbers.
     */
    public SenderController(final SenderParameters params, final QpStateTable table, final int firstQp,
        final RateLimiter rateLimiter)
    {
        this.controller = new ReceivableRateController(params, table);
        this.rateLimiter = rateLimiter;
        this.firstQp = firstQp;
    }

    /**
     * Opens QPs the one way a sender opens them: at line rate with the configured D_thr and weight, no delay sample
     * yet.
     *
     * @param params sender-loop parameters.
     * @param qps    number of QPs.
     * @return a new table with the host's QPs {@code 0 .. qps-1} open.
     */
    public static QpStateTable openedTable(final SenderParameters params, final int qps)
    {
        return openedTable(params, 0, qps);
    }

    /**
     * Opens a block of a host's QPs the one way a sender opens them: at line rate with the configured D_thr, each with
     * the weight its host QP number has ({@link SenderParameters#qpWeights()}), no delay sample yet.
     *
     * @param params  sender-loop parameters.
     * @param firstQp the host's number of the table's QP 0.
     * @param qps     number of QPs.
     * @return a new table with the host's QPs {@code firstQp .. firstQp+qps-1} open as its QPs {@code 0 .. qps-1}.
     */
    public static QpStateTable openedTable(final SenderParameters params, final int firstQp, final int qps)
    {
        final QpStateTable table = new QpStateTable(qps);
        for (int qp = 0; qp < qps; qp++)
        {
            table.open(qp, (float)params.rLineGbps(), params.dThrNs(), params.qpWeights().weightOf(firstQp + qp));
        }
        return table;
    }

    /**
     * @return true when the scheme needs probes and their ACKs.
     */
    public boolean wantsProbes()
    {
        return null != controller;
    }

    @Override
    public void onProbeAck(final ProbeAck ack)
    {
        if (null != controller)
        {
            decide(ack.qp(), ack);
        }
    }

    /**
     * Runs one probe ACK through Eq. (2)-(4) and hands an accepted decision's R_rev to the rate limiter, which applies
     * Eq. (4) with the R_cc it has when it sends.
     *
     * @param qp  the ACK's QP number in the table (the host's number less the table's first QP).
     * @param ack the ACK.
     * @return Eq. (4) at the ACK, min(R_rev, R_cc), Gbit/s (> 0): the decision's record; or a
     * {@code ReceivableRateController.REJECTED_*} code (< 0) when the ACK was rejected and nothing changed.
     */
    public double decide(final int qp, final ProbeAck ack)
    {
        final double rSendGbps = controller.onProbeAck(qp, ack);
        if (rSendGbps > 0.0)
        {
            rateLimiter.apply(decision.set(firstQp + qp, controller.receivableRateGbps(qp), ack.nowNs()));
        }
        return rSendGbps;
    }

    /**
     * @return the Eq. (2)-(4) controller, or null when the scheme has no sender loop.
     */
    public ReceivableRateController controller()
    {
        return controller;
    }

    /**
     * @return the host's number of the table's QP 0.
     */
    public int firstQp()
    {
        return firstQp;
    }
}
