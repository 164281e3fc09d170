package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Flyweight over the {@code ClockDone} frame, template id {@value MessageSchema#CLOCK_DONE_TEMPLATE_ID}.
 * <p>
 * Lockstep: a controller node has answered every signal up to {@code doneUpToNs} (docs/design.md §6).
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |     Message Header (8 bytes, see MessageHeaderDescriptor)     |  0
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                       doneUpToNs (int64)                      |  8
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                         epoch (int64)                         |  16
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                         nodeId (int32)                        |  24
 *  +---------------------------------------------------------------+
 *  |                        Reserved (zero)                        |  28
 *  +---------------------------------------------------------------+
 * </pre>
 * Little-endian, 32 bytes per frame; offsets are from the start of the frame.
 * <p>
 * <b>Note:</b> wrap only frames that passed {@link FrameValidator#validate}. Not thread safe; hold one per thread.
 */
public final class ClockDoneFlyweight extends MessageFlyweight
{
    /**
     * Offset of the {@code doneUpToNs} field.
     */
    public static final int DONE_UP_TO_NS_OFFSET = 8;

    /**
     * Offset of the {@code epoch} field.
     */
    public static final int EPOCH_OFFSET = 16;

    /**
     * Offset of the {@code nodeId} field.
     */
    public static final int NODE_ID_OFFSET = 24;

    /**
     * Length of the message block after the header, in bytes.
     */
    public static final int BLOCK_LENGTH = 24;

    /**
     * Length of the whole frame, header included, in bytes.
     */
    public static final int FRAME_LENGTH = MessageHeaderDescriptor.HEADER_LENGTH + BLOCK_LENGTH;

    private static final int RESERVED_OFFSET = 28;

    /**
     * Wraps a validated frame for reading.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @return this for a fluent API.
     */
    public ClockDoneFlyweight wrap(final DirectBuffer buffer, final int offset)
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
    public ClockDoneFlyweight wrapAndApplyHeader(final MutableDirectBuffer buffer, final int offset)
    {
        wrapFrame(buffer, offset, FRAME_LENGTH);
        applyHeader(BLOCK_LENGTH, MessageSchema.CLOCK_DONE_TEMPLATE_ID);
        frame.putInt(RESERVED_OFFSET, 0, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return simulated time up to which the node has answered every signal, ns.
     */
    public long doneUpToNs()
    {
        return frame.getLong(DONE_UP_TO_NS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param doneUpToNs simulated time up to which the node has answered every signal, ns.
     * @return this for a fluent API.
     */
    public ClockDoneFlyweight doneUpToNs(final long doneUpToNs)
    {
        frame.putLong(DONE_UP_TO_NS_OFFSET, doneUpToNs, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return run epoch of the {@link ClockAdvanceFlyweight} being answered.
     */
    public long epoch()
    {
        return frame.getLong(EPOCH_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param epoch run epoch of the {@link ClockAdvanceFlyweight} being answered.
     * @return this for a fluent API.
     */
    public ClockDoneFlyweight epoch(final long epoch)
    {
        frame.putLong(EPOCH_OFFSET, epoch, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return id of the answering controller node.
     */
    public int nodeId()
    {
        return frame.getInt(NODE_ID_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param nodeId id of the answering controller node.
     * @return this for a fluent API.
     */
    public ClockDoneFlyweight nodeId(final int nodeId)
    {
        frame.putInt(NODE_ID_OFFSET, nodeId, LITTLE_ENDIAN);
        return this;
    }

    /**
     * {@inheritDoc}
     */
    public String toString()
    {
        return "ClockDone{" +
            "doneUpToNs=" + doneUpToNs() +
            ", " + "epoch=" + epoch() +
            ", " + "nodeId=" + nodeId() +
            "}";
    }
}
