package org.rhcc.transport.auth;

import java.nio.ByteOrder;
import java.util.Arrays;

import org.agrona.DirectBuffer;
import org.rhcc.transport.codec.DropReason;

/**
 * Checks the {@link FrameTrailer} of every frame a stream delivers, after
 * {@link org.rhcc.transport.codec.FrameValidator} has checked its header and length: the publisher must be one the
 * stream expects, the tag must verify under the cluster's key for this session, and the sequence number must be
 * above the last one accepted from that publisher on this stream. A forged frame (no key), a genuine frame of another
 * session or another stream, and a genuine frame delivered a second time are refused; the caller counts and drops
 * them.
 * <p>
 * The verifier belongs to the stream's owner for the whole session (not to an agent that may restart), so a replay
 * stays refused after a restart.
 * <p>
 * <b>Note:</b> allocation-free per frame; not thread safe (one per polling thread at a time).
 */
public final class FrameVerifier
{
    private final FrameMac mac;
    private final int publisherMask;
    private final long[] lastSeqs = new long[FramePublisher.MAX_ID + 1];
    private long sessionId;
    private int checkedPublisher;
    private long checkedSeq;

    /**
     * @param mac           verifies tags, null to accept every frame (authentication off).
     * @param publisherMask bit {@code 1 << id} set for every publisher the stream accepts.
     * @param sessionId     the session the stream serves.
     */
    FrameVerifier(final FrameMac mac, final int publisherMask, final long sessionId)
    {
        this.mac = mac;
        this.publisherMask = publisherMask;
        this.sessionId = sessionId;
        Arrays.fill(lastSeqs, Long.MIN_VALUE);
    }

    /**
     * Starts verifying frames of another session (a platform stream serving one run after another); the sequence
     * numbers seen so far stay, as a publisher's numbers keep growing across sessions.
     *
     * @param sessionId the session the following frames must belong to.
     * @return this verifier.
     */
    public FrameVerifier sessionId(final long sessionId)
    {
        this.sessionId = sessionId;
        return this;
    }

    /**
     * Verifies one frame whose message (header and block) has been validated.
     *
     * @param buffer        holding the frame.
     * @param offset        at which the frame starts.
     * @param messageLength bytes of the message; the trailer follows.
     * @return 0 if the frame is accepted (its sequence number then becomes the publisher's last), otherwise the
     * negative {@link DropReason#result()} of {@link DropReason#UNAUTHENTICATED} or {@link DropReason#REPLAYED}.
     */
    public int verify(final DirectBuffer buffer, final int offset, final int messageLength)
    {
        final int verdict = check(buffer, offset, messageLength);
        if (0 == verdict)
        {
            commit();
        }
        return verdict;
    }

    /**
     * Verifies one frame like {@link #verify} but leaves the publisher's last sequence number as it is until
     * {@link #commit()}: for a relay that may have to offer the frame again before it is through.
     *
     * @param buffer        holding the frame.
     * @param offset        at which the frame starts.
     * @param messageLength bytes of the message; the trailer follows.
     * @return 0 if the frame is acceptable, otherwise the negative {@link DropReason#result()} of
     * {@link DropReason#UNAUTHENTICATED} or {@link DropReason#REPLAYED}.
     */
    public int check(final DirectBuffer buffer, final int offset, final int messageLength)
    {
        checkedPublisher = 0;
        if (null == mac)
        {
            return 0;
        }
        final int trailer = offset + messageLength;
        final int publisher = buffer.getInt(trailer + FrameTrailer.PUBLISHER_OFFSET, ByteOrder.LITTLE_ENDIAN);
        if (!FramePublisher.isKnown(publisher) || 0 == (publisherMask & (1 << publisher)))
        {
            return DropReason.UNAUTHENTICATED.result();
        }
        mac.compute(sessionId, buffer, offset, messageLength + FrameTrailer.TAG_OFFSET);
        if (!mac.matches(buffer, trailer + FrameTrailer.TAG_OFFSET))
        {
            return DropReason.UNAUTHENTICATED.result();
        }
        final long seq = buffer.getLong(trailer + FrameTrailer.SEQ_OFFSET, ByteOrder.LITTLE_ENDIAN);
        if (seq <= lastSeqs[publisher])
        {
            return DropReason.REPLAYED.result();
        }
        checkedPublisher = publisher;
        checkedSeq = seq;
        return 0;
    }

    /**
     * Makes the sequence number of the frame last {@link #check checked} and found acceptable its publisher's last.
     */
    public void commit()
    {
        if (0 != checkedPublisher)
        {
            lastSeqs[checkedPublisher] = checkedSeq;
            checkedPublisher = 0;
        }
    }

    /**
     * @return true if frames are checked (a key is configured), false if authentication is off.
     */
    public boolean enabled()
    {
        return null != mac;
    }
}
