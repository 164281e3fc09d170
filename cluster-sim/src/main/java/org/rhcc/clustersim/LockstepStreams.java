package org.rhcc.clustersim;

import java.time.Duration;

import org.agrona.concurrent.IdleStrategy;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.OfferResult;

/**
 * The lockstep's exchange with the controllers (docs/design.md §6): publishes a signal and, to be waited for, its
 * {@code ClockAdvance(t)} on the controller's stream, then polls the command stream until that controller answers
 * {@code ClockDone(t)}, its commands applied on the way ({@link ControllerCommands}). No signal is dropped: one the
 * stream refuses is offered again until the lockstep timeout, then the run fails. What a controller's silence means
 * (a fail-safe, a takeover, a failed run) is its {@link Silence}'s to decide; the silence is looked at every
 * {@value #DEADLINE_CHECK_MASK} + 1 idles of a wait, at most 64 ms apart with a backoff strategy's 1 ms parks.
 * <p>
 * <b>Note:</b> single-threaded (the simulator's); allocation-free per signal.
 */
final class LockstepStreams
{
    /** What a wait does when a controller is silent. */
    interface Silence
    {
        /**
         * A controller has not answered, or its stream has refused a signal, for {@code silentNs} of wall time.
         *
         * @return true if a standby took the session over and was sent the pending signal: the wait starts again.
         * @throws IllegalStateException if the run cannot go on.
         */
        boolean silent(int controllerId, long nowNs, long silentNs);

        /**
         * A new wait starts: its silence is counted from zero.
         */
        void restart();
    }

    /** {@link #refused}'s answer when a standby took the session over and was sent the refused signal. */
    private static final long TAKEN_OVER = -1L;
    private static final int DEADLINE_CHECK_MASK = 63;
    private static final long RESYNC_PERIOD_NS = 20_000_000L;

    private final LockstepPlatform platform;
    private final IdleStrategy idleStrategy;
    private final long timeoutNs;
    private final Duration connectTimeout;
    private final Silence silence;
    private final ControllerCommands commands;
    private final MessageAdapter adapter;
    private final long[] lastDoneNs = new long[SessionProtocol.SENDER_CONTROLLER_ID + 1];
    private long sessionId = Long.MIN_VALUE;
    private int awaitedController;
    private long awaitedNs;
    private boolean answered;

    /**
     * @param platform     the sim node's streams.
     * @param idleStrategy idles while waiting for an answer.
     * @param timeout      longest wait for an answer, for a stream to take a signal, or for a standby to answer on
     *                     the session's streams.
     * @param silence      decides what a silent controller means.
     */
    LockstepStreams(final LockstepPlatform platform, final IdleStrategy idleStrategy, final Duration timeout,
        final Silence silence)
    {
        this.platform = platform;
        this.idleStrategy = idleStrategy;
        this.timeoutNs = timeout.toNanos();
        this.connectTimeout = timeout;
        this.silence = silence;
        this.commands = new ControllerCommands(platform, this);
        this.adapter = new MessageAdapter(commands, platform.commandDrops(), platform.commandVerifier());
    }

    /**
     * @return where the controllers' commands go.
     */
    ControllerCommands commands()
    {
        return commands;
    }

    /**
     * @param sessionId the run's session: the one whose answers count.
     */
    void session(final long sessionId)
    {
        this.sessionId = sessionId;
    }

    /**
     * Publishes an IIO sample to the receiver controller and, if it is to be waited for, its {@code ClockAdvance}.
     */
    void publishIio(final int hostId, final long seq, final IioSample sample, final long nowNs, final boolean clock)
    {
        long result;
        long refusedSinceNs = 0;
        while ((result = platform.iio().iioSample(hostId, seq, sample)) < 0)
        {
            refusedSinceNs = refused(result, refusedSinceNs, SessionProtocol.RECEIVER_CONTROLLER_ID, nowNs);
            if (TAKEN_OVER == refusedSinceNs)
            {
                return;
            }
        }
        if (clock)
        {
            clockAdvance(SessionProtocol.RECEIVER_CONTROLLER_ID, nowNs);
        }
    }

    /**
     * Publishes a probe ACK to the sender controller and, if it is to be waited for, its {@code ClockAdvance}.
     */
    void publishAck(final ProbeAck ack, final long nowNs, final boolean clock)
    {
        long result;
        long refusedSinceNs = 0;
        while ((result = platform.acks().probeAck(ack)) < 0)
        {
            refusedSinceNs = refused(result, refusedSinceNs, SessionProtocol.SENDER_CONTROLLER_ID, nowNs);
            if (TAKEN_OVER == refusedSinceNs)
            {
                return;
            }
        }
        if (clock)
        {
            clockAdvance(SessionProtocol.SENDER_CONTROLLER_ID, nowNs);
        }
    }

