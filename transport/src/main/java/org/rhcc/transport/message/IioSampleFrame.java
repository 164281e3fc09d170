package org.rhcc.transport.message;

import org.rhcc.core.signal.IioSample;
import org.rhcc.transport.codec.IioSampleDecoder;

/**
 * An {@code IioSample} frame read in place as core's {@link IioSample} view: each getter decodes its field from the
 * wrapped decoder, which stays on the frame only while the adapter hands the frame over. The frame's host and sequence
 * number are routing, handed over beside the view.
 * <p>
 * <b>Note:</b> allocation-free; reused for every frame; not thread-safe.
 */
final class IioSampleFrame implements IioSample
{
    private IioSampleDecoder decoder;

    /**
     * @param decoder a decoder wrapped around the frame.
     * @return this view of it.
     */
    IioSampleFrame wrap(final IioSampleDecoder decoder)
    {
        this.decoder = decoder;
        return this;
    }

    @Override
    public double occupancy()
    {
        return decoder.occupancy();
    }

    @Override
    public double pcieGbps()
    {
        return decoder.pcieGbps();
    }

    @Override
    public long nowNs()
    {
        return decoder.nowNs();
    }
}
