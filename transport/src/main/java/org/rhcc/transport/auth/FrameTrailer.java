package org.rhcc.transport.auth;

import org.rhcc.transport.codec.MessageSchema;

/**
 * The authentication trailer every rhcc frame carries after its SBE message (header and block), 32 bytes,
 * little-endian (transport/README.md, "Authenticated frames"):
 * <pre>
 *   +0  publisher  int32  who signed the frame ({@link FramePublisher})
 *   +4  reserved   int32  zero
 *   +8  seq        int64  the publisher's sequence number, strictly increasing
 *   +16 tag        16 bytes  SipHash-2-4-128(tag key, sessionId | message | publisher | reserved | seq)
 * </pre>
 * The session id is authenticated but not carried: publisher and receiver both know the session the stream serves.
 */
public final class FrameTrailer
{
    /** Bytes of the trailer. */
    public static final int LENGTH = MessageSchema.TRAILER_LENGTH;
    /** Offset of the publisher id from the trailer's start. */
    public static final int PUBLISHER_OFFSET = 0;
    /** Offset of the reserved (zero) int from the trailer's start. */
    public static final int RESERVED_OFFSET = 4;
    /** Offset of the sequence number from the trailer's start. */
    public static final int SEQ_OFFSET = 8;
    /** Offset of the tag from the trailer's start. */
    public static final int TAG_OFFSET = 16;
    /** Bytes of the (truncated) tag. */
    public static final int TAG_LENGTH = 16;

    private FrameTrailer()
    {
    }
}
