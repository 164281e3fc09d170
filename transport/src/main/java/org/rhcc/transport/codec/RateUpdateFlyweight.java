package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Flyweight over the {@code RateUpdate} frame, template id {@value MessageSchema#RATE_UPDATE_TEMPLATE_ID}.
 * <p>
 * A sending-rate decision of the sender loop for one queue pair: R_rev from paper Eq. (3) and
 * R_send = min(R_rev, R_cc) from Eq. (4). Consumed by the rate limiter (DOCA PCC or the simulator).
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
 *  |                  rRevGbps (float64 IEEE 754)                  |  16
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                  rSendGbps (float64 IEEE 754)                 |  24
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                           qp (int32)                          |  32
 *  +---------------------------------------------------------------+
 *  |                        Reserved (zero)                        |  36
 *  +---------------------------------------------------------------+
 * </pre>
 * Little-endian, 40 bytes per frame; offsets are from the start of the frame.
 * <p>
 * <b>Note:</b> wrap only frames that passed {@link FrameValidator#validate}. Not thread safe; hold one per thread.
 */
public final class RateUpdateFlyweight extends MessageFlyweight
{
    /**
     * Offset of the {@code nowNs} field.
     */
    public static final int NOW_NS_OFFSET = 8;

    /**
     * Offset of the {@code rRevGbps} field.
     */
    public static final int R_REV_GBPS_OFFSET = 16;

    /**
     * Offset of the {@code rSendGbps} field.
     */
    public static final int R_SEND_GBPS_OFFSET = 24;

    /**
     * Offset of the {@code qp} field.
     */
    public static final int QP_OFFSET = 32;

    /**
     * Length of the message block after the header, in bytes.
     */
    public static final int BLOCK_LENGTH = 32;

    /**
     * Length of the whole frame, header included, in bytes.
     */
    public static final int FRAME_LENGTH = MessageHeaderDescriptor.HEADER_LENGTH + BLOCK_LENGTH;

    private static final int RESERVED_OFFSET = 36;

    /**
     * Wraps a validated frame for reading.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @return this for a fluent API.
     */
    public RateUpdateFlyweight wrap(final DirectBuffer buffer, final int offset)
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
    public RateUpdateFlyweight wrapAndApplyHeader(final MutableDirectBuffer buffer, final int offset)
    {
        wrapFrame(buffer, offset, FRAME_LENGTH);
        applyHeader(BLOCK_LENGTH, MessageSchema.RATE_UPDATE_TEMPLATE_ID);
        frame.putInt(RESERVED_OFFSET, 0, LITTLE_ENDIAN);
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
    public RateUpdateFlyweight nowNs(final long nowNs)
    {
        frame.putLong(NOW_NS_OFFSET, nowNs, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return receivable rate R_rev, Gbit/s.
     */
    public double rRevGbps()
    {
        return frame.getDouble(R_REV_GBPS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param rRevGbps receivable rate R_rev, Gbit/s.
     * @return this for a fluent API.
     */
    public RateUpdateFlyweight rRevGbps(final double rRevGbps)
    {
        frame.putDouble(R_REV_GBPS_OFFSET, rRevGbps, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return sending rate min(R_rev, R_cc), Gbit/s.
     */
    public double rSendGbps()
    {
        return frame.getDouble(R_SEND_GBPS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param rSendGbps sending rate min(R_rev, R_cc), Gbit/s.
     * @return this for a fluent API.
     */
    public RateUpdateFlyweight rSendGbps(final double rSendGbps)
    {
        frame.putDouble(R_SEND_GBPS_OFFSET, rSendGbps, LITTLE_ENDIAN);
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
    public RateUpdateFlyweight qp(final int qp)
    {
        frame.putInt(QP_OFFSET, qp, LITTLE_ENDIAN);
        return this;
    }

    /**
     * {@inheritDoc}
     */
    public String toString()
    {
        return "RateUpdate{" +
            "nowNs=" + nowNs() +
            ", " + "rRevGbps=" + rRevGbps() +
            ", " + "rSendGbps=" + rSendGbps() +
            ", " + "qp=" + qp() +
            "}";
    }
}
