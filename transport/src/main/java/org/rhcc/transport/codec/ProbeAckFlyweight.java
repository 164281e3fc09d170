package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Flyweight over the {@code ProbeAck} frame, template id {@value MessageSchema#PROBE_ACK_TEMPLATE_ID}.
 * <p>
 * A probe ACK of one queue pair: the two receiver-NIC timestamps of a probe and the sender's inter-host rate, the
 * input of RHCC's sender loop (paper Eq. (2)). Timestamps are the low 32 bits of ns and wrap.
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
 *  |                   rccGbps (float64 IEEE 754)                  |  16
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                           qp (int32)                          |  24
 *  +---------------------------------------------------------------+
 *  |                      reqRecvTs32 (int32)                      |  28
 *  +---------------------------------------------------------------+
 *  |                      respSendTs32 (int32)                     |  32
 *  +---------------------------------------------------------------+
 *  |                        Reserved (zero)                        |  36
 *  +---------------------------------------------------------------+
 * </pre>
 * Little-endian, 40 bytes per frame; offsets are from the start of the frame.
 * <p>
 * <b>Note:</b> wrap only frames that passed {@link FrameValidator#validate}. Not thread safe; hold one per thread.
 */
public final class ProbeAckFlyweight extends MessageFlyweight
{
    /**
     * Offset of the {@code nowNs} field.
     */
    public static final int NOW_NS_OFFSET = 8;

    /**
     * Offset of the {@code rccGbps} field.
     */
    public static final int RCC_GBPS_OFFSET = 16;

    /**
     * Offset of the {@code qp} field.
     */
    public static final int QP_OFFSET = 24;

    /**
     * Offset of the {@code reqRecvTs32} field.
     */
    public static final int REQ_RECV_TS_32_OFFSET = 28;

    /**
     * Offset of the {@code respSendTs32} field.
     */
    public static final int RESP_SEND_TS_32_OFFSET = 32;

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
    public ProbeAckFlyweight wrap(final DirectBuffer buffer, final int offset)
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
    public ProbeAckFlyweight wrapAndApplyHeader(final MutableDirectBuffer buffer, final int offset)
    {
        wrapFrame(buffer, offset, FRAME_LENGTH);
        applyHeader(BLOCK_LENGTH, MessageSchema.PROBE_ACK_TEMPLATE_ID);
        frame.putInt(RESERVED_OFFSET, 0, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return time the ACK reached the sender, ns of the publisher's clock.
     */
    public long nowNs()
    {
        return frame.getLong(NOW_NS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param nowNs time the ACK reached the sender, ns of the publisher's clock.
     * @return this for a fluent API.
     */
    public ProbeAckFlyweight nowNs(final long nowNs)
    {
        frame.putLong(NOW_NS_OFFSET, nowNs, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return inter-host congestion control rate R_cc of the flow at ACK time, Gbit/s.
     */
    public double rccGbps()
    {
        return frame.getDouble(RCC_GBPS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param rccGbps inter-host congestion control rate R_cc of the flow at ACK time, Gbit/s.
     * @return this for a fluent API.
     */
    public ProbeAckFlyweight rccGbps(final double rccGbps)
    {
        frame.putDouble(RCC_GBPS_OFFSET, rccGbps, LITTLE_ENDIAN);
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
    public ProbeAckFlyweight qp(final int qp)
    {
        frame.putInt(QP_OFFSET, qp, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return receiver-NIC timestamp of the probe's arrival, low 32 bits of ns.
     */
    public int reqRecvTs32()
    {
        return frame.getInt(REQ_RECV_TS_32_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param reqRecvTs32 receiver-NIC timestamp of the probe's arrival, low 32 bits of ns.
     * @return this for a fluent API.
     */
    public ProbeAckFlyweight reqRecvTs32(final int reqRecvTs32)
    {
        frame.putInt(REQ_RECV_TS_32_OFFSET, reqRecvTs32, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return receiver-NIC timestamp of the response's departure, low 32 bits of ns.
     */
    public int respSendTs32()
    {
        return frame.getInt(RESP_SEND_TS_32_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param respSendTs32 receiver-NIC timestamp of the response's departure, low 32 bits of ns.
     * @return this for a fluent API.
     */
    public ProbeAckFlyweight respSendTs32(final int respSendTs32)
    {
        frame.putInt(RESP_SEND_TS_32_OFFSET, respSendTs32, LITTLE_ENDIAN);
        return this;
    }

    /**
     * {@inheritDoc}
     */
    public String toString()
    {
        return "ProbeAck{" +
            "nowNs=" + nowNs() +
            ", " + "rccGbps=" + rccGbps() +
            ", " + "qp=" + qp() +
            ", " + "reqRecvTs32=" + reqRecvTs32() +
            ", " + "respSendTs32=" + respSendTs32() +
            "}";
    }
}
