package org.rhcc.actors.sender;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.PreRestart;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.RecoveryCompleted;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.persistence.typed.javadsl.EffectBuilder;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.persistence.typed.javadsl.RetentionCriteria;
import org.apache.pekko.persistence.typed.javadsl.SignalHandler;
import org.rhcc.actors.CborSerializable;
import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.counters.JournalCounters;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.sender.QpStateTable;

/**
 * A sender entity: the QPs of one block ({@code rhcc.sender.qps-per-entity}, 1024 by default) of one session, under
 * cluster sharding on the nodes that own the session's sender host ({@link QpBlockSharding}). It owns a core
 * {@link QpStateTable} for its block, never one object per QP: once opened (or recovered) it hands a copy to its
 * node's {@link SenderHostState}, whose {@link RateUpdaterAgent} from then on is the table's single writer and runs
 * every probe ACK of the block against it; the entity journals the agent's per-interval batches
 * ({@link QpStatesChanged}, one {@code persistAll} per drain) into its own image of the state, which snapshots carry.
 * Killed and restarted (or re-homed after its node died), it recovers the image from snapshot and journal and hands it
 * over again, {@link QpStateTable#resume resumed}, and journals {@link BlockResumed} at the first {@link Open} that
 * follows (the standby's session opening its blocks), where the batches of the next segment begin.
 * <p>
 * Entity id: {@code <sessionId>-<block>}; persistence id {@code QpBlock|<sessionId>-<block>}. Commands are idempotent
 * ({@link Open} of an open block only re-registers it, and journals {@code BlockResumed} once per incarnation), so a
 * retried ask during a rebalance cannot double-apply.
 * <p>
 * Every write's events and latency count in the node's sender {@link JournalCounters}, and the batches it drained and
 * has not yet stored in its lag.
 */
public final class QpBlockEntity extends EventSourcedBehavior<QpBlockEntity.Command, QpBlockEvent, QpBlockState>
{
    /**
     * Batches a block's queue holds until the entity drains it: 256 windows, over 25 ms of 100 us windows at one
     * drain per 5 ms, for 1 KiB of references per block.
     */
    public static final int BATCH_QUEUE_CAPACITY = 256;

    /** Type name of the entities' persistence ids ({@code QpBlock|<sessionId>-<block>}), whatever their host. */
    public static final String PERSISTENCE_TYPE = "QpBlock";

    /**
     * Commands of the entity.
     */
    public interface Command extends CborSerializable
    {
    }

    /**
     * Opens the block for the session (idempotent) and hands its table to the node's agent.
     *
     * @param spec    the session.
     * @param replyTo answered once the block is journaled and handed over.
     */
    public record Open(SessionSpec spec, ActorRef<Opened> replyTo) implements Command
    {
    }

    /**
     * Answer to {@link Open}.
     *
     * @param block      block index.
     * @param registered true if the block's table was handed to an agent on the entity's node.
     */
    public record Opened(int block, boolean registered) implements CborSerializable
    {
    }

    /**
     * Journals the batches waiting in the agent's queue.
     */
    public enum Drain implements Command
    {
        /** The command. */
        INSTANCE
    }

    /**
     * Closes the block's current window on the agent, journals everything and answers {@link Done}.
     *
     * @param replyTo to answer.
     */
    public record Finish(ActorRef<Done> replyTo) implements Command
    {
        /**
         * @param replyTo to answer.
         */
        @JsonCreator
        public Finish
        {
        }
    }

    /**
     * Answers the journaled state.
     *
     * @param replyTo to answer.
     */
    public record GetState(ActorRef<QpBlockState> replyTo) implements Command
    {
        /**
         * @param replyTo to answer.
         */
        @JsonCreator
        public GetState
        {
        }
    }

    private record Flushed(ActorRef<Done> replyTo) implements Command
    {
    }

    private final ActorContext<Command> context;
    private final SenderAgents agents;
    private final int qpsPerEntity;
    private final long intervalNs;
    private final int snapshotEvery;
    private final int keepSnapshots;
    private final JournalCounters.Journal counters;
    private int drainedNotStored;
    private QpBlockSlot slot;
    private long sessionId;
    private boolean recovered;
    private boolean resumeJournaled;

