package org.rhcc.clustersim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.agrona.concurrent.IdleStrategy;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.session.SessionClient;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.ProbeAckRecord;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.InterruptionReport;
import org.rhcc.sim.api.SimPorts;

/**
 * The simulator's controller when the controller runs in the cluster (docs/design.md §6): at each callback at simulated
 * time t the hook publishes the signal and a {@code ClockAdvance(t)} on the signal's stream, then polls the command
 * stream until the controller it addressed answers {@code ClockDone(t)}, applying every command it receives on the way
 * ({@code MbaLevelCommand} to {@code ports.mba().apply}, {@code RateUpdate} to
 * {@code ports.rateLimiter().apply}, {@code EcnMarking} to {@code ports.setReceiverEcnMarking}, {@code ReceiverState}
 * to what the receiver NIC reports in probe responses) inside the callback,
 * exactly where an in-process controller would. Simulated time therefore never passes t before the controller answered
 * up to t, and the run's decisions are those of the in-process run, bit for bit. The hook's jobs are split by concern:
 * {@link LockstepStreams} publishes and waits (no signal is dropped on the way), {@link ControllerCommands} checks each
 * command against the session's {@link CommandLimits} and applies it (a command frame that is not signed by the
 * session's controllers, or is replayed, is dropped by the adapter before), {@link ReceiverFailSafe} unthrottles the
 * host of a silent receiver controller, and the hook itself opens and closes the session and hands a silent
 * controller's session to a standby of its role.
 * <p>
 * Lookahead (docs/design.md §6, "The lockstep's window"): IIO samples that cannot bring a decision go without a
 * wait ({@link IioLookahead}); for probe ACKs the simulator runs ahead of the sender controller and checks its answers
 * ({@link AckLookahead}). After a fail-safe or a command outside the session, the hook waits for every sample again
 * until a standby takes the receiver's session over (its new controller is followed from its first sample); after the
 * sender node is taken over, it waits for every ACK (the samples stream on).
 * <p>
 * {@link #attach} opens a session (the run) on the roles the scheme needs; {@link #close()} closes it, and fails if a
 * role reports a failure.
 * <p>
 * <b>Note:</b> single-threaded (the simulator's); allocation-free per callback.
 */
public final class AeronLockstepHook implements ControllerHook, InterruptionReport, AutoCloseable
{
    private static final long MEMBERSHIP_CHECK_PERIOD_NS = 200_000_000L;

    private final LockstepPlatform platform;
    private final PlatformEvents events;
    private final SessionClient client;
    private final Scheme scheme;
    private final Map<String, String> params;
    private final long timeoutNs;
    private final Duration connectTimeout;
    private final int receiverHostId;
    private final int senderHostId;
    private final List<ServiceKey<SessionProtocol.Command>> roles = new ArrayList<>();
    private final RunInterruptions interruptions = new RunInterruptions();
    private final LockstepStreams streams;
    private final ReceiverFailSafe failSafe;
    private long membershipCheckedNs;
    private SimPorts ports;
    private long sessionId = Long.MIN_VALUE;
    private long iioSeq;
    /** The last IIO sample relayed, kept to publish it again to a standby that takes the receiver's session over. */
    private final IioSampleRecord pendingSample = new IioSampleRecord();
    /** The last ACK relayed, kept to publish it again to a standby that takes the sender's session over. */
    private final ProbeAckRecord pendingAck = new ProbeAckRecord();
    private IioLookahead iioLookahead;
    /** The sender loop over the ACKs relayed, to run ahead of the sender controller; null without a sender loop. */
    private AckLookahead ackLookahead;
    private long streamedAcks;
    private List<SessionProtocol.Ended> ended = List.of();

    /**
     * @param platform       the sim node's streams.
     * @param client         opens and closes sessions.
     * @param scheme         the scheme the run uses.
     * @param params         the run's parameter overrides.
     * @param idleStrategy   idles while waiting for an answer.
     * @param timeout        longest wait for an answer.
     * @param failSafeAfter  silence of the receiver controller after which its simulated host is unthrottled.
     * @param receiverHostId id of the simulated receiver host.
     * @param senderHostId   id of the simulated sender host (the node owning it runs the sender role's session).
     * @param events         tells the operator and the client of fail-safes and takeovers.
     */
    public AeronLockstepHook(final LockstepPlatform platform, final SessionClient client, final Scheme scheme,
        final Map<String, String> params, final IdleStrategy idleStrategy, final Duration timeout,
        final Duration failSafeAfter, final int receiverHostId, final int senderHostId, final PlatformEvents events)
    {
        this.events = events;
        this.platform = platform;
        this.client = client;
        this.scheme = scheme;
        this.params = new java.util.LinkedHashMap<>(params);
        this.timeoutNs = timeout.toNanos();
        this.connectTimeout = timeout;
        this.receiverHostId = receiverHostId;
        this.senderHostId = senderHostId;
        this.streams = new LockstepStreams(platform, idleStrategy, timeout, new LockstepStreams.Silence()
        {
            @Override
            public boolean silent(final int controllerId, final long nowNs, final long silentNs)
            {
                return AeronLockstepHook.this.silent(controllerId, nowNs, silentNs);
            }

            @Override
            public void restart()
            {
                membershipCheckedNs = 0;
            }
        });
        this.failSafe = new ReceiverFailSafe(events, interruptions, failSafeAfter.toNanos());
        if (scheme.receiverLoop())
        {
            roles.add(SessionProtocol.RECEIVER_KEY);
        }
        if (scheme.senderLoop())
        {
            roles.add(SessionProtocol.SENDER_KEY);
        }
    }

