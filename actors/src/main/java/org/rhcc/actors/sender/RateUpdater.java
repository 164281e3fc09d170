package org.rhcc.actors.sender;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.rhcc.actors.agent.AgentHost;
import org.rhcc.actors.journal.ActuatorFailed;
import org.rhcc.actors.journal.SessionJournal;
import org.rhcc.actors.journal.SessionStarted;
import org.rhcc.actors.node.NodeContext;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.actors.session.SessionSpec;
import org.rhcc.transport.aeron.IdleStrategies;
import org.rhcc.transport.message.MessageProxy;

/**
 * The sender's actuator actor for one session: owns the {@link RateUpdaterAgent} (registered in the node's
 * {@link SenderAgents} so that sender entities find it), journals the session's configuration, opens every block's
 * {@link QpBlockEntity} through the sharding of the session's sender host ({@link QpBlockSharding}, which keeps the
 * blocks on this node, an owner of that host), and once all blocks are handed over and the streams connected, is ready.
 * Every {@code rhcc.journal.flush-interval} it tells the entities whose batches are waiting to journal them; on
 * {@link Finish} it has every entity close its window and journal, then stops the agent.
 */
public final class RateUpdater extends AbstractBehavior<RateUpdater.Command>
{
    /**
     * Commands of the actuator.
     */
    public interface Command
    {
    }

    private enum Tick implements Command
    {
        INSTANCE
    }

    private record BlocksOpened(Throwable error) implements Command
    {
    }

    private record AgentCrashed(Throwable cause) implements Command
    {
    }

    private record Finished(Throwable error) implements Command
    {
    }

    /**
     * Finishes the session.
     *
     * @param replyTo told the session's end, with its counts.
     */
    public record Finish(ActorRef<SessionProtocol.Ended> replyTo) implements Command
    {
    }

    /**
     * The actuator is ready.
     *
     * @param sessionId the session.
     */
    public record Ready(long sessionId)
    {
    }

    private final NodeContext node;
    private final SessionSpec spec;
    private final ActorRef<Ready> readyTo;
    private final Subscription acks;
    private final ExclusivePublication commands;
    private final RateUpdaterAgent agent;
    private final AgentHost host;
    private final ActorRef<SessionJournal.Command> journal;
    private final int blockCount;
    private boolean blocksOpened;
    private boolean ready;
    private String failure = "";
    private ActorRef<SessionProtocol.Ended> finishTo;

    private RateUpdater(final ActorContext<Command> context, final TimerScheduler<Command> timers,
        final NodeContext node, final SessionSpec spec, final long recordingId, final ActorRef<Ready> readyTo)
    {
        super(context);
        this.node = node;
        this.spec = spec;
        this.readyTo = readyTo;
        final var s = node.settings();
        blockCount = (spec.qpCount() + s.qpsPerEntity() - 1) / s.qpsPerEntity();
        journal = context.spawn(SessionJournal.create("sender", spec.sessionId(),
            SessionProtocol.SENDER_CONTROLLER_ID, s.snapshotEvery(), s.keepSnapshots()), "journal");
        journal.tell(new SessionJournal.Append(List.of(new SessionStarted(spec, "sender",
            SessionProtocol.SENDER_CONTROLLER_ID, node.archiveName(), recordingId, s.qpsPerEntity(),
            s.controlIntervalNs())), context.getSystem().ignoreRef()));
        acks = node.aeron().addSubscription(s.internalChannel(), s.ackStream());
        commands = node.aeron().addExclusivePublication(s.platformCommandChannel(), s.platformCommandStream());
        agent = new RateUpdaterAgent(acks, new MessageProxy(commands, s.offerRetries(),
            IdleStrategies.parse("yielding")), spec.sessionId(), SessionProtocol.SENDER_CONTROLLER_ID,
            s.qpsPerEntity(), blockCount, s.controlIntervalNs(), s.fragmentLimit());
        node.senderAgents().put(agent);
        host = AgentHost.start(agent, IdleStrategies.parse(s.idleStrategy()),
            (cause) -> context.getSelf().tell(new AgentCrashed(cause)));
        context.pipeToSelf(openBlocks(), (ok, error) -> new BlocksOpened(error));
        timers.startTimerWithFixedDelay(Tick.INSTANCE, s.flushInterval());
    }

    /**
     * @param node        the node's shared resources.
     * @param spec        the session.
     * @param recordingId recording of the node's probe-ACK stream for this session, -1 if none.
     * @param readyTo     told once the actuator is ready.
     * @return the actuator's behavior.
     */
    public static Behavior<Command> create(final NodeContext node, final SessionSpec spec, final long recordingId,
        final ActorRef<Ready> readyTo)
    {
        return Behaviors.setup((context) -> Behaviors.withTimers(
            (timers) -> new RateUpdater(context, timers, node, spec, recordingId, readyTo)));
    }

