package org.rhcc.actors.receiver;

import java.util.HashMap;
import java.util.Map;

import org.apache.pekko.actor.CoordinatedShutdown;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.rhcc.actors.node.AutostartFailed;
import org.rhcc.actors.node.NodeContext;
import org.rhcc.actors.session.SessionProtocol;

/**
 * Guardian of the receiver role on a node: registers with the receptionist under
 * {@link SessionProtocol#RECEIVER_KEY} and runs one {@link ReceiverSession} per session it is asked to open, or, on a
 * real host, the session of {@code rhcc.session} from the start; if that one fails to open, the node shuts down with
 * an {@link AutostartFailed} reason.
 */
public final class ReceiverGuardian extends AbstractBehavior<SessionProtocol.Command>
{
    /**
     * A session actor stopped (it finished, or failed to open): forget it.
     *
     * @param sessionId the session.
     */
    private record SessionStopped(long sessionId) implements SessionProtocol.Command
    {
    }

    /**
     * The answer to the session the receiver opened by itself.
     *
     * @param reply {@link SessionProtocol.Ready} or {@link SessionProtocol.Failed}.
     */
    private record AutostartReply(SessionProtocol.Reply reply) implements SessionProtocol.Command
    {
    }

    private final NodeContext node;
    private final Map<Long, ActorRef<ReceiverSession.Command>> sessions = new HashMap<>();

    private ReceiverGuardian(final ActorContext<SessionProtocol.Command> context, final NodeContext node)
    {
        super(context);
        this.node = node;
        context.getSystem().receptionist().tell(Receptionist.register(SessionProtocol.RECEIVER_KEY,
            context.getSelf()));
        if (null != node.settings().autostart())
        {
            context.getLog().info("receiver opens its configured session {} ({})",
                node.settings().autostart().sessionId(), node.settings().autostart().scheme());
            context.getSelf().tell(new SessionProtocol.Start(node.settings().autostart(),
                context.messageAdapter(SessionProtocol.Reply.class, AutostartReply::new)));
        }
    }

    /**
     * @param node the node's shared resources.
     * @return the guardian's behavior.
     */
    public static Behavior<SessionProtocol.Command> create(final NodeContext node)
    {
        return Behaviors.setup((context) -> new ReceiverGuardian(context, node));
    }

    @Override
    public Receive<SessionProtocol.Command> createReceive()
    {
        return newReceiveBuilder()
            .onMessage(SessionProtocol.Start.class, this::onStart)
            .onMessage(SessionProtocol.End.class, this::onEnd)
            .onMessage(SessionStopped.class, (stopped) ->
            {
                sessions.remove(stopped.sessionId());
                return this;
            })
            .onMessage(AutostartReply.class, this::onAutostartReply)
            .build();
    }

    /**
     * A real host's receiver that cannot open its session has nothing to control: rather than run on idle (and keep
     * the heartbeat going), the node shuts down and says why (the host is at 100 %: its groups were reset when the
     * host was opened, and a session that failed never throttled).
     */
    private Behavior<SessionProtocol.Command> onAutostartReply(final AutostartReply msg)
    {
        if (msg.reply() instanceof SessionProtocol.Failed failed)
        {
            final AutostartFailed reason = new AutostartFailed("receiver", failed.reason());
            getContext().getLog().error("{}; the node stops", reason.message());
            CoordinatedShutdown.get(getContext().getSystem()).runAll(reason);
        }
        else if (msg.reply() instanceof SessionProtocol.Ready ready)
        {
            getContext().getLog().info("receiver session {} is ready: the controller is in charge of the host",
                ready.sessionId());
        }
        return this;
    }

    private Behavior<SessionProtocol.Command> onStart(final SessionProtocol.Start start)
    {
        final long id = start.spec().sessionId();
        if (sessions.containsKey(id))
        {
            start.replyTo().tell(new SessionProtocol.Failed(id, "receiver", "session " + id + " is already open"));
            return this;
        }
        final ActorRef<ReceiverSession.Command> session = getContext().spawn(ReceiverSession.create(node, start.spec(),
            start.replyTo()), "session-" + id);
        getContext().watchWith(session, new SessionStopped(id));
        sessions.put(id, session);
        return this;
    }

    private Behavior<SessionProtocol.Command> onEnd(final SessionProtocol.End end)
    {
        final ActorRef<ReceiverSession.Command> session = sessions.remove(end.sessionId());
        if (null == session)
        {
            end.replyTo().tell(new SessionProtocol.Ended(end.sessionId(), "receiver", 0, 0,
                "no open session " + end.sessionId()));
            return this;
        }
        session.tell(new ReceiverSession.End(end.replyTo()));
        return this;
    }
}