    private QpBlockEntity(final ActorContext<Command> context, final String entityId, final SenderAgents agents,
        final int qpsPerEntity, final long intervalNs, final int snapshotEvery, final int keepSnapshots,
        final JournalCounters.Journal counters)
    {
        super(PersistenceId.of(PERSISTENCE_TYPE, entityId),
            SupervisorStrategy.restartWithBackoff(Duration.ofMillis(200), Duration.ofSeconds(5), 0.1));
        this.context = context;
        this.agents = agents;
        this.qpsPerEntity = qpsPerEntity;
        this.intervalNs = intervalNs;
        this.snapshotEvery = snapshotEvery;
        this.keepSnapshots = keepSnapshots;
        this.counters = counters;
    }

    /**
     * @param entityId      {@code <sessionId>-<block>}.
     * @param agents        the node's rate-updater agents.
     * @param qpsPerEntity  QPs per block, a power of two.
     * @param intervalNs    control interval of the batches, ns.
     * @param snapshotEvery events between snapshots.
     * @param keepSnapshots snapshots kept.
     */
    public static Behavior<Command> create(final String entityId, final SenderAgents agents, final int qpsPerEntity,
        final long intervalNs, final int snapshotEvery, final int keepSnapshots)
    {
        return create(entityId, agents, qpsPerEntity, intervalNs, snapshotEvery, keepSnapshots,
            JournalCounters.unpublished().sender());
    }

    /**
     * @param entityId      {@code <sessionId>-<block>}.
     * @param agents        the node's rate-updater agents.
     * @param qpsPerEntity  QPs per block, a power of two.
     * @param intervalNs    control interval of the batches, ns.
     * @param snapshotEvery events between snapshots.
     * @param keepSnapshots snapshots kept.
     * @param counters      the node's sender journal counters.
     */
    public static Behavior<Command> create(final String entityId, final SenderAgents agents, final int qpsPerEntity,
        final long intervalNs, final int snapshotEvery, final int keepSnapshots,
        final JournalCounters.Journal counters)
    {
        return Behaviors.setup((context) -> new QpBlockEntity(context, entityId, agents, qpsPerEntity, intervalNs,
            snapshotEvery, keepSnapshots, counters));
    }

    /**
     * @param sessionId the session.
     * @param block     block index.
     */
    public static String entityId(final long sessionId, final int block)
    {
        return sessionId + "-" + block;
    }

    @Override
    public QpBlockState emptyState()
    {
        return QpBlockState.EMPTY;
    }

    @Override
    public CommandHandler<Command, QpBlockEvent, QpBlockState> commandHandler()
    {
        return newCommandHandlerBuilder()
            .forAnyState()
            .onCommand(Open.class, this::onOpen)
            .onCommand(Drain.class, (state, drain) -> drain())
            .onCommand(Finish.class, this::onFinish)
            .onCommand(Flushed.class, (state, flushed) -> drain().thenReply(flushed.replyTo(), s -> Done.done()))
            .onCommand(GetState.class, (state, get) -> Effect().reply(get.replyTo(), state))
            .build();
    }

    private Effect<QpBlockEvent, QpBlockState> onOpen(final QpBlockState state, final Open open)
    {
        if (state.opened())
        {
            if (recovered && !resumeJournaled)
            {
                // the first Open after this incarnation recovered an open block: a takeover (or a restarted entity
                // asked again); the batches that follow were decided from the resumed state
                resumeJournaled = true;
                return persist(List.of(new BlockResumed(state.batches())), 0)
                    .thenReply(open.replyTo(), (s) -> new Opened(s.block(), register(s)));
            }
            return Effect().none().thenReply(open.replyTo(), (s) -> new Opened(s.block(), register(s)));
        }
        final SessionSpec spec = open.spec();
        final int block = blockOf(persistenceId().entityId());
        final int firstQp = block * qpsPerEntity;
        final int qps = Math.max(0, Math.min(qpsPerEntity, spec.qpCount() - firstQp));
        return persist(List.of(new BlockOpened(spec, block, firstQp, qps)), 0)
            .thenReply(open.replyTo(), (s) -> new Opened(s.block(), register(s)));
    }

