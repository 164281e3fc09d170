package org.rhcc.transport.message;

import org.rhcc.core.signal.ProbeAck;
import org.rhcc.transport.codec.ProbeAckDecoder;

/**
 * A {@code ProbeAck} frame read in place as core's {@link ProbeAck} view: each getter decodes its field from the
 * wrapped decoder, which stays on the frame only while the adapter hands the frame over.
 * <p>
 * <b>Note:</b> allocation-free; reused for every frame; not thread-safe.
 */
final class ProbeAckFrame implements ProbeAck
{
    private ProbeAckDecoder decoder;

    /**
     * @param decoder a decoder wrapped around the frame.
     * @return this view of it.
     */
    ProbeAckFrame wrap(final ProbeAckDecoder decoder)
    {
        this.decoder = decoder;
        return this;
    }

    @Override
    public int qp()
    {
        return decoder.qp();
    }

    @Override
    public int reqRecvTsNs()
    {
        return decoder.reqRecvTs32();
    }

    @Override
    public int respSendTsNs()
    {
        return decoder.respSendTs32();
    }

    /**
     * @return true unless the frame's {@code receiverClear} is 1: 0, what frames of version 1 hold in its place,
     * means "congested or no report".
     */
    @Override
    public boolean receiverCongested()
    {
        return 1 != decoder.receiverClear();
    }

    @Override
    public double rccGbps()
    {
        return decoder.rccGbps();
    }

    @Override
    public long nowNs()
    {
        return decoder.nowNs();
    }
}
