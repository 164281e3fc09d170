package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Flyweight over the {@code IioSample} frame, template id {@value MessageSchema#IIO_SAMPLE_TEMPLATE_ID}.
 * <p>
 * One IIO write-buffer occupancy sample of a receiver host: the input of RHCC's receiver loop (paper Eq. (1)).
 * Published by the MSR poller (or the simulator) on the IIO sample stream.
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
 *  |                  occupancy (float64 IEEE 754)                 |  24
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                  pcieGbps (float64 IEEE 754)                  |  32
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                         hostId (int32)                        |  40
 *  +---------------------------------------------------------------+
 *  |                        Reserved (zero)                        |  44
 *  +---------------------------------------------------------------+
 * </pre>
 * Little-endian, 48 bytes per frame; offsets are from the start of the frame.
 * <p>
 * <b>Note:</b> wrap only frames that passed {@link FrameValidator#validate}. Not thread safe; hold one per thread.
 */
public final class IioSampleFlyweight extends MessageFlyweight
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
     * Offset of the {@code occupancy} field.
     */
    public static final int OCCUPANCY_OFFSET = 24;

    /**
     * Offset of the {@code pcieGbps} field.
     */
    public static final int PCIE_GBPS_OFFSET = 32;

    /**
     * Offset of the {@code hostId} field.
     */
    public static final int HOST_ID_OFFSET = 40;

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
    public IioSampleFlyweight wrap(final DirectBuffer buffer, final int offset)
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
    public IioSampleFlyweight wrapAndApplyHeader(final MutableDirectBuffer buffer, final int offset)
    {
        wrapFrame(buffer, offset, FRAME_LENGTH);
        applyHeader(BLOCK_LENGTH, MessageSchema.IIO_SAMPLE_TEMPLATE_ID);
        frame.putInt(RESERVED_OFFSET, 0, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return time the sample was read, ns of the publisher's clock.
     */
    public long nowNs()
    {
        return frame.getLong(NOW_NS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param nowNs time the sample was read, ns of the publisher's clock.
     * @return this for a fluent API.
     */
    public IioSampleFlyweight nowNs(final long nowNs)
    {
        frame.putLong(NOW_NS_OFFSET, nowNs, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return sequence number of the sample per host, from 0, without gaps.
     */
    public long seq()
    {
        return frame.getLong(SEQ_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param seq sequence number of the sample per host, from 0, without gaps.
     * @return this for a fluent API.
     */
    public IioSampleFlyweight seq(final long seq)
    {
        frame.putLong(SEQ_OFFSET, seq, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return average occupied 64-byte IIO write-buffer entries over the sample interval.
     */
    public double occupancy()
    {
        return frame.getDouble(OCCUPANCY_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param occupancy average occupied 64-byte IIO write-buffer entries over the sample interval.
     * @return this for a fluent API.
     */
    public IioSampleFlyweight occupancy(final double occupancy)
    {
        frame.putDouble(OCCUPANCY_OFFSET, occupancy, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return PCIe write throughput into the host over the sample interval, Gbit/s.
     */
    public double pcieGbps()
    {
        return frame.getDouble(PCIE_GBPS_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param pcieGbps PCIe write throughput into the host over the sample interval, Gbit/s.
     * @return this for a fluent API.
     */
    public IioSampleFlyweight pcieGbps(final double pcieGbps)
    {
        frame.putDouble(PCIE_GBPS_OFFSET, pcieGbps, LITTLE_ENDIAN);
        return this;
    }

    /**
     * @return id of the receiver host the sample was read on.
     */
    public int hostId()
    {
        return frame.getInt(HOST_ID_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * @param hostId id of the receiver host the sample was read on.
     * @return this for a fluent API.
     */
    public IioSampleFlyweight hostId(final int hostId)
    {
        frame.putInt(HOST_ID_OFFSET, hostId, LITTLE_ENDIAN);
        return this;
    }

    /**
     * {@inheritDoc}
     */
    public String toString()
    {
        return "IioSample{" +
            "nowNs=" + nowNs() +
            ", " + "seq=" + seq() +
            ", " + "occupancy=" + occupancy() +
            ", " + "pcieGbps=" + pcieGbps() +
            ", " + "hostId=" + hostId() +
            "}";
    }
}
