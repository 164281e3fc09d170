package org.rhcc.actors.sender;

import java.util.HashMap;
import java.util.Map;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.rhcc.actors.node.NodeContext;
import org.rhcc.actors.session.SessionProtocol;

/**
 * Guardian of the sender role on a node: registers with the receptionist under {@link SessionProtocol#SENDER_KEY} and
 * the {@link SessionProtocol#senderHostKey} of every sender host its node owns, and runs one {@link SenderSession} per
 * session it is asked to open for one of those hosts.
 */
public final class SenderGuardian extends AbstractBehavior<SessionProtocol.Command>
{
    /**
     * A session actor stopped (it finished, or failed to open): forget it.
     *
     * @param sessionId the session.
     */
    private record SessionStopped(long sessionId) implements SessionProtocol.Command
    {
    }

    private final NodeContext node;
    private final Map<Long, ActorRef<SenderSession.Command>> sessions = new HashMap<>();

    private SenderGuardian(final ActorContext<SessionProtocol.Command> context, final NodeContext node)
    {
        super(context);
        this.node = node;
        context.getSystem().receptionist().tell(Receptionist.register(SessionProtocol.SENDER_KEY,
            context.getSelf()));
        for (final int senderHostId : node.settings().senderHosts())
        {
            context.getSystem().receptionist().tell(Receptionist.register(SessionProtocol.senderHostKey(senderHostId),
                context.getSelf()));
        }
    }

    /**
     * @param node the node's shared resources.
     * @return the guardian's behavior.
     */
    public static Behavior<SessionProtocol.Command> create(final NodeContext node)
    {
        return Behaviors.setup((context) -> new SenderGuardian(context, node));
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
            .build();
    }

    private Behavior<SessionProtocol.Command> onStart(final SessionProtocol.Start start)
    {
        final long id = start.spec().sessionId();
        if (!node.settings().ownsSenderHost(start.spec().senderHostId()))
        {
            start.replyTo().tell(new SessionProtocol.Failed(id, "sender", "this node does not own sender host " +
                start.spec().senderHostId() + "'s NIC (rhcc.node.sender-hosts = " + node.settings().senderHosts() +
                "); open the session on a node that owns it"));
            return this;
        }
        if (sessions.containsKey(id))
        {
            start.replyTo().tell(new SessionProtocol.Failed(id, "sender", "session " + id + " is already open"));
            return this;
        }
        final ActorRef<SenderSession.Command> session = getContext().spawn(SenderSession.create(node, start.spec(),
            start.replyTo()), "session-" + id);
        getContext().watchWith(session, new SessionStopped(id));
        sessions.put(id, session);
        return this;
    }

    private Behavior<SessionProtocol.Command> onEnd(final SessionProtocol.End end)
    {
        final ActorRef<SenderSession.Command> session = sessions.remove(end.sessionId());
        if (null == session)
        {
            end.replyTo().tell(new SessionProtocol.Ended(end.sessionId(), "sender", 0, 0,
                "no open session " + end.sessionId()));
            return this;
        }
        session.tell(new SenderSession.End(end.replyTo()));
        return this;
    }
}
