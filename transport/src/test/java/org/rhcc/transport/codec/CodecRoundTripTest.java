package org.rhcc.transport.codec;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.rhcc.core.signal.MbaLevelCommand;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The generated codecs keep the wire layout of schema version 1 byte for byte (the offsets of transport/README.md),
 * so that recordings and journals made before the codecs were generated still decode.
 */
class CodecRoundTripTest
{
    private static final int OFFSET = 16;

    private final byte[] bytes = new byte[256];
    private final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
    private final ByteBuffer raw = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();

    @Test
    void shouldWriteStandardHeader()
    {
        Frames.iioSample(buffer, OFFSET, 1, 2, 3, 4, 5);

        assertEquals(40, raw.getShort(OFFSET));
        assertEquals(1, raw.getShort(OFFSET + 2));
        assertEquals(0x6872, raw.getShort(OFFSET + 4));
        assertEquals(4, raw.getShort(OFFSET + 6));
        assertEquals(0x72, bytes[OFFSET + 4]);
        assertEquals(0x68, bytes[OFFSET + 5]);
        header.wrap(buffer, OFFSET);
        assertEquals(MessageSchema.SCHEMA_ID, header.schemaId());
        assertEquals(MessageSchema.SCHEMA_VERSION, header.version());
    }

    @Test
    void shouldRoundTripIioSampleAtDocumentedOffsets()
    {
        assertEquals(48 + 32, Frames.iioSample(buffer, OFFSET, 7, 123_456_789_012L, -5L, 45.25, 98.5));

        final IioSampleDecoder decoded = new IioSampleDecoder().wrapAndApplyHeader(buffer, OFFSET, header);
        assertEquals(7, decoded.hostId());
        assertEquals(123_456_789_012L, decoded.seq());
        assertEquals(-5L, decoded.nowNs());
        assertEquals(45.25, decoded.occupancy());
        assertEquals(98.5, decoded.pcieGbps());

        assertEquals(-5L, raw.getLong(OFFSET + 8));
        assertEquals(123_456_789_012L, raw.getLong(OFFSET + 16));
        assertEquals(45.25, raw.getDouble(OFFSET + 24));
        assertEquals(98.5, raw.getDouble(OFFSET + 32));
        assertEquals(7, raw.getInt(OFFSET + 40));
        assertEquals(IioSampleDecoder.TEMPLATE_ID, new FrameValidator().validate(buffer, OFFSET, 48 + 32));
    }

    @Test
    void shouldCarryCoresReasonCodesAsTheWiresMbaReasonValues()
    {
        assertEquals(MbaReason.UNSPECIFIED.value(), MbaLevelCommand.REASON_UNSPECIFIED);
        assertEquals(MbaReason.CONGESTION_ONSET.value(), MbaLevelCommand.REASON_CONGESTION_ONSET);
        assertEquals(MbaReason.STEP_DOWN.value(), MbaLevelCommand.REASON_STEP_DOWN);
        assertEquals(MbaReason.STEP_UP.value(), MbaLevelCommand.REASON_STEP_UP);
        assertEquals(MbaReason.FAILSAFE_RESET.value(), MbaLevelCommand.REASON_FAILSAFE_RESET);
        assertEquals(6, MbaReason.values().length, "a new wire reason needs its code in core's MbaLevelCommand");
    }

    @Test
    void shouldRoundTripMbaLevelCommandAtDocumentedOffsets()
    {
        assertEquals(40 + 32, Frames.mbaLevelCommand(buffer, OFFSET, 3, 1, 4, 1_000L, 9L, MbaReason.CONGESTION_ONSET));

        final MbaLevelCommandDecoder decoded = new MbaLevelCommandDecoder().wrapAndApplyHeader(buffer, OFFSET, header);
        assertEquals(3, decoded.hostId());
        assertEquals(1, decoded.group());
        assertEquals(4, decoded.level());
        assertEquals(1_000L, decoded.nowNs());
        assertEquals(9L, decoded.seq());
        assertEquals(MbaReason.CONGESTION_ONSET, decoded.reason());

        assertEquals(1_000L, raw.getLong(OFFSET + 8));
        assertEquals(9L, raw.getLong(OFFSET + 16));
        assertEquals(3, raw.getInt(OFFSET + 24));
        assertEquals(1, raw.getInt(OFFSET + 28));
        assertEquals(4, raw.getInt(OFFSET + 32));
        assertEquals(1, raw.getInt(OFFSET + 36));
    }

    @Test
    void shouldRoundTripProbeAckWithWrappingTimestamps()
    {
        assertEquals(40 + 32, Frames.probeAck(buffer, OFFSET, 0xABCDEF, 0xFFFF_FFF0, 0x10, 200.0, Long.MAX_VALUE));

        final ProbeAckDecoder decoded = new ProbeAckDecoder().wrapAndApplyHeader(buffer, OFFSET, header);
        assertEquals(0xABCDEF, decoded.qp());
        assertEquals(0xFFFF_FFF0, decoded.reqRecvTs32());
        assertEquals(0x10, decoded.respSendTs32());
        assertEquals(200.0, decoded.rccGbps());
        assertEquals(Long.MAX_VALUE, decoded.nowNs());

        assertEquals(Long.MAX_VALUE, raw.getLong(OFFSET + 8));
        assertEquals(200.0, raw.getDouble(OFFSET + 16));
        assertEquals(0xABCDEF, raw.getInt(OFFSET + 24));
        assertEquals(0xFFFF_FFF0, raw.getInt(OFFSET + 28));
        assertEquals(0x10, raw.getInt(OFFSET + 32));
    }

