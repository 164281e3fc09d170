package org.rhcc.transport.codec;

/**
 * Why a decoder rejected a frame. Rejected frames are counted per reason and dropped; they never raise an exception.
 */
public enum DropReason
{
    /**
     * The frame is shorter than the {@link MessageHeaderDecoder#ENCODED_LENGTH 8-byte header}.
     */
    SHORT_FRAME("frame shorter than the 8-byte message header"),

    /**
     * The header's schema id is not {@link MessageSchema#SCHEMA_ID}: the publisher speaks another protocol.
     */
    WRONG_SCHEMA_ID("schema id is not rhcc's"),

    /**
     * The header's version is outside
     * {@link MessageSchema#MIN_SUPPORTED_VERSION}..{@link MessageSchema#SCHEMA_VERSION}.
     */
    UNSUPPORTED_VERSION("schema version not supported by this build"),

    /**
     * The template id is not part of the schema.
     */
    UNKNOWN_TEMPLATE("unknown template id"),

    /**
     * The header's block length differs from the template's block length.
     */
    WRONG_BLOCK_LENGTH("block length does not match the template"),

    /**
     * The frame ends before the end of the block the header announces and the authentication trailer.
     */
    TRUNCATED_FRAME("frame shorter than header, block and trailer"),

    /**
     * The frame carries bytes after the block the header announces and the authentication trailer.
     */
    OVERLONG_FRAME("frame longer than header, block and trailer"),

    /**
     * The trailer's tag does not verify under the cluster's key for this session, or names a publisher the stream
     * does not accept: a forged frame, or a genuine one moved to another session or stream
     * ({@code org.rhcc.transport.auth.FrameVerifier}).
     */
    UNAUTHENTICATED("not signed with the cluster key for this session and stream"),

    /**
     * The trailer's sequence number is not above the last one accepted from its publisher: a genuine frame delivered
     * again.
     */
    REPLAYED("sequence number not above its publisher's last (a replayed frame)"),

    /**
     * An authenticated command outside the session's configuration (an MBA group or level, a QP or a rate, a host
     * the session does not have): dropped where it would be applied, the run goes on.
     */
    INVALID_COMMAND("command outside the session's configuration");

    private static final DropReason[] VALUES = values();

    private final String description;

    DropReason(final String description)
    {
        this.description = description;
    }

    /**
     * @return a short human-readable description of the reason.
     */
    public String description()
    {
        return description;
    }

    /**
     * Encodes the reason as the negative result {@link FrameValidator#validate} returns.
     *
     * @return a value below zero that identifies this reason.
     */
    public int result()
    {
        return -(ordinal() + 1);
    }

    /**
     * Decodes a negative validation result.
     *
     * @param result returned by {@link FrameValidator#validate}, below zero.
     * @return the reason the result stands for.
     * @throws IllegalArgumentException if the result is not a drop result.
     */
    public static DropReason fromResult(final int result)
    {
        final int index = -result - 1;
        if (index < 0 || index >= VALUES.length)
        {
            throw new IllegalArgumentException("not a frame drop result: " + result);
        }

        return VALUES[index];
    }

    /**
     * @return the number of reasons, for sizing per-reason counters.
     */
    public static int count()
    {
        return VALUES.length;
    }

    /**
     * Reason by ordinal without allocating, for iterating counters.
     *
     * @param ordinal of the reason.
     */
    public static DropReason byOrdinal(final int ordinal)
    {
        return VALUES[ordinal];
    }
}
