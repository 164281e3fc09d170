package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Flyweight over the {@code QpOpen} frame, template id {@value MessageSchema#QP_OPEN_TEMPLATE_ID}.
 * <p>
 * A queue pair starts: the sender loop creates its state (docs/design.md §2, sender entities).
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
 *  |                         dThrNs (int64)                        |  16
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                lineRateGbps (float64 IEEE 754)                |  24
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                           qp (int32)                          |  32
 *  +---------------------------------------------------------------+
 *  |                      senderHostId (int32)                     |  36
 *  +---------------------------------------------------------------+
 *  |                     receiverHostId (int32)                    |  40
 *  +---------------------------------------------------------------+
 *  |                        Reserved (zero)                        |  44
 *  +---------------------------------------------------------------+
 * </pre>
 * Little-endian, 48 bytes per frame; offsets are from the start of the frame.
 * <p>
 * <b>Note:</b> wrap only frames that passed {@link FrameValidator#validate}. Not thread safe; hold one per thread.
 */
public final class QpOpenFlyweight extends MessageFlyweight
{
    /**
     * Offset of the {@code nowNs} field.
     */
    public static final int NOW_NS_OFFSET = 8;

    /**
     * Offset of the {@code dThrNs} field.
     */
    public static final int D_THR_NS_OFFSET = 16;

    /**
     * Offset of the {@code lineRateGbps} field.
     */
    public static final int LINE_RATE_GBPS_OFFSET = 24;

    /**
     * Offset of the {@code qp} field.
     */
    public static final int QP_OFFSET = 32;

    /**
     * Offset of the {@code senderHostId} field.
     */
    public static final int SENDER_HOST_ID_OFFSET = 36;

    /**
     * Offset of the {@code receiverHostId} field.
     */
    public static final int RECEIVER_HOST_ID_OFFSET = 40;

    /**
     * Length of the message block after the header, in bytes.
     */
    public static final int BLOCK_LENGTH = 40;

    /**
     * Length of the whole frame, header included, in bytes.
     */
    public static final int FRAME_LENGTH = MessageHeaderDescriptor.HEADER_LENGTH + BLOCK_LENGTH;

    private static final int RESERVED_OFFSET = 44;

    /**
     * Wraps a validated frame for reading.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @return this for a fluent API.
     */
    public QpOpenFlyweight wrap(final DirectBuffer buffer, final int offset)
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
    public QpOpenFlyweight wrapAndApplyHeader(final MutableDirectBuffer buffer, final int offset)
    {
        wrapFrame(buffer, offset, FRAME_LENGTH);
        applyHeader(BLOCK_LENGTH, MessageSchema.QP_OPEN_TEMPLATE_ID);
        frame.putInt(RESERVED_OFFSET, 0, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return time the queue pair opened, ns of the publisher's clock.
     */
    public long nowNs()
    {
        return frame.getLong(NOW_NS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param nowNs time the queue pair opened, ns of the publisher's clock.
     * @return this for a fluent API.
     */
    public QpOpenFlyweight nowNs(final long nowNs)
    {
        frame.putLong(NOW_NS_OFFSET, nowNs, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return delay threshold D_thr of paper Eq. (3) for this flow, ns.
     */
    public long dThrNs()
    {
        return frame.getLong(D_THR_NS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param dThrNs delay threshold D_thr of paper Eq. (3) for this flow, ns.
     * @return this for a fluent API.
     */
    public QpOpenFlyweight dThrNs(final long dThrNs)
    {
        frame.putLong(D_THR_NS_OFFSET, dThrNs, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return line rate R_line of the sender NIC, the upper clamp of R_rev, Gbit/s.
     */
    public double lineRateGbps()
    {
        return frame.getDouble(LINE_RATE_GBPS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param lineRateGbps line rate R_line of the sender NIC, the upper clamp of R_rev, Gbit/s.
     * @return this for a fluent API.
     */
    public QpOpenFlyweight lineRateGbps(final double lineRateGbps)
    {
        frame.putDouble(LINE_RATE_GBPS_OFFSET, lineRateGbps, LITTLE_ENDIAN);
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
    public QpOpenFlyweight qp(final int qp)
    {
        frame.putInt(QP_OFFSET, qp, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return id of the host that sends on the queue pair.
     */
    public int senderHostId()
    {
        return frame.getInt(SENDER_HOST_ID_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param senderHostId id of the host that sends on the queue pair.
     * @return this for a fluent API.
     */
    public QpOpenFlyweight senderHostId(final int senderHostId)
    {
        frame.putInt(SENDER_HOST_ID_OFFSET, senderHostId, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return id of the host that receives on the queue pair.
     */
    public int receiverHostId()
    {
        return frame.getInt(RECEIVER_HOST_ID_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param receiverHostId id of the host that receives on the queue pair.
     * @return this for a fluent API.
     */
    public QpOpenFlyweight receiverHostId(final int receiverHostId)
    {
        frame.putInt(RECEIVER_HOST_ID_OFFSET, receiverHostId, LITTLE_ENDIAN);
        return this;
    }

    /**
     * {@inheritDoc}
     */
    public String toString()
    {
        return "QpOpen{" +
            "nowNs=" + nowNs() +
            ", " + "dThrNs=" + dThrNs() +
            ", " + "lineRateGbps=" + lineRateGbps() +
            ", " + "qp=" + qp() +
            ", " + "senderHostId=" + senderHostId() +
            ", " + "receiverHostId=" + receiverHostId() +
            "}";
    }
}
