package org.rhcc.actors.session;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.apache.pekko.Done;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.CoordinatedShutdown;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.context.AutostartFailed;
import org.rhcc.actors.context.NodeContext;

/**
 * Guardian of a data-plane role on a node, written once for every role: registers with the receptionist under the
 * role's keys (their {@link SessionProtocol#standbyKey standby keys} on a standby node) and runs one {@link RoleSession} per session it is asked to open (and this node can open), or, on a
 * real host, the role's configured session from the start; if that one fails to open, the node shuts down with an
 * {@link AutostartFailed} reason. When the node shuts down (a JVM shutdown hook, {@code ActorSystem.terminate}, a
 * downed node), every session still open is ended first, in Pekko's {@code service-requests-done} phase, so that its
 * actuator journals its last decisions and closes its last windows (docs/design.md §7, "Durability").
 * <p>
 * A session whose platform (the node that opened it: the sim node, or a NIC agent's) is downed or leaves the cluster
 * is orphaned: nothing will send it signals or close it. The guardian ends it at once, with a log line naming the
 * platform, so that its last decisions are journaled and its agents stop rather than idling until the node stops.
 * <p>
 * The node's {@link org.rhcc.actors.context.RoleReadiness} says the role can take a session once the receptionist has
 * acknowledged every key, and no longer from the moment its sessions are ended for a shutdown.
 */
public final class RoleGuardian extends AbstractBehavior<SessionProtocol.Command>
{
    /**
     * A session stopped.
     *
     * @param sessionId the session.
     */
    private record SessionStopped(long sessionId) implements SessionProtocol.Command
    {
    }

    /**
     * The answer to the session the role opened by itself.
     *
     * @param reply {@link SessionProtocol.Ready} or {@link SessionProtocol.Failed}.
     */
    private record AutostartReply(SessionProtocol.Reply reply) implements SessionProtocol.Command
    {
    }

    /**
     * Ends every open session, as the node shuts down.
     *
     * @param replyTo told once every session answered (or the shutdown phase timed out).
     */
    private record EndAll(ActorRef<Done> replyTo) implements SessionProtocol.Command
    {
    }

    /**
     * A member of the cluster was downed or removed.
     *
     * @param address the member.
     * @param status  what happened to it, for the log line.
     */
    private record MemberGone(Address address, String status) implements SessionProtocol.Command
    {
    }

    /**
     * An orphaned session answered its end.
     *
     * @param reply the session's {@link SessionProtocol.Ended}.
     */
    private record OrphanEnded(SessionProtocol.Reply reply) implements SessionProtocol.Command
    {
    }

    /**
     * The receptionist acknowledged a registration.
     */
    private enum Registered implements SessionProtocol.Command
    {
        INSTANCE,
        /** A cluster event that ends no session. */
        IGNORED
    }

    private final RoleSession.Role role;
    private final NodeContext node;
    private final Map<Long, ActorRef<RoleSession.Command>> sessions = new HashMap<>();
    private final Map<Long, Address> platforms = new HashMap<>();
    private final int keys;
    private int registered;

