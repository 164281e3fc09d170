package org.rhcc.clustersim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.agrona.concurrent.IdleStrategy;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.rhcc.actors.session.SessionClient;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.actors.session.SessionSpec;
import org.rhcc.core.control.Scheme;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.SimPorts;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.OfferResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The simulator's controller when the controller runs in the cluster (docs/design.md §6): at each callback at simulated
 * time t the hook publishes the signal and a {@code ClockAdvance(t)} on the signal's stream, then polls the command
 * stream until the controller it addressed answers {@code ClockDone(t)}, applying every command it receives on the way
 * ({@code MbaLevelCommand} to {@code ports.mba().applyLevel}, {@code RateUpdate} to
 * {@code ports.rateLimiter().setRate}, {@code EcnMarking} to {@code ports.setReceiverEcnMarking}) inside the callback,
 * exactly where an in-process controller would. Simulated time therefore never passes t before the controller answered
 * up to t, and the run's decisions are those of the in-process run, bit for bit. A command frame that is not signed by
 * the session's controllers, or is replayed, is dropped by the adapter; an authenticated command outside the session's
 * {@link CommandLimits} (an MBA group or level, a QP or rate, a host it does not have) is dropped and counted as
 * {@link DropReason#INVALID_COMMAND}, logged once, and the run goes on. No signal is dropped on the way: one the
 * controller's stream refuses is offered again until the lockstep timeout, then the run fails.
 * <p>
 * {@link #attach} opens a session (the run) on the roles the scheme needs; {@link #close()} closes it, and fails if a
 * role reports a failure.
 * <p>
 * <b>Note:</b> single-threaded (the simulator's); allocation-free per callback.
 */
public final class AeronLockstepHook implements ControllerHook, MessageListener, AutoCloseable
{
    private static final int DEADLINE_CHECK_MASK = 1023;
    private static final int UNTHROTTLED_LEVEL = 1;
    private static final long MEMBERSHIP_CHECK_PERIOD_NS = 200_000_000L;
    private static final Logger LOGGER = LoggerFactory.getLogger(AeronLockstepHook.class);

    private final LockstepPlatform platform;
    private final SessionClient client;
    private final Scheme scheme;
    private final Map<String, String> params;
    private final IdleStrategy idleStrategy;
    private final long timeoutNs;
    private final long failSafeAfterNs;
    private long membershipCheckedNs;
    private boolean unthrottledInThisWait;
    private int failSafes;
    private long lastFailSafeSilentNs;
    private final Duration connectTimeout;
    private final int receiverHostId;
    private final int senderHostId;
    private final MessageAdapter adapter;
    private final List<ServiceKey<SessionProtocol.Command>> roles = new ArrayList<>();
    private SimPorts ports;
    private CommandLimits limits;
    private long sessionId = Long.MIN_VALUE;
    private long iioSeq;
    private int awaitedController;
    private long awaitedNs;
    private boolean answered;
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
     */
    public AeronLockstepHook(final LockstepPlatform platform, final SessionClient client, final Scheme scheme,
        final Map<String, String> params, final IdleStrategy idleStrategy, final Duration timeout,
        final Duration failSafeAfter, final int receiverHostId, final int senderHostId)
    {
        this.platform = platform;
        this.client = client;
        this.scheme = scheme;
        this.params = new java.util.LinkedHashMap<>(params);
        this.idleStrategy = idleStrategy;
        this.timeoutNs = timeout.toNanos();
        this.failSafeAfterNs = failSafeAfter.toNanos();
        this.connectTimeout = timeout;
        this.receiverHostId = receiverHostId;
        this.senderHostId = senderHostId;
        this.adapter = new MessageAdapter(this, platform.commandDrops(), platform.commandVerifier());
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
        limits = CommandLimits.of(spec.controllerConfig(), receiverHostId, ports.mba().groupCount(), ports.qpCount());
        platform.session(spec.sessionId());
        client.start(spec, roles);
        sessionId = spec.sessionId();
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
    public void onIioSample(final double occupancy, final double pcieGbps, final long nowNs)
    {
        long result;
        long refusedSinceNs = 0;
        while ((result = platform.iio().iioSample(receiverHostId, iioSeq, nowNs, occupancy, pcieGbps)) < 0)
        {
            refusedSinceNs = refused(result, refusedSinceNs);
        }
        iioSeq++;
        refusedSinceNs = 0;
        while ((result = platform.iio().clockAdvance(nowNs, sessionId)) < 0)
        {
            refusedSinceNs = refused(result, refusedSinceNs);
        }
        await(SessionProtocol.RECEIVER_CONTROLLER_ID, nowNs);
    }

    @Override
    public void onProbeAck(
        final int qp, final int reqRecvTsNs, final int respSendTsNs, final double rccGbps, final long nowNs)
    {
        long result;
        long refusedSinceNs = 0;
        while ((result = platform.acks().probeAck(qp, reqRecvTsNs, respSendTsNs, rccGbps, nowNs)) < 0)
        {
            refusedSinceNs = refused(result, refusedSinceNs);
        }
        refusedSinceNs = 0;
        while ((result = platform.acks().clockAdvance(nowNs, sessionId)) < 0)
        {
            refusedSinceNs = refused(result, refusedSinceNs);
        }
        await(SessionProtocol.SENDER_CONTROLLER_ID, nowNs);
    }

    /**
     * A signal the controller's stream refused (after the proxy's own retries): never dropped, since simulated time
     * must not pass a signal the controller has not seen. A transient refusal (back-pressure, admin action, the
     * controller's subscriber not there yet) idles and tries again, up to the lockstep timeout; anything else, or
     * the timeout, fails the run.
     *
     * @param result         the refused offer's result.
     * @param refusedSinceNs when this signal was first refused ({@code System.nanoTime()}), 0 if now.
     * @return when this signal was first refused.
     * @throws IllegalStateException if the signal cannot be published.
     */
    private long refused(final long result, final long refusedSinceNs)
    {
        final long now = System.nanoTime();
        if (!OfferResult.isTransient(result))
        {
            throw new IllegalStateException("lockstep: cannot publish to the controller: " +
                OfferResult.describe(result));
        }
        if (0 != refusedSinceNs && now - refusedSinceNs > timeoutNs)
        {
            throw new IllegalStateException("lockstep: the controller's stream of session " + sessionId +
                " refused a signal for " + timeoutNs / 1_000_000 + " ms: " + OfferResult.describe(result));
        }
        idleStrategy.idle();
        return 0 == refusedSinceNs ? now : refusedSinceNs;
    }

    private void await(final int controllerId, final long nowNs)
    {
        awaitedController = controllerId;
        awaitedNs = nowNs;
        answered = false;
        membershipCheckedNs = 0;
        idleStrategy.reset();
        long startNs = 0;
        int idles = 0;
        while (!answered)
        {
            if (0 == platform.commands().poll(adapter, platform.fragmentLimit()))
            {
                if (0 == (++idles & DEADLINE_CHECK_MASK))
                {
                    final long now = System.nanoTime();
                    if (0 == startNs)
                    {
                        startNs = now;
                    }
                    else
                    {
                        silent(controllerId, nowNs, now - startNs);
                    }
                }
                idleStrategy.idle();
            }
        }
        if (unthrottledInThisWait)
        {
            unthrottledInThisWait = false;
            LOGGER.warn("session {}: the receiver controller answered again after {} ms; the run goes on from the " +
                "unthrottled host", sessionId, (System.nanoTime() - startNs) / 1_000_000);
        }
    }

    /**
     * A controller has not answered for a while (checked about once per millisecond of waiting): after
     * {@code failSafeAfter} a silent receiver controller's simulated host is unthrottled, as the fail-safe watchdog
     * does on a real host; a controller whose node has left the cluster (downed by the split-brain resolver) or that
     * stays silent for the lockstep timeout fails the run, with the silence and the fail-safe in the message.
     */
    private void silent(final int controllerId, final long nowNs, final long silentNs)
    {
        if (SessionProtocol.RECEIVER_CONTROLLER_ID == controllerId && !unthrottledInThisWait &&
            silentNs > failSafeAfterNs)
        {
            unthrottle(nowNs, silentNs);
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
            final String departed = client.departed(sessionId, SessionProtocol.RECEIVER_CONTROLLER_ID ==
                controllerId ? SessionProtocol.RECEIVER_KEY : SessionProtocol.SENDER_KEY);
            if (null != departed)
            {
                throw new IllegalStateException("the " + roleName(controllerId) + " node " + departed +
                    " left the cluster at simulated " + nowNs / 1e6 + " ms of session " + sessionId + ", " +
                    silentNs / 1_000_000 + " ms after its last answer" + failSafeNote(controllerId) +
                    "; its journal keeps every decision it made (rhcc replay)");
            }
        }
    }

    private String failSafeNote(final int controllerId)
    {
        return SessionProtocol.RECEIVER_CONTROLLER_ID == controllerId && unthrottledInThisWait ?
            "; the simulated receiver host was unthrottled " + lastFailSafeSilentNs / 1_000_000 +
            " ms after its last answer (fail-safe)" : "";
    }

    /**
     * The simulated receiver host's fail-safe: every MBA group back at level 1 (100 %), no CE marking.
     */
    private void unthrottle(final long nowNs, final long silentNs)
    {
        for (int group = 0; group < ports.mba().groupCount(); group++)
        {
            ports.mba().applyLevel(group, UNTHROTTLED_LEVEL, nowNs);
        }
        ports.setReceiverEcnMarking(false);
        unthrottledInThisWait = true;
        failSafes++;
        lastFailSafeSilentNs = silentNs;
        LOGGER.warn("session {}: the receiver controller has not answered for {} ms: the simulated receiver host is " +
            "unthrottled (MBA level 1 on every group, no CE marking), as the fail-safe watchdog does on a real host",
            sessionId, silentNs / 1_000_000);
    }

    private static String roleName(final int controllerId)
    {
        return SessionProtocol.RECEIVER_CONTROLLER_ID == controllerId ? "receiver" : "sender";
    }

    /**
     * @return how often in this run a silent receiver controller had its simulated host unthrottled.
     */
    public int failSafes()
    {
        return failSafes;
    }

    /**
     * @return wall-clock silence of the receiver controller when its host was last unthrottled, ns; 0 if never.
     */
    public long lastFailSafeSilentNs()
    {
        return lastFailSafeSilentNs;
    }

    @Override
    public void onMbaLevelCommand(
        final int hostId, final int group, final int level, final long nowNs, final long seq, final int reasonCode)
    {
        if (!limits.mbaLevel(hostId, group, level))
        {
            invalid("MbaLevelCommand host " + hostId + " group " + group + " level " + level);
            return;
        }
        ports.mba().applyLevel(group, level, nowNs);
    }

    @Override
    public void onRateUpdate(final int qp, final double rRevGbps, final double rSendGbps, final long nowNs)
    {
        if (!limits.rate(qp, rRevGbps, rSendGbps))
        {
            invalid("RateUpdate QP " + qp + " R_rev " + rRevGbps + " R_send " + rSendGbps + " Gbit/s");
            return;
        }
        ports.rateLimiter().setRate(qp, rRevGbps, rSendGbps, nowNs);
    }

    @Override
    public void onEcnMarking(final int hostId, final boolean markingOn, final long nowNs)
    {
        if (!limits.ecnMarking(hostId))
        {
            invalid("EcnMarking host " + hostId);
            return;
        }
        ports.setReceiverEcnMarking(markingOn);
    }

    /**
     * Counts a command outside the session's limits; the first one of a run's platform is logged (the message is
     * built only then).
     */
    private void invalid(final String command)
    {
        if (platform.commandDrops().onDrop(DropReason.INVALID_COMMAND))
        {
            LOGGER.warn("session {}: dropped a command outside the session ({}): {}; further ones are only counted",
                sessionId, limits.describe(), command);
        }
    }

    @Override
    public void onClockDone(final long doneUpToNs, final long answeredSessionId, final int controllerId)
    {
        if (answeredSessionId == sessionId && controllerId == awaitedController && doneUpToNs >= awaitedNs)
        {
            answered = true;
        }
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
     * Closes the session: the controllers journal their last decisions and complete their recordings.
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
        sessionId = Long.MIN_VALUE;
        ended = client.end(id, roles);
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
