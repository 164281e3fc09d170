package org.rhcc.transport.message;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.codec.MessageHeaderDecoder;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.counters.CounterKey;
import org.rhcc.transport.counters.TransportCounterDescriptor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts frames dropped by a decoder, one counter per {@link DropReason}, and logs the first drop of each reason
 * once (with the header fields that explain it); later drops of the same reason are only counted.
 * <p>
 * On a node the counts are Aeron counters ({@code rhcc frames dropped, <reason> (count): stream=<name>}, key: the
 * session, the reason's ordinal and the stream), kept by the session rather than by the agent that decodes, so that a
 * restarted agent carries on with them; closing them retires them ({@link CounterAllocator#retire}).
 * <p>
 * <b>Note:</b> one writer thread (the decoding agent); any thread or process may read the counts, which are
 * published with release semantics.
 */
public final class FrameDropCounters implements AutoCloseable
{
    private static final Logger LOGGER = LoggerFactory.getLogger(FrameDropCounters.class);

    private final String streamName;
    private final CounterAllocator allocator;
    private final AtomicCounter[] counts = new AtomicCounter[DropReason.count()];

    /**
     * Counters only this process sees.
     *
     * @param streamName names the stream in the log line, e.g. {@code "iio-samples"}.
     */
    public FrameDropCounters(final String streamName)
    {
        this(streamName, CounterAllocator.unpublished());
    }

    /**
     * @param streamName names the stream in the log line and the counters' labels, e.g. {@code "iio-samples"}.
     * @param allocator  where the counters come from.
     */
    public FrameDropCounters(final String streamName, final CounterAllocator allocator)
    {
        this(allocator, streamName, streamName, CounterKey.NODE);
    }

    /**
     * A session's counters of one stream, as one agent decodes it.
     *
     * @param stream    names the stream in the log line and the labels, e.g. {@code iio-samples}.
     * @param agent     the agent that drops the frames (the counters' key scope), e.g. {@code mba-actuator}.
     * @param sessionId the session.
     * @param allocator where the counters come from.
     */
    public FrameDropCounters(final String stream, final String agent, final long sessionId,
        final CounterAllocator allocator)
    {
        this(allocator, stream + " session=" + sessionId, agent, sessionId);
    }

    private FrameDropCounters(final CounterAllocator allocator, final String streamName, final String scope,
        final long sessionId)
    {
        this.streamName = streamName;
        this.allocator = allocator;
        for (int i = 0; i < counts.length; i++)
        {
            final TransportCounterDescriptor dropped = TransportCounterDescriptor.FRAMES_DROPPED;
            counts[i] = allocator.allocate(dropped.typeId(), new CounterKey(sessionId, i, scope), "rhcc " +
                dropped.label(", " + DropReason.byOrdinal(i).description()) + ": stream=" + streamName);
        }
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
        if (onDrop(reason))
        {
            logFirstDrop(reason, buffer, offset, length);
        }
    }

    /**
     * Records one frame dropped after it was decoded ({@link DropReason#INVALID_COMMAND}); the caller logs what was
     * wrong with it when this is the first of its reason.
     *
     * @param reason the frame was dropped for.
     * @return true if it is the first drop of that reason.
     */
    public boolean onDrop(final DropReason reason)
    {
        final AtomicCounter counter = counts[reason.ordinal()];
        final long count = counter.getPlain() + 1;
        counter.setRelease(count);
        return 1 == count;
    }

    /**
     * @param reason to read the count of.
     * @return frames dropped for that reason so far.
     */
    public long count(final DropReason reason)
    {
        return counts[reason.ordinal()].get();
    }

    /**
     * @return frames dropped for any reason so far.
     */
    public long totalCount()
    {
        long total = 0;
        for (final AtomicCounter count : counts)
        {
            total += count.get();
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

    /**
     * Retires the counters ({@link CounterAllocator#retire}: published ones leave the counters file, a node keeps
     * their sum).
     */
    public void close()
    {
        for (final AtomicCounter count : counts)
        {
            allocator.retire(count);
        }
    }

    private static String remedy(final DropReason reason)
    {
        return switch (reason)
        {
            case UNAUTHENTICATED, REPLAYED -> "Something other than this session's rhcc publishers writes on the " +
                "stream, or a publisher has another key: every node must use the cluster's " +
                "rhcc.security.frame-key-file.";
            default -> "Check that every publisher runs the same rhcc build.";
        };
    }

    private void logFirstDrop(final DropReason reason, final DirectBuffer buffer, final int offset, final int length)
    {
        if (length >= MessageHeaderDecoder.ENCODED_LENGTH)
        {
            final MessageHeaderDecoder header = new MessageHeaderDecoder().wrap(buffer, offset);
            LOGGER.warn(
                "stream {}: dropped a frame ({}): length={} blockLength={} templateId={} schemaId={} version={}; " +
                "further drops of this kind are only counted. {}",
                streamName,
                reason.description(),
                length,
                header.blockLength(),
                header.templateId(),
                header.schemaId(),
                header.version(),
                remedy(reason));
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
