package org.rhcc.actors.sender;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.apache.pekko.actor.typed.Behavior;
import org.rhcc.actors.agent.SignalRelayAgent;
import org.rhcc.actors.agent.SourceActor;
import org.rhcc.actors.context.NodeContext;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.transport.aeron.IdleStrategies;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.message.FrameGate;

/**
 * The sender's signal source: a supervised {@link SourceActor} whose agent relays the platform's probe-ACK stream
 * (the simulator's, or a NIC agent's DOCA PCC RTT events) onto the node's internal, recorded probe-ACK stream. A
 * crashed agent is restarted with backoff and resumes at the first frame it had not relayed.
 */
public final class ProbeAckSource
{
    /** Role name of the agent and its thread. */
    public static final String ROLE_NAME = "probe-ack-source";

    private ProbeAckSource()
    {
    }

    /**
     * @param node     the node's shared resources.
     * @param platform the session's subscription to the platform's probe-ACK stream (outlives restarts, so that a
     *                 restarted agent resumes where its predecessor stopped).
     * @param internal the node's internal probe-ACK stream (outlives restarts).
     * @param counters the source's counters (outlive restarts).
     * @param sessionId the session: the relay accepts the platform's frames signed for it.
     */
    public static Behavior<SourceActor.Command> create(final NodeContext node, final Subscription platform,
        final ExclusivePublication internal, final AgentCounters.Source counters, final long sessionId)
    {
        final var s = node.settings();
        final FrameGate gate = new FrameGate(
            node.frameAuth().verifier(sessionId, FramePublisher.PLATFORM_ACKS), counters.frameDrops);
        return SourceActor.create(() -> new SignalRelayAgent(ROLE_NAME, platform, internal, gate, s.fragmentLimit(),
                s.offerRetries(), counters),
            () -> IdleStrategies.parse(s.idleStrategy()), node);
    }
}
