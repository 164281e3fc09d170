package org.rhcc.actors.sender;

import io.aeron.ExclusivePublication;
import org.apache.pekko.actor.typed.Behavior;
import org.rhcc.actors.agent.SignalRelayAgent;
import org.rhcc.actors.agent.SourceActor;
import org.rhcc.actors.node.NodeContext;
import org.rhcc.transport.aeron.IdleStrategies;

/**
 * The sender's signal source: a supervised {@link SourceActor} whose agent relays the platform's probe-ACK stream
 * (the simulator's, or a NIC agent's DOCA PCC RTT events) onto the node's internal, recorded probe-ACK stream. A
 * crashed agent is restarted with backoff.
 */
public final class ProbeAckStream
{
    /** Role name of the agent and its thread. */
    public static final String ROLE_NAME = "probe-ack-stream";

    private ProbeAckStream()
    {
    }

    /**
     * @param node     the node's shared resources.
     * @param internal the node's internal probe-ACK stream (outlives restarts).
     * @return the supervised source.
     */
    public static Behavior<SourceActor.Command> create(final NodeContext node, final ExclusivePublication internal)
    {
        final var s = node.settings();
        return SourceActor.create(() -> new SignalRelayAgent(ROLE_NAME,
                node.aeron().addSubscription(s.platformAckChannel(), s.platformAckStream()), internal,
                s.fragmentLimit(), s.offerRetries()),
            () -> IdleStrategies.parse(s.idleStrategy()), s);
    }
}
