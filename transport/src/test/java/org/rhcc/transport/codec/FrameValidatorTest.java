package org.rhcc.transport.codec;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class FrameValidatorTest
{
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[128]);

    @BeforeEach
    void before()
    {
        new ProbeAckFlyweight().wrapAndApplyHeader(buffer, 0).qp(1).nowNs(2L);
    }

    @Test
    void shouldAcceptWellFormedFrame()
    {
        assertEquals(MessageSchema.PROBE_ACK_TEMPLATE_ID,
            FrameValidator.validate(buffer, 0, ProbeAckFlyweight.FRAME_LENGTH));
    }

    @Test
    void shouldRejectFrameShorterThanHeader()
    {
        assertReason(DropReason.SHORT_FRAME, FrameValidator.validate(buffer, 0, 7));
        assertReason(DropReason.SHORT_FRAME, FrameValidator.validate(buffer, 0, 0));
    }

    @Test
    void shouldRejectForeignSchema()
    {
        buffer.putShort(MessageHeaderDescriptor.SCHEMA_ID_OFFSET, (short)101, LITTLE_ENDIAN);
        assertReason(DropReason.WRONG_SCHEMA_ID, FrameValidator.validate(buffer, 0, ProbeAckFlyweight.FRAME_LENGTH));
    }

    @Test
    void shouldRejectVersionsOutsideSupportedRange()
    {
        final short nextVersion = (short)(MessageSchema.SCHEMA_VERSION + 1);
        buffer.putShort(MessageHeaderDescriptor.VERSION_OFFSET, nextVersion, LITTLE_ENDIAN);
        assertReason(
            DropReason.UNSUPPORTED_VERSION, FrameValidator.validate(buffer, 0, ProbeAckFlyweight.FRAME_LENGTH));

        buffer.putShort(MessageHeaderDescriptor.VERSION_OFFSET, (short)0, LITTLE_ENDIAN);
        assertReason(
            DropReason.UNSUPPORTED_VERSION, FrameValidator.validate(buffer, 0, ProbeAckFlyweight.FRAME_LENGTH));
    }

    @Test
    void shouldRejectUnknownTemplates()
    {
        buffer.putShort(MessageHeaderDescriptor.TEMPLATE_ID_OFFSET, (short)0, LITTLE_ENDIAN);
        assertReason(DropReason.UNKNOWN_TEMPLATE, FrameValidator.validate(buffer, 0, ProbeAckFlyweight.FRAME_LENGTH));

        buffer.putShort(MessageHeaderDescriptor.TEMPLATE_ID_OFFSET, (short)0xFFFF, LITTLE_ENDIAN);
        assertReason(DropReason.UNKNOWN_TEMPLATE, FrameValidator.validate(buffer, 0, ProbeAckFlyweight.FRAME_LENGTH));
    }

    @Test
    void shouldRejectWrongBlockLength()
    {
        buffer.putShort(MessageHeaderDescriptor.BLOCK_LENGTH_OFFSET, (short)24, LITTLE_ENDIAN);
        assertReason(DropReason.WRONG_BLOCK_LENGTH, FrameValidator.validate(buffer, 0, 32));
    }

    @Test
    void shouldRejectTruncatedAndOverlongFrames()
    {
        assertReason(
            DropReason.TRUNCATED_FRAME, FrameValidator.validate(buffer, 0, ProbeAckFlyweight.FRAME_LENGTH - 1));
        assertReason(DropReason.TRUNCATED_FRAME, FrameValidator.validate(buffer, 0, 8));
        assertReason(
            DropReason.OVERLONG_FRAME, FrameValidator.validate(buffer, 0, ProbeAckFlyweight.FRAME_LENGTH + 8));
    }

    @Test
    void shouldRoundTripDropReasonResults()
    {
        for (int i = 0; i < DropReason.count(); i++)
        {
            final DropReason reason = DropReason.byOrdinal(i);
            assertEquals(reason, DropReason.fromResult(reason.result()));
        }

        assertThrows(IllegalArgumentException.class, () -> DropReason.fromResult(1));
        assertThrows(IllegalArgumentException.class, () -> DropReason.fromResult(-100));
    }

    private static void assertReason(final DropReason expected, final int result)
    {
        assertEquals(expected, DropReason.fromResult(result));
    }
}
