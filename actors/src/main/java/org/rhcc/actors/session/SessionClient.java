package org.rhcc.actors.session;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.rhcc.actors.config.SessionSpec;

/**
 * The platform's side of the session protocol: finds the guardians of the controller roles through the receptionist
 * and opens and closes sessions on them, blocking the calling thread (the simulator's, off its hot path). A session's
 * sender role opens on a node that owns its sender host ({@link SessionSpec#senderHostId()}); if no member of the
 * cluster owns it, the start fails at once, naming the host.
 */
public final class SessionClient
{
    private static final AtomicLong COUNTER = new AtomicLong();
    /** How often an open or a close that has not been answered looks whether its node left the cluster, ms. */
    private static final long NODE_CHECK_MS = 200;

    private final ActorSystem<?> system;
    private final Duration timeout;
    private final RoleGuardians roles;
    private final Map<Long, Integer> senderHosts = new ConcurrentHashMap<>();
    private final Map<Long, Map<String, ActorRef<SessionProtocol.Command>>> guardians = new ConcurrentHashMap<>();
    private final Map<Long, SessionSpec> specs = new ConcurrentHashMap<>();

    /**
     * @param system  an actor system of the cluster.
     * @param timeout longest wait for a guardian or an answer.
     */
    public SessionClient(final ActorSystem<?> system, final Duration timeout)
    {
        this.system = system;
        this.roles = new RoleGuardians(system, timeout);
        this.timeout = timeout;
    }

    /**
     * @return a new session id, unique across runs and restarts: wall-clock milliseconds (the control plane may read
     * the wall clock) shifted left by 12 bits, plus a counter.
     */
    public static long newSessionId()
    {
        return (System.currentTimeMillis() << 12) | (COUNTER.getAndIncrement() & 0xfff);
    }

    /**
     * Opens a session on the guardian of each role. The roles opened before one that fails stay open: {@link #end}
     * closes them (and only them).
     *
     * @param spec the session.
     * @param keys the roles' keys.
     * @return each role's answer, in the order of the keys: the platform channel its session subscribed to, which is
     * where the platform must send that role's signals (the node that runs the role now, a primary back after a
     * takeover included).
     * @throws IllegalStateException if a role is missing, fails or does not answer in time.
     */
    public List<SessionProtocol.Ready> start(final SessionSpec spec,
        final List<ServiceKey<SessionProtocol.Command>> keys)
    {
        final List<SessionProtocol.Ready> ready = new ArrayList<>();
        for (final ServiceKey<SessionProtocol.Command> key : keys)
        {
            final boolean sender = SessionProtocol.SENDER_KEY.equals(key);
            if (sender)
            {
                roles.requireSenderHostOwner(spec.senderHostId());
                senderHosts.put(spec.sessionId(), spec.senderHostId());
            }
            final ActorRef<SessionProtocol.Command> guardian = roles.find(sender ?
                SessionProtocol.senderHostKey(spec.senderHostId()) : key);
            specs.put(spec.sessionId(), spec);
            if (open(spec, key, guardian) instanceof SessionProtocol.Ready r)
            {
                ready.add(r);
            }
        }
        return ready;
    }

