package org.rhcc.transport.auth;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.KeyParameter;
import org.rhcc.transport.codec.MessageSchema;

/**
 * HMAC-SHA256 of a frame under the cluster's {@link FrameKey}, truncated to {@link FrameTrailer#TAG_LENGTH} bytes,
 * over BouncyCastle's lightweight API, which keeps its state and buffers between frames: the frame's bytes are copied
 * into a reused scratch array, so computing and comparing a tag allocates nothing.
 * <p>
 * <b>Note:</b> not thread safe; one per signer or verifier.
 */
final class FrameMac
{
    /** Largest number of frame bytes a tag covers: header, the largest block and the trailer's first 16 bytes. */
    static final int MAX_SIGNED_LENGTH = 96;

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

    private final HMac hmac = new HMac(new SHA256Digest());
    private final byte[] scratch = new byte[SESSION_LENGTH + MAX_SIGNED_LENGTH];
    private final byte[] mac = new byte[32];
    private final UnsafeBuffer scratchBuffer = new UnsafeBuffer(scratch);

    FrameMac(final FrameKey key)
    {
        hmac.init(new KeyParameter(key.bytes()));
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
        hmac.update(scratch, 0, SESSION_LENGTH + signedLength);
        hmac.doFinal(mac, 0);
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