    private CompletionStage<Void> openBlocks()
    {
        final CompletableFuture<?>[] opened = new CompletableFuture<?>[blockCount];
        for (int block = 0; block < blockCount; block++)
        {
            opened[block] = QpBlockSharding.entityRef(getContext().getSystem(), spec.senderHostId(), spec.sessionId(),
                block).<QpBlockEntity.Opened>ask((replyTo) -> new QpBlockEntity.Open(spec, replyTo),
                node.settings().askTimeout()).thenApply((o) ->
                {
                    if (!o.registered())
                    {
                        throw new IllegalStateException("block " + o.block() + " of session " + spec.sessionId() +
                            " opened on a node without this session's rate updater: its shard is not on this node");
                    }
                    return o;
                }).toCompletableFuture();
        }
        return CompletableFuture.allOf(opened).thenCompose((all) -> agent.flush(null));
    }

    @Override
    public Receive<Command> createReceive()
    {
        return newReceiveBuilder()
            .onMessage(Tick.class, (tick) -> onTick())
            .onMessage(BlocksOpened.class, this::onBlocksOpened)
            .onMessage(AgentCrashed.class, this::onAgentCrashed)
            .onMessage(Finish.class, this::onFinish)
            .onMessage(Finished.class, this::onFinished)
            .onSignal(PostStop.class, (signal) -> onPostStop())
            .build();
    }

    private Behavior<Command> onBlocksOpened(final BlocksOpened msg)
    {
        if (null != msg.error())
        {
            failure = "opening the sender entities failed: " + msg.error();
            getContext().getLog().error("session {}: {}", spec.sessionId(), failure);
            return Behaviors.stopped();
        }
        blocksOpened = true;
        return onTick();
    }

    private Behavior<Command> onTick()
    {
        QpBlockSlot slot;
        while (null != (slot = agent.pendingSlots().poll()))
        {
            slot.entity().tell(QpBlockEntity.Drain.INSTANCE);
        }
        if (!ready && blocksOpened && commands.isConnected() && acks.imageCount() > 0)
        {
            ready = true;
            readyTo.tell(new Ready(spec.sessionId()));
        }
        return this;
    }

    private Behavior<Command> onAgentCrashed(final AgentCrashed crashed)
    {
        host.close();
        failure = "rate updater agent stopped: " + crashed.cause();
        getContext().getLog().error("session {}: {}", spec.sessionId(), failure);
        journal.tell(new SessionJournal.Append(List.of(new ActuatorFailed("sender",
            String.valueOf(crashed.cause()))), getContext().getSystem().ignoreRef()));
        return this;
    }

    private Behavior<Command> onFinish(final Finish finish)
    {
        finishTo = finish.replyTo();
        final CompletableFuture<?>[] finished = new CompletableFuture<?>[blockCount];
        for (int block = 0; block < blockCount; block++)
        {
            finished[block] = QpBlockSharding.entityRef(getContext().getSystem(), spec.senderHostId(),
                spec.sessionId(), block).<Done>ask(QpBlockEntity.Finish::new, node.settings().askTimeout())
                .toCompletableFuture();
        }
        final CompletionStage<Done> all = CompletableFuture.allOf(finished).thenCompose((ok) ->
            AskPattern.<SessionJournal.Command, Done>ask(journal, SessionJournal.Sync::new,
                node.settings().askTimeout(), getContext().getSystem().scheduler()));
        getContext().pipeToSelf(all, (ok, error) -> new Finished(error));
        return this;
    }

    private Behavior<Command> onFinished(final Finished msg)
    {
        host.close();
        if (null != msg.error() && failure.isEmpty())
        {
            failure = "finishing the sender entities failed: " + msg.error();
        }
        final long drops = agent.unroutedAcks() + agent.failedRateUpdates();
        if (drops > 0 && failure.isEmpty())
        {
            failure = agent.unroutedAcks() + " ACKs had no registered block and " + agent.failedRateUpdates() +
                " rate updates were refused";
        }
        finishTo.tell(new SessionProtocol.Ended(spec.sessionId(), "sender", agent.acksSeen(), blockCount, failure));
        return Behaviors.stopped();
    }

    private Behavior<Command> onPostStop()
    {
        host.close();
        node.senderAgents().remove(agent);
        acks.close();
        commands.close();
        return this;
    }
}
