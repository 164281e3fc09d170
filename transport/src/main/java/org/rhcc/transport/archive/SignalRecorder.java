package org.rhcc.transport.archive;

import io.aeron.archive.client.AeronArchive;
import io.aeron.archive.codecs.SourceLocation;
import io.aeron.archive.status.RecordingPos;
import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.status.CountersReader;

/**
 * Records signal streams of the local media driver into its Aeron Archive. Each publication (session) on a recorded
 * channel and stream becomes one recording, identified by a recording id that survives restarts of the archive.
 * <p>
 * Control path only: the calls block on the archive and allocate.
 */
public final class SignalRecorder implements AutoCloseable
{
    private final AeronArchive archive;
    private final LongArrayList subscriptionIds = new LongArrayList();
    private final IdleStrategy waitIdleStrategy = new SleepingMillisIdleStrategy(1);

    /**
     * @param archive client of the archive that records; not closed by the recorder.
     */
    public SignalRecorder(final AeronArchive archive)
    {
        this.archive = archive;
    }

    /**
     * Starts recording every local publication on a channel and stream, e.g. {@code aeron:ipc} and
     * {@link org.rhcc.transport.aeron.StreamIds#IIO_SAMPLES}.
     *
     * @param channel  of the publications to record.
     * @param streamId of the publications to record.
     * @return the id of the archive's recording subscription, for {@link #stopRecording(long)}.
     */
    public long startRecording(final String channel, final int streamId)
    {
        final long subscriptionId = archive.startRecording(channel, streamId, SourceLocation.LOCAL);
        subscriptionIds.addLong(subscriptionId);
        return subscriptionId;
    }

    /**
     * Waits until the archive has started recording a publication and returns the recording's id.
     *
     * @param sessionId of the publication ({@link io.aeron.Publication#sessionId()}).
     * @param timeoutNs how long to wait.
     * @throws IllegalStateException if no recording appeared in time: check that
     *                               {@link #startRecording(String, int)} covers the publication's channel and stream.
     */
    public long awaitRecordingId(final int sessionId, final long timeoutNs)
    {
        final CountersReader counters = archive.context().aeron().countersReader();
        final long deadlineNs = System.nanoTime() + timeoutNs;
        waitIdleStrategy.reset();
        while (true)
        {
            final int counterId = RecordingPos.findCounterIdBySession(counters, sessionId, archive.archiveId());
            if (CountersReader.NULL_COUNTER_ID != counterId)
            {
                return RecordingPos.getRecordingId(counters, counterId);
            }

            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new IllegalStateException("no recording of session " + sessionId + " after " +
                    timeoutNs / 1_000_000 + " ms: is its channel and stream being recorded?");
            }

            waitIdleStrategy.idle();
        }
    }

    /**
     * Waits until an active recording has reached a stream position, e.g. the publisher's final position before the
     * recording is stopped, so that no published frame is left out.
     *
     * @param recordingId to watch.
     * @param position    the recording must reach, e.g. {@link io.aeron.Publication#position()}.
     * @param timeoutNs   how long to wait.
     * @throws IllegalStateException if the recording stopped or did not reach the position in time.
     */
    public void awaitRecordedPosition(final long recordingId, final long position, final long timeoutNs)
    {
        final CountersReader counters = archive.context().aeron().countersReader();
        final int counterId = RecordingPos.findCounterIdByRecording(counters, recordingId, archive.archiveId());
        if (CountersReader.NULL_COUNTER_ID == counterId)
        {
            throw new IllegalStateException("recording " + recordingId + " is not active");
        }

        final long deadlineNs = System.nanoTime() + timeoutNs;
        waitIdleStrategy.reset();
        while (counters.getCounterValue(counterId) < position)
        {
            if (!RecordingPos.isActive(counters, counterId, recordingId))
            {
                throw new IllegalStateException(
                    "recording " + recordingId + " stopped before reaching position " + position);
            }

            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new IllegalStateException("recording " + recordingId + " reached " +
                    counters.getCounterValue(counterId) + " of position " + position + " after " +
                    timeoutNs / 1_000_000 + " ms");
            }

            waitIdleStrategy.idle();
        }
    }

    /**
     * Stops a recording subscription; its recordings stay in the archive.
     *
     * @param subscriptionId returned by {@link #startRecording(String, int)}.
     */
    public void stopRecording(final long subscriptionId)
    {
        if (subscriptionIds.removeLong(subscriptionId))
        {
            archive.stopRecording(subscriptionId);
        }
    }

    /**
     * Stops every recording subscription this recorder started and has not stopped yet.
     */
    public void close()
    {
        for (int i = subscriptionIds.size() - 1; i >= 0; i--)
        {
            archive.tryStopRecording(subscriptionIds.getLong(i));
        }

        subscriptionIds.clear();
    }
}
