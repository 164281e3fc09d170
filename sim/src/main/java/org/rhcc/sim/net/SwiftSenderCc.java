package org.rhcc.sim.net;

import org.rhcc.core.swift.SwiftFlows;

/**
 * Swift as the senders' inter-host CC (Kumar et al., SIGCOMM 2020, Algorithm 1 and §3; rhcc-core's
 * {@link SwiftFlows}): every data packet's ACK carries the receiver NIC's receive and ACK timestamps, so the sender
 * has the endpoint delay (their difference: the time the packet waited for and crossed the receiver's host
 * interface) and the fabric delay (the RTT from its own send timestamp, less the endpoint delay), with one switch on
 * the path (docs/model.md §4.11). The QP keeps at most {@code max(cwnd, 1)} packets in flight and paces at
 * {@code R_cc = cwnd x MTU / RTT}; a NAK is Swift's fast recovery, a retransmission timeout its timeout.
 * <p>
 * <b>Note:</b> allocation-free; not thread-safe.
 */
public final class SwiftSenderCc implements SenderCc
{
    private static final int HOPS = 1;

    private final SwiftFlows flows;
    private final double mtuBytes;

    /**
     * @param flows one Swift sender per QP.
     */
    public SwiftSenderCc(final SwiftFlows flows)
    {
        this.flows = flows;
        this.mtuBytes = flows.params().mtuBytes();
    }

    public SwiftFlows flows()
    {
        return flows;
    }

    @Override
    public boolean perPacketAcks()
    {
        return true;
    }

    @Override
    public boolean windowed()
    {
        return true;
    }

    @Override
    public int flowCount()
    {
        return flows.flowCount();
    }

    @Override
    public double lastRateGbps(final int qp)
    {
        return flows.rateGbps(qp);
    }

    @Override
    public double rateGbps(final int qp, final double nowNs)
    {
        return flows.rateGbps(qp);
    }

    @Override
    public double windowBytes(final int qp)
    {
        return Math.max(1.0, flows.cwnd(qp)) * mtuBytes;
    }

    @Override
    public void onBytesSent(final int qp, final int payloadBytes, final double nowNs)
    {
    }

    @Override
    public void onCnp(final int qp, final double nowNs)
    {
    }

    @Override
    public void onAck(final int qp, final long ackSeq, final long sndNxt, final double nowNs, final double sentNs,
        final double hostDelayNs, final long intQueueBytes, final long intTxBytes, final double intStampNs,
        final double linkGbps)
    {
        final long endpointNs = Math.max(0L, Math.round(hostDelayNs));
        final long fabricNs = Math.max(1L, Math.round(nowNs - sentNs) - endpointNs);
        flows.onAck(qp, (long)nowNs, fabricNs, endpointNs, HOPS, 1.0);
    }

    @Override
    public void onNak(final int qp, final double nowNs)
    {
        flows.onFastRecovery(qp, (long)nowNs);
    }

    @Override
    public void onTimeout(final int qp, final double nowNs)
    {
        flows.onRetransmitTimeout(qp, (long)nowNs);
    }
}