    /**
     * Persists events, counting the write's events and latency, and the batches among them leave the lag once
     * stored.
     */
    private EffectBuilder<QpBlockEvent, QpBlockState> persist(final List<QpBlockEvent> events, final int batches)
    {
        final long startNs = System.nanoTime();
        return Effect().persist(events).thenRun((s) ->
        {
            counters.persisted(events.size(), System.nanoTime() - startNs);
            counters.stored(batches);
            drainedNotStored -= batches;
        });
    }

    private EffectBuilder<QpBlockEvent, QpBlockState> drain()
    {
        if (null == slot)
        {
            return Effect().none();
        }
        slot.clearPending();
        final List<QpBlockEvent> events = new ArrayList<>();
        slot.batches().drain(events::add);
        if (events.isEmpty())
        {
            return Effect().none();
        }
        counters.handed(events.size());
        drainedNotStored += events.size();
        return persist(events, events.size());
    }

    private Effect<QpBlockEvent, QpBlockState> onFinish(final QpBlockState state, final Finish finish)
    {
        final SenderHostState host = null == slot ? null : agents.get(sessionId);
        if (null == host)
        {
            return drain().thenReply(finish.replyTo(), (s) -> Done.done());
        }
        context.pipeToSelf(host.flush(slot), (ok, error) -> new Flushed(finish.replyTo()));
        return Effect().none();
    }

    private boolean register(final QpBlockState state)
    {
        if (null != slot || !state.opened())
        {
            return null != slot;
        }
        final SenderHostState host = agents.get(state.spec().sessionId());
        if (null == host)
        {
            return false;
        }
        sessionId = state.spec().sessionId();
        slot = new QpBlockSlot(state.block(), state.firstQp(), resumedTable(state),
            state.spec().controllerConfig().sender(), host, intervalNs, BATCH_QUEUE_CAPACITY, context.getSelf());
        host.register(slot);
        return true;
    }

    /**
     * @param state the journaled state.
     * @return the table the agent continues from: a copy of the state, whose QPs are {@link QpStateTable#resume
     * resumed} if batches were journaled (the entity recovered them after its node left the cluster or it was
     * restarted: the journal's last batch may be behind the probes the previous agent saw).
     */
    static QpStateTable resumedTable(final QpBlockState state)
    {
        final QpStateTable table = QpStateTable.copyOf(state.state());
        if (state.batches() > 0)
        {
            table.resumeAll();
        }
        return table;
    }

    @Override
    public EventHandler<QpBlockState, QpBlockEvent> eventHandler()
    {
        return newEventHandlerBuilder()
            .forAnyState()
            .onEvent(BlockOpened.class, (state, e) ->
                new QpBlockState(e.spec(), e.block(), e.firstQp(), SenderController.openedTable(
                    e.spec().controllerConfig().sender(), e.firstQp(), e.qps()).toByteArray(), 0))
            .onEvent(QpStatesChanged.class, QpBlockState::apply)
            .onEvent(BlockResumed.class, (state, e) -> state)
            .build();
    }

    @Override
    public SignalHandler<QpBlockState> signalHandler()
    {
        return newSignalHandlerBuilder()
            .onSignal(RecoveryCompleted.instance(), (state) ->
            {
                recovered = state.opened();
                register(state);
            })
            .onSignal(PostStop.instance(), (state) -> unregister())
            .onSignal(PreRestart.instance(), (state) -> releaseLag())
            .build();
    }

    /**
     * Batches this incarnation drained and did not store never will be: they leave the lag.
     */
    private void releaseLag()
    {
        counters.stored(drainedNotStored);
        drainedNotStored = 0;
    }

    private void unregister()
    {
        releaseLag();
        if (null != slot)
        {
            final SenderHostState host = agents.get(sessionId);
            if (null != host)
            {
                host.unregister(slot);
            }
            slot = null;
        }
    }

    @Override
    public RetentionCriteria retentionCriteria()
    {
        return RetentionCriteria.snapshotEvery(snapshotEvery, keepSnapshots);
    }

    private static int blockOf(final String entityId)
    {
        final int dash = entityId.lastIndexOf('-');
        try
        {
            return Integer.parseInt(entityId.substring(dash + 1));
        }
        catch (final RuntimeException ex)
        {
            throw new IllegalArgumentException("sender entity id '" + entityId + "' must be <sessionId>-<block>", ex);
        }
    }
}
