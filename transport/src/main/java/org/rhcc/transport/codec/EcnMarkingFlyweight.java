package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Flyweight over the {@code EcnMarking} frame, template id {@value MessageSchema#ECN_MARKING_TEMPLATE_ID}.
 * <p>
 * hostCC emulation: the receiver host starts or stops marking ECN while its IIO occupancy is above the threshold,
 * so senders cut their rates the DCQCN way (docs/design.md §4).
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
 *  |                         hostId (int32)                        |  16
 *  +---------------------------------------------------------------+
 *  |                       markingOn (int32)                       |  20
 *  +---------------------------------------------------------------+
 * </pre>
 * Little-endian, 24 bytes per frame; offsets are from the start of the frame.
 * <p>
 * <b>Note:</b> wrap only frames that passed {@link FrameValidator#validate}. Not thread safe; hold one per thread.
 */
public final class EcnMarkingFlyweight extends MessageFlyweight
{
    /**
     * Offset of the {@code nowNs} field.
     */
    public static final int NOW_NS_OFFSET = 8;

    /**
     * Offset of the {@code hostId} field.
     */
    public static final int HOST_ID_OFFSET = 16;

    /**
     * Offset of the {@code markingOn} field.
     */
    public static final int MARKING_ON_OFFSET = 20;

    /**
     * Length of the message block after the header, in bytes.
     */
    public static final int BLOCK_LENGTH = 16;

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
    public EcnMarkingFlyweight wrap(final DirectBuffer buffer, final int offset)
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
    public EcnMarkingFlyweight wrapAndApplyHeader(final MutableDirectBuffer buffer, final int offset)
    {
        wrapFrame(buffer, offset, FRAME_LENGTH);
        applyHeader(BLOCK_LENGTH, MessageSchema.ECN_MARKING_TEMPLATE_ID);
        return this;
    }

    /**
     * @return time of the change, ns of the publisher's clock.
     */
    public long nowNs()
    {
        return frame.getLong(NOW_NS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param nowNs time of the change, ns of the publisher's clock.
     * @return this for a fluent API.
     */
    public EcnMarkingFlyweight nowNs(final long nowNs)
    {
        frame.putLong(NOW_NS_OFFSET, nowNs, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return id of the receiver host.
     */
    public int hostId()
    {
        return frame.getInt(HOST_ID_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param hostId id of the receiver host.
     * @return this for a fluent API.
     */
    public EcnMarkingFlyweight hostId(final int hostId)
    {
        frame.putInt(HOST_ID_OFFSET, hostId, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return 1 while marking, 0 when marking stops.
     */
    public int markingOn()
    {
        return frame.getInt(MARKING_ON_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param markingOn 1 while marking, 0 when marking stops.
     * @return this for a fluent API.
     */
    public EcnMarkingFlyweight markingOn(final int markingOn)
    {
        frame.putInt(MARKING_ON_OFFSET, markingOn, LITTLE_ENDIAN);
        return this;
    }

    /**
     * {@inheritDoc}
     */
    public String toString()
    {
        return "EcnMarking{" +
            "nowNs=" + nowNs() +
            ", " + "hostId=" + hostId() +
            ", " + "markingOn=" + markingOn() +
            "}";
    }
}
