package org.rhcc.clustersim;

import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.RateUpdate;
import org.rhcc.core.signal.RateUpdateRecord;

/**
 * The lockstep's window for probe ACKs (docs/design.md §6, "The lockstep's window"): the simulator runs ahead of the
 * sender controller by up to {@value #CAPACITY} ACKs, applying to each the decision the controller will answer, and
 * checks every answer against it. It knows the decision before the controller makes it because it runs the scheme's
 * own sender loop (core's {@link SenderController}, Eq. (2)-(4), the class the sender node runs over its QP blocks)
 * over the very ACKs {@link AeronLockstepHook} relays, in the same order, from the same initial state: the same
 * inputs give the same decision, bit for bit. A decision applied ahead enters the simulator's ports inside the ACK's
 * callback, exactly where the controller's answer would; every answer must then equal its decision (QP, R_rev,
 * time), or the run fails. So a run either gives the decisions the sender controller made, as in lockstep, or
 * fails.
 * <p>
 * The answers come in the order of the ACKs (one sender node publishes them) and wait for their decisions in a ring.
 * After {@value #CAPACITY} ACKs in a row the next one is waited for, its {@code ClockDone} covering the rest, which
 * bounds how far the sender controller may lag behind; its decision is applied when its answer comes, as in lockstep.
 * <p>
 * <b>Note:</b> single-threaded (the simulator's); allocation-free per ACK.
 */
final class AckLookahead implements RateLimiter
{
    /** Most ACKs in a row without a wait. */
    static final int CAPACITY = 256;
    /** Decisions waiting for their answers, at most: those run ahead of and the one waited for (a power of two). */
    private static final int RING = 2 * CAPACITY;

    private final SenderController shadow;
    private final int[] decidedQp = new int[RING];
    private final double[] decidedRRevGbps = new double[RING];
    private final long[] decidedNs = new long[RING];
    private final boolean[] applied = new boolean[RING];
    private final RateUpdateRecord ahead = new RateUpdateRecord();
    private int head;
    private int size;
    private int inRow;
    private long lastAheadNs = Long.MIN_VALUE;
    private boolean decided;
    private boolean lastAnswerApplied;
    private boolean stopped;

    private AckLookahead(final ControllerConfig config, final int qpCount)
    {
        this.shadow = new SenderController(config, qpCount, this);
    }

    /**
     * @param config  the session's scheme and parameters.
     * @param qpCount QPs of the sender host.
     * @return the lookahead, or null when the scheme has no sender loop.
     */
    static AckLookahead of(final ControllerConfig config, final int qpCount)
    {
        return config.scheme().senderLoop() ? new AckLookahead(config, qpCount) : null;
    }

    /**
     * Runs an ACK through the sender loop; every ACK the hook relays comes here, in order. Its decision, if the loop
     * does not reject it, waits in the ring for the controller's answer.
     *
     * @return true if the simulator may run ahead of this ACK ({@link #applyAhead}), false if it must wait for the
     * controller (too many ACKs in a row).
     */
    boolean onProbeAck(final ProbeAck ack)
    {
        if (stopped)
        {
            return false;
        }
        decided = false;
        if (size == RING)
        {
            throw new IllegalStateException("lockstep: " + RING + " sender decisions wait for their answers");
        }
        shadow.onProbeAck(ack);
        return inRow < CAPACITY;
    }

    /**
     * The sender loop's decision for the ACK being run ({@link #onProbeAck}): queued for its answer.
     */
    @Override
    public void apply(final RateUpdate update)
    {
        final int tail = (head + size) & (RING - 1);
        decidedQp[tail] = update.qp();
        decidedRRevGbps[tail] = update.rRevGbps();
        decidedNs[tail] = update.nowNs();
        applied[tail] = false;
        size++;
        decided = true;
    }

    /**
     * Runs ahead of the ACK just queued: its decision, if it has one, goes to the simulator's rate limiter now.
     *
     * @param ports the simulator's rate limiter.
     * @param nowNs the ACK's time.
     */
    void applyAhead(final RateLimiter ports, final long nowNs)
    {
        inRow++;
        lastAheadNs = nowNs;
        if (decided)
        {
            final int i = (head + size - 1) & (RING - 1);
            applied[i] = true;
            ports.apply(ahead.set(decidedQp[i], decidedRRevGbps[i], decidedNs[i]));
        }
    }

    /**
     * @return ACKs run ahead of since the sender controller last answered a {@code ClockAdvance}.
     */
    int inRow()
    {
        return stopped ? 0 : inRow;
    }

    /**
     * @return the time of the last ACK run ahead of.
     */
    long lastAheadNs()
    {
        return lastAheadNs;
    }

    /**
     * The sender controller answered a {@code ClockAdvance} after the ACKs run ahead of: it has taken them all.
     */
    void caughtUp()
    {
        inRow = 0;
    }

    /**
     * @return true while decisions wait for their answers.
     */
    boolean awaitsAnswers()
    {
        return !stopped && size > 0;
    }

    /**
     * Takes the sender controller's answer to the oldest waiting decision.
     *
     * @return null if it is that decision, else what differs (the run cannot go on).
     */
    String answer(final int qp, final double rRevGbps, final long nowNs)
    {
        if (stopped)
        {
            lastAnswerApplied = false;
            return null;
        }
        if (0 == size)
        {
            return "RateUpdate QP " + qp + " R_rev " + rRevGbps + " Gbit/s at " + nowNs + " ns for an ACK the " +
                "simulator's copy of the sender loop rejected";
        }
        final int i = head;
        head = (head + 1) & (RING - 1);
        size--;
        lastAnswerApplied = applied[i];
        if (decidedQp[i] == qp && decidedRRevGbps[i] == rRevGbps && decidedNs[i] == nowNs)
        {
            return null;
        }
        return "RateUpdate QP " + qp + " R_rev " + rRevGbps + " Gbit/s at " + nowNs + " ns, where the simulator's " +
            "copy of the sender loop decided QP " + decidedQp[i] + " R_rev " + decidedRRevGbps[i] + " Gbit/s at " +
            decidedNs[i] + " ns";
    }

    /**
     * @return true if the decision of the last {@link #answer} was applied ahead; false: apply the answer now.
     */
    boolean lastAnswerApplied()
    {
        return lastAnswerApplied;
    }

    /**
     * From now on every ACK waits for the sender controller and every answer is applied as it comes: the controller's
     * state may no longer be the copy's here (a standby took the session over, or an answer was outside the session).
     */
    void stop()
    {
        stopped = true;
    }

    /**
     * @return false once {@link #stop}ped.
     */
    boolean active()
    {
        return !stopped;
    }
}
