package org.rhcc.actors.receiver;

import java.util.ArrayList;
import java.util.List;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
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
import org.rhcc.actors.context.ReceiverHardware;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.counters.JournalCounters;
import org.rhcc.actors.journal.ActuatorFailed;
import org.rhcc.actors.journal.FailSafeEntered;
import org.rhcc.actors.journal.SessionEvent;
import org.rhcc.actors.journal.SessionJournal;
import org.rhcc.actors.journal.SessionStarted;
import org.rhcc.actors.journal.WriteAheadMark;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.port.ReceiverStatePort;
import org.rhcc.transport.aeron.IdleStrategies;
import org.rhcc.transport.agent.AgentThread;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.port.EcnMarkingProxy;
import org.rhcc.transport.port.ReceiverStateProxy;
import org.rhcc.transport.port.MbaActuatorProxy;

/**
 * The receiver's actuator actor for one session: owns the {@link MbaActuatorAgent} that runs core's
 * {@link ReceiverController} on the node's IIO stream and actuates through the platform's MBA and ECN ports, and the
 * session's {@link SessionJournal}, into which it drains the agent's decisions every {@code
 * rhcc.journal.flush-interval}.
 * <p>
 * An actuator that cannot actuate moves the host to the fail-safe: if the agent crashes (a command or lockstep answer
 * could not be published, or the controller threw), the actor stops the agent, calls core's
 * {@code ReceiverController.enterFailSafe} (every group back to 100 %), logs it once and journals {@link
 * FailSafeEntered} and {@link ActuatorFailed}. If the actuator refuses a level, core's loop enters the fail-safe itself
 * and the agent reports it.
 */
