package org.rhcc.core.signal;

/**
 * A {@link ProbeAck} held in fields: what a reader fills to hand an ACK on ({@link #set}) or copies a view into to keep
 * it past the call that handed it over ({@link #copyFrom}).
 * <p>
 * <b>Note:</b> mutable and reused; not thread-safe.
 */
public final class ProbeAckRecord implements ProbeAck
{
    private int qp;
    private int reqRecvTsNs;
    private int respSendTsNs;
    private boolean receiverCongested;
    private double rccGbps;
    private long nowNs;

    /**
     * @param qp                queue-pair number.
     * @param reqRecvTsNs       receiver-NIC request receive timestamp, low 32 bits of ns.
     * @param respSendTsNs      receiver-NIC response send timestamp, low 32 bits of ns.
     * @param receiverCongested the receiver's reported verdict (true: congested, or no report).
     * @param rccGbps           R_cc, Gbit/s.
     * @param nowNs             time the sender processes the ACK, ns.
     * @return this record.
     */
    public ProbeAckRecord set(final int qp, final int reqRecvTsNs, final int respSendTsNs,
        final boolean receiverCongested, final double rccGbps, final long nowNs)
    {
        this.qp = qp;
        this.reqRecvTsNs = reqRecvTsNs;
        this.respSendTsNs = respSendTsNs;
        this.receiverCongested = receiverCongested;
        this.rccGbps = rccGbps;
        this.nowNs = nowNs;
        return this;
    }

    /**
     * @param ack a view, read now.
     * @return this record, holding the view's values.
     */
    public ProbeAckRecord copyFrom(final ProbeAck ack)
    {
        return set(ack.qp(), ack.reqRecvTsNs(), ack.respSendTsNs(), ack.receiverCongested(), ack.rccGbps(),
            ack.nowNs());
    }

    @Override
    public int qp()
    {
        return qp;
    }

    @Override
    public int reqRecvTsNs()
    {
        return reqRecvTsNs;
    }

    @Override
    public int respSendTsNs()
    {
        return respSendTsNs;
    }

    @Override
    public boolean receiverCongested()
    {
        return receiverCongested;
    }

    @Override
    public double rccGbps()
    {
        return rccGbps;
    }

    @Override
    public long nowNs()
    {
        return nowNs;
    }

    @Override
    public String toString()
    {
        return "ProbeAck{qp=" + qp + ", reqRecvTsNs=" + reqRecvTsNs + ", respSendTsNs=" + respSendTsNs +
            ", receiverCongested=" + receiverCongested + ", rccGbps=" + rccGbps + ", nowNs=" + nowNs + '}';
    }
}
