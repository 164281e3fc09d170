package org.rhcc.transport.codec;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class FrameValidatorTest
{
    private static final int FRAME_LENGTH =
        MessageHeaderEncoder.ENCODED_LENGTH + ProbeAckEncoder.BLOCK_LENGTH + MessageSchema.TRAILER_LENGTH;

    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[128]);
    private final FrameValidator validator = new FrameValidator();

    @BeforeEach
    void before()
    {
        Frames.probeAck(buffer, 0, 1, 0, 0, 0.0, 2L);
    }

    @Test
    void shouldAcceptWellFormedFrame()
    {
        assertEquals(ProbeAckDecoder.TEMPLATE_ID,
            validator.validate(buffer, 0, FRAME_LENGTH));
    }

    @Test
    void shouldReadVersionTwoSignalsSoThatTheirRecordingsStillReplay()
    {
        buffer.putShort(MessageHeaderEncoder.versionEncodingOffset(), (short)2, LITTLE_ENDIAN);
        assertEquals(ProbeAckDecoder.TEMPLATE_ID, validator.validate(buffer, 0, FRAME_LENGTH),
            "version 3 changed no signal's layout");
    }

    @Test
    void shouldDropTheRetiredRateUpdateOfVersionTwo()
    {
        buffer.putShort(MessageHeaderEncoder.versionEncodingOffset(), (short)2, LITTLE_ENDIAN);
        buffer.putShort(MessageHeaderEncoder.templateIdEncodingOffset(), (short)4, LITTLE_ENDIAN);
        assertReason(DropReason.UNKNOWN_TEMPLATE, validator.validate(buffer, 0, FRAME_LENGTH));
    }

    @Test
    void shouldDropATemplateInAFrameOfAVersionBeforeIt()
    {
        // a writer of a version before a template's could not have sent it
        assertReadFromItsVersionOn(RateUpdateDecoder.TEMPLATE_ID, RateUpdateDecoder.BLOCK_LENGTH, 3);
        assertReadFromItsVersionOn(ReceiverStateDecoder.TEMPLATE_ID, ReceiverStateDecoder.BLOCK_LENGTH, 4);
    }

    private void assertReadFromItsVersionOn(final int templateId, final int blockLength, final int sinceVersion)
    {
        assertEquals(sinceVersion, MessageSchema.sinceVersion(templateId));
        buffer.putShort(MessageHeaderEncoder.templateIdEncodingOffset(), (short)templateId, LITTLE_ENDIAN);
        buffer.putShort(MessageHeaderEncoder.blockLengthEncodingOffset(), (short)blockLength, LITTLE_ENDIAN);
        final int length = MessageSchema.frameLength(templateId);
        buffer.putShort(MessageHeaderEncoder.versionEncodingOffset(), (short)(sinceVersion - 1), LITTLE_ENDIAN);
        assertReason(DropReason.UNKNOWN_TEMPLATE, validator.validate(buffer, 0, length));
        buffer.putShort(MessageHeaderEncoder.versionEncodingOffset(), (short)sinceVersion, LITTLE_ENDIAN);
        assertEquals(templateId, validator.validate(buffer, 0, length));
    }

    @Test
    void shouldRefuseVersionOneFramesWithoutTrailer()
    {
        buffer.putShort(MessageHeaderEncoder.versionEncodingOffset(), (short)1, LITTLE_ENDIAN);
        assertReason(DropReason.UNSUPPORTED_VERSION, validator.validate(buffer, 0, FRAME_LENGTH - 32));
    }

    @Test
    void shouldRejectFrameShorterThanHeader()
    {
        assertReason(DropReason.SHORT_FRAME, validator.validate(buffer, 0, 7));
        assertReason(DropReason.SHORT_FRAME, validator.validate(buffer, 0, 0));
    }

    @Test
    void shouldRejectForeignSchema()
    {
        buffer.putShort(MessageHeaderEncoder.schemaIdEncodingOffset(), (short)101, LITTLE_ENDIAN);
        assertReason(DropReason.WRONG_SCHEMA_ID, validator.validate(buffer, 0, FRAME_LENGTH));
    }

    @Test
    void shouldRejectVersionsOutsideSupportedRange()
    {
        final short nextVersion = (short)(MessageSchema.SCHEMA_VERSION + 1);
        buffer.putShort(MessageHeaderEncoder.versionEncodingOffset(), nextVersion, LITTLE_ENDIAN);
        assertReason(
            DropReason.UNSUPPORTED_VERSION, validator.validate(buffer, 0, FRAME_LENGTH));

        buffer.putShort(MessageHeaderEncoder.versionEncodingOffset(), (short)0, LITTLE_ENDIAN);
        assertReason(
            DropReason.UNSUPPORTED_VERSION, validator.validate(buffer, 0, FRAME_LENGTH));
    }

    @Test
    void shouldRejectUnknownTemplates()
    {
        buffer.putShort(MessageHeaderEncoder.templateIdEncodingOffset(), (short)0, LITTLE_ENDIAN);
        assertReason(DropReason.UNKNOWN_TEMPLATE, validator.validate(buffer, 0, FRAME_LENGTH));

        buffer.putShort(MessageHeaderEncoder.templateIdEncodingOffset(), (short)5, LITTLE_ENDIAN);
        assertReason(DropReason.UNKNOWN_TEMPLATE, validator.validate(buffer, 0, FRAME_LENGTH), "retired QpOpen");

        buffer.putShort(MessageHeaderEncoder.templateIdEncodingOffset(), (short)0xFFFF, LITTLE_ENDIAN);
        assertReason(DropReason.UNKNOWN_TEMPLATE, validator.validate(buffer, 0, FRAME_LENGTH));
    }

    @Test
    void shouldRejectWrongBlockLength()
    {
        buffer.putShort(MessageHeaderEncoder.blockLengthEncodingOffset(), (short)24, LITTLE_ENDIAN);
        assertReason(DropReason.WRONG_BLOCK_LENGTH, validator.validate(buffer, 0, 32));
    }

    @Test
    void shouldRejectTruncatedAndOverlongFrames()
    {
        assertReason(
            DropReason.TRUNCATED_FRAME, validator.validate(buffer, 0, FRAME_LENGTH - 1));
        assertReason(DropReason.TRUNCATED_FRAME, validator.validate(buffer, 0, 8));
        assertReason(DropReason.TRUNCATED_FRAME, validator.validate(buffer, 0, FRAME_LENGTH - 32), "no trailer");
        assertReason(
            DropReason.OVERLONG_FRAME, validator.validate(buffer, 0, FRAME_LENGTH + 8));
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

    private static void assertReason(final DropReason expected, final int result, final String message)
    {
        assertEquals(expected, DropReason.fromResult(result), message);
    }
}
