package org.rhcc.actors.receiver;

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
 * The receiver role ({@link RoleSession}, {@link RoleGuardian}): registered under {@link SessionProtocol#RECEIVER_KEY},
 * it opens the sessions it is asked to or, on a real host, the session of {@code rhcc.session} from the start; a
 * session has the node's internal IIO stream, the {@link IioSampleSource} source (fed by the platform's IIO stream, or
 * by the host's own sensor when the node has a {@link ReceiverHardware}), and the {@link MbaActuatorActor} actuator.
 */
public final class ReceiverRole implements RoleSession.Role
{
    /** The role. */
    public static final ReceiverRole ROLE = new ReceiverRole();

    private ReceiverRole()
    {
    }

    /**
     * @param node    the node's shared resources.
     * @param spec    the session.
     * @param replyTo told {@link SessionProtocol.Ready} or {@link SessionProtocol.Failed}.
     */
    public static Behavior<RoleSession.Command> create(final NodeContext node, final SessionSpec spec,
        final ActorRef<SessionProtocol.Reply> replyTo)
    {
        return RoleSession.create(ROLE, node, spec, replyTo);
    }

    @Override
    public String name()
    {
        return "receiver";
    }

    @Override
    public int controllerId()
    {
        return SessionProtocol.RECEIVER_CONTROLLER_ID;
    }

    @Override
    public String actuatorDescription()
    {
        return "the MBA cascade";
    }

    @Override
    public List<ServiceKey<SessionProtocol.Command>> serviceKeys(final NodeContext node)
    {
        return List.of(SessionProtocol.RECEIVER_KEY);
    }

    @Override
    public String refusal(final NodeContext node, final SessionSpec spec)
    {
        return null;
    }

    @Override
    public SessionSpec autostart(final NodeContext node)
    {
        // a standby opens a session only to take one over
        return node.settings().standby() ? null : node.settings().autostart();
    }

    @Override
    public ExclusivePublication openInternal(final NodeContext node)
    {
        return node.aeron().addExclusivePublication(node.settings().internalChannel(), node.settings().iioStream());
    }

    @Override
    public Subscription openPlatform(final NodeContext node)
    {
        final var s = node.settings();
        return null == node.hardware() ? node.aeron().addSubscription(s.platformIioChannel(), s.platformIioStream()) :
            null;
    }

    @Override
    public Behavior<SourceActor.Command> source(
        final NodeContext node, final Subscription platform, final ExclusivePublication internal,
        final AgentCounters.Source counters, final long sessionId)
    {
        return IioSampleSource.create(node, platform, internal, counters, sessionId);
    }

    @Override
    public String sourceName()
    {
        return "iio-sample-source";
    }

    @Override
    public RoleSession.Actuator spawnActuator(final ActorContext<RoleSession.Command> context, final NodeContext node,
        final SessionSpec spec, final long recordingId)
    {
        final ActorRef<MbaActuatorActor.Command> cascade = context.spawn(
            MbaActuatorActor.create(node, spec, recordingId, context.messageAdapter(
                MbaActuatorActor.Ready.class, (ready) -> RoleSession.ActuatorReady.INSTANCE)),
            "mba-actuator");
        return new RoleSession.Actuator()
        {
            public ActorRef<?> ref()
            {
                return cascade;
            }

            public void finish(final ActorContext<RoleSession.Command> context)
            {
                cascade.tell(new MbaActuatorActor.Finish(context.messageAdapter(MbaActuatorActor.Finished.class,
                    (f) -> new RoleSession.ActuatorFinished(new SessionProtocol.Ended(spec.sessionId(), "receiver",
                        f.samples(), f.decisions(), f.failure())))));
            }
        };
    }
}
