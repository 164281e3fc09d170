package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Flyweight over the {@code MbaLevelCommand} frame, template id {@value MessageSchema#MBA_LEVEL_COMMAND_TEMPLATE_ID}.
 * <p>
 * An MBA throttling decision of the receiver loop's MBA cascade for one COS group of one host (docs/design.md §4).
 * Consumed by the MBA actuator (resctrl, MSR or the simulator).
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |     Message Header (8 bytes, see MessageHeaderDescriptor)     |  0
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                         nowNs (int64)                         |  8
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                          seq (int64)                          |  16
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                         hostId (int32)                        |  24
 *  +---------------------------------------------------------------+
 *  |                         group (int32)                         |  28
 *  +---------------------------------------------------------------+
 *  |                         level (int32)                         |  32
 *  +---------------------------------------------------------------+
 *  |                         reason (int32)                        |  36
 *  +---------------------------------------------------------------+
 * </pre>
 * Little-endian, 40 bytes per frame; offsets are from the start of the frame.
 * <p>
 * <b>Note:</b> wrap only frames that passed {@link FrameValidator#validate}. Not thread safe; hold one per thread.
 */
public final class MbaLevelCommandFlyweight extends MessageFlyweight
{
    /**
     * Offset of the {@code nowNs} field.
     */
    public static final int NOW_NS_OFFSET = 8;

    /**
     * Offset of the {@code seq} field.
     */
    public static final int SEQ_OFFSET = 16;

    /**
     * Offset of the {@code hostId} field.
     */
    public static final int HOST_ID_OFFSET = 24;

    /**
     * Offset of the {@code group} field.
     */
    public static final int GROUP_OFFSET = 28;

    /**
     * Offset of the {@code level} field.
     */
    public static final int LEVEL_OFFSET = 32;

    /**
     * Offset of the {@code reason} field.
     */
    public static final int REASON_OFFSET = 36;

    /**
     * Length of the message block after the header, in bytes.
     */
    public static final int BLOCK_LENGTH = 32;

    /**
     * Length of the whole frame, header included, in bytes.
     */
    public static final int FRAME_LENGTH = MessageHeaderDescriptor.HEADER_LENGTH + BLOCK_LENGTH;

    /**
     * Wraps a validated frame for reading.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @return this for a fluent API.
     */
    public MbaLevelCommandFlyweight wrap(final DirectBuffer buffer, final int offset)
    {
        wrapFrame(buffer, offset, FRAME_LENGTH);
        return this;
    }

    /**
     * Wraps a buffer for writing a new frame and writes its header; reserved fields are zeroed.
     *
     * @param buffer to write into; it must hold {@link #FRAME_LENGTH} bytes from {@code offset}.
     * @param offset at which the frame starts.
     * @return this for a fluent API.
     */
    public MbaLevelCommandFlyweight wrapAndApplyHeader(final MutableDirectBuffer buffer, final int offset)
    {
        wrapFrame(buffer, offset, FRAME_LENGTH);
        applyHeader(BLOCK_LENGTH, MessageSchema.MBA_LEVEL_COMMAND_TEMPLATE_ID);
        return this;
    }

    /**
     * @return time of the decision, ns of the controller's clock.
     */
    public long nowNs()
    {
        return frame.getLong(NOW_NS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param nowNs time of the decision, ns of the controller's clock.
     * @return this for a fluent API.
     */
    public MbaLevelCommandFlyweight nowNs(final long nowNs)
    {
        frame.putLong(NOW_NS_OFFSET, nowNs, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return sequence number of the command per host, from 0, without gaps.
     */
    public long seq()
    {
        return frame.getLong(SEQ_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param seq sequence number of the command per host, from 0, without gaps.
     * @return this for a fluent API.
     */
    public MbaLevelCommandFlyweight seq(final long seq)
    {
        frame.putLong(SEQ_OFFSET, seq, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return id of the host whose group is throttled.
     */
    public int hostId()
    {
        return frame.getInt(HOST_ID_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param hostId id of the host whose group is throttled.
     * @return this for a fluent API.
     */
    public MbaLevelCommandFlyweight hostId(final int hostId)
    {
        frame.putInt(HOST_ID_OFFSET, hostId, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return index of the COS group, 0 = local-NUMA cores, 1 = cross-NUMA cores by default.
     */
    public int group()
    {
        return frame.getInt(GROUP_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param group index of the COS group, 0 = local-NUMA cores, 1 = cross-NUMA cores by default.
     * @return this for a fluent API.
     */
    public MbaLevelCommandFlyweight group(final int group)
    {
        frame.putInt(GROUP_OFFSET, group, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return MBA level, 1 (100 %, unthrottled) .. 5 (20 %).
     */
    public int level()
    {
        return frame.getInt(LEVEL_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param level MBA level, 1 (100 %, unthrottled) .. 5 (20 %).
     * @return this for a fluent API.
     */
    public MbaLevelCommandFlyweight level(final int level)
    {
        frame.putInt(LEVEL_OFFSET, level, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return why the level changed, a {@link MbaReason#code()}.
     */
    public int reason()
    {
        return frame.getInt(REASON_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param reason why the level changed, a {@link MbaReason#code()}.
     * @return this for a fluent API.
     */
    public MbaLevelCommandFlyweight reason(final int reason)
    {
        frame.putInt(REASON_OFFSET, reason, LITTLE_ENDIAN);
        return this;
    }

    /**
     * {@inheritDoc}
     */
    public String toString()
    {
        return "MbaLevelCommand{" +
            "nowNs=" + nowNs() +
            ", " + "seq=" + seq() +
            ", " + "hostId=" + hostId() +
            ", " + "group=" + group() +
            ", " + "level=" + level() +
            ", " + "reason=" + reason() +
            "}";
    }
}