    private RoleGuardian(
        final ActorContext<SessionProtocol.Command> context, final RoleSession.Role role, final NodeContext node)
    {
        super(context);
        this.role = role;
        this.node = node;
        final ActorRef<Receptionist.Registered> acknowledged =
            context.messageAdapter(Receptionist.Registered.class, (ack) -> Registered.INSTANCE);
        keys = role.serviceKeys(node).size();
        for (final ServiceKey<SessionProtocol.Command> key : role.serviceKeys(node))
        {
            context.getSystem().receptionist().tell(Receptionist.register(
                node.settings().standby() ? SessionProtocol.standbyKey(key) : key, context.getSelf(), acknowledged));
        }
        if (inCluster(context))
        {
            Cluster.get(context.getSystem()).subscriptions().tell(Subscribe.create(context.messageAdapter(
                ClusterEvent.MemberEvent.class, RoleGuardian::memberEvent), ClusterEvent.MemberEvent.class));
        }
        final ActorRef<SessionProtocol.Command> self = context.getSelf();
        final CoordinatedShutdown shutdown = CoordinatedShutdown.get(context.getSystem());
        final Duration phaseTimeout = Duration.ofMillis(
            shutdown.timeout(CoordinatedShutdown.PhaseServiceRequestsDone()).toMillis());
        shutdown.addTask(CoordinatedShutdown.PhaseServiceRequestsDone(), "rhcc-end-" + role.name() + "-sessions",
            () -> AskPattern.ask(self, EndAll::new, phaseTimeout, context.getSystem().scheduler()));
        final SessionSpec autostart = role.autostart(node);
        if (null != autostart)
        {
            context.getLog().info("{} opens its configured session {} ({})", role.name(), autostart.sessionId(),
                autostart.scheme());
            context.getSelf().tell(new SessionProtocol.Start(autostart,
                context.messageAdapter(SessionProtocol.Reply.class, AutostartReply::new)));
        }
    }

    /**
     * @param role the role.
     * @param node the node's shared resources.
     */
    public static Behavior<SessionProtocol.Command> create(final RoleSession.Role role, final NodeContext node)
    {
        return Behaviors.setup((context) -> new RoleGuardian(context, role, node));
    }

    @Override
    public Receive<SessionProtocol.Command> createReceive()
    {
        return newReceiveBuilder()
            .onMessage(SessionProtocol.Start.class, this::onStart)
            .onMessage(SessionProtocol.End.class, this::onEnd)
            .onMessage(SessionStopped.class, (stopped) ->
            {
                node.controlPlane().of(role.name()).closed();
                sessions.remove(stopped.sessionId());
                platforms.remove(stopped.sessionId());
                return this;
            })
            .onMessage(MemberGone.class, this::onMemberGone)
            .onMessage(OrphanEnded.class, (ended) ->
            {
                getContext().getLog().info("{} orphaned session ended: {}", role.name(), ended.reply());
                return this;
            })
            .onMessage(AutostartReply.class, this::onAutostartReply)
            .onMessage(EndAll.class, this::onEndAll)
            .onMessage(Registered.class, (ack) ->
            {
                if (Registered.IGNORED == ack)
                {
                    return this;
                }
                if (++registered == keys)
                {
                    node.readiness().accepting(role.name(), true);
                }
                return this;
            })
            .onSignal(PostStop.class, (signal) ->
            {
                node.readiness().accepting(role.name(), false);
                return this;
            })
            .build();
    }

    /**
     * @return true if the guardian runs in a cluster node (a role tested on a local actor system has no platform
     * node that could leave).
     */
    private static boolean inCluster(final ActorContext<SessionProtocol.Command> context)
    {
        return org.apache.pekko.actor.typed.javadsl.Adapter.toClassic(context.getSystem()).provider()
            instanceof org.apache.pekko.cluster.ClusterActorRefProvider;
    }

    private static SessionProtocol.Command memberEvent(final ClusterEvent.MemberEvent event)
    {
        if (event instanceof ClusterEvent.MemberDowned || event instanceof ClusterEvent.MemberRemoved ||
            event instanceof ClusterEvent.MemberExited || event instanceof ClusterEvent.MemberLeft)
        {
            return new MemberGone(event.member().address(), event.member().status().toString());
        }
        return Registered.IGNORED;
    }

