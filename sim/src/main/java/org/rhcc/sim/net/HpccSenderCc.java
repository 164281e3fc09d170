package org.rhcc.sim.net;

import org.rhcc.core.hpcc.HpccFlows;
import org.rhcc.core.hpcc.IntRecords;

/**
 * HPCC as the senders' inter-host CC (Li et al., SIGCOMM 2019, Algorithm 1; rhcc-core's {@link HpccFlows}): every
 * data packet's ACK echoes the INT record the switch stamped on it (one hop: the egress toward the receiver), the QP
 * keeps at most W bytes in flight and paces at {@code R_cc = W / T} (docs/model.md §4.11). CNPs, NAKs and timeouts
 * do not change the window (as in the HPCC authors' simulator, where go-back-N only resends).
 * <p>
 * <b>Note:</b> allocation-free (one reused {@link IntRecords}); not thread-safe.
 */
public final class HpccSenderCc implements SenderCc
{
    private final HpccFlows flows;
    private final IntRecords records = new IntRecords();

    /**
     * @param flows one HPCC sender per QP.
     */
    public HpccSenderCc(final HpccFlows flows)
    {
        this.flows = flows;
    }

    public HpccFlows flows()
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
        return flows.windowBytes(qp);
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
        records.hops(1).hop(0, intQueueBytes, intTxBytes, (long)intStampNs, linkGbps);
        flows.onAck(qp, ackSeq, sndNxt, records);
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
