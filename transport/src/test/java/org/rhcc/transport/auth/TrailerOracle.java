package org.rhcc.transport.auth;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Set;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.agrona.DirectBuffer;
import org.rhcc.transport.codec.DropReason;

/**
 * The authentication rule of transport/README.md ("Authenticated frames"), written a second time for tests, with the
 * tag key derived by the JDK's own HMAC-SHA256 ({@link Mac}) and the tag computed by the tests' own
 * {@link ReferenceSipHash128} rather than the BouncyCastle code {@link FrameVerifier} uses: the 32-byte trailer after
 * the message, a publisher the stream accepts, the 16-byte SipHash-2-4-128 tag over session id, message and the
 * trailer's first 16 bytes, and a sequence number above the publisher's last accepted one.
 */
public final class TrailerOracle
{
    /** Bytes of the trailer, as documented (not taken from the code under test). */
    public static final int TRAILER_LENGTH = 32;

    private final byte[] tagKey;
    private final long sessionId;
    private final Set<Integer> publishers;
    private final long[] lastSeqs = new long[64];

    /**
     * @param key        the cluster's key.
     * @param sessionId  the session the stream serves.
     * @param publishers publishers the stream accepts.
     */
    public TrailerOracle(final FrameKey key, final long sessionId, final Set<Integer> publishers)
    {
        try
        {
            final Mac hmac = Mac.getInstance("HmacSHA256");
            hmac.init(new SecretKeySpec(key.bytes(), "HmacSHA256"));
            tagKey = Arrays.copyOf(hmac.doFinal("rhcc frame tag key v1".getBytes(StandardCharsets.US_ASCII)), 16);
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException(ex);
        }
        this.sessionId = sessionId;
        this.publishers = Set.copyOf(publishers);
        Arrays.fill(lastSeqs, Long.MIN_VALUE);
    }

    /**
     * The verdict on a frame whose header and length have been judged; an accepted frame's sequence number becomes
     * its publisher's last.
     *
     * @param buffer        holding the frame.
     * @param offset        at which it starts.
     * @param length        of the frame.
     * @param formatVerdict the header and length verdict: a template id, or a negative drop result.
     * @return the template id if the frame is accepted, else the negative drop result.
     */
    public int verdict(final DirectBuffer buffer, final int offset, final int length, final int formatVerdict)
    {
        if (formatVerdict < 0)
        {
            return formatVerdict;
        }
        final byte[] frame = new byte[length];
        buffer.getBytes(offset, frame);
        final ByteBuffer trailer = ByteBuffer.wrap(frame, length - TRAILER_LENGTH, TRAILER_LENGTH).slice()
            .order(ByteOrder.LITTLE_ENDIAN);
        final int publisher = trailer.getInt(0);
        if (!publishers.contains(publisher))
        {
            return DropReason.UNAUTHENTICATED.result();
        }
        final byte[] signed = new byte[Long.BYTES + length - TRAILER_LENGTH + 16];
        ByteBuffer.wrap(signed).order(ByteOrder.LITTLE_ENDIAN).putLong(0, sessionId);
        System.arraycopy(frame, 0, signed, Long.BYTES, length - TRAILER_LENGTH + 16);
        final byte[] tag = ReferenceSipHash128.tag(tagKey, signed);
        if (!MessageDigest.isEqual(tag, Arrays.copyOfRange(frame, length - 16, length)))
        {
            return DropReason.UNAUTHENTICATED.result();
        }
        final long seq = trailer.getLong(8);
        if (seq <= lastSeqs[publisher])
        {
            return DropReason.REPLAYED.result();
        }
        lastSeqs[publisher] = seq;
        return formatVerdict;
    }
}
