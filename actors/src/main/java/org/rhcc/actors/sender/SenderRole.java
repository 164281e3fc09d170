package org.rhcc.actors.sender;

import java.util.ArrayList;
import java.util.List;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.rhcc.actors.agent.SourceActor;
import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.context.NodeContext;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.session.RoleGuardian;
import org.rhcc.actors.session.RoleSession;
import org.rhcc.actors.session.SessionProtocol;

/**
 * The sender role ({@link RoleSession}, {@link RoleGuardian}): registered under {@link SessionProtocol#SENDER_KEY} and
 * the {@link SessionProtocol#senderHostKey} of every sender host its node owns, it opens sessions for those hosts
 * only; a session has the node's internal probe-ACK stream, the {@link ProbeAckSource} source fed by the platform's
 * probe-ACK stream, and the {@link RateUpdaterActor} actuator. One per node: its rate updaters register their
 * sender host states with the node's {@link SenderAgents}, which the node hands it.
 */
public final class SenderRole implements RoleSession.Role
{
    private final SenderAgents agents;

    /**
     * @param agents the node's rate-updater agents by session.
     */
    public SenderRole(final SenderAgents agents)
    {
        this.agents = agents;
    }

    /**
     * @param node    the node's shared resources.
     * @param agents  the node's rate-updater agents by session.
     * @param spec    the session.
     * @param replyTo told {@link SessionProtocol.Ready} or {@link SessionProtocol.Failed}.
     */
    public static Behavior<RoleSession.Command> create(final NodeContext node, final SenderAgents agents,
        final SessionSpec spec, final ActorRef<SessionProtocol.Reply> replyTo)
    {
        return RoleSession.create(new SenderRole(agents), node, spec, replyTo);
    }

    @Override
    public String name()
    {
        return "sender";
    }

    @Override
    public int controllerId()
    {
        return SessionProtocol.SENDER_CONTROLLER_ID;
    }

    @Override
    public String actuatorDescription()
    {
        return "the rate updater";
    }

    @Override
    public List<ServiceKey<SessionProtocol.Command>> serviceKeys(final NodeContext node)
    {
        final List<ServiceKey<SessionProtocol.Command>> keys = new ArrayList<>();
        keys.add(SessionProtocol.SENDER_KEY);
        for (final int senderHostId : node.settings().senderHosts())
        {
            keys.add(SessionProtocol.senderHostKey(senderHostId));
        }
        return keys;
    }

    @Override
    public String refusal(final NodeContext node, final SessionSpec spec)
    {
        if (!node.settings().ownsSenderHost(spec.senderHostId()))
        {
            return "this node does not own sender host " + spec.senderHostId() + "'s NIC (rhcc.node.sender-hosts = " +
                node.settings().senderHosts() + "); open the session on a node that owns it";
        }
        return null;
    }

    @Override
    public SessionSpec autostart(final NodeContext node)
    {
        return null;
    }

    @Override
    public ExclusivePublication openInternal(final NodeContext node)
    {
        return node.aeron().addExclusivePublication(node.settings().internalChannel(), node.settings().ackStream());
    }

    @Override
    public Subscription openPlatform(final NodeContext node)
    {
        return node.aeron().addSubscription(node.settings().platformAckChannel(), node.settings().platformAckStream());
    }

    @Override
    public Behavior<SourceActor.Command> source(
        final NodeContext node, final Subscription platform, final ExclusivePublication internal,
        final AgentCounters.Source counters, final long sessionId)
    {
        return ProbeAckSource.create(node, platform, internal, counters, sessionId);
    }

    @Override
    public String sourceName()
    {
        return "probe-ack-source";
    }

    @Override
    public RoleSession.Actuator spawnActuator(final ActorContext<RoleSession.Command> context, final NodeContext node,
        final SessionSpec spec, final long recordingId)
    {
        final ActorRef<RateUpdaterActor.Command> updater = context.spawn(
            RateUpdaterActor.create(node, agents, spec, recordingId, context.messageAdapter(
                RateUpdaterActor.Ready.class, (ready) -> RoleSession.ActuatorReady.INSTANCE)),
            "rate-updater");
        return new RoleSession.Actuator()
        {
            public ActorRef<?> ref()
            {
                return updater;
            }

            public void finish(final ActorContext<RoleSession.Command> context)
            {
                updater.tell(new RateUpdaterActor.Finish(context.messageAdapter(SessionProtocol.Ended.class,
                    RoleSession.ActuatorFinished::new)));
            }
        };
    }
}
