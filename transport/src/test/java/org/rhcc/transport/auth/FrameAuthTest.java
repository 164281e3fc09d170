package org.rhcc.transport.auth;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.codec.Frames;
import org.rhcc.transport.codec.MessageSchema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The frame authentication rule of transport/README.md ("Authenticated frames"): a changed byte anywhere, a frame
 * signed with another key, for another session or by a publisher the stream does not accept, and a frame delivered
 * twice are refused; a restarted publisher is accepted; key files are checked.
 */
class FrameAuthTest
{
    private static final long SESSION = 42L;

    private final FrameKey key = FrameKey.random();
    private final FrameAuth auth = FrameAuth.of(key);
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[128]);

    @TempDir
    Path dir;

    @Test
    void shouldAcceptSignedFramesInOrderAndRefuseEveryChangedByte()
    {
        final FrameSigner signer = auth.signer(FramePublisher.PLATFORM_IIO, SESSION);
        final int length = iioSample(signer);
        for (int i = 0; i < length; i++)
        {
            final FrameVerifier verifier = auth.verifier(SESSION, FramePublisher.PLATFORM_IIO);
            final byte original = buffer.getByte(i);
            for (int bit = 0; bit < 8; bit++)
            {
                buffer.putByte(i, (byte)(original ^ (1 << bit)));
                assertEquals(DropReason.UNAUTHENTICATED.result(), verify(verifier, length),
                    "bit " + bit + " of byte " + i + " changed");
            }
            buffer.putByte(i, original);
            assertEquals(0, verify(verifier, length), "byte " + i + " restored");
        }
    }

    @Test
    void shouldRefuseReplayedFrames()
    {
        final FrameSigner signer = auth.signer(FramePublisher.PLATFORM_IIO, SESSION);
        final FrameVerifier verifier = auth.verifier(SESSION, FramePublisher.PLATFORM_IIO);
        final int length = iioSample(signer);
        final byte[] first = new byte[length];
        buffer.getBytes(0, first);
        assertEquals(0, verify(verifier, length));
        assertEquals(DropReason.REPLAYED.result(), verify(verifier, length), "the same frame again");

        iioSample(signer);
        assertEquals(0, verify(verifier, length));
        buffer.putBytes(0, first);
        assertEquals(DropReason.REPLAYED.result(), verify(verifier, length), "an older frame");
    }

    @Test
    void shouldAcceptARestartedPublisher()
    {
        final FrameVerifier verifier = auth.verifier(SESSION, FramePublisher.RECEIVER_CONTROLLER);
        final FrameSigner before = auth.signer(FramePublisher.RECEIVER_CONTROLLER, SESSION);
        for (int i = 0; i < 1000; i++)
        {
            final int length = iioSample(before);
            assertEquals(0, verify(verifier, length));
        }
        final FrameSigner after = auth.signer(FramePublisher.RECEIVER_CONTROLLER, SESSION);
        assertTrue(after.lastSeq() >= before.lastSeq(), "the restarted publisher starts above its predecessor");
        assertEquals(0, verify(verifier, iioSample(after)));
    }

    @Test
    void shouldRefuseFramesOfAnotherKeySessionOrPublisher()
    {
        final FrameVerifier verifier = auth.verifier(SESSION, FramePublisher.PLATFORM_IIO);
        final int length = iioSample(FrameAuth.of(FrameKey.random()).signer(FramePublisher.PLATFORM_IIO, SESSION));
        assertEquals(DropReason.UNAUTHENTICATED.result(), verify(verifier, length), "another key");
        iioSample(auth.signer(FramePublisher.PLATFORM_IIO, SESSION + 1));
        assertEquals(DropReason.UNAUTHENTICATED.result(), verify(verifier, length), "another session");
        iioSample(auth.signer(FramePublisher.PLATFORM_ACKS, SESSION));
        assertEquals(DropReason.UNAUTHENTICATED.result(), verify(verifier, length), "another stream's publisher");
        iioSample(FrameAuth.unsigned());
        assertEquals(DropReason.UNAUTHENTICATED.result(), verify(verifier, length), "unsigned");
        iioSample(auth.signer(FramePublisher.PLATFORM_IIO, SESSION));
        assertEquals(0, verify(verifier, length), "the genuine publisher");
        verifier.sessionId(SESSION + 1);
        assertEquals(DropReason.UNAUTHENTICATED.result(), verify(verifier, length), "into the next session");
    }

    @Test
    void shouldAcceptEverythingWhenOff()
    {
        final FrameVerifier verifier = FrameAuth.off().verifier(SESSION, FramePublisher.PLATFORM_IIO);
        final int length = iioSample(FrameAuth.unsigned());
        assertEquals(0, verify(verifier, length));
        assertEquals(0, verify(verifier, length));
    }

    @Test
    void shouldReadOwnerOnlyKeyFilesInHexOrBase64() throws Exception
    {
        final Path written = key.writeNew(dir.resolve("frame.key"));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(written)));
        assertEquals(key, FrameKey.load(written));

        final Path base64 = dir.resolve("base64.key");
        Files.writeString(base64, java.util.Base64.getEncoder().encodeToString(new byte[32]) + "\n");
        Files.setPosixFilePermissions(base64, PosixFilePermissions.fromString("r--------"));
        assertEquals(FrameKey.of(new byte[32]), FrameKey.load(base64));
        assertNotEquals(key, FrameKey.load(base64));
    }

    @Test
    void shouldRefuseKeyFilesOthersCanReadOrThatHoldNoKey() throws Exception
    {
        final Path open = key.writeNew(dir.resolve("open.key"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r-----"));
        final IllegalArgumentException readable = assertThrows(IllegalArgumentException.class,
            () -> FrameKey.load(open));
        assertTrue(readable.getMessage().contains("chmod 600 " + open), readable.getMessage());

        final Path shortKey = dir.resolve("short.key");
        Files.writeString(shortKey, "abcd\n");
        Files.setPosixFilePermissions(shortKey, PosixFilePermissions.fromString("rw-------"));
        assertThrows(IllegalArgumentException.class, () -> FrameKey.load(shortKey));
        assertThrows(IllegalArgumentException.class, () -> FrameKey.load(dir.resolve("missing.key")));
    }

    private int iioSample(final FrameSigner signer)
    {
        final int length = Frames.iioSample(buffer, 0, 1, 2, 3, 4.5, 5.5);
        signer.sign(buffer, 0, length - MessageSchema.TRAILER_LENGTH);
        return length;
    }

    private int verify(final FrameVerifier verifier, final int length)
    {
        return verifier.verify(buffer, 0, length - MessageSchema.TRAILER_LENGTH);
    }
}
