package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Flyweight over the {@code QpClose} frame, template id {@value MessageSchema#QP_CLOSE_TEMPLATE_ID}.
 * <p>
 * A queue pair ends: the sender loop drops its state.
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
 *  |                           qp (int32)                          |  16
 *  +---------------------------------------------------------------+
 *  |                      senderHostId (int32)                     |  20
 *  +---------------------------------------------------------------+
 * </pre>
 * Little-endian, 24 bytes per frame; offsets are from the start of the frame.
 * <p>
 * <b>Note:</b> wrap only frames that passed {@link FrameValidator#validate}. Not thread safe; hold one per thread.
 */
public final class QpCloseFlyweight extends MessageFlyweight
{
    /**
     * Offset of the {@code nowNs} field.
     */
    public static final int NOW_NS_OFFSET = 8;

    /**
     * Offset of the {@code qp} field.
     */
    public static final int QP_OFFSET = 16;

    /**
     * Offset of the {@code senderHostId} field.
     */
    public static final int SENDER_HOST_ID_OFFSET = 20;

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
    public QpCloseFlyweight wrap(final DirectBuffer buffer, final int offset)
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
    public QpCloseFlyweight wrapAndApplyHeader(final MutableDirectBuffer buffer, final int offset)
    {
        wrapFrame(buffer, offset, FRAME_LENGTH);
        applyHeader(BLOCK_LENGTH, MessageSchema.QP_CLOSE_TEMPLATE_ID);
        return this;
    }

    /**
     * @return time the queue pair closed, ns of the publisher's clock.
     */
    public long nowNs()
    {
        return frame.getLong(NOW_NS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param nowNs time the queue pair closed, ns of the publisher's clock.
     * @return this for a fluent API.
     */
    public QpCloseFlyweight nowNs(final long nowNs)
    {
        frame.putLong(NOW_NS_OFFSET, nowNs, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return queue-pair number of the flow.
     */
    public int qp()
    {
        return frame.getInt(QP_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param qp queue-pair number of the flow.
     * @return this for a fluent API.
     */
    public QpCloseFlyweight qp(final int qp)
    {
        frame.putInt(QP_OFFSET, qp, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return id of the host that sent on the queue pair.
     */
    public int senderHostId()
    {
        return frame.getInt(SENDER_HOST_ID_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param senderHostId id of the host that sent on the queue pair.
     * @return this for a fluent API.
     */
    public QpCloseFlyweight senderHostId(final int senderHostId)
    {
        frame.putInt(SENDER_HOST_ID_OFFSET, senderHostId, LITTLE_ENDIAN);
        return this;
    }

    /**
     * {@inheritDoc}
     */
    public String toString()
    {
        return "QpClose{" +
            "nowNs=" + nowNs() +
            ", " + "qp=" + qp() +
            ", " + "senderHostId=" + senderHostId() +
            "}";
    }
}
