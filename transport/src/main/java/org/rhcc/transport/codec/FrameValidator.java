package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;

/**
 * The checks every decoder runs on a frame before reading a field: length, schema id, version, template id and
 * block length. Allocation-free; it never throws for malformed input.
 */
public final class FrameValidator
{
    private FrameValidator()
    {
    }

    /**
     * Validates the frame of {@code length} bytes at {@code offset}.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @param length of the frame in bytes, as delivered by the transport.
     * @return the template id (1..{@link MessageSchema#MAX_TEMPLATE_ID}) if the frame is well formed, otherwise the
     * negative {@link DropReason#result()} of the first check that failed.
     */
    public static int validate(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < MessageHeaderDescriptor.HEADER_LENGTH)
        {
            return DropReason.SHORT_FRAME.result();
        }

        if (MessageHeaderDescriptor.schemaId(buffer, offset) != MessageSchema.SCHEMA_ID)
        {
            return DropReason.WRONG_SCHEMA_ID.result();
        }

        final int version = MessageHeaderDescriptor.version(buffer, offset);
        if (version < MessageSchema.MIN_SUPPORTED_VERSION || version > MessageSchema.SCHEMA_VERSION)
        {
            return DropReason.UNSUPPORTED_VERSION.result();
        }

        final int templateId = MessageHeaderDescriptor.templateId(buffer, offset);
        final int expectedBlockLength = MessageSchema.blockLength(templateId);
        if (expectedBlockLength < 0)
        {
            return DropReason.UNKNOWN_TEMPLATE.result();
        }

        if (MessageHeaderDescriptor.blockLength(buffer, offset) != expectedBlockLength)
        {
            return DropReason.WRONG_BLOCK_LENGTH.result();
        }

        final int frameLength = MessageHeaderDescriptor.HEADER_LENGTH + expectedBlockLength;
        if (length < frameLength)
        {
            return DropReason.TRUNCATED_FRAME.result();
        }

        if (length > frameLength)
        {
            return DropReason.OVERLONG_FRAME.result();
        }

        return templateId;
    }
}