    @Override
    public void attach(final SimPorts ports, final long nowNs)
    {
        this.ports = ports;
        if (roles.isEmpty())
        {
            return;
        }
        final SessionSpec spec = new SessionSpec(SessionClient.newSessionId(), scheme.label(), params,
            ports.qpCount(), ports.lineRateGbps(), ports.mba().groupCount(), receiverHostId, senderHostId);
        final ControllerConfig config = spec.controllerConfig();
        iioLookahead = IioLookahead.of(scheme, config);
        ackLookahead = AckLookahead.of(config, ports.qpCount());
        streams.commands().session(spec.sessionId(), ports,
            CommandLimits.of(config, receiverHostId, ports.mba().groupCount(), ports.qpCount()), iioLookahead,
            ackLookahead, scheme.receiverReportsState());
        streams.session(spec.sessionId());
        failSafe.session(spec.sessionId(), ports, iioLookahead);
        platform.session(spec.sessionId());
        // set first: a run that fails from here on closes whatever part of the session opened (close())
        events.runOpened();
        sessionId = spec.sessionId();
        for (final SessionProtocol.Ready ready : client.start(spec, roles))
        {
            // the signals go to the node that runs the role now: after a takeover, a primary started again opens
            // the next session on its own endpoint, and the platform must send there, not to the standby's
            platform.route(SessionProtocol.RECEIVER_CONTROLLER_ID == ready.controllerId(), ready.platformChannel());
        }
        platform.awaitConnected(scheme.receiverLoop(), scheme.senderLoop(), connectTimeout);
    }

    @Override
    public boolean wantsProbes()
    {
        return scheme.senderLoop();
    }

    @Override
    public boolean wantsIioSamples()
    {
        return scheme.receiverLoop();
    }

    @Override
    public void onIioSample(final IioSample sample)
    {
        pendingSample.copyFrom(sample);
        final long nowNs = sample.nowNs();
        if (iioLookahead.onSample(sample.occupancy(), sample.pcieGbps(), nowNs))
        {
            // no level can change at this sample: the controller takes it without the simulator waiting (a failed
            // publish leaves none streamed, so that close() does not wait for a controller that cannot answer)
            final int before = iioLookahead.streamed();
            iioLookahead.streamed(0);
            publishIio(nowNs, false);
            iioLookahead.streamed(before);
            iioLookahead.streamedOne(nowNs);
            iioSeq++;
            return;
        }
        iioLookahead.streamed(0);
        publishIio(nowNs, true);
        await(SessionProtocol.RECEIVER_CONTROLLER_ID, nowNs);
        iioSeq++;
    }

    /**
     * @return IIO samples of this run streamed to the receiver controller without a wait.
     */
    public long streamedSamples()
    {
        return null == iioLookahead ? 0 : iioLookahead.streamedSamples();
    }

    /**
     * {@inheritDoc} The simulated receiver NIC's report: the receiver controller's own verdict, as its last
     * {@code ReceiverState} said (a scheme whose sender loop reads it, rhcc-gated), never a copy of its rule; without
     * a report, congested (the paper's probe).
     */
    @Override
    public boolean receiverCongested()
    {
        return streams.commands().receiverCongested();
    }

    /**
     * {@inheritDoc} The receiver's state travels in the probe-ACK frame ({@code receiverClear}) to the sender node.
     */
    @Override
    public void onProbeAck(final ProbeAck ack)
    {
        pendingAck.copyFrom(ack);
        final long nowNs = ack.nowNs();
        if (null != ackLookahead && ackLookahead.onProbeAck(ack))
        {
            // the simulator runs ahead of the sender controller: its decision, known from the same loop over the
            // same ACKs, is applied here, where its answer would be, and the answer is checked when it comes
            publishAck(nowNs, false);
            if (ackLookahead.active())
            {
                ackLookahead.applyAhead(ports.rateLimiter(), nowNs);
                streamedAcks++;
                return;
            }
        }
        else
        {
            publishAck(nowNs, true);
        }
        await(SessionProtocol.SENDER_CONTROLLER_ID, nowNs);
    }

