package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Flyweight over the {@code ClockAdvance} frame, template id {@value MessageSchema#CLOCK_ADVANCE_TEMPLATE_ID}.
 * <p>
 * Lockstep: the simulator has published every signal up to {@code advanceToNs} on this stream and will not pass
 * that time before every controller node answers with a {@link ClockDoneFlyweight} (docs/design.md §6).
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |     Message Header (8 bytes, see MessageHeaderDescriptor)     |  0
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                      advanceToNs (int64)                      |  8
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                         epoch (int64)                         |  16
 *  |                                                               |
 *  +---------------------------------------------------------------+
 * </pre>
 * Little-endian, 24 bytes per frame; offsets are from the start of the frame.
 * <p>
 * <b>Note:</b> wrap only frames that passed {@link FrameValidator#validate}. Not thread safe; hold one per thread.
 */
public final class ClockAdvanceFlyweight extends MessageFlyweight
{
    /**
     * Offset of the {@code advanceToNs} field.
     */
    public static final int ADVANCE_TO_NS_OFFSET = 8;

    /**
     * Offset of the {@code epoch} field.
     */
    public static final int EPOCH_OFFSET = 16;

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
    public ClockAdvanceFlyweight wrap(final DirectBuffer buffer, final int offset)
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
    public ClockAdvanceFlyweight wrapAndApplyHeader(final MutableDirectBuffer buffer, final int offset)
    {
        wrapFrame(buffer, offset, FRAME_LENGTH);
        applyHeader(BLOCK_LENGTH, MessageSchema.CLOCK_ADVANCE_TEMPLATE_ID);
        return this;
    }

    /**
     * @return simulated time up to which all signals of the stream have been published, ns.
     */
    public long advanceToNs()
    {
        return frame.getLong(ADVANCE_TO_NS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param advanceToNs simulated time up to which all signals of the stream have been published, ns.
     * @return this for a fluent API.
     */
    public ClockAdvanceFlyweight advanceToNs(final long advanceToNs)
    {
        frame.putLong(ADVANCE_TO_NS_OFFSET, advanceToNs, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return run epoch; counts simulator restarts so stale answers can be told apart.
     */
    public long epoch()
    {
        return frame.getLong(EPOCH_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param epoch run epoch; counts simulator restarts so stale answers can be told apart.
     * @return this for a fluent API.
     */
    public ClockAdvanceFlyweight epoch(final long epoch)
    {
        frame.putLong(EPOCH_OFFSET, epoch, LITTLE_ENDIAN);
        return this;
    }

    /**
     * {@inheritDoc}
     */
    public String toString()
    {
        return "ClockAdvance{" +
            "advanceToNs=" + advanceToNs() +
            ", " + "epoch=" + epoch() +
            "}";
    }
}
