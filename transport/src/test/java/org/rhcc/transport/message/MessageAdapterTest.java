package org.rhcc.transport.message;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.codec.Frames;
import org.rhcc.transport.codec.MbaReason;
import org.rhcc.transport.codec.MessageHeaderEncoder;
import org.rhcc.transport.codec.MessageSchema;
import org.rhcc.transport.codec.ProbeAckDecoder;
import org.slf4j.LoggerFactory;

import java.util.List;

import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MessageAdapterTest
{
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
    private final RecordingListener listener = new RecordingListener();
    private final MessageAdapter adapter = new MessageAdapter("test-stream", listener);
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
    private final Logger dropLogger = (Logger)LoggerFactory.getLogger(FrameDropCounters.class);

    @BeforeEach
    void before()
    {
        appender.start();
        dropLogger.addAppender(appender);
    }

    @AfterEach
    void after()
    {
        dropLogger.detachAppender(appender);
    }

    @Test
    void shouldDispatchEveryTemplateWithItsFields()
    {
        final int offset = 32;
        adapter.onFrame(buffer, offset, Frames.iioSample(buffer, offset, 1, 2, 3, 4.5, 5.5));
        adapter.onFrame(buffer, offset, Frames.mbaLevelCommand(buffer, offset, 1, 1, 4, 6, 7, MbaReason.CONGESTION_ONSET));
        adapter.onFrame(buffer, offset, Frames.probeAck(buffer, offset, 9, -2, 100, 25.0, 8));
        adapter.onFrame(buffer, offset, Frames.rateUpdate(buffer, offset, 9, 80.0, 9));
        adapter.onFrame(buffer, offset, Frames.clockAdvance(buffer, offset, 12, 1));
        adapter.onFrame(buffer, offset, Frames.clockDone(buffer, offset, 12, 1, 3));
        adapter.onFrame(buffer, offset, Frames.ecnMarking(buffer, offset, 1, true, 13));
        adapter.onFrame(buffer, offset, Frames.receiverState(buffer, offset, 1, true, 14));

        assertEquals(List.of(
            "IioSample(1,2,3,4.5,5.5)",
            "MbaLevelCommand(1,1,4,6,7,1)",
            "ProbeAck(9,-2,100,25.0,8)",
            "RateUpdate(9,80.0,9)",
            "ClockAdvance(12,1)",
            "ClockDone(12,1,3)",
            "EcnMarking(1,true,13)",
            "ReceiverState(1,true,14)"), listener.messages());
        for (int templateId = 1; templateId <= MessageSchema.MAX_TEMPLATE_ID; templateId++)
        {
            assertEquals(MessageSchema.blockLength(templateId) < 0 ? 0 : 1, adapter.receivedCount(templateId));
        }

        assertEquals(8, adapter.totalReceivedCount());
        assertEquals(0, adapter.dropCounters().totalCount());
    }

    @Test
    void shouldCountDropsPerReasonAndLogOncePerReason()
    {
        final int offset = 0;
        for (int i = 0; i < 3; i++)
        {
            adapter.onFrame(buffer, offset, 4);
        }

        final int frameLength = Frames.probeAck(buffer, offset, 1, 0, 0, 0.0, 0);
        for (int i = 0; i < 2; i++)
        {
            adapter.onFrame(buffer, offset, frameLength - 4);
        }

        buffer.putShort(offset + MessageHeaderEncoder.templateIdEncodingOffset(), (short)77, LITTLE_ENDIAN);
        adapter.onFrame(buffer, offset, frameLength);

        final FrameDropCounters drops = adapter.dropCounters();
        assertEquals(3, drops.count(DropReason.SHORT_FRAME));
        assertEquals(2, drops.count(DropReason.TRUNCATED_FRAME));
        assertEquals(1, drops.count(DropReason.UNKNOWN_TEMPLATE));
        assertEquals(6, drops.totalCount());
        assertEquals(0, adapter.totalReceivedCount());
        assertEquals(0, listener.size());

        assertEquals(3, appender.list.size(), "one warning per reason");
        assertTrue(appender.list.get(0).getFormattedMessage().contains("test-stream"));
        assertTrue(appender.list.get(2).getFormattedMessage().contains("templateId=77"));
    }

    @Test
    void shouldDeliverWellFormedFramesAfterMalformedOnes()
    {
        buffer.putLong(0, 0xDEADBEEFL);
        assertTrue(adapter.onFrame(buffer, 0, 40) < 0);

        final int frameLength = Frames.probeAck(buffer, 0, 3, 0, 0, 0.0, 4);
        assertEquals(ProbeAckDecoder.TEMPLATE_ID, adapter.onFrame(buffer, 0, frameLength));
        assertEquals(List.of("ProbeAck(3,0,0,0.0,4)"), listener.messages());
    }
}
