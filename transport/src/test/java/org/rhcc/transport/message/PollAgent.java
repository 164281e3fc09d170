package org.rhcc.transport.message;

import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import org.agrona.concurrent.Agent;

/**
 * A test's receiving agent: each duty cycle polls one subscription for up to {@code fragmentLimit} frames.
 */
final class PollAgent implements Agent
{
    private final String roleName;
    private final Subscription subscription;
    private final FragmentHandler handler;
    private final int fragmentLimit;

    PollAgent(final String roleName, final Subscription subscription, final FragmentHandler handler,
        final int fragmentLimit)
    {
        this.roleName = roleName;
        this.subscription = subscription;
        this.handler = handler;
        this.fragmentLimit = fragmentLimit;
    }

    public int doWork()
    {
        return subscription.poll(handler, fragmentLimit);
    }

    public String roleName()
    {
        return roleName;
    }
}
