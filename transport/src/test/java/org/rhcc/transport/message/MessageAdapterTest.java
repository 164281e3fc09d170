package org.rhcc.transport.message;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rhcc.transport.codec.ClockAdvanceFlyweight;
import org.rhcc.transport.codec.ClockDoneFlyweight;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.codec.EcnMarkingFlyweight;
import org.rhcc.transport.codec.IioSampleFlyweight;
import org.rhcc.transport.codec.MbaLevelCommandFlyweight;
import org.rhcc.transport.codec.MessageHeaderDescriptor;
import org.rhcc.transport.codec.MessageSchema;
import org.rhcc.transport.codec.ProbeAckFlyweight;
import org.rhcc.transport.codec.QpCloseFlyweight;
import org.rhcc.transport.codec.QpOpenFlyweight;
import org.rhcc.transport.codec.RateUpdateFlyweight;
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
        new IioSampleFlyweight().wrapAndApplyHeader(buffer, offset)
            .hostId(1).seq(2).nowNs(3).occupancy(4.5).pcieGbps(5.5);
        adapter.onFrame(buffer, offset, IioSampleFlyweight.FRAME_LENGTH);
        new MbaLevelCommandFlyweight().wrapAndApplyHeader(buffer, offset)
            .hostId(1).group(1).level(4).nowNs(6).seq(7).reason(1);
        adapter.onFrame(buffer, offset, MbaLevelCommandFlyweight.FRAME_LENGTH);
        new ProbeAckFlyweight().wrapAndApplyHeader(buffer, offset)
            .qp(9).reqRecvTs32(-2).respSendTs32(100).rccGbps(25.0).nowNs(8);
        adapter.onFrame(buffer, offset, ProbeAckFlyweight.FRAME_LENGTH);
        new RateUpdateFlyweight().wrapAndApplyHeader(buffer, offset).qp(9).rRevGbps(80.0).rSendGbps(25.0).nowNs(9);
        adapter.onFrame(buffer, offset, RateUpdateFlyweight.FRAME_LENGTH);
        new QpOpenFlyweight().wrapAndApplyHeader(buffer, offset)
            .qp(9).senderHostId(2).receiverHostId(1).dThrNs(1500).lineRateGbps(200.0).nowNs(10);
        adapter.onFrame(buffer, offset, QpOpenFlyweight.FRAME_LENGTH);
        new QpCloseFlyweight().wrapAndApplyHeader(buffer, offset).qp(9).senderHostId(2).nowNs(11);
        adapter.onFrame(buffer, offset, QpCloseFlyweight.FRAME_LENGTH);
        new ClockAdvanceFlyweight().wrapAndApplyHeader(buffer, offset).advanceToNs(12).epoch(1);
        adapter.onFrame(buffer, offset, ClockAdvanceFlyweight.FRAME_LENGTH);
        new ClockDoneFlyweight().wrapAndApplyHeader(buffer, offset).doneUpToNs(12).epoch(1).nodeId(3);
        adapter.onFrame(buffer, offset, ClockDoneFlyweight.FRAME_LENGTH);
        new EcnMarkingFlyweight().wrapAndApplyHeader(buffer, offset).hostId(1).markingOn(1).nowNs(13);
        adapter.onFrame(buffer, offset, EcnMarkingFlyweight.FRAME_LENGTH);

        assertEquals(List.of(
            "IioSample(1,2,3,4.5,5.5)",
            "MbaLevelCommand(1,1,4,6,7,1)",
            "ProbeAck(9,-2,100,25.0,8)",
            "RateUpdate(9,80.0,25.0,9)",
            "QpOpen(9,2,1,1500,200.0,10)",
            "QpClose(9,2,11)",
            "ClockAdvance(12,1)",
            "ClockDone(12,1,3)",
            "EcnMarking(1,true,13)"), listener.messages());
        for (int templateId = 1; templateId <= MessageSchema.MAX_TEMPLATE_ID; templateId++)
        {
            assertEquals(1, adapter.receivedCount(templateId));
        }

        assertEquals(9, adapter.totalReceivedCount());
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

        new ProbeAckFlyweight().wrapAndApplyHeader(buffer, offset).qp(1);
        for (int i = 0; i < 2; i++)
        {
            adapter.onFrame(buffer, offset, ProbeAckFlyweight.FRAME_LENGTH - 4);
        }

        buffer.putShort(offset + MessageHeaderDescriptor.TEMPLATE_ID_OFFSET, (short)77, LITTLE_ENDIAN);
        adapter.onFrame(buffer, offset, ProbeAckFlyweight.FRAME_LENGTH);

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

        new ProbeAckFlyweight().wrapAndApplyHeader(buffer, 0).qp(3).nowNs(4);
        assertEquals(MessageSchema.PROBE_ACK_TEMPLATE_ID, adapter.onFrame(buffer, 0, ProbeAckFlyweight.FRAME_LENGTH));
        assertEquals(List.of("ProbeAck(3,0,0,0.0,4)"), listener.messages());
    }
}