    /**
     * @return probe ACKs of this run the simulator ran ahead of (published without a wait for their answer).
     */
    public long streamedAcks()
    {
        return streamedAcks;
    }

    /**
     * Publishes the pending IIO sample (sequence {@code iioSeq}) and, to be waited for, its {@code ClockAdvance}.
     */
    private void publishIio(final long nowNs, final boolean clock)
    {
        streams.publishIio(receiverHostId, iioSeq, pendingSample, nowNs, clock);
    }

    /**
     * Publishes the pending probe ACK and, to be waited for, its {@code ClockAdvance}.
     */
    private void publishAck(final long nowNs, final boolean clock)
    {
        streams.publishAck(pendingAck, nowNs, clock);
    }

    private void await(final int controllerId, final long nowNs)
    {
        final long waitStartNs = streams.await(controllerId, nowNs);
        if (SessionProtocol.SENDER_CONTROLLER_ID == controllerId && null != ackLookahead)
        {
            ackLookahead.caughtUp();
        }
        failSafe.answered(waitStartNs);
    }

    /**
     * A controller has not answered for a while (checked every 64 idles of the wait, at most 64 ms apart): after
     * {@code failSafeAfter} a silent receiver controller's simulated host is unthrottled, as the fail-safe watchdog
     * does on a real host; a controller whose node has left the cluster (downed by the split-brain resolver) is
     * replaced by a standby of its role, if the cluster has one, which gets the pending signal again; without one, or
     * after the lockstep timeout, the run fails, with the silence and the fail-safe in the message.
     *
     * @return true if a standby took the session over and the wait starts again.
     */
    private boolean silent(final int controllerId, final long nowNs, final long silentNs)
    {
        if (SessionProtocol.RECEIVER_CONTROLLER_ID == controllerId)
        {
            failSafe.onSilence(silentNs);
        }
        if (silentNs > timeoutNs)
        {
            throw new IllegalStateException("lockstep: the " + roleName(controllerId) + " controller did not " +
                "answer ClockAdvance(" + nowNs + " ns) of session " + sessionId + " within " +
                timeoutNs / 1_000_000 + " ms (rhcc.lockstep.timeout)" + failSafeNote(controllerId));
        }
        if (silentNs - membershipCheckedNs >= MEMBERSHIP_CHECK_PERIOD_NS)
        {
            membershipCheckedNs = silentNs;
            final String departed = client.departed(sessionId, keyOf(controllerId));
            if (null != departed)
            {
                takeOver(controllerId, nowNs, silentNs, departed);
                return true;
            }
        }
        return false;
    }

    /**
     * Opens the session on a standby of the silent controller's role, waits until it answers on the session's
     * streams, and publishes the pending signal to it again.
     */
    private void takeOver(final int controllerId, final long nowNs, final long silentNs, final String departed)
    {
        final long startNs = System.nanoTime();
        final String where = "the " + roleName(controllerId) + " node " + departed + " left the cluster at " +
            "simulated " + nowNs / 1e6 + " ms of session " + sessionId + ", " + silentNs / 1_000_000 +
            " ms after its last answer" + failSafeNote(controllerId);
        final String standby;
        final long readyNs;
        final long connectedNs;
        try
        {
            final SessionClient.TakenOver takenOver = client.takeOver(sessionId, keyOf(controllerId));
            standby = takenOver.node().toString();
            platform.route(SessionProtocol.RECEIVER_CONTROLLER_ID == controllerId, takenOver.platformChannel());
            readyNs = System.nanoTime();
            platform.awaitConnected(SessionProtocol.RECEIVER_CONTROLLER_ID == controllerId,
                SessionProtocol.SENDER_CONTROLLER_ID == controllerId, connectTimeout);
            connectedNs = System.nanoTime();
            streams.resync(controllerId);
        }
        catch (final IllegalStateException ex)
        {
            throw new IllegalStateException(where + "; " + ex.getMessage() + "; its journal keeps every " +
                "decision it made (rhcc replay)", ex);
        }
        final long resumedAfterNs = silentNs + (System.nanoTime() - startNs);
        interruptions.takenOver(new ControllerInterruption(roleName(controllerId), nowNs, departed, standby,
            SessionProtocol.RECEIVER_CONTROLLER_ID == controllerId && failSafe.unthrottled() ?
            interruptions.lastFailSafeSilentNs() : -1L, resumedAfterNs));
        events.takenOver(roleName(controllerId), resumedAfterNs, "takeover: session " + sessionId + ": " + where +
            "; the standby " + standby + " took the session over, " + resumedAfterNs / 1_000_000 + " ms after the " +
            "last answer (its session open after " + (readyNs - startNs) / 1_000_000 + " ms, streams connected " +
            "after " + (connectedNs - readyNs) / 1_000_000 + " ms more, answering after " +
            (System.nanoTime() - connectedNs) / 1_000_000 + " ms more)");
        failSafe.takenOver();
        streams.expect(controllerId, nowNs);
        if (SessionProtocol.RECEIVER_CONTROLLER_ID == controllerId)
        {
            // the standby's controller is a new one, opened from the session's parameters: the copy of its rule
            // starts afresh from the sample it is sent first (a takeover of the sender leaves the receiver's state)
            iioLookahead.restart(pendingSample.occupancy(), pendingSample.pcieGbps(), nowNs);
            streams.commands().receiverTakenOver();
            publishIio(nowNs, true);
        }
        else
        {
            // the standby never saw the ACKs run ahead of on the node it replaces: from now on every ACK waits
            ackLookahead.stop();
            publishAck(nowNs, true);
        }
    }

