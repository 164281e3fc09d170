package org.rhcc.transport.auth;

import java.time.Instant;

/**
 * How a process authenticates its frames: with the cluster's {@link FrameKey}, or not at all ({@link #off()}:
 * {@code rhcc.security.frame-auth = off}, for benchmarks; frames then carry a zero tag and nobody checks it). Hands
 * out a {@link FrameSigner} per publishing thread and a {@link FrameVerifier} per polled stream (transport/README.md,
 * "Authenticated frames").
 */
public final class FrameAuth
{
    private static final FrameAuth OFF = new FrameAuth(null);

    private final FrameKey key;

    private FrameAuth(final FrameKey key)
    {
        this.key = key;
    }

    /**
     * @param key the cluster's key.
     * @return frames signed and verified with it.
     */
    public static FrameAuth of(final FrameKey key)
    {
        return new FrameAuth(key);
    }

    /**
     * @return no authentication: trailers with a zero tag, every frame accepted.
     */
    public static FrameAuth off()
    {
        return OFF;
    }

    /**
     * @return a signer of publisher 0 (none) that writes a zero tag: frames for a process's own tests and
     * benchmarks, which every verifier with a key refuses.
     */
    public static FrameSigner unsigned()
    {
        return new FrameSigner(null, 0, 1);
    }

    /**
     * @return true if frames are signed and verified.
     */
    public boolean enabled()
    {
        return null != key;
    }

    /**
     * A signer whose sequence numbers start at the wall clock's nanoseconds since the epoch, above those of any
     * earlier signer of the publisher.
     *
     * @param publisher the publisher's id ({@link FramePublisher}).
     * @param sessionId the session its frames belong to ({@link FrameSigner#sessionId} changes it).
     * @return a new signer.
     */
    public FrameSigner signer(final int publisher, final long sessionId)
    {
        final Instant now = Instant.now();
        return signer(publisher, sessionId, now.getEpochSecond() * 1_000_000_000L + now.getNano());
    }

    /**
     * @param publisher the publisher's id ({@link FramePublisher}).
     * @param sessionId the session its frames belong to.
     * @param firstSeq  the first frame's sequence number.
     * @return a new signer.
     */
    public FrameSigner signer(final int publisher, final long sessionId, final long firstSeq)
    {
        if (!FramePublisher.isKnown(publisher))
        {
            throw new IllegalArgumentException("unknown frame publisher " + publisher);
        }
        return new FrameSigner(null == key ? null : new FrameMac(key), publisher, firstSeq).sessionId(sessionId);
    }

    /**
     * @param sessionId  the session the stream serves.
     * @param publishers the publishers whose frames the stream accepts ({@link FramePublisher}).
     * @return a new verifier.
     */
    public FrameVerifier verifier(final long sessionId, final int... publishers)
    {
        int mask = 0;
        for (final int publisher : publishers)
        {
            if (!FramePublisher.isKnown(publisher))
            {
                throw new IllegalArgumentException("unknown frame publisher " + publisher);
            }
            mask |= 1 << publisher;
        }
        return new FrameVerifier(null == key ? null : new FrameMac(key), mask, sessionId);
    }
}
