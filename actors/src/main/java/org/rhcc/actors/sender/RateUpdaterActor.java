package org.rhcc.actors.sender;

import java.time.Duration;
import java.util.List;
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
import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.context.NodeContext;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.journal.ActuatorFailed;
import org.rhcc.actors.journal.FailSafeEntered;
import org.rhcc.actors.journal.SessionJournal;
import org.rhcc.actors.journal.SessionStarted;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.core.signal.RateUpdateRecord;
import org.rhcc.transport.aeron.IdleStrategies;
import org.rhcc.transport.agent.AgentThread;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.auth.FrameVerifier;
import org.rhcc.transport.message.MessageProxy;

/**
 * The sender's actuator actor for one session: owns the sender host's {@link SenderHostState} (registered in the
 * node's {@link SenderAgents} so that sender entities find it) and the {@link RateUpdaterAgent} that runs it, journals
 * the session's configuration, opens every block's {@link QpBlockEntity} through the sharding of the session's sender
 * host ({@link QpBlockSharding}, which keeps the blocks on this node, an owner of that host), and once all blocks are
 * handed over and the streams connected, is ready. Every {@code rhcc.journal.flush-interval} it tells the entities
 * whose batches are waiting to journal them; on {@link Finish} it has every entity close its window and journal, then
 * stops the agent.
 * <p>
 * Supervision (docs/design.md §7): an agent that crashes (an exception out of its duty cycle) is restarted after a
 * backoff ({@code rhcc.supervision.actuator-*-backoff}): a new agent over the same probe-ACK subscription position and
 * the same state, i.e. the entities' live 16-byte-per-QP tables, queued control actions and counters, so no QP state is
 * lost (the ACK being processed when it crashed is). An agent that cannot actuate (the platform's rate port refuses a
 * decision) or that crashed more than {@code rhcc.supervision.actuator-max-restarts} times moves the sender host to its
 * fail-safe: every QP's receivable-rate limit released (R_rev = line rate, so the NIC sends at R_cc alone), the open
 * windows journaled, {@link FailSafeEntered} and {@link ActuatorFailed} journaled, one error log line, no further rate
 * decisions; the platform's lockstep is still answered, and the session ends with the failure.
 */
