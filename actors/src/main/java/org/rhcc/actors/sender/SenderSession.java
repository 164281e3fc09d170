package org.rhcc.actors.sender;

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
 * One session of the sender role: opens the node's internal probe-ACK stream (recorded, one recording per session),
 * starts the {@link ProbeAckStream} source and the {@link RateUpdater} actuator, answers
 * {@link SessionProtocol.Ready} when the actuator is ready, and on {@link SessionProtocol.End} stops the source, waits
 * for the recording, finishes the actuator and, once the source has stopped too and the session's streams are closed,
 * answers {@link SessionProtocol.Ended}. The session owns its subscription to the platform's probe-ACK stream, so a
 * restarted source resumes where it stopped.
 */
public final class SenderSession extends AbstractBehavior<SenderSession.Command>
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

    private record UpdaterReady(RateUpdater.Ready ready) implements Command
    {
    }

    private record UpdaterFinished(SessionProtocol.Ended ended) implements Command
    {
    }

    private enum UpdaterStopped implements Command
    {
        INSTANCE
    }

    private enum SourceStopped implements Command
    {
        INSTANCE
    }

    private final NodeContext node;
    private final SessionSpec spec;
    private final ActorRef<SessionProtocol.Reply> startReplyTo;
    private final ExclusivePublication internal;
    private final Subscription platform;
    private final long recordingId;
    private final ActorRef<SourceActor.Command> source;
    private final ActorRef<RateUpdater.Command> updater;
    private ActorRef<SessionProtocol.Reply> endReplyTo;
    private SessionProtocol.Ended ended;
    private boolean sourceStopped;
    private boolean ready;

    private SenderSession(final ActorContext<Command> context, final NodeContext node, final SessionSpec spec,
        final ActorRef<SessionProtocol.Reply> startReplyTo)
    {
        super(context);
        this.node = node;
        this.spec = spec;
        this.startReplyTo = startReplyTo;
        final var s = node.settings();
        internal = node.aeron().addExclusivePublication(s.internalChannel(), s.ackStream());
        recordingId = node.awaitRecordingId(internal);
        platform = node.aeron().addSubscription(s.platformAckChannel(), s.platformAckStream());
        source = context.spawn(ProbeAckStream.create(node, platform, internal), "probe-ack-stream");
        context.watchWith(source, SourceStopped.INSTANCE);
        updater = context.spawn(RateUpdater.create(node, spec, recordingId,
            context.messageAdapter(RateUpdater.Ready.class, UpdaterReady::new)), "rate-updater");
        context.watchWith(updater, UpdaterStopped.INSTANCE);
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
                replyTo.tell(new SessionProtocol.Failed(spec.sessionId(), "sender", ex.getMessage()));
                return Behaviors.stopped();
            }
            return new SenderSession(context, node, spec, replyTo);
        });
    }

    @Override
    public Receive<Command> createReceive()
    {
        return newReceiveBuilder()
            .onMessage(UpdaterReady.class, (msg) -> onReady())
            .onMessage(End.class, this::onEnd)
            .onMessage(UpdaterFinished.class, this::onFinished)
            .onMessage(UpdaterStopped.class, (msg) -> onUpdaterStopped())
            .onMessage(SourceStopped.class, (msg) -> onSourceStopped())
            .onSignal(PostStop.class, (signal) -> onPostStop())
            .build();
    }

    private Behavior<Command> onReady()
    {
        ready = true;
        startReplyTo.tell(new SessionProtocol.Ready(spec.sessionId(), "sender", SessionProtocol.SENDER_CONTROLLER_ID));
        return this;
    }

    private Behavior<Command> onEnd(final End end)
    {
        endReplyTo = end.replyTo();
        getContext().stop(source);
        try
        {
            node.awaitRecorded(recordingId, internal);
        }
        catch (final IllegalStateException ex)
        {
            getContext().getLog().warn("session {}: recording {} incomplete: {}", spec.sessionId(), recordingId,
                ex.getMessage());
        }
        updater.tell(new RateUpdater.Finish(getContext().messageAdapter(SessionProtocol.Ended.class,
            UpdaterFinished::new)));
        return this;
    }

    private Behavior<Command> onFinished(final UpdaterFinished msg)
    {
        ended = msg.ended();
        return maybeEnded();
    }

    private Behavior<Command> onSourceStopped()
    {
        sourceStopped = true;
        return maybeEnded();
    }

    /**
     * Answers the end only once the actuator finished and the source's agent stopped, with the session's streams
     * closed: the next session's signal path never overlaps this one's (a relay of this session still subscribed to
     * the platform stream would feed the next session's frames to it a second time).
     */
    private Behavior<Command> maybeEnded()
    {
        if (null == ended || !sourceStopped)
        {
            return this;
        }
        closeStreams();
        endReplyTo.tell(ended);
        endReplyTo = null;
        return Behaviors.stopped();
    }

    private Behavior<Command> onUpdaterStopped()
    {
        if (null != ended)
        {
            return this;
        }
        if (!ready)
        {
            startReplyTo.tell(new SessionProtocol.Failed(spec.sessionId(), "sender",
                "the rate updater stopped before it was ready (see the node's log)"));
            return Behaviors.stopped();
        }
        if (null != endReplyTo)
        {
            endReplyTo.tell(new SessionProtocol.Ended(spec.sessionId(), "sender", 0, 0,
                "the rate updater stopped before it finished (see the node's log)"));
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
