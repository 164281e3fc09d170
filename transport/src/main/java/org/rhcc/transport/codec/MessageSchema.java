package org.rhcc.transport.codec;

/**
 * Identity of the rhcc wire schema ({@code transport/src/main/resources/rhcc/rhcc-messages.xml}): schema id, the
 * versions this build reads, and the block length of every template, taken from the generated codecs.
 * <p>
 * Versioning rule: a message's layout never changes within a version. A later version may only append fields to a
 * block (SBE's {@code sinceVersion}) or add templates; it then raises the schema's version, and decoders accept
 * versions from {@link #MIN_SUPPORTED_VERSION} to {@link #SCHEMA_VERSION}. Version 2 added the authentication trailer
 * after every message ({@link #TRAILER_LENGTH} bytes, {@code org.rhcc.transport.auth.FrameTrailer}); frames of
 * version 1 have none and are refused.
 */
public final class MessageSchema
{
    /**
     * Schema id carried in every header: ASCII "rh" read as a little-endian uint16.
     */
    public static final int SCHEMA_ID = MessageHeaderEncoder.SCHEMA_ID;

    /**
     * Version this code writes.
     */
    public static final int SCHEMA_VERSION = MessageHeaderEncoder.SCHEMA_VERSION;

    /**
     * Oldest version this code decodes: the first with the authentication trailer.
     */
    public static final int MIN_SUPPORTED_VERSION = 2;

    /**
     * Bytes of the authentication trailer that follows every message ({@code org.rhcc.transport.auth.FrameTrailer}).
     */
    public static final int TRAILER_LENGTH = 32;

    /**
     * Length of the message header in bytes.
     */
    public static final int HEADER_LENGTH = MessageHeaderEncoder.ENCODED_LENGTH;

    /**
     * Largest template id in use (ids 4, 5 and 6 are retired, not reused).
     */
    public static final int MAX_TEMPLATE_ID = ReceiverStateEncoder.TEMPLATE_ID;

    private static final int[] BLOCK_LENGTHS = new int[MAX_TEMPLATE_ID + 1];
    private static final String[] NAMES = new String[MAX_TEMPLATE_ID + 1];
    private static final int[] SINCE_VERSIONS = new int[MAX_TEMPLATE_ID + 1];

    static
    {
        java.util.Arrays.fill(BLOCK_LENGTHS, -1);
        register(IioSampleEncoder.TEMPLATE_ID, IioSampleEncoder.BLOCK_LENGTH, "IioSample");
        register(MbaLevelCommandEncoder.TEMPLATE_ID, MbaLevelCommandEncoder.BLOCK_LENGTH, "MbaLevelCommand");
        register(ProbeAckEncoder.TEMPLATE_ID, ProbeAckEncoder.BLOCK_LENGTH, "ProbeAck");
        register(RateUpdateEncoder.TEMPLATE_ID, RateUpdateEncoder.BLOCK_LENGTH, "RateUpdate");
        // the schema's sinceVersion of each template added after version 1 (rhcc-messages.xml)
        SINCE_VERSIONS[RateUpdateEncoder.TEMPLATE_ID] = 3;
        register(ClockAdvanceEncoder.TEMPLATE_ID, ClockAdvanceEncoder.BLOCK_LENGTH, "ClockAdvance");
        register(ClockDoneEncoder.TEMPLATE_ID, ClockDoneEncoder.BLOCK_LENGTH, "ClockDone");
        register(EcnMarkingEncoder.TEMPLATE_ID, EcnMarkingEncoder.BLOCK_LENGTH, "EcnMarking");
        register(ReceiverStateEncoder.TEMPLATE_ID, ReceiverStateEncoder.BLOCK_LENGTH, "ReceiverState");
        SINCE_VERSIONS[ReceiverStateEncoder.TEMPLATE_ID] = 4;
    }

    private MessageSchema()
    {
    }

    private static void register(final int templateId, final int blockLength, final String name)
    {
        BLOCK_LENGTHS[templateId] = blockLength;
        NAMES[templateId] = name;
    }

    /**
     * The version a template appeared in: a frame of an earlier version cannot carry it (its writer did not know it).
     *
     * @param templateId of the message, a template of the schema ({@link #blockLength} not -1).
     * @return the template's {@code sinceVersion} in the schema, 0 for the templates of version 1.
     */
    public static int sinceVersion(final int templateId)
    {
        return SINCE_VERSIONS[templateId];
    }

    /**
     * Block length a template has in the current version.
     *
     * @param templateId of the message.
     * @return the block length in bytes, or -1 if the template id is not part of the schema.
     */
    public static int blockLength(final int templateId)
    {
        return templateId > 0 && templateId <= MAX_TEMPLATE_ID ? BLOCK_LENGTHS[templateId] : -1;
    }

    /**
     * Length of a template's message: header and block.
     *
     * @param templateId of the message.
     * @return the message length in bytes, or -1 if the template id is not part of the schema.
     */
    public static int messageLength(final int templateId)
    {
        final int blockLength = blockLength(templateId);
        return blockLength < 0 ? -1 : HEADER_LENGTH + blockLength;
    }

    /**
     * Length of a template's whole frame: header, block and authentication trailer.
     *
     * @param templateId of the message.
     * @return the frame length in bytes, or -1 if the template id is not part of the schema.
     */
    public static int frameLength(final int templateId)
    {
        final int blockLength = blockLength(templateId);
        return blockLength < 0 ? -1 : HEADER_LENGTH + blockLength + TRAILER_LENGTH;
    }

    /**
     * Name of a template, for diagnostics.
     *
     * @param templateId of the message.
     * @return the message name, or {@code "unknown"} if the template id is not part of the schema.
     */
    public static String templateName(final int templateId)
    {
        final String name = templateId > 0 && templateId <= MAX_TEMPLATE_ID ? NAMES[templateId] : null;
        return null != name ? name : "unknown";
    }
}
