package org.rhcc.sim.net;

import org.rhcc.core.dcqcn.DcqcnReactionPoints;

/**
 * DCQCN as the senders' inter-host CC: one reaction point per QP (rhcc-core), driven by CNPs, its timer and its byte
 * counter (docs/model.md §4.2). ACKs, NAKs and timeouts do not reach it.
 * <p>
 * <b>Note:</b> allocation-free; not thread-safe.
 */
public final class DcqcnSenderCc implements SenderCc
{
    private final DcqcnReactionPoints dcqcn;

    /**
     * @param dcqcn one reaction point per QP.
     */
    public DcqcnSenderCc(final DcqcnReactionPoints dcqcn)
    {
        this.dcqcn = dcqcn;
    }

    @Override
    public boolean perPacketAcks()
    {
        return false;
    }

    @Override
    public boolean windowed()
    {
        return false;
    }

    @Override
    public int flowCount()
    {
        return dcqcn.flowCount();
    }

    @Override
    public double lastRateGbps(final int qp)
    {
        return dcqcn.rateGbps(qp);
    }

    @Override
    public double rateGbps(final int qp, final double nowNs)
    {
        dcqcn.advance(qp, (long)nowNs);
        return dcqcn.rateGbps(qp);
    }

    @Override
    public double windowBytes(final int qp)
    {
        return Double.POSITIVE_INFINITY;
    }

    @Override
    public void onBytesSent(final int qp, final int payloadBytes, final double nowNs)
    {
        dcqcn.onBytesSent(qp, payloadBytes, (long)nowNs);
    }

    @Override
    public void onCnp(final int qp, final double nowNs)
    {
        dcqcn.onCnp(qp, (long)nowNs);
    }

    @Override
    public void onAck(final int qp, final long ackSeq, final long sndNxt, final double nowNs, final double sentNs,
        final double hostDelayNs, final long intQueueBytes, final long intTxBytes, final double intStampNs,
        final double linkGbps)
    {
    }

    @Override
    public void onNak(final int qp, final double nowNs)
    {
    }

    @Override
    public void onTimeout(final int qp, final double nowNs)
    {
    }
}
