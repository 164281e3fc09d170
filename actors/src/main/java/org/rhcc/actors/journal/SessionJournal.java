package org.rhcc.actors.journal;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.persistence.typed.javadsl.RetentionCriteria;
import org.rhcc.actors.CborSerializable;
import org.rhcc.actors.counters.JournalCounters;

/**
 * The journal of one controller session on one node: its {@link SessionStarted} configuration, then its decisions
 * ({@link MbaLevelChanged}, {@link EcnMarkingChanged}, {@link FailSafeEntered}, {@link ActuatorFailed}) in decision
 * order. The owning actuator actor drains its agent's decision queue and appends each drained batch with one
 * {@code persistAll}, one batch in flight at a time; commands that arrive while a batch is being written are stashed,
 * so a {@link Sync} is answered only once everything appended before it is stored.
 * <p>
 * Every write's events and latency count in the node's {@link JournalCounters} of the role.
 * <p>
 * Persistence id: {@code SessionJournal|<role>-<sessionId>-<controllerId>}.
 */
public final class SessionJournal
    extends EventSourcedBehavior<SessionJournal.Command, SessionEvent, SessionJournal.State>
{
    /** Entity type hint of the persistence ids. */
    public static final String TYPE = "SessionJournal";

    private final int snapshotEvery;
    private final int keepSnapshots;
    private final JournalCounters.Journal counters;

    /**
     * Commands of the journal.
     */
    public interface Command extends CborSerializable
    {
    }

    /**
     * Appends events, in order, in one write, and answers {@link Done} once they are stored. Writers send the next
     * batch only after this answer (the journal's stash is bounded, so an unacknowledged stream of appends could
     * overflow it under a slow database).
     *
     * @param events  to persist.
     * @param replyTo told once they are stored.
     */
    public record Append(List<SessionEvent> events, ActorRef<Done> replyTo) implements Command
    {
        /**
         * Copies the events.
         */
        public Append
        {
            events = List.copyOf(events);
        }
    }

    /**
     * Answers {@link Done} once every event appended before it is stored.
     *
     * @param replyTo to answer.
     */
    public record Sync(ActorRef<Done> replyTo) implements Command
    {
        /**
         * @param replyTo to answer.
         */
        @JsonCreator
        public Sync
        {
        }
    }

    /**
     * Journal state: the number of events and decisions written.
     *
     * @param events    events stored.
     * @param decisions decisions (events other than the configuration) stored.
     */
    public record State(long events, long decisions) implements CborSerializable
    {
    }

    private SessionJournal(final PersistenceId persistenceId, final int snapshotEvery, final int keepSnapshots,
        final JournalCounters.Journal counters)
    {
        super(persistenceId);
        this.snapshotEvery = snapshotEvery;
        this.keepSnapshots = keepSnapshots;
        this.counters = counters;
    }

    /**
     * @param role          {@code receiver} or {@code sender}.
     * @param sessionId     the session.
     * @param controllerId  the controller's id.
     * @param snapshotEvery events between snapshots.
     * @param keepSnapshots snapshots kept.
     */
    public static Behavior<Command> create(final String role, final long sessionId, final int controllerId,
        final int snapshotEvery, final int keepSnapshots)
    {
        return create(role, sessionId, controllerId, snapshotEvery, keepSnapshots,
            JournalCounters.unpublished().of(role));
    }

    /**
     * @param role          {@code receiver} or {@code sender}.
     * @param sessionId     the session.
     * @param controllerId  the controller's id.
     * @param snapshotEvery events between snapshots.
     * @param keepSnapshots snapshots kept.
     * @param counters      the node's journal counters of the role.
     */
    public static Behavior<Command> create(final String role, final long sessionId, final int controllerId,
        final int snapshotEvery, final int keepSnapshots, final JournalCounters.Journal counters)
    {
        return new SessionJournal(persistenceId(role, sessionId, controllerId), snapshotEvery, keepSnapshots,
            counters);
    }

    /**
     * @param role         {@code receiver} or {@code sender}.
     * @param sessionId    the session.
     * @param controllerId the controller's id.
     * @return the journal's persistence id.
     */
    public static PersistenceId persistenceId(final String role, final long sessionId, final int controllerId)
    {
        return PersistenceId.of(TYPE, role + "-" + sessionId + "-" + controllerId);
    }

    @Override
    public State emptyState()
    {
        return new State(0, 0);
    }

    @Override
    public CommandHandler<Command, SessionEvent, State> commandHandler()
    {
        return newCommandHandlerBuilder()
            .forAnyState()
            .onCommand(Append.class, (state, command) ->
            {
                final long startNs = System.nanoTime();
                return Effect().persist(command.events())
                    .thenRun((s) -> counters.persisted(command.events().size(), System.nanoTime() - startNs))
                    .thenReply(command.replyTo(), (s) -> Done.done());
            })
            .onCommand(Sync.class, (state, command) -> Effect().none().thenReply(command.replyTo(), s -> Done.done()))
            .build();
    }

    @Override
    public EventHandler<State, SessionEvent> eventHandler()
    {
        return newEventHandlerBuilder()
            .forAnyState()
            .onEvent(SessionStarted.class, (state, event) -> new State(state.events() + 1, state.decisions()))
            .onAnyEvent((state, event) -> new State(state.events() + 1, state.decisions() + 1));
    }

    @Override
    public RetentionCriteria retentionCriteria()
    {
        return RetentionCriteria.snapshotEvery(snapshotEvery, keepSnapshots);
    }
}