    /**
     * Publishes {@code ClockAdvance(nowNs)} on the controller's stream.
     */
    void clockAdvance(final int controllerId, final long nowNs)
    {
        final MessageProxy stream = SessionProtocol.RECEIVER_CONTROLLER_ID == controllerId ? platform.iio() :
            platform.acks();
        long result;
        long refusedSinceNs = 0;
        while ((result = stream.clockAdvance(nowNs, sessionId)) < 0)
        {
            refusedSinceNs = refused(result, refusedSinceNs, controllerId, nowNs);
            if (TAKEN_OVER == refusedSinceNs)
            {
                return;
            }
        }
    }

    /**
     * A signal the controller's stream refused (after the proxy's own retries): never dropped, since simulated time
     * must not pass a signal the controller has not seen. A transient refusal (back-pressure, admin action, the
     * controller's subscriber not there yet, or gone with its node) idles and tries again; a controller that refuses
     * for long is as silent as one that does not answer ({@link Silence}), and a standby that took its session over
     * was sent the signal. Anything else, or the lockstep timeout, fails the run.
     *
     * @param result         the refused offer's result.
     * @param refusedSinceNs when this signal was first refused ({@code System.nanoTime()}), 0 if now.
     * @return when this signal was first refused, or {@link #TAKEN_OVER} if a standby took over and was sent it.
     * @throws IllegalStateException if the signal cannot be published.
     */
    private long refused(final long result, final long refusedSinceNs, final int controllerId, final long nowNs)
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
        if (0 == refusedSinceNs)
        {
            silence.restart();
            return now;
        }
        return silence.silent(controllerId, nowNs, now - refusedSinceNs) ? TAKEN_OVER : refusedSinceNs;
    }

    /**
     * From now on, waits for {@code ClockDone} of this controller up to this time (the silence checks start again).
     */
    void expect(final int controllerId, final long doneUpToNs)
    {
        awaitedController = controllerId;
        awaitedNs = doneUpToNs;
        answered = false;
        silence.restart();
    }

    /**
     * Waits until the controller answered {@code ClockDone(nowNs)}, applying its commands meanwhile.
     *
     * @return when the wait last started ({@code System.nanoTime()}): at the call, or when a standby took over.
     */
    long await(final int controllerId, final long nowNs)
    {
        expect(controllerId, nowNs);
        idleStrategy.reset();
        long startNs = System.nanoTime();
        int idles = 0;
        while (!answered)
        {
            if (0 == platform.commands().poll(adapter, platform.fragmentLimit()))
            {
                if (0 == (++idles & DEADLINE_CHECK_MASK))
                {
                    if (silence.silent(controllerId, nowNs, System.nanoTime() - startNs))
                    {
                        startNs = System.nanoTime();
                    }
                }
                idleStrategy.idle();
            }
        }
        lastDoneNs[controllerId] = nowNs;
        return startNs;
    }

    /**
     * Publishes {@code ClockAdvance} of the last time the role's controller answered until a standby that took its
     * session over answers it: once it does, its subscription to the platform's stream is established, and nothing
     * published from now on is lost to a late join (a signal published before then could be). A time already
     * answered changes nothing.
     *
     * @throws IllegalStateException if the standby does not answer within the connect timeout.
     */
    void resync(final int controllerId)
    {
        final long syncNs = lastDoneNs[controllerId];
        expect(controllerId, syncNs);
        final long deadlineNs = System.nanoTime() + connectTimeout.toNanos();
        while (!answered)
        {
            clockAdvance(controllerId, syncNs);
            final long retryNs = System.nanoTime() + RESYNC_PERIOD_NS;
            while (!answered && System.nanoTime() - retryNs < 0)
            {
                if (0 == platform.commands().poll(adapter, platform.fragmentLimit()))
                {
                    idleStrategy.idle();
                }
            }
            if (!answered && System.nanoTime() - deadlineNs > 0)
            {
                throw new IllegalStateException("the standby did not answer on the session's streams within " +
                    connectTimeout.toSeconds() + " s");
            }
        }
    }

    /**
     * A controller's {@code ClockDone}: the wait ends if it answers the awaited controller up to the awaited time.
     */
    void onClockDone(final long doneUpToNs, final long answeredSessionId, final int controllerId)
    {
        if (answeredSessionId == sessionId && controllerId == awaitedController && doneUpToNs >= awaitedNs)
        {
            answered = true;
        }
    }
}
