package org.rhcc.bench.transport;

import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import org.agrona.concurrent.Agent;

/**
 * The measurements' receiving side: each duty cycle polls one subscription for up to {@code fragmentLimit} frames
 * and reports the frames read as its work count.
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

    @Override
    public int doWork()
    {
        return subscription.poll(handler, fragmentLimit);
    }

    @Override
    public String roleName()
    {
        return roleName;
    }
}
