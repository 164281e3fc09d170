package org.rhcc.transport.message;

import org.agrona.DirectBuffer;
import org.rhcc.transport.auth.FrameVerifier;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.codec.FrameValidator;
import org.rhcc.transport.codec.MessageSchema;

/**
 * What every frame a stream delivers must pass before anything reads, applies, relays or records it: the header and
 * length checks ({@link FrameValidator}), then the authentication trailer ({@link FrameVerifier}: the cluster's key,
 * the session, a publisher of this stream, a sequence number above its last). A frame that fails is counted under
 * its {@link DropReason} and goes no further.
 * <p>
 * <b>Note:</b> allocation-free; one per polling thread (it holds the validator's header decoder).
 */
public final class FrameGate
{
    private final FrameValidator validator = new FrameValidator();
    private final FrameVerifier verifier;
    private final FrameDropCounters dropCounters;

    /**
     * @param verifier     checks the trailers (the stream owner's, for the session).
     * @param dropCounters counts refused frames per reason.
     */
    public FrameGate(final FrameVerifier verifier, final FrameDropCounters dropCounters)
    {
        this.verifier = verifier;
        this.dropCounters = dropCounters;
    }

    /**
     * Checks one frame; a refused frame is counted.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @param length of the frame in bytes, as delivered.
     * @return the frame's template id if it passed, else the negative {@link DropReason#result()} it was dropped for.
     */
    public int pass(final DirectBuffer buffer, final int offset, final int length)
    {
        final int result = check(buffer, offset, length);
        if (result > 0)
        {
            verifier.commit();
        }
        return result;
    }

    /**
     * Checks one frame like {@link #pass} but does not yet make its sequence number its publisher's last: a relay
     * that cannot pass the frame on now offers it again later and {@link #commit()}s once it is through.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @param length of the frame in bytes, as delivered.
     * @return the frame's template id if it passed, else the negative {@link DropReason#result()} it was dropped for.
     */
    public int check(final DirectBuffer buffer, final int offset, final int length)
    {
        int result = validator.validate(buffer, offset, length);
        if (result > 0)
        {
            final int verdict = verifier.check(buffer, offset, length - MessageSchema.TRAILER_LENGTH);
            if (verdict < 0)
            {
                result = verdict;
            }
        }
        if (result < 0)
        {
            dropCounters.onDrop(DropReason.fromResult(result), buffer, offset, length);
        }
        return result;
    }

    /**
     * Makes the sequence number of the frame last {@link #check checked} and passed its publisher's last.
     */
    public void commit()
    {
        verifier.commit();
    }

    /**
     * @return the header of the last frame checked (wrapped over its buffer).
     */
    public FrameValidator validator()
    {
        return validator;
    }

    /**
     * @return the counters of refused frames.
     */
    public FrameDropCounters dropCounters()
    {
        return dropCounters;
    }
}
