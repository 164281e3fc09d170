package org.rhcc.actors.agent;

import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.rhcc.transport.message.OfferResult;

/**
 * A signal source's agent when the platform publishes the signal (the simulator, or a NIC agent): copies every
 * frame of the platform stream, unchanged and in order ({@code ClockAdvance} included), onto the node's internal
 * stream, which the actuator agent consumes and the archive records. A frame that cannot be relayed (the internal
 * stream closed, or back-pressured beyond the retries) crashes the agent, and its actor restarts it.
 * <p>
 * <b>Note:</b> single-threaded; allocation-free per frame. The agent owns (and closes) its platform subscription,
 * not the internal stream, which outlives a restart so that the recording of a session stays one recording.
 */
public final class SignalRelayAgent implements Agent, FragmentHandler
{
    private final String roleName;
    private final Subscription platform;
    private final ExclusivePublication internal;
    private final int fragmentLimit;
    private final int offerRetries;
    private volatile long framesRelayed;

    /**
     * @param roleName      e.g. {@code msr-poller} or {@code probe-ack-stream}.
     * @param platform      the platform's signal stream.
     * @param internal      the node's internal stream.
     * @param fragmentLimit most frames per duty cycle.
     * @param offerRetries  retries of a back-pressured frame.
     */
    public SignalRelayAgent(final String roleName, final Subscription platform, final ExclusivePublication internal,
        final int fragmentLimit, final int offerRetries)
    {
        this.roleName = roleName;
        this.platform = platform;
        this.internal = internal;
        this.fragmentLimit = fragmentLimit;
        this.offerRetries = offerRetries;
    }

    /**
     * {@inheritDoc}
     */
    public int doWork()
    {
        return platform.poll(this, fragmentLimit);
    }

    /**
     * {@inheritDoc}
     */
    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        int attempts = 0;
        while (true)
        {
            final long result = internal.offer(buffer, offset, length);
            if (result > 0)
            {
                framesRelayed++;
                return;
            }
            if ((Publication.BACK_PRESSURED != result && Publication.ADMIN_ACTION != result &&
                Publication.NOT_CONNECTED != result) || ++attempts > offerRetries)
            {
                throw new IllegalStateException(roleName + ": cannot relay a frame to the internal stream: " +
                    OfferResult.describe(result));
            }
            Thread.onSpinWait();
        }
    }

    /**
     * {@inheritDoc}
     */
    public void onClose()
    {
        platform.close();
    }

    /**
     * {@inheritDoc}
     */
    public String roleName()
    {
        return roleName;
    }

    /**
     * @return frames relayed so far.
     */
    public long framesRelayed()
    {
        return framesRelayed;
    }
}
