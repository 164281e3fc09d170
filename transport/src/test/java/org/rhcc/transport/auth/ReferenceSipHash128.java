package org.rhcc.transport.auth;

/**
 * SipHash-2-4 with a 128-bit output, written for tests from the algorithm's description (Aumasson and Bernstein,
 * "SipHash: a fast short-input PRF", 2012, and the 128-bit variant of its reference implementation), independent of
 * the BouncyCastle class the frames use; {@code SipHashVectorsTest} checks both against the published test vectors.
 */
final class ReferenceSipHash128
{
    private ReferenceSipHash128()
    {
    }

    /**
     * @param key16   the 128-bit key.
     * @param message the input.
     * @return the 16-byte tag.
     */
    static byte[] tag(final byte[] key16, final byte[] message)
    {
        final long k0 = le64(key16, 0, 8);
        final long k1 = le64(key16, 8, 8);
        final long[] v = {
            0x736f6d6570736575L ^ k0, 0x646f72616e646f6dL ^ k1 ^ 0xeeL,
            0x6c7967656e657261L ^ k0, 0x7465646279746573L ^ k1};
        final int words = message.length / 8;
        for (int w = 0; w < words; w++)
        {
            compress(v, le64(message, w * 8, 8));
        }
        final long last = ((long)message.length << 56) | le64(message, words * 8, message.length - words * 8);
        compress(v, last);
        v[2] ^= 0xeeL;
        rounds(v, 4);
        final long first = v[0] ^ v[1] ^ v[2] ^ v[3];
        v[1] ^= 0xddL;
        rounds(v, 4);
        final long second = v[0] ^ v[1] ^ v[2] ^ v[3];
        final byte[] out = new byte[16];
        for (int i = 0; i < 8; i++)
        {
            out[i] = (byte)(first >>> (8 * i));
            out[8 + i] = (byte)(second >>> (8 * i));
        }
        return out;
    }

    private static void compress(final long[] v, final long m)
    {
        v[3] ^= m;
        rounds(v, 2);
        v[0] ^= m;
    }

    private static void rounds(final long[] v, final int n)
    {
        for (int r = 0; r < n; r++)
        {
            v[0] += v[1];
            v[1] = Long.rotateLeft(v[1], 13) ^ v[0];
            v[0] = Long.rotateLeft(v[0], 32);
            v[2] += v[3];
            v[3] = Long.rotateLeft(v[3], 16) ^ v[2];
            v[0] += v[3];
            v[3] = Long.rotateLeft(v[3], 21) ^ v[0];
            v[2] += v[1];
            v[1] = Long.rotateLeft(v[1], 17) ^ v[2];
            v[2] = Long.rotateLeft(v[2], 32);
        }
    }

    private static long le64(final byte[] bytes, final int offset, final int count)
    {
        long value = 0;
        for (int i = 0; i < count; i++)
        {
            value |= (bytes[offset + i] & 0xffL) << (8 * i);
        }
        return value;
    }
}
