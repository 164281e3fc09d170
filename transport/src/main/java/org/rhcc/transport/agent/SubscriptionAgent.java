package org.rhcc.transport.agent;

import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import org.agrona.concurrent.Agent;

/**
 * The hot loop of a signal source or actuator: each duty cycle polls one subscription for up to
 * {@code fragmentLimit} frames into a handler (normally a {@link org.rhcc.transport.message.MessageAdapter}), and
 * reports the frames read as its work count so the idle strategy backs off only when the stream is quiet.
 * <p>
 * <b>Note:</b> the agent does not own the subscription; whoever created it closes it after the agent stopped.
 */
public final class SubscriptionAgent implements Agent
{
    /**
     * Default fragment limit per duty cycle: bounds the time between two idle-strategy decisions.
     */
    public static final int FRAGMENT_LIMIT_DEFAULT = 64;

    private final String roleName;
    private final Subscription subscription;
    private final FragmentHandler handler;
    private final int fragmentLimit;

    /**
     * @param roleName      of the agent, e.g. {@code "mba-cascade"}; names its thread.
     * @param subscription  to poll.
     * @param handler       to deliver frames to.
     * @param fragmentLimit most frames per duty cycle, at least 1.
     */
    public SubscriptionAgent(
        final String roleName, final Subscription subscription, final FragmentHandler handler, final int fragmentLimit)
    {
        if (fragmentLimit < 1)
        {
            throw new IllegalArgumentException("fragmentLimit must be >= 1, got " + fragmentLimit);
        }

        this.roleName = roleName;
        this.subscription = subscription;
        this.handler = handler;
        this.fragmentLimit = fragmentLimit;
    }

    /**
     * {@inheritDoc}
     */
    public int doWork()
    {
        return subscription.poll(handler, fragmentLimit);
    }

    /**
     * {@inheritDoc}
     */
    public String roleName()
    {
        return roleName;
    }

    /**
     * @return the subscription this agent polls.
     */
    public Subscription subscription()
    {
        return subscription;
    }
}