    private static ServiceKey<SessionProtocol.Command> keyOf(final int controllerId)
    {
        return SessionProtocol.RECEIVER_CONTROLLER_ID == controllerId ? SessionProtocol.RECEIVER_KEY :
            SessionProtocol.SENDER_KEY;
    }

    private String failSafeNote(final int controllerId)
    {
        return SessionProtocol.RECEIVER_CONTROLLER_ID == controllerId ? failSafe.note() : "";
    }

    private static String roleName(final int controllerId)
    {
        return SessionProtocol.RECEIVER_CONTROLLER_ID == controllerId ? "receiver" : "sender";
    }

    /**
     * @return the run's takeovers of a role by a standby after its node left the cluster, in order.
     */
    public List<ControllerInterruption> interruptions()
    {
        return interruptions.takeovers();
    }

    /**
     * {@inheritDoc} Takeovers and fail-safes ({@link RunInterruptions#metrics}).
     */
    @Override
    public Map<String, Number> interruptionMetrics()
    {
        return interruptions.metrics();
    }

    /**
     * @return how often in this run a silent receiver controller had its simulated host unthrottled.
     */
    public int failSafes()
    {
        return interruptions.failSafes();
    }

    /**
     * @return wall-clock silence of the receiver controller when its host was last unthrottled, ns; 0 if never.
     */
    public long lastFailSafeSilentNs()
    {
        return interruptions.lastFailSafeSilentNs();
    }

    /**
     * @return the session this run opened, or {@code Long.MIN_VALUE} if the scheme needs no controller.
     */
    public long sessionId()
    {
        return sessionId;
    }

    /**
     * @return what each role reported when the session closed.
     */
    public List<SessionProtocol.Ended> ended()
    {
        return ended;
    }

    /**
     * Closes the session: the receiver controller is first waited for up to the last streamed sample, so that it took
     * every sample of the run; then the controllers journal their last decisions and complete their recordings.
     *
     * @throws IllegalStateException if a role reports a failure.
     */
    @Override
    public void close()
    {
        if (Long.MIN_VALUE == sessionId)
        {
            return;
        }
        final long id = sessionId;
        try
        {
            if (null != iioLookahead && iioLookahead.streamed() > 0)
            {
                iioLookahead.streamed(0);
                streams.clockAdvance(SessionProtocol.RECEIVER_CONTROLLER_ID, iioLookahead.lastStreamedNs());
                await(SessionProtocol.RECEIVER_CONTROLLER_ID, iioLookahead.lastStreamedNs());
            }
            if (null != ackLookahead && ackLookahead.inRow() > 0)
            {
                final long lastNs = ackLookahead.lastAheadNs();
                streams.clockAdvance(SessionProtocol.SENDER_CONTROLLER_ID, lastNs);
                await(SessionProtocol.SENDER_CONTROLLER_ID, lastNs);
            }
            if (null != ackLookahead && ackLookahead.awaitsAnswers())
            {
                throw new IllegalStateException("lockstep: session " + sessionId + ": the sender controller " +
                    "has not answered every decision the simulator applied ahead of it (docs/design.md §6)");
            }
        }
        finally
        {
            events.failSafeLeft(null);
            sessionId = Long.MIN_VALUE;
            streams.session(Long.MIN_VALUE);
            try
            {
                ended = client.end(id, roles);
            }
            finally
            {
                events.runClosed();
            }
        }
        for (final SessionProtocol.Ended e : ended)
        {
            if (!e.failure().isEmpty())
            {
                throw new IllegalStateException("session " + id + " failed on the " + e.role() + " role: " +
                    e.failure());
            }
        }
    }
}