    private SessionProtocol.Reply open(final SessionSpec spec, final ServiceKey<SessionProtocol.Command> key,
        final ActorRef<SessionProtocol.Command> guardian)
    {
        guardians.computeIfAbsent(spec.sessionId(), (id) -> new ConcurrentHashMap<>()).put(key.id(), guardian);
        final String what = "opening session " + spec.sessionId() + " on " + key.id();
        final java.util.concurrent.CompletableFuture<SessionProtocol.Reply> asked = AskPattern.ask(guardian,
            (ActorRef<SessionProtocol.Reply> replyTo) -> new SessionProtocol.Start(spec, replyTo), timeout,
            system.scheduler()).toCompletableFuture();
        final String departed = awaitOrDeparted(asked, guardian, what);
        if (null != departed)
        {
            // the node died while the session was opening on it: a standby of the role opens it instead
            guardians.get(spec.sessionId()).remove(key.id(), guardian);
            final ServiceKey<SessionProtocol.Command> standbyKey = SessionProtocol.standbyKey(
                SessionProtocol.SENDER_KEY.equals(key) ? SessionProtocol.senderHostKey(spec.senderHostId()) : key);
            final Set<ActorRef<SessionProtocol.Command>> standbys =
                new java.util.HashSet<>(roles.listing(standbyKey));
            standbys.removeIf((standby) -> null != roles.departed(standby));
            if (standbys.isEmpty())
            {
                throw new IllegalStateException("the " + key.id() + " node " + departed + " left the cluster " +
                    "while session " + spec.sessionId() + " was opening on it, and no standby of the role is in " +
                    "the cluster");
            }
            return open(spec, key, roles.oldest(standbys));
        }
        final SessionProtocol.Reply reply = roles.await(asked, what);
        if (reply instanceof SessionProtocol.Failed failed)
        {
            // nothing opened there: closing the session must not ask that node
            guardians.get(spec.sessionId()).remove(key.id(), guardian);
            throw new IllegalStateException("the " + failed.role() + " role could not open session " +
                spec.sessionId() + " on " + roles.addressOf(guardian) + ": " + failed.reason());
        }
        return reply;
    }

    /**
     * Opens a session whose role's node left the cluster on a standby of that role ({@code rhcc.node.standby}): for
     * the sender role, a standby that owns the session's sender host. The standby continues from the journal.
     *
     * @param sessionId the session, opened with {@link #start}.
     * @param key       the role's key.
     * @return the standby node and the platform channel its session subscribed to.
     * @throws IllegalStateException if no standby of the role is in the cluster, or it could not open the session.
     */
    public TakenOver takeOver(final long sessionId, final ServiceKey<SessionProtocol.Command> key)
    {
        final SessionSpec spec = specs.get(sessionId);
        if (null == spec)
        {
            throw new IllegalStateException("session " + sessionId + " is not open");
        }
        final ServiceKey<SessionProtocol.Command> standbyKey = SessionProtocol.standbyKey(
            SessionProtocol.SENDER_KEY.equals(key) ? SessionProtocol.senderHostKey(spec.senderHostId()) : key);
        final Set<ActorRef<SessionProtocol.Command>> standbys = roles.listing(standbyKey);
        if (standbys.isEmpty())
        {
            throw new IllegalStateException("no standby node of the " + key.id() + " role is in the cluster " +
                "(start one on the same host with rhcc.node.standby = on)");
        }
        final ActorRef<SessionProtocol.Command> standby = roles.oldest(standbys);
        final SessionProtocol.Reply reply = open(spec, key, standby);
        return new TakenOver(roles.addressOf(standby),
            reply instanceof SessionProtocol.Ready ready ? ready.platformChannel() : "");
    }

    /**
     * A session taken over by a standby.
     *
     * @param node            the standby node.
     * @param platformChannel the platform channel its session subscribed to (empty if none).
     */
    public record TakenOver(Address node, String platformChannel)
    {
    }

