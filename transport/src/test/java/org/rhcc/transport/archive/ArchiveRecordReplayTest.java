package org.rhcc.transport.archive;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.archive.client.AeronArchive;
import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.transport.aeron.Channels;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.aeron.Publications;
import org.rhcc.transport.aeron.StreamIds;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.RecordingListener;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.core.signal.ProbeAckRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ArchiveRecordReplayTest
{
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);
    private static final int SAMPLES = 3_000;
    private static final int ACKS = 5_000;

    @TempDir
    Path workDir;

    @Test
    void shouldRecordSignalStreamsAndReplayThemAsTheSameMessagesAlsoAfterRestart()
    {
        final Path archiveDir = workDir.resolve("archive");
        final DriverConfig config = new DriverConfig()
            .workDir(workDir)
            .archiveDir(archiveDir)
            .archiveSegmentLengthBytes(1024 * 1024);
        final List<String> expectedSamples = new ArrayList<>();
        final List<String> expectedAcks = new ArrayList<>();
        final long sampleRecordingId;
        final long ackRecordingId;

        try (EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(config))
        {
            final Aeron aeron = driver.connect();
            final AeronArchive archive = driver.connectArchive(aeron);
            try (SignalRecorder recorder = new SignalRecorder(archive))
            {
                recorder.startRecording(Channels.ipc(), StreamIds.IIO_SAMPLES);
                recorder.startRecording(Channels.ipc(), StreamIds.PROBE_ACKS);

                try (ExclusivePublication samples = aeron.addExclusivePublication(
                    Channels.ipc(), StreamIds.IIO_SAMPLES);
                    ExclusivePublication acks = aeron.addExclusivePublication(Channels.ipc(), StreamIds.PROBE_ACKS))
                {
                    sampleRecordingId = recorder.awaitRecordingId(samples.sessionId(), TIMEOUT_NS);
                    ackRecordingId = recorder.awaitRecordingId(acks.sessionId(), TIMEOUT_NS);
                    Publications.awaitReady(samples, TIMEOUT_NS);
                    Publications.awaitReady(acks, TIMEOUT_NS);
                    final MessageProxy sampleProxy = new MessageProxy(samples, 100_000, new YieldingIdleStrategy());
                    final MessageProxy ackProxy = new MessageProxy(acks, 100_000, new YieldingIdleStrategy());

                    for (int i = 0; i < Math.max(SAMPLES, ACKS); i++)
                    {
                        if (i < SAMPLES)
                        {
                            final double occupancy = i * 0.01;
                            assertTrue(sampleProxy.iioSample(2, i,
                                new IioSampleRecord().set(occupancy, 64.0, i * 500L)) > 0);
                            expectedSamples.add(RecordingListener.iioSample(2, i, i * 500L, occupancy, 64.0));
                        }

                        if (i < ACKS)
                        {
                            assertTrue(ackProxy.probeAck(new ProbeAckRecord().set(i % 8, i * 3, i * 3 + 700, true,
                                100.0 - (i % 8), i * 200L)) > 0);
                            expectedAcks.add(RecordingListener.probeAck(i % 8, i * 3, i * 3 + 700, 100.0 - (i % 8),
                                i * 200L));
                        }
                    }

                    recorder.awaitRecordedPosition(sampleRecordingId, samples.position(), TIMEOUT_NS);
                    recorder.awaitRecordedPosition(ackRecordingId, acks.position(), TIMEOUT_NS);
                }
            }

            final RecordingReplayer replayer = new RecordingReplayer(archive, Channels.ipc(), StreamIds.REPLAY);
            assertReplays(replayer, sampleRecordingId, expectedSamples);
            assertReplays(replayer, ackRecordingId, expectedAcks);
            final LongArrayList sampleRecordings = replayer.findRecordings("aeron:ipc", StreamIds.IIO_SAMPLES);
            assertEquals(1, sampleRecordings.size());
            assertEquals(sampleRecordingId, sampleRecordings.getLong(0));
        }

        assertTrue(Files.isDirectory(archiveDir), "recordings outlive the driver");

        try (EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(config))
        {
            final AeronArchive archive = driver.connectArchive(driver.connect());
            final RecordingReplayer replayer = new RecordingReplayer(archive, Channels.ipc(), StreamIds.REPLAY);

            final LongArrayList sampleRecordings = replayer.findRecordings("aeron:ipc", StreamIds.IIO_SAMPLES);
            final LongArrayList ackRecordings = replayer.findRecordings("aeron:ipc", StreamIds.PROBE_ACKS);
            assertEquals(1, sampleRecordings.size());
            assertEquals(1, ackRecordings.size());
            assertEquals(sampleRecordingId, sampleRecordings.getLong(0));
            assertEquals(ackRecordingId, ackRecordings.getLong(0));
            assertTrue(replayer.findRecordings("aeron:ipc", StreamIds.MBA_COMMANDS).isEmpty());

            assertReplays(replayer, sampleRecordingId, expectedSamples);
            assertReplays(replayer, ackRecordingId, expectedAcks);
        }
    }

    private static void assertReplays(
        final RecordingReplayer replayer, final long recordingId, final List<String> expected)
    {
        final RecordingListener listener = new RecordingListener();
        final MessageAdapter adapter = new MessageAdapter("replay", listener);

        final long frames = replayer.replay(recordingId, adapter, TIMEOUT_NS);

        assertEquals(expected.size(), frames);
        assertEquals(expected, listener.messages());
        assertEquals(0, adapter.dropCounters().totalCount());
    }
}
