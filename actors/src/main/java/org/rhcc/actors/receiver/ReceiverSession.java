package org.rhcc.actors.receiver;

import io.aeron.ExclusivePublication;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.rhcc.actors.agent.SourceActor;
import org.rhcc.actors.node.NodeContext;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.actors.session.SessionSpec;

/**
 * One session of the receiver role: opens the node's internal IIO stream (recorded by the archive, one recording per
 * session), starts the {@link MsrPoller} source and the {@link MbaCascade} actuator, answers
 * {@link SessionProtocol.Ready} when the actuator is ready, and on {@link SessionProtocol.End} stops the source, waits
 * for the recording to be complete, finishes the actuator and answers {@link SessionProtocol.Ended}.
 */
public final class ReceiverSession extends AbstractBehavior<ReceiverSession.Command>
{
    /**
     * Commands of the session.
     */
    public interface Command
    {
    }

    /**
     * Closes the session.
     *
     * @param replyTo to answer.
     */
    public record End(ActorRef<SessionProtocol.Reply> replyTo) implements Command
    {
    }

    private record CascadeReady(MbaCascade.Ready ready) implements Command
    {
    }

    private record CascadeFinished(MbaCascade.Finished finished) implements Command
    {
    }

    private enum CascadeStopped implements Command
    {
        INSTANCE
    }

    private final NodeContext node;
    private final SessionSpec spec;
    private final ActorRef<SessionProtocol.Reply> startReplyTo;
    private final ExclusivePublication internal;
    private final long recordingId;
    private final ActorRef<SourceActor.Command> poller;
    private final ActorRef<MbaCascade.Command> cascade;
    private ActorRef<SessionProtocol.Reply> endReplyTo;
    private boolean ready;

    private ReceiverSession(final ActorContext<Command> context, final NodeContext node, final SessionSpec spec,
        final ActorRef<SessionProtocol.Reply> startReplyTo)
    {
        super(context);
        this.node = node;
        this.spec = spec;
        this.startReplyTo = startReplyTo;
        final var s = node.settings();
        internal = node.aeron().addExclusivePublication(s.internalChannel(), s.iioStream());
        recordingId = node.awaitRecordingId(internal);
        poller = context.spawn(MsrPoller.create(node, internal), "msr-poller");
        cascade = context.spawn(MbaCascade.create(node, spec, recordingId,
            context.messageAdapter(MbaCascade.Ready.class, CascadeReady::new)), "mba-cascade");
        context.watchWith(cascade, CascadeStopped.INSTANCE);
    }

    /**
     * @param node    the node's shared resources.
     * @param spec    the session.
     * @param replyTo told {@link SessionProtocol.Ready} or {@link SessionProtocol.Failed}.
     * @return the session's behavior.
     */
    public static Behavior<Command> create(final NodeContext node, final SessionSpec spec,
        final ActorRef<SessionProtocol.Reply> replyTo)
    {
        return Behaviors.setup((context) ->
        {
            try
            {
                spec.controllerConfig();
            }
            catch (final IllegalArgumentException ex)
            {
                replyTo.tell(new SessionProtocol.Failed(spec.sessionId(), "receiver", ex.getMessage()));
                return Behaviors.stopped();
            }
            return new ReceiverSession(context, node, spec, replyTo);
        });
    }

    @Override
    public Receive<Command> createReceive()
    {
        return newReceiveBuilder()
            .onMessage(CascadeReady.class, (msg) -> onReady())
            .onMessage(End.class, this::onEnd)
            .onMessage(CascadeFinished.class, this::onFinished)
            .onMessage(CascadeStopped.class, (msg) -> onCascadeStopped())
            .onSignal(PostStop.class, (signal) -> onPostStop())
            .build();
    }

    private Behavior<Command> onReady()
    {
        ready = true;
        startReplyTo.tell(new SessionProtocol.Ready(spec.sessionId(), "receiver",
            SessionProtocol.RECEIVER_CONTROLLER_ID));
        return this;
    }

    private Behavior<Command> onEnd(final End end)
    {
        endReplyTo = end.replyTo();
        getContext().stop(poller);
        try
        {
            node.awaitRecorded(recordingId, internal);
        }
        catch (final IllegalStateException ex)
        {
            getContext().getLog().warn("session {}: recording {} incomplete: {}", spec.sessionId(), recordingId,
                ex.getMessage());
        }
        cascade.tell(new MbaCascade.Finish(getContext().messageAdapter(MbaCascade.Finished.class,
            CascadeFinished::new)));
        return this;
    }

    private Behavior<Command> onFinished(final CascadeFinished msg)
    {
        final MbaCascade.Finished f = msg.finished();
        endReplyTo.tell(new SessionProtocol.Ended(spec.sessionId(), "receiver", f.samples(), f.decisions(),
            f.failure()));
        endReplyTo = null;
        return Behaviors.stopped();
    }

    private Behavior<Command> onCascadeStopped()
    {
        if (!ready)
        {
            startReplyTo.tell(new SessionProtocol.Failed(spec.sessionId(), "receiver",
                "the MBA cascade stopped before it was ready (see the node's log)"));
            return Behaviors.stopped();
        }
        if (null != endReplyTo)
        {
            endReplyTo.tell(new SessionProtocol.Ended(spec.sessionId(), "receiver", 0, 0,
                "the MBA cascade stopped before it finished (see the node's log)"));
            return Behaviors.stopped();
        }
        return this;
    }

    private Behavior<Command> onPostStop()
    {
        internal.close();
        return this;
    }
}
