package org.rhcc.actors.session;

import java.util.List;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.rhcc.actors.agent.SourceActor;
import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.context.NodeContext;
import org.rhcc.actors.counters.AgentCounters;

/**
 * One session of a data-plane role, written once for every role and parameterised by its {@link Role}: opens the
 * node's internal stream of the role's signal (recorded by the archive, one recording per session), starts the role's
 * signal source and actuator, answers {@link SessionProtocol.Ready} when the actuator is ready, and on {@link End}
 * stops the source, waits for the recording to be complete, finishes the actuator and, once the source has stopped
 * too and the session's streams are closed, answers {@link SessionProtocol.Ended}. An actuator that stops before it is
 * ready fails the session's start; one that stops before it finishes ends it with a failure. The session owns its
 * subscription to the platform's stream, so a restarted source resumes where it stopped.
 */
public final class RoleSession extends AbstractBehavior<RoleSession.Command>
{
    /**
     * What a role brings to its sessions: its streams, its source and its actuator.
     */
    public interface Role
    {
        /**
         * @return the role's name in the session protocol ({@code sender}, {@code receiver}).
         */
        String name();

        /**
         * @return the controller id the role answers the lockstep with.
         */
        int controllerId();

        /**
         * @return the actuator as the operator knows it, for failures ("the rate updater").
         */
        String actuatorDescription();

        /**
         * @param node the node.
         * @return the keys under which the role's guardian registers with the receptionist.
         */
        List<ServiceKey<SessionProtocol.Command>> serviceKeys(NodeContext node);

        /**
         * @param node the node.
         * @param spec a session asked to open.
         * @return why this node cannot open it, or null if it can.
         */
        String refusal(NodeContext node, SessionSpec spec);

        /**
         * @param node the node.
         * @return the session the role opens by itself when the node starts (a real host's), or null.
         */
        SessionSpec autostart(NodeContext node);

        /**
         * @param node the node.
         * @return a new publication on the node's internal stream of the role's signal.
         */
        ExclusivePublication openInternal(NodeContext node);

        /**
         * @param node the node.
         * @return a new subscription to the platform's stream of the role's signal, or null when the node reads the
         * signal from its own hardware.
         */
        Subscription openPlatform(NodeContext node);

        /**
         * @param node     the node.
         * @param platform the platform's stream, or null.
         * @param internal the node's internal stream.
         * @param counters the source's counters (the session's: outlive restarts).
         * @param sessionId the session (its frames are authenticated for it).
         * @return the source actor's behavior.
         */
        Behavior<SourceActor.Command> source(NodeContext node, Subscription platform, ExclusivePublication internal,
            AgentCounters.Source counters, long sessionId);

        /**
         * @return the source actor's name.
         */
        String sourceName();

        /**
         * Spawns the actuator, which tells the session {@link ActuatorReady} once it is ready.
         *
         * @param context     the session's context.
         * @param node        the node.
         * @param spec        the session.
         * @param recordingId recording of the internal stream for this session, -1 if none.
         */
        Actuator spawnActuator(ActorContext<Command> context, NodeContext node, SessionSpec spec, long recordingId);
    }

    /**
     * A session's actuator as the session sees it.
     */
    public interface Actuator
    {
        /**
         * @return the actuator actor (watched by the session).
         */
        ActorRef<?> ref();

        /**
         * Finishes the actuator, which tells the session {@link ActuatorFinished} with the session's end.
         *
         * @param context the session's context.
         */
        void finish(ActorContext<Command> context);
    }

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

    /**
     * The actuator is ready.
     */
    public enum ActuatorReady implements Command
    {
        /** The command. */
        INSTANCE
    }

    /**
     * The actuator finished.
     *
     * @param ended the session's end as the actuator counted it.
     */
    public record ActuatorFinished(SessionProtocol.Ended ended) implements Command
    {
    }

    private enum ActuatorStopped implements Command
    {
        INSTANCE
    }

    private enum SourceStopped implements Command
    {
        INSTANCE
    }

