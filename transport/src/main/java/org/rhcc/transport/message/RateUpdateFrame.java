package org.rhcc.transport.message;

import org.rhcc.core.signal.RateUpdate;
import org.rhcc.transport.codec.RateUpdateDecoder;

/**
 * A {@code RateUpdate} frame read in place as core's {@link RateUpdate} view: each getter decodes its field from the
 * wrapped decoder, which stays on the frame only while the adapter hands the frame over.
 * <p>
 * <b>Note:</b> allocation-free; reused for every frame; not thread-safe.
 */
final class RateUpdateFrame implements RateUpdate
{
    private RateUpdateDecoder decoder;

    /**
     * @param decoder a decoder wrapped around the frame.
     * @return this view of it.
     */
    RateUpdateFrame wrap(final RateUpdateDecoder decoder)
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
    public double rRevGbps()
    {
        return decoder.rRevGbps();
    }

    @Override
    public long nowNs()
    {
        return decoder.nowNs();
    }
}