    /**
     * Ends the sessions that the departed member opened: their platform is gone.
     */
    private Behavior<SessionProtocol.Command> onMemberGone(final MemberGone gone)
    {
        for (final Map.Entry<Long, Address> entry : Map.copyOf(platforms).entrySet())
        {
            final ActorRef<RoleSession.Command> session = sessions.get(entry.getKey());
            if (!entry.getValue().equals(gone.address()) || null == session)
            {
                continue;
            }
            getContext().getLog().warn("{} session {} is orphaned: the node that opened it, {}, is {} (downed or " +
                "leaving the cluster); ending it (its last decisions are journaled)", role.name(), entry.getKey(),
                gone.address(), gone.status());
            node.controlPlane().of(role.name()).orphaned();
            sessions.remove(entry.getKey());
            platforms.remove(entry.getKey());
            session.tell(new RoleSession.End(getContext().messageAdapter(SessionProtocol.Reply.class,
                OrphanEnded::new)));
        }
        return this;
    }

    /**
     * A real host's role that cannot open its session has nothing to control: rather than run on idle (and keep the
     * heartbeat going), the node shuts down and says why (the host is at 100 %: its groups were reset when the host
     * was opened, and a session that failed never throttled).
     */
    private Behavior<SessionProtocol.Command> onAutostartReply(final AutostartReply msg)
    {
        if (msg.reply() instanceof SessionProtocol.Failed failed)
        {
            final AutostartFailed reason = new AutostartFailed(role.name(), failed.reason());
            getContext().getLog().error("{}; the node stops", reason.message());
            CoordinatedShutdown.get(getContext().getSystem()).runAll(reason);
        }
        return this;
    }

    private Behavior<SessionProtocol.Command> onStart(final SessionProtocol.Start start)
    {
        final long id = start.spec().sessionId();
        final String refusal = role.refusal(node, start.spec());
        if (null != refusal)
        {
            start.replyTo().tell(new SessionProtocol.Failed(id, role.name(), refusal));
            return this;
        }
        if (sessions.containsKey(id))
        {
            start.replyTo().tell(new SessionProtocol.Failed(id, role.name(), "session " + id + " is already open"));
            return this;
        }
        getContext().getLog().info("{} opens session {} ({}){}", role.name(), id, start.spec().scheme(),
            node.settings().standby() ? " on a standby node" : "");
        final ActorRef<RoleSession.Command> session = getContext().spawn(RoleSession.create(role, node,
            start.spec(), start.replyTo()), "session-" + id);
        getContext().watchWith(session, new SessionStopped(id));
        sessions.put(id, session);
        node.controlPlane().of(role.name()).opened(node.settings().standby());
        final Address platform = start.replyTo().path().address();
        if (platform.hasGlobalScope())
        {
            platforms.put(id, platform);
        }
        return this;
    }

    private Behavior<SessionProtocol.Command> onEndAll(final EndAll endAll)
    {
        node.readiness().accepting(role.name(), false);
        final CompletableFuture<?>[] ended = new CompletableFuture<?>[sessions.size()];
        int i = 0;
        for (final Map.Entry<Long, ActorRef<RoleSession.Command>> session : sessions.entrySet())
        {
            getContext().getLog().info("{} session {} is still open as the node stops: ending it (its last " +
                "decisions are journaled)", role.name(), session.getKey());
            ended[i++] = AskPattern.<RoleSession.Command, SessionProtocol.Reply>ask(session.getValue(),
                RoleSession.End::new, node.settings().askTimeout(), getContext().getSystem().scheduler())
                .toCompletableFuture();
        }
        sessions.clear();
        CompletableFuture.allOf(ended).whenComplete((ok, error) -> endAll.replyTo().tell(Done.done()));
        return this;
    }

    private Behavior<SessionProtocol.Command> onEnd(final SessionProtocol.End end)
    {
        final ActorRef<RoleSession.Command> session = sessions.remove(end.sessionId());
        platforms.remove(end.sessionId());
        if (null == session)
        {
            end.replyTo().tell(new SessionProtocol.Ended(end.sessionId(), role.name(), 0, 0,
                "no open session " + end.sessionId()));
            return this;
        }
        session.tell(new RoleSession.End(end.replyTo()));
        return this;
    }
}
