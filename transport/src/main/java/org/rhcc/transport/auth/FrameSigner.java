package org.rhcc.transport.auth;

import java.nio.ByteOrder;

import org.agrona.MutableDirectBuffer;

/**
 * Writes the {@link FrameTrailer} of every frame one logical publisher ({@link FramePublisher}) sends: its id, its
 * next sequence number and the tag over the session, the message and the trailer's first 16 bytes.
 * <p>
 * Sequence numbers start at the wall clock's nanoseconds since the epoch when the signer is created and grow by one
 * per frame, so that a restarted publisher (a new signer) continues above every number its predecessor used (a
 * signer uses fewer than one number per nanosecond), and the stream's receivers, which accept only increasing
 * numbers per publisher, never lock it out. Only one signer of a publisher may be live per session at a time.
 * <p>
 * <b>Note:</b> allocation-free per frame; not thread safe (one per publishing thread, as its
 * {@link org.rhcc.transport.message.MessageProxy}).
 */
public final class FrameSigner
{
    private final FrameMac mac;
    private final int publisher;
    private long sessionId;
    private long seq;

    /**
     * @param mac       computes tags, null to leave them zero (authentication off).
     * @param publisher the publisher's id.
     * @param firstSeq  the first frame's sequence number.
     */
    FrameSigner(final FrameMac mac, final int publisher, final long firstSeq)
    {
        this.mac = mac;
        this.publisher = publisher;
        this.seq = firstSeq - 1;
    }

    /**
     * @param sessionId the session the following frames belong to (authenticated, not carried).
     * @return this signer.
     */
    public FrameSigner sessionId(final long sessionId)
    {
        this.sessionId = sessionId;
        return this;
    }

    /**
     * Writes the trailer after a message.
     *
     * @param buffer        holding the frame, with {@link FrameTrailer#LENGTH} bytes room after the message.
     * @param offset        at which the frame starts.
     * @param messageLength bytes of the message (SBE header and block).
     */
    public void sign(final MutableDirectBuffer buffer, final int offset, final int messageLength)
    {
        final int trailer = offset + messageLength;
        buffer.putInt(trailer + FrameTrailer.PUBLISHER_OFFSET, publisher, ByteOrder.LITTLE_ENDIAN);
        buffer.putInt(trailer + FrameTrailer.RESERVED_OFFSET, 0, ByteOrder.LITTLE_ENDIAN);
        buffer.putLong(trailer + FrameTrailer.SEQ_OFFSET, ++seq, ByteOrder.LITTLE_ENDIAN);
        if (null == mac)
        {
            buffer.setMemory(trailer + FrameTrailer.TAG_OFFSET, FrameTrailer.TAG_LENGTH, (byte)0);
            return;
        }
        mac.compute(sessionId, buffer, offset, messageLength + FrameTrailer.TAG_OFFSET);
        mac.write(buffer, trailer + FrameTrailer.TAG_OFFSET);
    }

    public int publisher()
    {
        return publisher;
    }

    /**
     * @return the sequence number of the last frame signed.
     */
    public long lastSeq()
    {
        return seq;
    }
}
