package org.rhcc.transport.message;

import org.agrona.DirectBuffer;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.codec.MessageHeaderDecoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counts frames dropped by a decoder, one counter per {@link DropReason}, and logs the first drop of each reason
 * once (with the header fields that explain it); later drops of the same reason are only counted.
 * <p>
 * <b>Note:</b> one writer thread (the decoding agent); any thread may read the counts, which are published with
 * release semantics.
 */
public final class FrameDropCounters
{
    private static final Logger LOGGER = LoggerFactory.getLogger(FrameDropCounters.class);

    private final String streamName;
    private final AtomicLongArray counts = new AtomicLongArray(DropReason.count());

    /**
     * @param streamName names the stream in the log line, e.g. {@code "iio-samples"}.
     */
    public FrameDropCounters(final String streamName)
    {
        this.streamName = streamName;
    }

    /**
     * Records one dropped frame. Allocation-free except for the single log line of a reason's first drop.
     *
     * @param reason the frame was dropped for.
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @param length of the frame in bytes.
     */
    public void onDrop(final DropReason reason, final DirectBuffer buffer, final int offset, final int length)
    {
        final int index = reason.ordinal();
        final long count = counts.get(index) + 1;
        counts.lazySet(index, count);
        if (1 == count)
        {
            logFirstDrop(reason, buffer, offset, length);
        }
    }

    /**
     * @param reason to read the count of.
     * @return frames dropped for that reason so far.
     */
    public long count(final DropReason reason)
    {
        return counts.get(reason.ordinal());
    }

    /**
     * @return frames dropped for any reason so far.
     */
    public long totalCount()
    {
        long total = 0;
        for (int i = 0, n = counts.length(); i < n; i++)
        {
            total += counts.get(i);
        }

        return total;
    }

    /**
     * @return the stream name these counters report for.
     */
    public String streamName()
    {
        return streamName;
    }

    private void logFirstDrop(final DropReason reason, final DirectBuffer buffer, final int offset, final int length)
    {
        if (length >= MessageHeaderDecoder.ENCODED_LENGTH)
        {
            final MessageHeaderDecoder header = new MessageHeaderDecoder().wrap(buffer, offset);
            LOGGER.warn(
                "stream {}: dropped a frame ({}): length={} blockLength={} templateId={} schemaId={} version={}; " +
                "further drops of this kind are only counted. Check that every publisher runs the same rhcc build.",
                streamName,
                reason.description(),
                length,
                header.blockLength(),
                header.templateId(),
                header.schemaId(),
                header.version());
        }
        else
        {
            LOGGER.warn(
                "stream {}: dropped a frame ({}): length={}; further drops of this kind are only counted. " +
                "Check that every publisher on the stream is an rhcc publisher.",
                streamName,
                reason.description(),
                length);
        }
    }
}
