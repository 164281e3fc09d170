package org.rhcc.actors.sender;

import io.aeron.Subscription;
import org.agrona.concurrent.Agent;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.RateUpdate;
import org.rhcc.transport.auth.FrameVerifier;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.OfferResult;

/**
 * The sender's actuator agent ({@code rate-updater}): the thread that runs a sender host's {@link SenderHostState}.
 * It polls the node's probe-ACK stream and runs every ACK through the block of its QP (core's
 * {@code SenderController}, Eq. (2)-(4), over the block's {@code QpStateTable}, handed over by its sender entity),
 * publishes every rate decision as a {@code RateUpdate} on the platform's command stream, and answers each
 * {@code ClockAdvance(t)} of its session with {@code ClockDone(t)} after the decisions up to t. Per-ACK work never
 * touches a mailbox; entities register and unregister their blocks through the state's control queue, drained at the
 * start of each duty cycle. The agent holds no state of its own beyond its streams: a crashed agent is replaced by a
 * new one over the same state.
 * <p>
 * <b>Note:</b> single-threaded; allocation-free and fence-free per ACK (the counters other threads read are
 * published with ordered stores, not volatile increments).
 */
public final class RateUpdaterAgent implements Agent, MessageListener, RateLimiter
{
    /** Role name of the agent and its thread. */
    public static final String ROLE_NAME = "rate-updater";

    private final Subscription acks;
    private final MessageProxy commands;
    private final SenderHostState state;
    private final AgentCounters.RateUpdater counters;
    private final int fragmentLimit;
    private final MessageAdapter adapter;

    /**
     * Takes over the state: from now on its blocks' decisions are published by this agent. Create it only while no
     * other agent runs the state.
     *
     * @param acks          the node's probe-ACK stream, null for none (the platform's lockstep only).
     * @param verifier      checks every frame of it (the session's, shared by the agents that run in turn).
     * @param commands      publishes rate updates and lockstep answers to the platform.
     * @param state         the sender host's state.
     * @param fragmentLimit most frames per duty cycle.
     */
    public RateUpdaterAgent(
        final Subscription acks, final FrameVerifier verifier, final MessageProxy commands, final SenderHostState state,
        final int fragmentLimit)
    {
        this.acks = acks;
        this.commands = commands;
        this.state = state;
        this.counters = state.counters();
        this.fragmentLimit = fragmentLimit;
        this.adapter = new MessageAdapter(this, counters.frameDrops, verifier);
        state.attach(this);
    }

    @Override
    public int doWork()
    {
        final int work = state.runControl();
        return work + (null == acks ? 0 : acks.poll(adapter, fragmentLimit));
    }

    @Override
    public String roleName()
    {
        return ROLE_NAME;
    }

    @Override
    public void onProbeAck(final ProbeAck ack)
    {
        state.onProbeAck(ack);
    }

    @Override
    public void onClockAdvance(final long advanceToNs, final long sessionId)
    {
        if (sessionId != state.sessionId())
        {
            return;
        }
        state.onClock(advanceToNs);
        final long result = commands.clockDone(advanceToNs, sessionId, state.controllerId());
        if (result < 0)
        {
            throw new IllegalStateException("cannot answer ClockAdvance(" + advanceToNs + "): " +
                OfferResult.describe(result));
        }
        counters.lastDoneNs.setRelease(advanceToNs);
    }

    /**
     * The platform's rate limiter: one {@code RateUpdate} frame per decision.
     * <p>
     * {@inheritDoc}
     */
    public void apply(final RateUpdate update)
    {
        final long result = commands.rateUpdate(update);
        if (result < 0)
        {
            counters.failedRateUpdates.incrementRelease();
            throw new RateRefusedException(update.qp(), result);
        }
    }

    /**
     * @return the state the agent runs.
     */
    public SenderHostState state()
    {
        return state;
    }

    /**
     * @return probe ACKs processed so far (by this agent and its predecessors).
     */
    public long acksSeen()
    {
        return counters.acksSeen.get();
    }

    /**
     * @return ACKs of QPs whose block is not registered.
     */
    public long unroutedAcks()
    {
        return counters.unroutedAcks.get();
    }

    /**
     * @return rate updates the platform stream refused.
     */
    public long failedRateUpdates()
    {
        return counters.failedRateUpdates.get();
    }

    /**
     * @return simulated time of the last lockstep answer, ns, or -1.
     */
    public long lastDoneNs()
    {
        return counters.lastDoneNs.get();
    }

    /**
     * Thrown when the platform's rate port refuses a decision: the rate updater cannot actuate, and its actor moves the
     * sender host to the fail-safe rather than restarting the agent.
     */
    public static final class RateRefusedException extends IllegalStateException
    {
        private static final long serialVersionUID = 1L;

        /**
         * @param qp     the QP whose rate was refused.
         * @param result the offer's result.
         */
        public RateRefusedException(final int qp, final long result)
        {
            super("the platform's rate port refused QP " + qp + "'s rate update: " + OfferResult.describe(result));
        }
    }
}
