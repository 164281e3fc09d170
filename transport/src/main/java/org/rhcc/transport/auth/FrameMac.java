package org.rhcc.transport.auth;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.macs.SipHash128;
import org.bouncycastle.crypto.params.KeyParameter;
import org.rhcc.transport.codec.MessageSchema;

/**
 * The tag of a frame: SipHash-2-4 with a 128-bit output ({@link FrameTrailer#TAG_LENGTH} bytes) under a 128-bit key
 * derived once from the cluster's {@link FrameKey} (the first 16 bytes of HMAC-SHA256(cluster key,
 * {@value #TAG_KEY_LABEL})). SipHash is a keyed pseudorandom function built for short inputs: a tag of a frame of at
 * most {@link #MAX_SIGNED_LENGTH} bytes costs about a tenth of an HMAC-SHA256 (two SHA-256 passes of at least three
 * compressions), which matters at a tag per signal on each hop. Over BouncyCastle's lightweight API, which keeps its
 * state between frames: the frame's bytes are copied into a reused scratch array, so computing and comparing a tag
 * allocates nothing. transport/README.md ("Authenticated frames") states the rule.
 * <p>
 * <b>Note:</b> not thread safe; one per signer or verifier.
 */
final class FrameMac
{
    /** Largest number of frame bytes a tag covers: header, the largest block and the trailer's first 16 bytes. */
    static final int MAX_SIGNED_LENGTH = 96;

    /** What the tag key is derived for; a new tag scheme takes a new label. */
    static final String TAG_KEY_LABEL = "rhcc frame tag key v1";

    private static final int SESSION_LENGTH = Long.BYTES;

    static
    {
        for (int templateId = 1; templateId <= MessageSchema.MAX_TEMPLATE_ID; templateId++)
        {
            if (MessageSchema.messageLength(templateId) + FrameTrailer.TAG_OFFSET > MAX_SIGNED_LENGTH)
            {
                throw new IllegalStateException(MessageSchema.templateName(templateId) + " is longer than a tag " +
                    "covers: raise FrameMac.MAX_SIGNED_LENGTH");
            }
        }
    }

    private final SipHash128 sipHash = new SipHash128();
    private final byte[] scratch = new byte[SESSION_LENGTH + MAX_SIGNED_LENGTH];
    private final byte[] mac = new byte[FrameTrailer.TAG_LENGTH];
    private final UnsafeBuffer scratchBuffer = new UnsafeBuffer(scratch);

    FrameMac(final FrameKey key)
    {
        sipHash.init(new KeyParameter(tagKey(key)));
    }

    /**
     * @param key the cluster's key.
     * @return the 16-byte SipHash key derived from it: the first 16 bytes of HMAC-SHA256(key, {@value #TAG_KEY_LABEL}).
     */
    static byte[] tagKey(final FrameKey key)
    {
        final HMac hmac = new HMac(new SHA256Digest());
        hmac.init(new KeyParameter(key.bytes()));
        final byte[] label = TAG_KEY_LABEL.getBytes(StandardCharsets.US_ASCII);
        hmac.update(label, 0, label.length);
        final byte[] derived = new byte[hmac.getMacSize()];
        hmac.doFinal(derived, 0);
        return Arrays.copyOf(derived, 16);
    }

    /**
     * Computes the tag of {@code sessionId} and the frame's first {@code signedLength} bytes.
     *
     * @param sessionId    the session the stream serves.
     * @param buffer       holding the frame.
     * @param offset       at which the frame starts.
     * @param signedLength bytes of the frame the tag covers, at most {@link #MAX_SIGNED_LENGTH}.
     */
    void compute(final long sessionId, final DirectBuffer buffer, final int offset, final int signedLength)
    {
        scratchBuffer.putLong(0, sessionId, ByteOrder.LITTLE_ENDIAN);
        buffer.getBytes(offset, scratch, SESSION_LENGTH, signedLength);
        sipHash.update(scratch, 0, SESSION_LENGTH + signedLength);
        sipHash.doFinal(mac, 0);
    }

    /**
     * @param buffer    holding a tag.
     * @param tagOffset at which the tag starts.
     * @return true if it equals the last computed tag; compares every byte whatever the first difference (constant
     * time).
     */
    boolean matches(final DirectBuffer buffer, final int tagOffset)
    {
        int difference = 0;
        for (int i = 0; i < FrameTrailer.TAG_LENGTH; i++)
        {
            difference |= mac[i] ^ buffer.getByte(tagOffset + i);
        }
        return 0 == difference;
    }

    /**
     * Writes the last computed tag.
     *
     * @param buffer    to write into.
     * @param tagOffset at which the tag starts.
     */
    void write(final MutableDirectBuffer buffer, final int tagOffset)
    {
        buffer.putBytes(tagOffset, mac, 0, FrameTrailer.TAG_LENGTH);
    }
}
