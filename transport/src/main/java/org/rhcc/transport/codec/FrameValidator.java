package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;

/**
 * The checks every decoder runs on a frame before reading a field, over the generated {@link MessageHeaderDecoder}:
 * length, schema id, version, template id and block length; the frame must be the message followed by the
 * {@link MessageSchema#TRAILER_LENGTH}-byte authentication trailer, which {@code org.rhcc.transport.auth.FrameVerifier}
 * checks next. Allocation-free; it never throws for malformed input.
 * <p>
 * <b>Note:</b> not thread safe (it holds the header decoder); one per polling thread.
 */
public final class FrameValidator
{
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();

    /**
     * Validates the frame of {@code length} bytes at {@code offset}.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @param length of the frame in bytes, as delivered by the transport.
     * @return the template id (1..{@link MessageSchema#MAX_TEMPLATE_ID}) if the frame is well formed, otherwise the
     * negative {@link DropReason#result()} of the first check that failed.
     */
    public int validate(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH)
        {
            return DropReason.SHORT_FRAME.result();
        }

        header.wrap(buffer, offset);
        if (header.schemaId() != MessageSchema.SCHEMA_ID)
        {
            return DropReason.WRONG_SCHEMA_ID.result();
        }

        final int version = header.version();
        if (version < MessageSchema.MIN_SUPPORTED_VERSION || version > MessageSchema.SCHEMA_VERSION)
        {
            return DropReason.UNSUPPORTED_VERSION.result();
        }

        final int templateId = header.templateId();
        final int expectedBlockLength = MessageSchema.blockLength(templateId);
        // a frame of the current version may carry every template; an older one only those its version had
        if (expectedBlockLength < 0 ||
            version != MessageSchema.SCHEMA_VERSION && version < MessageSchema.sinceVersion(templateId))
        {
            return DropReason.UNKNOWN_TEMPLATE.result();
        }

        if (header.blockLength() != expectedBlockLength)
        {
            return DropReason.WRONG_BLOCK_LENGTH.result();
        }

        final int frameLength =
            MessageHeaderDecoder.ENCODED_LENGTH + expectedBlockLength + MessageSchema.TRAILER_LENGTH;
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

    /**
     * @return the header of the last frame validated (wrapped over its buffer), for its version and block length.
     */
    public MessageHeaderDecoder header()
    {
        return header;
    }
}