public final class MbaActuatorActor extends AbstractBehavior<MbaActuatorActor.Command>
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

    private record AgentCrashed(Throwable cause) implements Command
    {
    }

    /**
     * Stops the agent, journals the remaining decisions and answers {@link Finished}.
     *
     * @param replyTo to answer.
     */
    public record Finish(ActorRef<Finished> replyTo) implements Command
    {
    }

    private record Synced(Finished finished, boolean stored) implements Command
    {
    }

    private enum Appended implements Command
    {
        INSTANCE
    }

    /**
     * The session's journal stopped: a write failed (its circuit breaker timed out on a database that did not
     * answer, the database refused it), and the journal's supervisor stopped it.
     */
    private enum JournalStopped implements Command
    {
        INSTANCE
    }

    /**
     * The actuator is ready: agent running, input stream connected, and the command stream connected unless the
     * actuator is the host's own.
     *
     * @param sessionId the session.
     */
    public record Ready(long sessionId)
    {
    }

    /**
     * The actuator finished its session.
     *
     * @param samples   IIO samples processed.
     * @param decisions decisions journaled.
     * @param failure   why it failed, empty if it did not.
     */
    public record Finished(long samples, long decisions, String failure)
    {
    }

    private final NodeContext node;
    private final SessionSpec spec;
    private final ActorRef<Ready> readyTo;
    private final Subscription samples;
    private final ExclusivePublication commands;
    private final MbaActuator actuator;
    private final boolean hostActuator;
    private final ReceiverController controller;
    private final AgentCounters.MbaActuator counters;
    private final ReceiverDecisionLog log;
    private final WriteAheadMark mark;
    private final MbaActuatorAgent agent;
    private final ActorRef<SessionJournal.Command> journal;
    private final AgentThread agentThread;
    private final List<SessionEvent> pending = new ArrayList<>();
    private final ActorRef<org.apache.pekko.Done> appended;
    private final JournalCounters.Journal journalCounters;
    private int appendingDecisions;
    private boolean appending;
    private boolean journalLost;
    private boolean ready;
    private ActorRef<Finished> pendingFinish;
    private boolean syncing;
    private long decisions;
    private String failure = "";

    private MbaActuatorActor(final ActorContext<Command> context, final TimerScheduler<Command> timers,
        final NodeContext node, final SessionSpec spec, final long recordingId, final ActorRef<Ready> readyTo)
    {
        super(context);
        this.node = node;
        this.spec = spec;
        this.readyTo = readyTo;
        final var s = node.settings();
        journalCounters = node.journalCounters().receiver();
        journal = context.spawn(SessionJournal.create("receiver", spec.sessionId(),
            SessionProtocol.RECEIVER_CONTROLLER_ID, s.snapshotEvery(), s.keepSnapshots(), journalCounters), "journal");
        context.watchWith(journal, JournalStopped.INSTANCE);
        appended = context.messageAdapter(org.apache.pekko.Done.class, (done) -> Appended.INSTANCE);
        pending.add(new SessionStarted(spec, "receiver", SessionProtocol.RECEIVER_CONTROLLER_ID, node.archiveName(),
            recordingId, 0, s.controlIntervalNs()));
        journalCounters.handed(1);
        samples = node.aeron().addSubscription(s.internalChannel(), s.iioStream());
        commands = node.aeron().addExclusivePublication(s.sending(s.platformCommandChannel()),
            s.platformCommandStream());
        counters = AgentCounters.mbaActuator(node.counters(), spec.sessionId(), spec.mbaGroups());
        final MessageProxy proxy = new MessageProxy(commands, s.offerRetries(), IdleStrategies.parse("yielding"),
            node.frameAuth().signer(FramePublisher.RECEIVER_CONTROLLER, spec.sessionId()), counters.framesPublished,
            counters.backPressured);
        hostActuator = null != node.hardware();
        actuator = hostActuator ? hostActuator(node.hardware(), spec.mbaGroups()) :
            new MbaActuatorProxy(proxy, spec.receiverHostId(), spec.mbaGroups());
        if (hostActuator)
        {
            // fail-safe at startup (docs/design.md §7): a previous controller may have died with its host throttled
            actuator.resetToUnthrottled();
        }
        log = new ReceiverDecisionLog(64 * 1024, counters.droppedDecisions);
        final EcnMarkingProxy ecn = new EcnMarkingProxy(proxy, spec.receiverHostId());
        // the verdict goes to the simulated NIC, which reports it in its probe responses (rhcc-gated); a real host's
        // NIC has no way in for it yet (the PCC program's response carries no receiver state, docs/design.md §4)
        controller = new ReceiverController(spec.controllerConfig(), actuator, (on, nowNs) ->
        {
            ecn.setMarking(on, nowNs);
            log.onEcnMarking(on, nowNs);
        }, hostActuator ? ReceiverStatePort.NONE : new ReceiverStateProxy(proxy, spec.receiverHostId()),
            new MbaLevelTelemetry(counters, log));
        counters.thresholdMilli.setRelease((long)(controller.threshold() * 1000.0));
        mark = node.writeAheadMark("receiver", spec.sessionId(), SessionProtocol.RECEIVER_CONTROLLER_ID);
        agent = new MbaActuatorAgent(samples, node.frameAuth().verifier(spec.sessionId(), FramePublisher.PLATFORM_IIO,
            FramePublisher.HOST_IIO_SENSOR), proxy, controller, log, mark, spec.sessionId(), spec.receiverHostId(),
            SessionProtocol.RECEIVER_CONTROLLER_ID, s.fragmentLimit(), counters);
        agentThread = node.agentThreads().start(agent, IdleStrategies.parse(s.idleStrategy()),
            (cause) -> context.getSelf().tell(new AgentCrashed(cause)));
        timers.startTimerWithFixedDelay(Tick.INSTANCE, s.flushInterval());
        context.getSelf().tell(Tick.INSTANCE);
    }

    /**
     * @param node        the node's shared resources.
     * @param spec        the session.
     * @param recordingId recording of the node's IIO stream for this session, -1 if none.
     * @param readyTo     told once the actuator is ready.
     */
    public static Behavior<Command> create(final NodeContext node, final SessionSpec spec, final long recordingId,
        final ActorRef<Ready> readyTo)
    {
        return Behaviors.setup((context) -> Behaviors.withTimers(
            (timers) -> new MbaActuatorActor(context, timers, node, spec, recordingId, readyTo)));
    }

    private static MbaActuator hostActuator(final ReceiverHardware hardware, final int groups)
    {
        final MbaActuator actuator = hardware.actuator();
        if (groups != actuator.groupCount())
        {
            throw new IllegalArgumentException("rhcc.session.mba-groups = " + groups + " but the receiver host has " +
                actuator.groupCount() + " MBA groups: set rhcc.session.mba-groups = " + actuator.groupCount());
        }
        return actuator;
    }

    @Override
    public Receive<Command> createReceive()
    {
        return newReceiveBuilder()
            .onMessage(Tick.class, (tick) -> onTick())
            .onMessage(AgentCrashed.class, this::onAgentCrashed)
            .onMessage(Finish.class, this::onFinish)
            .onMessage(Synced.class, this::onSynced)
            .onMessage(Appended.class, (msg) -> onAppended())
            .onMessage(JournalStopped.class, (msg) -> onJournalStopped())
            .onSignal(PostStop.class, (signal) -> onPostStop())
            .build();
    }

    private Behavior<Command> onTick()
    {
        drain();
        // a host actuator writes MBA itself: the platform command stream then has no reader on a real host
        if (!ready && (hostActuator || commands.isConnected()) && samples.imageCount() > 0)
        {
            ready = true;
            readyTo.tell(new Ready(spec.sessionId()));
        }
        return this;
    }

    private void drain()
    {
        final int before = pending.size();
        log.queue().drain(pending::add);
        journalCounters.handed(pending.size() - before);
        for (int i = before; i < pending.size(); i++)
        {
            decisions++;
            if (pending.get(i) instanceof FailSafeEntered entered)
            {
                getContext().getLog().warn("receiver host {} entered the fail-safe (MBA 100 %): {}",
                    spec.receiverHostId(), entered.reason());
                failure = entered.reason();
            }
        }
        append();
    }

    private void append()
    {
        if (journalLost)
        {
            journalCounters.stored(pending.size());
            pending.clear();
            return;
        }
        if (!appending && !pending.isEmpty())
        {
            journal.tell(new SessionJournal.Append(new ArrayList<>(pending), appended));
            appendingDecisions = pending.size();
            pending.clear();
            appending = true;
        }
    }

    private Behavior<Command> onAppended()
    {
        appending = false;
        journalCounters.stored(appendingDecisions);
        appendingDecisions = 0;
        drain();
        maybeSync();
        return this;
    }

    /**
     * The journal is gone (its log line says why): the controller goes on actuating, as decisions are actuated
     * before they are journaled (docs/design.md §7), but what it decides from now on is not stored and the session
     * ends with the failure, so that it never waits for a journal that will not answer (the platform's End would
     * hang, and the session stay open on this node).
     */
    private Behavior<Command> onJournalStopped()
    {
        journalLost = true;
        final String reason = "the session's journal stopped (a write failed; the node's log says why): decisions " +
            "after the last stored one are not journaled";
        getContext().getLog().error("receiver session {}: {}", spec.sessionId(), reason);
        failure = failure.isEmpty() ? reason : failure;
        journalCounters.stored(appendingDecisions + pending.size());
        appendingDecisions = 0;
        pending.clear();
        appending = false;
        if (null != pendingFinish && !syncing)
        {
            pendingFinish.tell(new Finished(agent.samplesSeen(), decisions, failure));
            return Behaviors.stopped();
        }
        return this;
    }

    private Behavior<Command> onAgentCrashed(final AgentCrashed crashed)
    {
        agentThread.close();
        drain();
        final String reason = "MBA cascade agent stopped: " + crashed.cause();
        final long nowNs = Math.max(0, agent.lastDoneNs());
        if (!controller.failSafe())
        {
            controller.enterFailSafe(reason);
        }
        MbaLevelTelemetry.failSafe(counters);
        getContext().getLog().error("receiver host {} entered the fail-safe (MBA 100 %): {}", spec.receiverHostId(),
            reason);
        failure = reason;
        pending.add(new FailSafeEntered(reason, nowNs));
        pending.add(new ActuatorFailed("receiver", String.valueOf(crashed.cause())));
        journalCounters.handed(2);
        decisions += 2;
        append();
        return this;
    }

    private Behavior<Command> onFinish(final Finish finish)
    {
        agentThread.close();
        pendingFinish = finish.replyTo();
        drain();
        maybeSync();
        return this;
    }

    private void maybeSync()
    {
        if (null == pendingFinish || syncing || appending || !pending.isEmpty())
        {
            return;
        }
        if (journalLost)
        {
            pendingFinish.tell(new Finished(agent.samplesSeen(), decisions, failure));
            getContext().stop(getContext().getSelf());
            return;
        }
        syncing = true;
        final Finished finished = new Finished(agent.samplesSeen(), decisions, failure);
        getContext().pipeToSelf(AskPattern.<SessionJournal.Command, org.apache.pekko.Done>ask(journal,
            SessionJournal.Sync::new, node.settings().askTimeout(), getContext().getSystem().scheduler()),
            (done, error) -> new Synced(null == error ? finished : new Finished(finished.samples(),
                finished.decisions(), "journal not synced: " + error), null == error));
    }

    private Behavior<Command> onSynced(final Synced synced)
    {
        if (synced.stored())
        {
            mark.journalComplete();
        }
        pendingFinish.tell(synced.finished());
        return Behaviors.stopped();
    }

    private Behavior<Command> onPostStop()
    {
        agentThread.close();
        if (hostActuator)
        {
            // fail-safe at shutdown: the host is never left throttled by a controller that stopped
            actuator.resetToUnthrottled();
        }
        mark.close();
        samples.close();
        commands.close();
        counters.close();
        // decisions still waiting will not be stored by this actor: they leave the lag
        journalCounters.stored(appendingDecisions + pending.size());
        return this;
    }
}
