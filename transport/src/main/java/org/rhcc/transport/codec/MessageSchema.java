package org.rhcc.transport.codec;

/**
 * Identity of the rhcc wire schema: schema id, version and the template id and block length of every message.
 * <p>
 * Versioning rule: a message's layout never changes within a version. A later version may only append fields to a
 * block (as SBE's {@code sinceVersion} does) or add templates; it then raises {@link #SCHEMA_VERSION} and the block
 * lengths here, and decoders accept versions from {@link #MIN_SUPPORTED_VERSION} to {@link #SCHEMA_VERSION}.
 */
public final class MessageSchema
{
    /**
     * Schema id carried in every header: ASCII "rh" read as a little-endian uint16.
     */
    public static final int SCHEMA_ID = 0x6872;

    /**
     * Version this code writes.
     */
    public static final int SCHEMA_VERSION = 1;

    /**
     * Oldest version this code decodes.
     */
    public static final int MIN_SUPPORTED_VERSION = 1;

    /**
     * Template id of {@link IioSampleFlyweight}.
     */
    public static final int IIO_SAMPLE_TEMPLATE_ID = 1;

    /**
     * Template id of {@link MbaLevelCommandFlyweight}.
     */
    public static final int MBA_LEVEL_COMMAND_TEMPLATE_ID = 2;

    /**
     * Template id of {@link ProbeAckFlyweight}.
     */
    public static final int PROBE_ACK_TEMPLATE_ID = 3;

    /**
     * Template id of {@link RateUpdateFlyweight}.
     */
    public static final int RATE_UPDATE_TEMPLATE_ID = 4;

    /**
     * Template id of {@link QpOpenFlyweight}.
     */
    public static final int QP_OPEN_TEMPLATE_ID = 5;

    /**
     * Template id of {@link QpCloseFlyweight}.
     */
    public static final int QP_CLOSE_TEMPLATE_ID = 6;

    /**
     * Template id of {@link ClockAdvanceFlyweight}.
     */
    public static final int CLOCK_ADVANCE_TEMPLATE_ID = 7;

    /**
     * Template id of {@link ClockDoneFlyweight}.
     */
    public static final int CLOCK_DONE_TEMPLATE_ID = 8;

    /**
     * Template id of {@link EcnMarkingFlyweight}.
     */
    public static final int ECN_MARKING_TEMPLATE_ID = 9;

    /**
     * Largest template id in use; ids run from 1 to this value without gaps.
     */
    public static final int MAX_TEMPLATE_ID = ECN_MARKING_TEMPLATE_ID;

    private static final int[] BLOCK_LENGTHS = new int[MAX_TEMPLATE_ID + 1];
    private static final String[] NAMES = new String[MAX_TEMPLATE_ID + 1];

    static
    {
        register(IIO_SAMPLE_TEMPLATE_ID, IioSampleFlyweight.BLOCK_LENGTH, "IioSample");
        register(MBA_LEVEL_COMMAND_TEMPLATE_ID, MbaLevelCommandFlyweight.BLOCK_LENGTH, "MbaLevelCommand");
        register(PROBE_ACK_TEMPLATE_ID, ProbeAckFlyweight.BLOCK_LENGTH, "ProbeAck");
        register(RATE_UPDATE_TEMPLATE_ID, RateUpdateFlyweight.BLOCK_LENGTH, "RateUpdate");
        register(QP_OPEN_TEMPLATE_ID, QpOpenFlyweight.BLOCK_LENGTH, "QpOpen");
        register(QP_CLOSE_TEMPLATE_ID, QpCloseFlyweight.BLOCK_LENGTH, "QpClose");
        register(CLOCK_ADVANCE_TEMPLATE_ID, ClockAdvanceFlyweight.BLOCK_LENGTH, "ClockAdvance");
        register(CLOCK_DONE_TEMPLATE_ID, ClockDoneFlyweight.BLOCK_LENGTH, "ClockDone");
        register(ECN_MARKING_TEMPLATE_ID, EcnMarkingFlyweight.BLOCK_LENGTH, "EcnMarking");
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
     * Name of a template, for diagnostics.
     *
     * @param templateId of the message.
     * @return the message name, or {@code "unknown"} if the template id is not part of the schema.
     */
    public static String templateName(final int templateId)
    {
        return templateId > 0 && templateId <= MAX_TEMPLATE_ID ? NAMES[templateId] : "unknown";
    }
}