    /**
     * Closes a session on the guardian of each role it was opened on (all of the keys if this client did not open
     * it); a role the session never opened on is not asked, nor one whose node has left the cluster (the session went
     * with it).
     *
     * @param sessionId the session.
     * @param keys      the roles' keys.
     * @return what each role reported.
     */
    public List<SessionProtocol.Ended> end(final long sessionId, final List<ServiceKey<SessionProtocol.Command>> keys)
    {
        final List<SessionProtocol.Ended> ended = new ArrayList<>();
        final Map<String, java.util.concurrent.CompletionStage<SessionProtocol.Reply>> asked =
            new java.util.LinkedHashMap<>();
        final Map<String, ActorRef<SessionProtocol.Command>> askedNodes = new java.util.HashMap<>();
        final Integer senderHostId = senderHosts.remove(sessionId);
        final Map<String, ActorRef<SessionProtocol.Command>> opened = guardians.remove(sessionId);
        specs.remove(sessionId);
        for (final ServiceKey<SessionProtocol.Command> key : keys)
        {
            if (null != opened && !opened.containsKey(key.id()))
            {
                continue;
            }
            final ActorRef<SessionProtocol.Command> guardian = null != opened ?
                opened.get(key.id()) : roles.find(SessionProtocol.SENDER_KEY.equals(key) && null != senderHostId ?
                SessionProtocol.senderHostKey(senderHostId) : key);
            if (null != roles.departed(guardian))
            {
                // its node left the cluster, and the session with it: nothing to close there, nothing to wait for
                ended.add(new SessionProtocol.Ended(sessionId, key.id(), 0, 0, ""));
                continue;
            }
            asked.put(key.id(), AskPattern.ask(guardian,
                (ActorRef<SessionProtocol.Reply> replyTo) -> new SessionProtocol.End(sessionId, replyTo), timeout,
                system.scheduler()));
            askedNodes.put(key.id(), guardian);
        }
        // every role is asked before any answer is awaited: one that does not answer must not keep the others open
        for (final Map.Entry<String, java.util.concurrent.CompletionStage<SessionProtocol.Reply>> entry :
            asked.entrySet())
        {
            SessionProtocol.Reply reply;
            try
            {
                reply = awaitEnded(sessionId, entry.getKey(), entry.getValue(), askedNodes.get(entry.getKey()));
            }
            catch (final IllegalStateException ex)
            {
                reply = new SessionProtocol.Failed(sessionId, entry.getKey(), ex.getMessage());
            }
            ended.add(reply instanceof SessionProtocol.Ended e ? e :
                new SessionProtocol.Ended(sessionId, entry.getKey(), 0, 0, reply instanceof SessionProtocol.Failed f ?
                f.reason() : String.valueOf(reply)));
        }
        return ended;
    }

    /**
     * Waits for a role's answer to {@code End}, looking at its node meanwhile: a node that leaves the cluster while
     * the session closes (it died between its last decision and the close) took its part of the session with it, as
     * one that had left before the close did; its journal holds what it wrote, and the replay rebuilds the rest from
     * the recording.
     */
    private SessionProtocol.Reply awaitEnded(final long sessionId, final String role,
        final java.util.concurrent.CompletionStage<SessionProtocol.Reply> stage,
        final ActorRef<SessionProtocol.Command> guardian)
    {
        final java.util.concurrent.CompletableFuture<SessionProtocol.Reply> asked = stage.toCompletableFuture();
        final String what = "closing session " + sessionId + " on " + role;
        if (null != awaitOrDeparted(asked, guardian, what))
        {
            return new SessionProtocol.Ended(sessionId, role, 0, 0, "");
        }
        return roles.await(asked, what);
    }

    /**
     * Waits until a role's node answers, looking at the node every {@value #NODE_CHECK_MS} ms meanwhile.
     *
     * @param asked    the question asked of the node.
     * @param guardian the role's guardian on that node.
     * @param what     what is being waited for, for the message if the wait is interrupted.
     * @return the node's address and status if it left the cluster before it answered (the question is then
     * cancelled), or null once the answer is there ({@link #await} reads it).
     */
    private String awaitOrDeparted(final java.util.concurrent.CompletableFuture<SessionProtocol.Reply> asked,
        final ActorRef<SessionProtocol.Command> guardian, final String what)
    {
        while (!asked.isDone())
        {
            final String departed = roles.departed(guardian);
            if (null != departed)
            {
                asked.cancel(false);
                return departed;
            }
            try
            {
                asked.get(NODE_CHECK_MS, TimeUnit.MILLISECONDS);
            }
            catch (final TimeoutException | ExecutionException | java.util.concurrent.CancellationException ex)
            {
                // done (await reports it), or not yet: look at the node again
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while " + what, ex);
            }
        }
        return null;
    }

    /**
     * Tells whether the node that runs a role of a session has left the cluster: downed (by the split-brain
     * resolver, after it became unreachable), leaving or removed. An unreachable node that is not yet downed has not
     * left: it may come back.
     *
     * @param sessionId the session.
     * @param key       the role's key.
     * @return the node's address and status if it has left, else null.
     */
    public String departed(final long sessionId, final ServiceKey<SessionProtocol.Command> key)
    {
        final Map<String, ActorRef<SessionProtocol.Command>> session = guardians.get(sessionId);
        final ActorRef<SessionProtocol.Command> guardian = null == session ? null : session.get(key.id());
        return null == guardian ? null : roles.departed(guardian);
    }
}
