package org.rhcc.transport.archive;

import io.aeron.Image;
import io.aeron.Subscription;
import io.aeron.archive.client.AeronArchive;
import io.aeron.logbuffer.FragmentHandler;
import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * Reads recordings of an Aeron Archive back as the frames that were published, in order, into a
 * {@link FragmentHandler}; with a {@link org.rhcc.transport.message.MessageAdapter} as handler the recording comes
 * back as the same decoded messages. A replay runs to the recording's stop position (or, for a recording still
 * active, to its position when the replay starts) and then returns.
 * <p>
 * Control path: blocking, for tools such as {@code rhcc replay} and tests.
 */
public final class RecordingReplayer
{
    /**
     * Most frames delivered per poll of the replay image.
     */
    public static final int FRAGMENT_LIMIT = 256;

    private final AeronArchive archive;
    private final String replayChannel;
    private final int replayStreamId;
    private final IdleStrategy idleStrategy = new SleepingMillisIdleStrategy(1);

    /**
     * @param archive        client of the archive holding the recordings; not closed by the replayer.
     * @param replayChannel  to replay on, normally {@code aeron:ipc}.
     * @param replayStreamId to replay on, e.g. {@link org.rhcc.transport.aeron.StreamIds#REPLAY}.
     */
    public RecordingReplayer(final AeronArchive archive, final String replayChannel, final int replayStreamId)
    {
        this.archive = archive;
        this.replayChannel = replayChannel;
        this.replayStreamId = replayStreamId;
    }

    /**
     * Lists the recordings of a stream, oldest first.
     *
     * @param channelFragment matched as a substring of the recorded channel, e.g. {@code aeron:ipc}.
     * @param streamId        of the recorded stream.
     * @return the recording ids in ascending order, empty if there are none.
     */
    public LongArrayList findRecordings(final String channelFragment, final int streamId)
    {
        final LongArrayList recordingIds = new LongArrayList();
        long fromRecordingId = 0;
        while (true)
        {
            final int count = archive.listRecordingsForUri(
                fromRecordingId,
                100,
                channelFragment,
                streamId,
                (controlSessionId, correlationId, recordingId, startTimestamp, stopTimestamp, startPosition,
                    stopPosition, initialTermId, segmentFileLength, termBufferLength, mtuLength, sessionId,
                    recordedStreamId, strippedChannel, originalChannel, sourceIdentity) ->
                    recordingIds.addLong(recordingId));
            if (0 == count)
            {
                return recordingIds;
            }

            fromRecordingId = recordingIds.getLong(recordingIds.size() - 1) + 1;
        }
    }

    /**
     * Replays one recording from its start into a handler and returns when the whole recording was delivered.
     *
     * @param recordingId to replay.
     * @param handler     to deliver every recorded frame to, in order.
     * @param timeoutNs   how long the replay may take.
     * @return the number of frames delivered.
     * @throws IllegalStateException if the replay ended early or did not finish in time.
     */
    public long replay(final long recordingId, final FragmentHandler handler, final long timeoutNs)
    {
        final long startPosition = archive.getStartPosition(recordingId);
        final long stopPosition = archive.getStopPosition(recordingId);
        final long endPosition = AeronArchive.NULL_POSITION != stopPosition ?
            stopPosition : archive.getRecordingPosition(recordingId);
        if (endPosition <= startPosition)
        {
            return 0;
        }

        final long deadlineNs = System.nanoTime() + timeoutNs;
        long frames = 0;
        try (Subscription subscription = archive.replay(
            recordingId, startPosition, endPosition - startPosition, replayChannel, replayStreamId))
        {
            final Image image = awaitImage(subscription, recordingId, deadlineNs, timeoutNs);
            idleStrategy.reset();
            while (image.position() < endPosition)
            {
                final int fragments = image.poll(handler, FRAGMENT_LIMIT);
                frames += fragments;
                if (0 == fragments)
                {
                    if (image.isClosed() && image.position() < endPosition)
                    {
                        throw new IllegalStateException("replay of recording " + recordingId + " ended at " +
                            image.position() + " before its end position " + endPosition);
                    }

                    checkDeadline(recordingId, deadlineNs, timeoutNs);
                    idleStrategy.idle();
                }
            }
        }

        return frames;
    }

    private Image awaitImage(
        final Subscription subscription, final long recordingId, final long deadlineNs, final long timeoutNs)
    {
        idleStrategy.reset();
        while (0 == subscription.imageCount())
        {
            checkDeadline(recordingId, deadlineNs, timeoutNs);
            idleStrategy.idle();
        }

        return subscription.imageAtIndex(0);
    }

    private static void checkDeadline(final long recordingId, final long deadlineNs, final long timeoutNs)
    {
        if (System.nanoTime() - deadlineNs > 0)
        {
            throw new IllegalStateException(
                "replay of recording " + recordingId + " did not finish within " + timeoutNs / 1_000_000 + " ms");
        }
    }
}