    @Test
    void shouldRoundTripRateUpdateAtDocumentedOffsets()
    {
        assertEquals(32 + 32, Frames.rateUpdate(buffer, OFFSET, 42, 87.5, 77L));

        final RateUpdateDecoder decoded = new RateUpdateDecoder().wrapAndApplyHeader(buffer, OFFSET, header);
        assertEquals(10, RateUpdateDecoder.TEMPLATE_ID, "template 4, which carried R_send too, is retired");
        assertEquals(42, decoded.qp());
        assertEquals(87.5, decoded.rRevGbps());
        assertEquals(77L, decoded.nowNs());

        assertEquals(77L, raw.getLong(OFFSET + 8));
        assertEquals(87.5, raw.getDouble(OFFSET + 16));
        assertEquals(42, raw.getInt(OFFSET + 24));
        assertEquals(0, raw.getInt(OFFSET + 28), "padding");
    }

    @Test
    void shouldRoundTripLockstepMessages()
    {
        assertEquals(24 + 32, Frames.clockAdvance(buffer, OFFSET, 1_000_000L, 3L));
        final ClockAdvanceDecoder advance = new ClockAdvanceDecoder().wrapAndApplyHeader(buffer, OFFSET, header);
        assertEquals(1_000_000L, advance.advanceToNs());
        assertEquals(3L, advance.sessionId());
        assertEquals(1_000_000L, raw.getLong(OFFSET + 8));
        assertEquals(3L, raw.getLong(OFFSET + 16));

        assertEquals(32 + 32, Frames.clockDone(buffer, OFFSET, 999L, 3L, 12));
        final ClockDoneDecoder done = new ClockDoneDecoder().wrapAndApplyHeader(buffer, OFFSET, header);
        assertEquals(999L, done.doneUpToNs());
        assertEquals(3L, done.sessionId());
        assertEquals(12, done.controllerId());
        assertEquals(999L, raw.getLong(OFFSET + 8));
        assertEquals(3L, raw.getLong(OFFSET + 16));
        assertEquals(12, raw.getInt(OFFSET + 24));
    }

    @Test
    void shouldRoundTripReceiverState()
    {
        assertEquals(24 + 32, Frames.receiverState(buffer, OFFSET, 3, true, 77L));
        final ReceiverStateDecoder decoded = new ReceiverStateDecoder().wrapAndApplyHeader(buffer, OFFSET, header);
        assertEquals(3, decoded.hostId());
        assertEquals(1, decoded.congested());
        assertEquals(77L, decoded.nowNs());
        assertEquals(77L, raw.getLong(OFFSET + 8));
        assertEquals(3, raw.getInt(OFFSET + 16));
        assertEquals(1, raw.getInt(OFFSET + 20));
    }

    @Test
    void shouldRoundTripEcnMarking()
    {
        assertEquals(24 + 32, Frames.ecnMarking(buffer, OFFSET, 2, true, 55L));
        final EcnMarkingDecoder decoded = new EcnMarkingDecoder().wrapAndApplyHeader(buffer, OFFSET, header);
        assertEquals(2, decoded.hostId());
        assertEquals(1, decoded.markingOn());
        assertEquals(55L, decoded.nowNs());
        assertEquals(55L, raw.getLong(OFFSET + 8));
        assertEquals(2, raw.getInt(OFFSET + 16));
        assertEquals(1, raw.getInt(OFFSET + 20));
    }

    @Test
    void shouldDescribeEveryTemplateInTheSchema()
    {
        final int[] templates = { 1, 2, 3, 7, 8, 9, 10 };
        final int[] messageLengths = { 48, 40, 40, 24, 32, 24, 32 };
        for (int i = 0; i < templates.length; i++)
        {
            assertEquals(messageLengths[i], MessageSchema.messageLength(templates[i]));
            assertEquals(messageLengths[i] + 32, MessageSchema.frameLength(templates[i]));
            assertEquals(0, MessageSchema.frameLength(templates[i]) % 8, "8-byte aligned frames");
        }

        assertEquals(-1, MessageSchema.blockLength(0));
        assertEquals(-1, MessageSchema.blockLength(4), "the RateUpdate of version 2, with R_send, is retired");
        assertEquals(-1, MessageSchema.blockLength(5), "QpOpen is retired");
        assertEquals(-1, MessageSchema.blockLength(6), "QpClose is retired");
        assertEquals(-1, MessageSchema.blockLength(MessageSchema.MAX_TEMPLATE_ID + 1));
        assertEquals("ProbeAck", MessageSchema.templateName(ProbeAckDecoder.TEMPLATE_ID));
        assertEquals("unknown", MessageSchema.templateName(5));
        assertEquals("unknown", MessageSchema.templateName(999));
    }

    @Test
    void shouldKnowEveryMbaReasonCode()
    {
        assertEquals(MbaReason.FAILSAFE_RESET, MbaReason.get(4));
        assertEquals(MbaReason.NULL_VAL, MbaReason.get(Integer.MIN_VALUE));
        assertThrows(IllegalArgumentException.class, () -> MbaReason.get(77));
    }
}
