package org.rhcc.transport.message;

import io.aeron.Publication;
import io.aeron.logbuffer.BufferClaim;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.transport.auth.FrameSigner;
import org.rhcc.transport.codec.MessageSchema;

/**
 * How {@link MessageProxy} puts a frame on its publication: claims room for the message and its authentication
 * trailer ({@link Publication#tryClaim}, retried after back-pressure or an admin action up to {@code maxRetries}
 * times with the idle strategy between attempts), lets the proxy encode the message into the claim, then signs and
 * commits it. Counts every refused claim and every frame published.
 * <p>
 * <b>Note:</b> not thread-safe (one publisher); allocation-free.
 */
final class SignedClaim
{
    private final Publication publication;
    private final int maxRetries;
    private final IdleStrategy retryIdleStrategy;
    private final FrameSigner signer;
    private final BufferClaim bufferClaim = new BufferClaim();
    private final AtomicCounter published;
    private final AtomicCounter backPressured;
    private long backPressureCount;
    private long adminActionCount;
    private long failedOfferCount;

    /**
     * @param publication       to offer on; not closed here.
     * @param maxRetries        further attempts after a back-pressured or admin-action claim, 0 to never retry.
     * @param retryIdleStrategy to idle with between attempts.
     * @param signer            signs every frame.
     * @param published         counts the frames published, or null.
     * @param backPressured     counts the claims refused for back-pressure or an admin action, or null.
     */
    SignedClaim(final Publication publication, final int maxRetries, final IdleStrategy retryIdleStrategy,
        final FrameSigner signer, final AtomicCounter published, final AtomicCounter backPressured)
    {
        if (maxRetries < 0)
        {
            throw new IllegalArgumentException("maxRetries must be >= 0, got " + maxRetries);
        }

        this.publication = publication;
        this.maxRetries = maxRetries;
        this.retryIdleStrategy = retryIdleStrategy;
        this.signer = signer;
        this.published = published;
        this.backPressured = backPressured;
    }

    /**
     * Claims room for a message of this length and its trailer.
     *
     * @return the new stream position if claimed ({@link #buffer()} and {@link #offset()} then hold the room), else a
     * negative {@link Publication} code.
     */
    long claim(final int messageLength)
    {
        final int length = messageLength + MessageSchema.TRAILER_LENGTH;
        retryIdleStrategy.reset();
        int attempts = 0;
        while (true)
        {
            final long result = publication.tryClaim(length, bufferClaim);
            if (result > 0)
            {
                return result;
            }

            if (Publication.BACK_PRESSURED == result)
            {
                backPressureCount++;
                countBackPressure();
            }
            else if (Publication.ADMIN_ACTION == result)
            {
                adminActionCount++;
                countBackPressure();
            }
            else
            {
                failedOfferCount++;
                return result;
            }

            if (++attempts > maxRetries)
            {
                failedOfferCount++;
                return result;
            }

            retryIdleStrategy.idle();
        }
    }

    MutableDirectBuffer buffer()
    {
        return bufferClaim.buffer();
    }

    int offset()
    {
        return bufferClaim.offset();
    }

    /**
     * Signs the claimed frame (its trailer) and commits it.
     */
    void commit()
    {
        signer.sign(bufferClaim.buffer(), bufferClaim.offset(), bufferClaim.length() - MessageSchema.TRAILER_LENGTH);
        bufferClaim.commit();
        if (null != published)
        {
            published.setRelease(published.getPlain() + 1);
        }
    }

    Publication publication()
    {
        return publication;
    }

    FrameSigner signer()
    {
        return signer;
    }

    long backPressureCount()
    {
        return backPressureCount;
    }

    long adminActionCount()
    {
        return adminActionCount;
    }

    long failedOfferCount()
    {
        return failedOfferCount;
    }

    private void countBackPressure()
    {
        if (null != backPressured)
        {
            backPressured.setRelease(backPressured.getPlain() + 1);
        }
    }
}
