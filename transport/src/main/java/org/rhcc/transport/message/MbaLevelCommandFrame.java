package org.rhcc.transport.message;

import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.transport.codec.MbaLevelCommandDecoder;

/**
 * An {@code MbaLevelCommand} frame read in place as core's {@link MbaLevelCommand} view: each getter decodes its field
 * from the wrapped decoder, which stays on the frame only while the adapter hands the frame over. The frame's host and
 * sequence number are routing, handed over beside the view.
 * <p>
 * <b>Note:</b> allocation-free; reused for every frame; not thread-safe.
 */
final class MbaLevelCommandFrame implements MbaLevelCommand
{
    private MbaLevelCommandDecoder decoder;

    /**
     * @param decoder a decoder wrapped around the frame.
     * @return this view of it.
     */
    MbaLevelCommandFrame wrap(final MbaLevelCommandDecoder decoder)
    {
        this.decoder = decoder;
        return this;
    }

    @Override
    public int group()
    {
        return decoder.group();
    }

    @Override
    public int level()
    {
        return decoder.level();
    }

    /**
     * @return the raw {@code reason} byte, so that a code this build does not know still reaches the reader.
     */
    @Override
    public int reasonCode()
    {
        return decoder.reasonRaw();
    }

    @Override
    public long nowNs()
    {
        return decoder.nowNs();
    }
}