public final class RateUpdaterActor extends AbstractBehavior<RateUpdaterActor.Command>
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

    private enum RestartAgent implements Command
    {
        INSTANCE
    }

    private record BlocksOpened(Throwable error) implements Command
    {
    }

    private record AgentCrashed(RateUpdaterAgent agent, Throwable cause) implements Command
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
    private final SenderAgents agents;
    private final SessionSpec spec;
    private final ActorRef<Ready> readyTo;
    private final TimerScheduler<Command> timers;
    private final Subscription acks;
    private final FrameVerifier ackVerifier;
    private final ExclusivePublication commands;
    private final ActorRef<SessionJournal.Command> journal;
    private final int blockCount;
    private final QpBlockRequests blocks;
    private final SenderHostState state;
    private RateUpdaterAgent agent;
    private AgentThread agentThread;
    private int restarts;
    private boolean agentDown;
    private boolean failSafe;
    private boolean blocksOpened;
    private boolean ready;
    private String failure = "";
    private ActorRef<SessionProtocol.Ended> finishTo;

    private RateUpdaterActor(final ActorContext<Command> context, final TimerScheduler<Command> timers,
        final NodeContext node, final SenderAgents agents, final SessionSpec spec, final long recordingId,
        final ActorRef<Ready> readyTo)
    {
        super(context);
        this.node = node;
        this.agents = agents;
        this.spec = spec;
        this.readyTo = readyTo;
        this.timers = timers;
        final var s = node.settings();
        blockCount = (spec.qpCount() + s.qpsPerEntity() - 1) / s.qpsPerEntity();
        blocks = new QpBlockRequests(context.getSystem(), spec, blockCount, s.askTimeout());
        journal = context.spawn(SessionJournal.create("sender", spec.sessionId(),
            SessionProtocol.SENDER_CONTROLLER_ID, s.snapshotEvery(), s.keepSnapshots(),
            node.journalCounters().sender()), "journal");
        journal.tell(new SessionJournal.Append(List.of(new SessionStarted(spec, "sender",
            SessionProtocol.SENDER_CONTROLLER_ID, node.archiveName(), recordingId, s.qpsPerEntity(),
            s.controlIntervalNs())), context.getSystem().ignoreRef()));
        acks = node.aeron().addSubscription(s.internalChannel(), s.ackStream());
        ackVerifier = node.frameAuth().verifier(spec.sessionId(), FramePublisher.PLATFORM_ACKS);
        commands = node.aeron().addExclusivePublication(s.sending(s.platformCommandChannel()),
            s.platformCommandStream());
        state = new SenderHostState(spec.sessionId(), SessionProtocol.SENDER_CONTROLLER_ID, s.qpsPerEntity(),
            blockCount, s.controlIntervalNs(),
            AgentCounters.rateUpdater(node.counters(), spec.sessionId()),
            node.writeAheadMark("sender", spec.sessionId(), SessionProtocol.SENDER_CONTROLLER_ID));
        state.counters().rMinMbps.setRelease(Math.round(spec.controllerConfig().sender().rMinGbps() * 1000.0));
        agent = new RateUpdaterAgent(acks, ackVerifier, proxy(), state, s.fragmentLimit());
        agents.put(state);
        agentThread = start(agent);
        context.pipeToSelf(blocks.openAll().thenCompose((all) -> state.flush(null)),
            (ok, error) -> new BlocksOpened(error));
        timers.startTimerWithFixedDelay(Tick.INSTANCE, s.flushInterval());
    }

    /**
     * @param node        the node's shared resources.
     * @param agents      the node's rate-updater agents by session, with which the session's state registers.
     * @param spec        the session.
     * @param recordingId recording of the node's probe-ACK stream for this session, -1 if none.
     * @param readyTo     told once the actuator is ready.
     */
    public static Behavior<Command> create(final NodeContext node, final SenderAgents agents, final SessionSpec spec,
        final long recordingId, final ActorRef<Ready> readyTo)
    {
        return Behaviors.setup((context) -> Behaviors.withTimers(
            (timers) -> new RateUpdaterActor(context, timers, node, agents, spec, recordingId, readyTo)));
    }

    private MessageProxy proxy()
    {
        return new MessageProxy(commands, node.settings().offerRetries(), IdleStrategies.parse("yielding"),
            node.frameAuth().signer(FramePublisher.SENDER_CONTROLLER, spec.sessionId()),
            state.counters().framesPublished, state.counters().backPressured);
    }

    private AgentThread start(final RateUpdaterAgent a)
    {
        final ActorRef<Command> self = getContext().getSelf();
        return node.agentThreads().start(a, IdleStrategies.parse(node.settings().idleStrategy()),
            (cause) -> self.tell(new AgentCrashed(a, cause)));
    }

    @Override
    public Receive<Command> createReceive()
    {
        return newReceiveBuilder()
            .onMessage(Tick.class, (tick) -> onTick())
            .onMessage(BlocksOpened.class, this::onBlocksOpened)
            .onMessage(AgentCrashed.class, this::onAgentCrashed)
            .onMessage(RestartAgent.class, (restart) -> onRestartAgent())
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
        while (null != (slot = state.pendingSlots().poll()))
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
        if (crashed.agent() != agent)
        {
            return this;
        }
        agentThread.close();
        agentDown = true;
        final Throwable cause = crashed.cause();
        final int maxRestarts = node.settings().actuatorMaxRestarts();
        if (failSafe)
        {
            getContext().getLog().warn("session {}: the fail-safe's lockstep agent stopped: {}", spec.sessionId(),
                String.valueOf(cause));
        }
        else if (cause instanceof RateUpdaterAgent.RateRefusedException)
        {
            enterFailSafe("the rate updater cannot actuate: " + cause.getMessage(), cause);
            // a session that was not ready yet fails to open (its session actor tells the platform)
            return ready ? this : Behaviors.stopped();
        }
        else if (restarts >= maxRestarts)
        {
            enterFailSafe("the rate updater agent crashed " + (restarts + 1) + " times (rhcc.supervision." +
                "actuator-max-restarts = " + maxRestarts + "), last: " + cause, cause);
            return ready ? this : Behaviors.stopped();
        }
        else
        {
            restarts++;
            // while the session finishes, its entities wait on the agent: no backoff then
            final Duration backoff = null == finishTo ? backoff(restarts) : Duration.ZERO;
            getContext().getLog().warn("session {}: rate updater agent crashed ({}); restarting it in {} ms with " +
                "the same QP blocks (restart {} of {})", spec.sessionId(), cause, backoff.toMillis(), restarts,
                maxRestarts);
            timers.startSingleTimer(RestartAgent.INSTANCE, backoff);
        }
        return this;
    }

    private Duration backoff(final int restart)
    {
        final Duration min = node.settings().actuatorMinBackoff();
        final Duration max = node.settings().actuatorMaxBackoff();
        final Duration backoff = min.multipliedBy(1L << Math.min(restart - 1, 20));
        return backoff.compareTo(max) > 0 ? max : backoff;
    }

    private Behavior<Command> onRestartAgent()
    {
        if (!agentDown || failSafe)
        {
            return this;
        }
        agent = new RateUpdaterAgent(acks, ackVerifier, proxy(), state, node.settings().fragmentLimit());
        agentThread = start(agent);
        agentDown = false;
        getContext().getLog().info("session {}: rate updater agent restarted with {} ACKs processed so far",
            spec.sessionId(), agent.acksSeen());
        return this;
    }

    /**
     * The sender host's fail-safe: the blocks close their windows (journaled by their entities) and are let go, every
     * QP's receivable-rate limit is released at the platform, the fail-safe is journaled and logged once, and a new
     * agent over the state without blocks keeps answering the platform's lockstep.
     */
    private void enterFailSafe(final String reason, final Throwable cause)
    {
        failSafe = true;
        state.counters().failSafe.setRelease(1);
        timers.cancel(RestartAgent.INSTANCE);
        agents.remove(state);
        state.runPendingControl();
        state.releaseBlocks();
        final long nowNs = Math.max(0, agent.lastDoneNs());
        final MessageProxy release = proxy();
        final double lineRateGbps = spec.lineRateGbps();
        final RateUpdateRecord lineRate = new RateUpdateRecord();
        int refused = 0;
        for (int qp = 0; qp < spec.qpCount(); qp++)
        {
            if (release.rateUpdate(lineRate.set(qp, lineRateGbps, nowNs)) < 0)
            {
                // the stream refused even after the proxy's retries: the rest would be refused as well
                refused = spec.qpCount() - qp;
                break;
            }
        }
        failure = 0 == refused ? reason : reason + "; the platform refused " + refused + " of " + spec.qpCount() +
            " limit releases too";
        getContext().getLog().error("sender host {} entered the fail-safe (receivable-rate limits released, senders " +
            "at R_cc): {}", spec.senderHostId(), failure);
        journal.tell(new SessionJournal.Append(List.of(new FailSafeEntered(failure, nowNs),
            new ActuatorFailed("sender", String.valueOf(cause))), getContext().getSystem().ignoreRef()));
        onTick();
        agent = new RateUpdaterAgent(acks, ackVerifier, proxy(), state, node.settings().fragmentLimit());
        agentThread = start(agent);
        agentDown = false;
    }

    private Behavior<Command> onFinish(final Finish finish)
    {
        finishTo = finish.replyTo();
        if (agentDown && !failSafe)
        {
            // the entities' windows close on the agent: bring it back now rather than after the backoff
            timers.cancel(RestartAgent.INSTANCE);
            onRestartAgent();
        }
        final CompletionStage<Done> all = blocks.finishAll().thenCompose((ok) ->
            AskPattern.<SessionJournal.Command, Done>ask(journal, SessionJournal.Sync::new,
                node.settings().askTimeout(), getContext().getSystem().scheduler()));
        getContext().pipeToSelf(all, (ok, error) -> new Finished(error));
        return this;
    }

    private Behavior<Command> onFinished(final Finished msg)
    {
        agentThread.close();
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
        if (null == msg.error())
        {
            // every entity closed its window and journaled it, and the session's journal is synced
            state.mark().journalComplete();
        }
        finishTo.tell(new SessionProtocol.Ended(spec.sessionId(), "sender", agent.acksSeen(), blockCount, failure));
        return Behaviors.stopped();
    }

    private Behavior<Command> onPostStop()
    {
        agentThread.close();
        agents.remove(state);
        acks.close();
        commands.close();
        state.counters().close();
        state.mark().close();
        return this;
    }
}
