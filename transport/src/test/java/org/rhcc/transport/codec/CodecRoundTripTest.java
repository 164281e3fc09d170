package org.rhcc.transport.codec;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CodecRoundTripTest
{
    private static final int OFFSET = 16;

    private final byte[] bytes = new byte[256];
    private final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
    private final ByteBuffer raw = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);

    @Test
    void shouldWriteStandardHeader()
    {
        new IioSampleFlyweight().wrapAndApplyHeader(buffer, OFFSET);

        assertEquals(IioSampleFlyweight.BLOCK_LENGTH, raw.getShort(OFFSET));
        assertEquals(MessageSchema.IIO_SAMPLE_TEMPLATE_ID, raw.getShort(OFFSET + 2));
        assertEquals(MessageSchema.SCHEMA_ID, raw.getShort(OFFSET + 4));
        assertEquals(MessageSchema.SCHEMA_VERSION, raw.getShort(OFFSET + 6));
        assertEquals(0x72, bytes[OFFSET + 4]);
        assertEquals(0x68, bytes[OFFSET + 5]);
    }

    @Test
    void shouldRoundTripIioSampleAtDocumentedOffsets()
    {
        new IioSampleFlyweight().wrapAndApplyHeader(buffer, OFFSET)
            .hostId(7).seq(123_456_789_012L).nowNs(-5L).occupancy(45.25).pcieGbps(98.5);

        final IioSampleFlyweight decoded = new IioSampleFlyweight().wrap(buffer, OFFSET);
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
        assertEquals(0, raw.getInt(OFFSET + 44));
        assertEquals(48, IioSampleFlyweight.FRAME_LENGTH);
        assertEquals(FrameValidator.validate(buffer, OFFSET, 48), MessageSchema.IIO_SAMPLE_TEMPLATE_ID);
    }

    @Test
    void shouldRoundTripMbaLevelCommandAtDocumentedOffsets()
    {
        new MbaLevelCommandFlyweight().wrapAndApplyHeader(buffer, OFFSET)
            .hostId(3).group(1).level(4).nowNs(1_000L).seq(9L).reason(MbaReason.CONGESTION_ONSET.code());

        final MbaLevelCommandFlyweight decoded = new MbaLevelCommandFlyweight().wrap(buffer, OFFSET);
        assertEquals(3, decoded.hostId());
        assertEquals(1, decoded.group());
        assertEquals(4, decoded.level());
        assertEquals(1_000L, decoded.nowNs());
        assertEquals(9L, decoded.seq());
        assertEquals(MbaReason.CONGESTION_ONSET, MbaReason.fromCode(decoded.reason()));

        assertEquals(1_000L, raw.getLong(OFFSET + 8));
        assertEquals(9L, raw.getLong(OFFSET + 16));
        assertEquals(3, raw.getInt(OFFSET + 24));
        assertEquals(1, raw.getInt(OFFSET + 28));
        assertEquals(4, raw.getInt(OFFSET + 32));
        assertEquals(1, raw.getInt(OFFSET + 36));
        assertEquals(40, MbaLevelCommandFlyweight.FRAME_LENGTH);
    }

    @Test
    void shouldRoundTripProbeAckWithWrappingTimestamps()
    {
        new ProbeAckFlyweight().wrapAndApplyHeader(buffer, OFFSET)
            .qp(0xABCDEF).reqRecvTs32(0xFFFF_FFF0).respSendTs32(0x10).rccGbps(200.0).nowNs(Long.MAX_VALUE);

        final ProbeAckFlyweight decoded = new ProbeAckFlyweight().wrap(buffer, OFFSET);
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
        assertEquals(40, ProbeAckFlyweight.FRAME_LENGTH);
    }

    @Test
    void shouldRoundTripRateUpdateAtDocumentedOffsets()
    {
        new RateUpdateFlyweight().wrapAndApplyHeader(buffer, OFFSET)
            .qp(42).rRevGbps(87.5).rSendGbps(50.0).nowNs(77L);

        final RateUpdateFlyweight decoded = new RateUpdateFlyweight().wrap(buffer, OFFSET);
        assertEquals(42, decoded.qp());
        assertEquals(87.5, decoded.rRevGbps());
        assertEquals(50.0, decoded.rSendGbps());
        assertEquals(77L, decoded.nowNs());

        assertEquals(77L, raw.getLong(OFFSET + 8));
        assertEquals(87.5, raw.getDouble(OFFSET + 16));
        assertEquals(50.0, raw.getDouble(OFFSET + 24));
        assertEquals(42, raw.getInt(OFFSET + 32));
        assertEquals(40, RateUpdateFlyweight.FRAME_LENGTH);
    }

    @Test
    void shouldRoundTripQpOpenAndQpClose()
    {
        new QpOpenFlyweight().wrapAndApplyHeader(buffer, OFFSET)
            .qp(5).senderHostId(1).receiverHostId(2).dThrNs(2_500L).lineRateGbps(200.0).nowNs(10L);
        final QpOpenFlyweight open = new QpOpenFlyweight().wrap(buffer, OFFSET);
        assertEquals(5, open.qp());
        assertEquals(1, open.senderHostId());
        assertEquals(2, open.receiverHostId());
        assertEquals(2_500L, open.dThrNs());
        assertEquals(200.0, open.lineRateGbps());
        assertEquals(10L, open.nowNs());
        assertEquals(10L, raw.getLong(OFFSET + 8));
        assertEquals(2_500L, raw.getLong(OFFSET + 16));
        assertEquals(200.0, raw.getDouble(OFFSET + 24));
        assertEquals(5, raw.getInt(OFFSET + 32));
        assertEquals(1, raw.getInt(OFFSET + 36));
        assertEquals(2, raw.getInt(OFFSET + 40));
        assertEquals(48, QpOpenFlyweight.FRAME_LENGTH);

        new QpCloseFlyweight().wrapAndApplyHeader(buffer, OFFSET).qp(5).senderHostId(1).nowNs(20L);
        final QpCloseFlyweight close = new QpCloseFlyweight().wrap(buffer, OFFSET);
        assertEquals(5, close.qp());
        assertEquals(1, close.senderHostId());
        assertEquals(20L, close.nowNs());
        assertEquals(20L, raw.getLong(OFFSET + 8));
        assertEquals(5, raw.getInt(OFFSET + 16));
        assertEquals(1, raw.getInt(OFFSET + 20));
        assertEquals(24, QpCloseFlyweight.FRAME_LENGTH);
    }

    @Test
    void shouldRoundTripLockstepMessages()
    {
        new ClockAdvanceFlyweight().wrapAndApplyHeader(buffer, OFFSET).advanceToNs(1_000_000L).epoch(3L);
        final ClockAdvanceFlyweight advance = new ClockAdvanceFlyweight().wrap(buffer, OFFSET);
        assertEquals(1_000_000L, advance.advanceToNs());
        assertEquals(3L, advance.epoch());
        assertEquals(1_000_000L, raw.getLong(OFFSET + 8));
        assertEquals(3L, raw.getLong(OFFSET + 16));
        assertEquals(24, ClockAdvanceFlyweight.FRAME_LENGTH);

        new ClockDoneFlyweight().wrapAndApplyHeader(buffer, OFFSET).doneUpToNs(999L).epoch(3L).nodeId(12);
        final ClockDoneFlyweight done = new ClockDoneFlyweight().wrap(buffer, OFFSET);
        assertEquals(999L, done.doneUpToNs());
        assertEquals(3L, done.epoch());
        assertEquals(12, done.nodeId());
        assertEquals(999L, raw.getLong(OFFSET + 8));
        assertEquals(3L, raw.getLong(OFFSET + 16));
        assertEquals(12, raw.getInt(OFFSET + 24));
        assertEquals(32, ClockDoneFlyweight.FRAME_LENGTH);
    }

    @Test
    void shouldRoundTripEcnMarking()
    {
        new EcnMarkingFlyweight().wrapAndApplyHeader(buffer, OFFSET).hostId(2).markingOn(1).nowNs(55L);
        final EcnMarkingFlyweight decoded = new EcnMarkingFlyweight().wrap(buffer, OFFSET);
        assertEquals(2, decoded.hostId());
        assertEquals(1, decoded.markingOn());
        assertEquals(55L, decoded.nowNs());
        assertEquals(55L, raw.getLong(OFFSET + 8));
        assertEquals(2, raw.getInt(OFFSET + 16));
        assertEquals(1, raw.getInt(OFFSET + 20));
        assertEquals(24, EcnMarkingFlyweight.FRAME_LENGTH);
    }

    @Test
    void shouldZeroReservedFieldsWhenReusingABuffer()
    {
        for (int i = 0; i < bytes.length; i++)
        {
            bytes[i] = (byte)0xFF;
        }

        new ClockDoneFlyweight().wrapAndApplyHeader(buffer, OFFSET).doneUpToNs(1L).epoch(1L).nodeId(1);

        assertEquals(0, raw.getInt(OFFSET + 28));
    }

    @Test
    void shouldDescribeEveryTemplateInTheSchema()
    {
        for (int templateId = 1; templateId <= MessageSchema.MAX_TEMPLATE_ID; templateId++)
        {
            final int blockLength = MessageSchema.blockLength(templateId);
            assertEquals(0, (MessageHeaderDescriptor.HEADER_LENGTH + blockLength) % 8, "8-byte aligned frames");
        }

        assertEquals(-1, MessageSchema.blockLength(0));
        assertEquals(-1, MessageSchema.blockLength(MessageSchema.MAX_TEMPLATE_ID + 1));
        assertEquals("ProbeAck", MessageSchema.templateName(MessageSchema.PROBE_ACK_TEMPLATE_ID));
        assertEquals("unknown", MessageSchema.templateName(999));
    }

    @Test
    void shouldMapUnknownMbaReasonCodesToUnspecified()
    {
        assertEquals(MbaReason.FAILSAFE_RESET, MbaReason.fromCode(4));
        assertEquals(MbaReason.UNSPECIFIED, MbaReason.fromCode(77));
        assertEquals(MbaReason.UNSPECIFIED, MbaReason.fromCode(-1));
    }
}
