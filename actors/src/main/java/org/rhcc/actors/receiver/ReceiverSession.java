package org.rhcc.actors.receiver;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
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
 * for the recording to be complete, finishes the actuator and, once the source has stopped too and the session's
 * streams are closed, answers {@link SessionProtocol.Ended}. The session owns its subscription to the platform's IIO
 * stream, so a restarted source resumes where it stopped.
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

    private enum PollerStopped implements Command
    {
        INSTANCE
    }

    private final NodeContext node;
    private final SessionSpec spec;
    private final ActorRef<SessionProtocol.Reply> startReplyTo;
    private final ExclusivePublication internal;
    private final Subscription platform;
    private final long recordingId;
    private final ActorRef<SourceActor.Command> poller;
    private final ActorRef<MbaCascade.Command> cascade;
    private ActorRef<SessionProtocol.Reply> endReplyTo;
    private SessionProtocol.Ended ended;
    private boolean pollerStopped;
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
        platform = s.sensorClass().isBlank() ?
            node.aeron().addSubscription(s.platformIioChannel(), s.platformIioStream()) : null;
        poller = context.spawn(MsrPoller.create(node, platform, internal), "msr-poller");
        context.watchWith(poller, PollerStopped.INSTANCE);
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
            .onMessage(PollerStopped.class, (msg) -> onPollerStopped())
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
        ended = new SessionProtocol.Ended(spec.sessionId(), "receiver", f.samples(), f.decisions(), f.failure());
        return maybeEnded();
    }

    private Behavior<Command> onPollerStopped()
    {
        pollerStopped = true;
        return maybeEnded();
    }

    /**
     * Answers the end only once the actuator finished and the poller's agent stopped, with the session's streams
     * closed: the next session's signal path never overlaps this one's (a relay of this session still subscribed to
     * the platform stream would feed the next session's frames to it a second time).
     */
    private Behavior<Command> maybeEnded()
    {
        if (null == ended || !pollerStopped)
        {
            return this;
        }
        closeStreams();
        endReplyTo.tell(ended);
        endReplyTo = null;
        return Behaviors.stopped();
    }

    private Behavior<Command> onCascadeStopped()
    {
        if (null != ended)
        {
            return this;
        }
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
        closeStreams();
        return this;
    }

    private void closeStreams()
    {
        internal.close();
        if (null != platform)
        {
            platform.close();
        }
    }
}