    private final Role role;
    private final NodeContext node;
    private final SessionSpec spec;
    private final ActorRef<SessionProtocol.Reply> startReplyTo;
    private final ExclusivePublication internal;
    private final Subscription platform;
    private final AgentCounters.Source sourceCounters;
    private final long recordingId;
    private final ActorRef<SourceActor.Command> source;
    private final Actuator actuator;
    private ActorRef<SessionProtocol.Reply> endReplyTo;
    private SessionProtocol.Ended ended;
    private boolean sourceStopped;
    private boolean ready;

    private RoleSession(final ActorContext<Command> context, final Role role, final NodeContext node,
        final SessionSpec spec, final ActorRef<SessionProtocol.Reply> startReplyTo)
    {
        super(context);
        this.role = role;
        this.node = node;
        this.spec = spec;
        this.startReplyTo = startReplyTo;
        // the node's driver is hot while a session is open (PostStop lets it rest again)
        node.activity().enter();
        boolean opened = false;
        try
        {
            internal = role.openInternal(node);
            recordingId = node.awaitRecordingId(internal);
            platform = role.openPlatform(node);
            // no platform stream: the source reads the host's own sensor, and times its reads
            sourceCounters = AgentCounters.source(node.counters(), role.sourceName(), spec.sessionId(),
                null == platform);
            source = context.spawn(role.source(node, platform, internal, sourceCounters, spec.sessionId()),
                role.sourceName());
            context.watchWith(source, SourceStopped.INSTANCE);
            actuator = role.spawnActuator(context, node, spec, recordingId);
            context.watchWith(actuator.ref(), ActuatorStopped.INSTANCE);
            opened = true;
        }
        finally
        {
            if (!opened)
            {
                node.activity().leave();
            }
        }
    }

    /**
     * @param role    the role.
     * @param node    the node's shared resources.
     * @param spec    the session.
     * @param replyTo told {@link SessionProtocol.Ready} or {@link SessionProtocol.Failed}.
     */
    public static Behavior<Command> create(final Role role, final NodeContext node, final SessionSpec spec,
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
                replyTo.tell(new SessionProtocol.Failed(spec.sessionId(), role.name(), ex.getMessage()));
                return Behaviors.stopped();
            }
            return new RoleSession(context, role, node, spec, replyTo);
        });
    }

    @Override
    public Receive<Command> createReceive()
    {
        return newReceiveBuilder()
            .onMessage(ActuatorReady.class, (msg) -> onReady())
            .onMessage(End.class, this::onEnd)
            .onMessage(ActuatorFinished.class, this::onFinished)
            .onMessage(ActuatorStopped.class, (msg) -> onActuatorStopped())
            .onMessage(SourceStopped.class, (msg) -> onSourceStopped())
            .onSignal(PostStop.class, (signal) -> onPostStop())
            .build();
    }

    private Behavior<Command> onReady()
    {
        ready = true;
        // one line per session: from here a loss of this node is a takeover of a running session (operators and the
        // multi-JVM tests read it)
        getContext().getLog().info("{} session {} is ready: the controller is in charge of the host", role.name(),
            spec.sessionId());
        startReplyTo.tell(new SessionProtocol.Ready(spec.sessionId(), role.name(), role.controllerId(),
            null == platform ? "" : platform.channel()));
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
        actuator.finish(getContext());
        return this;
    }

    private Behavior<Command> onFinished(final ActuatorFinished msg)
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

    private Behavior<Command> onActuatorStopped()
    {
        if (null != ended)
        {
            return this;
        }
        if (!ready)
        {
            startReplyTo.tell(new SessionProtocol.Failed(spec.sessionId(), role.name(),
                role.actuatorDescription() + " stopped before it was ready (see the node's log)"));
            return Behaviors.stopped();
        }
        if (null != endReplyTo)
        {
            endReplyTo.tell(new SessionProtocol.Ended(spec.sessionId(), role.name(), 0, 0,
                role.actuatorDescription() + " stopped before it finished (see the node's log)"));
            return Behaviors.stopped();
        }
        return this;
    }

    private Behavior<Command> onPostStop()
    {
        // the streams close while the driver is still hot: each close is a round trip to its conductor
        try
        {
            closeStreams();
        }
        finally
        {
            node.activity().leave();
        }
        return this;
    }

    private void closeStreams()
    {
        internal.close();
        sourceCounters.close();
        if (null != platform)
        {
            platform.close();
        }
    }
}
