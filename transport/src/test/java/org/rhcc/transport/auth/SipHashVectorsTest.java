package org.rhcc.transport.auth;

import java.util.HexFormat;

import org.bouncycastle.crypto.macs.SipHash128;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * The frame tag's SipHash-2-4-128, BouncyCastle's and the tests' own, against the published vectors of SipHash's
 * reference implementation (vectors_sip128 of github.com/veorq/SipHash, vectors.h: key 00..0f, message 00..n-1).
 */
class SipHashVectorsTest
{
    /** Entries 0, 1, 7, 8, 15, 16 and 63 of vectors_sip128 (message lengths around each 8-byte word boundary). */
    private static final String[][] VECTORS = {
        {"0", "a3817f04ba25a8e66df67214c7550293"},
        {"1", "da87c1d86b99af44347659119b22fc45"},
        {"7", "a1f1ebbed8dbc153c0b84aa61ff08239"},
        {"8", "3b62a9ba6258f5610f83e264f31497b4"},
        {"15", "5493e99933b0a8117e08ec0f97cfc3d9"},
        {"16", "6ee2a4ca67b054bbfd3315bf85230577"},
        {"63", "5150d1772f50834a503e069a973fbd7c"},
    };

    @Test
    void shouldMatchTheReferenceVectors()
    {
        final byte[] key = new byte[16];
        for (int i = 0; i < key.length; i++)
        {
            key[i] = (byte)i;
        }
        final SipHash128 sipHash = new SipHash128();
        sipHash.init(new KeyParameter(key));
        for (final String[] vector : VECTORS)
        {
            final int length = Integer.parseInt(vector[0]);
            final byte[] message = new byte[length];
            for (int i = 0; i < length; i++)
            {
                message[i] = (byte)i;
            }
            final byte[] expected = HexFormat.of().parseHex(vector[1]);
            final byte[] tag = new byte[16];
            sipHash.update(message, 0, length);
            sipHash.doFinal(tag, 0);
            assertArrayEquals(expected, tag, "BouncyCastle, message of " + length + " bytes");
            assertArrayEquals(expected, ReferenceSipHash128.tag(key, message), "reference, " + length + " bytes");
        }
    }
}
