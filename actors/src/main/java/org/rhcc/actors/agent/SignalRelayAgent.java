package org.rhcc.actors.agent;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.logbuffer.ControlledFragmentHandler;
import io.aeron.logbuffer.Header;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.transport.message.FrameGate;
import org.rhcc.transport.message.OfferResult;

/**
 * A signal source's agent when the platform publishes the signal (the simulator, or a NIC agent): copies every
 * frame of the platform stream that passes its {@link FrameGate} (well formed, signed with the cluster's key for this
 * session by the platform's publisher, not seen before: transport/README.md, "Authenticated frames"), unchanged and
 * in order ({@code ClockAdvance} included), onto the node's internal stream, which the actuator agent consumes and
 * the archive records. A frame that fails the gate is counted under its reason and dropped: it is never relayed, so
 * never recorded nor acted on.
 * <p>
 * No genuine frame is ever dropped (in lockstep a lost signal would be a wrong decision, docs/design.md §6): a frame
 * the internal stream refuses for now (back-pressured by the actuator or the archive, an admin action, no subscriber
 * yet) is offered again up to {@code offerRetries} times at once, then stays unconsumed on the platform stream and is
 * offered again at the next duty cycle, so back-pressure propagates to the platform instead of losing the frame. A
 * frame that can never be relayed (the internal stream closed or at its end) also stays unconsumed, and the agent
 * crashes after the poll; since the platform subscription belongs to the session, not to the agent, the restarted agent
 * resumes with that very frame.
 * <p>
 * <b>Note:</b> single-threaded; allocation-free per frame. The agent owns neither stream: both outlive a restart, so
 * that the recording of a session stays one recording and the platform stream's position is kept.
 */
public final class SignalRelayAgent implements Agent, ControlledFragmentHandler
{
    private final String roleName;
    private final Subscription platform;
    private final ExclusivePublication internal;
    private final FrameGate gate;
    private final int fragmentLimit;
    private final int offerRetries;
    private final AgentCounters.Source counters;
    private long fatalResult;

    /**
     * @param roleName      e.g. {@code iio-sample-source} or {@code probe-ack-source}.
     * @param platform      the platform's signal stream (the session's: outlives restarts).
     * @param internal      the node's internal stream.
     * @param gate          checks every frame of the platform stream (the session's: its sequence numbers outlive
     *                      restarts).
     * @param fragmentLimit most frames per duty cycle.
     * @param offerRetries  immediate retries of a refused frame before the agent idles and offers it again.
     * @param counters      frames relayed and offers refused (the session's: outlive restarts).
     */
    public SignalRelayAgent(final String roleName, final Subscription platform, final ExclusivePublication internal,
        final FrameGate gate, final int fragmentLimit, final int offerRetries, final AgentCounters.Source counters)
    {
        this.gate = gate;
        this.counters = counters;
        this.roleName = roleName;
        this.platform = platform;
        this.internal = internal;
        this.fragmentLimit = fragmentLimit;
        this.offerRetries = offerRetries;
    }

    @Override
    public int doWork()
    {
        final int work = platform.controlledPoll(this, fragmentLimit);
        if (0 != fatalResult)
        {
            throw new IllegalStateException(roleName + ": cannot relay a frame to the internal stream: " +
                OfferResult.describe(fatalResult));
        }
        return work;
    }

    @Override
    public Action onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        if (gate.check(buffer, offset, length) < 0)
        {
            return Action.CONTINUE;
        }
        int attempts = 0;
        while (true)
        {
            final long result = internal.offer(buffer, offset, length);
            if (result > 0)
            {
                gate.commit();
                counters.forwarded.incrementRelease();
                return Action.CONTINUE;
            }
            counters.refused.incrementRelease();
            if (!OfferResult.isTransient(result))
            {
                fatalResult = result;
                return Action.ABORT;
            }
            if (++attempts > offerRetries)
            {
                return Action.ABORT;
            }
            Thread.onSpinWait();
        }
    }

    @Override
    public String roleName()
    {
        return roleName;
    }

    /**
     * @return frames relayed so far.
     */
    public long framesRelayed()
    {
        return counters.forwarded.get();
    }

    /**
     * @return frames of the platform stream dropped (malformed, unauthenticated or replayed) so far.
     */
    public long framesDropped()
    {
        return counters.frameDrops.totalCount();
    }

    public AgentCounters.Source counters()
    {
        return counters;
    }

    /**
     * @return offers the internal stream refused (each retried), so far.
     */
    public long refusals()
    {
        return counters.refused.get();
    }
}
