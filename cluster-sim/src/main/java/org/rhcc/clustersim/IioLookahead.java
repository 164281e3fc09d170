package org.rhcc.clustersim;

import java.util.function.Supplier;

import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.receiver.MbaLevelSink;
import org.rhcc.core.receiver.MbaPolicy;

/**
 * The lockstep's window for IIO samples (docs/design.md §6, "The lockstep's window"): which samples cannot bring a
 * decision of the receiver controller, so that {@link AeronLockstepHook} may publish them without waiting. A decision
 * takes effect from the simulated step of the callback that applies it, so the hook must wait for the answer to every
 * sample that can bring one. It knows which cannot: it runs the scheme's own receiver rule (core's
 * {@code ReceiverRule.policy}, the class the receiver controller runs: Eq. (1) and the cascade for RHCC's rule,
 * hostCC's occupancy test and levels for hostCC's) over the very samples it relays, in order, from the same initial
 * state, so the rule decides here exactly what it decides on the receiver node. A sample at which the rule changes no
 * level and, for a rule that marks CE, leaves the marking as it was, and, for a scheme whose sender loop reads the
 * receiver's verdict, leaves the verdict as it was, is streamed (published without
 * {@code ClockAdvance}, no wait), at most {@value #MAX_STREAMED} in a row; a sample that brings a decision is waited
 * for, and its {@code ClockDone} covers the streamed ones. A command dated at a streamed sample fails the run
 * ({@link #streamedPast}): it cannot happen while the controller runs the rule run here. After a fail-safe or a
 * command outside the session the rule's state may no longer be the controller's, and every sample waits
 * ({@link #stop}) until a standby takes the receiver's session over with a new controller, whose state the copy
 * here can follow again from its first sample ({@link #restart}); a takeover of the sender leaves the receiver's
 * controller, and its window, as they were.
 * <p>
 * <b>Note:</b> single-threaded (the simulator's); allocation-free per sample.
 */
final class IioLookahead
{
    /** Most IIO samples streamed without a wait in a row: bounds how far the receiver controller may lag behind. */
    static final int MAX_STREAMED = 256;
    /** Where the copy of the receiver's rule sends its level changes: only their count is read here. */
    private static final MbaLevelSink NO_LEVELS = (group, level, nowNs) -> { };

    /** A fresh copy of the receiver's rule, as a controller opens it; null without a receiver loop. */
    private final Supplier<MbaPolicy> freshRule;
    /** The receiver's rule fed the samples the hook relays; null without a receiver loop. */
    private MbaPolicy rule;
    /**
     * Whether a change of the rule's verdict is a command the controller sends: CE marking (a rule that marks) or its
     * reported state (a scheme whose sender loop reads it). Both follow {@link MbaPolicy#congested()}.
     */
    private final boolean verdictIsCommand;
    private boolean verdict;
    private boolean active;
    private int streamed;
    private long lastStreamedNs = Long.MIN_VALUE;
    private long streamedSamples;

    private IioLookahead(final Supplier<MbaPolicy> freshRule, final boolean marksCe, final boolean reportsVerdict)
    {
        this.freshRule = freshRule;
        this.rule = null == freshRule ? null : freshRule.get();
        this.verdictIsCommand = marksCe || reportsVerdict;
        this.active = null != rule;
    }

    /**
     * @param scheme the run's scheme.
     * @param config the session's parameters.
     * @return the lookahead of the scheme's receiver rule (one that never streams without a receiver loop).
     */
    static IioLookahead of(final Scheme scheme, final ControllerConfig config)
    {
        return scheme.receiverLoop() ?
            new IioLookahead(() -> scheme.receiverRule().policy(config), scheme.receiverRule().marksCe(),
                scheme.receiverReportsState()) :
            new IioLookahead(null, false, false);
    }

    /**
     * Feeds the receiver rule a sample the hook relays (every one, in order).
     *
     * @return true if the sample brings no decision and may be streamed.
     */
    boolean onSample(final double occupancy, final double pcieGbps, final long nowNs)
    {
        if (null == rule)
        {
            return false;
        }
        final int changes = rule.onSample(occupancy, pcieGbps, nowNs, NO_LEVELS);
        boolean verdictChanged = false;
        if (verdictIsCommand)
        {
            final boolean congested = rule.congested();
            verdictChanged = congested != verdict;
            verdict = congested;
        }
        return active && 0 == changes && !verdictChanged && streamed < MAX_STREAMED;
    }

    /**
     * @return samples streamed since the receiver controller last answered; the hook sets it to 0 while it publishes
     * (a failed publish leaves none streamed, so that closing does not wait for a controller that cannot answer).
     */
    int streamed()
    {
        return streamed;
    }

    /**
     * @param streamed samples streamed since the receiver controller last answered.
     */
    void streamed(final int streamed)
    {
        this.streamed = streamed;
    }

    /**
     * A sample went without a wait.
     */
    void streamedOne(final long nowNs)
    {
        streamed++;
        streamedSamples++;
        lastStreamedNs = nowNs;
    }

    /**
     * @return the time of the last streamed sample.
     */
    long lastStreamedNs()
    {
        return lastStreamedNs;
    }

    /**
     * @return samples of this run streamed without a wait.
     */
    long streamedSamples()
    {
        return streamedSamples;
    }

    /**
     * From now on every sample waits, until a {@link #restart}: the controller's state may no longer be the rule's
     * here (a fail-safe, a command outside the session).
     */
    void stop()
    {
        active = false;
    }

    /**
     * A standby took the receiver's session over: its controller is a new one, opened from the session's parameters
     * like the first (the rule's state is not journaled, only its decisions), and the first sample it is sent is the
     * one the hook was waiting at. The copy here starts afresh in the same way, from that sample, and samples stream
     * again.
     *
     * @param occupancy the sample the standby is sent first: IIO occupancy.
     * @param pcieGbps  its PCIe rate, Gbit/s.
     * @param nowNs     its time.
     */
    void restart(final double occupancy, final double pcieGbps, final long nowNs)
    {
        if (null == freshRule)
        {
            return;
        }
        rule = freshRule.get();
        verdict = false;
        onSample(occupancy, pcieGbps, nowNs);
        active = true;
    }

    /**
     * A receiver command decided at a sample the simulator streamed past without waiting would take effect later than
     * in process: it fails the run.
     *
     * @throws IllegalStateException if the decision is dated at or before the last streamed sample.
     */
    void streamedPast(final long sessionId, final String command, final long decisionNs)
    {
        if (decisionNs <= lastStreamedNs)
        {
            throw new IllegalStateException("lockstep: session " + sessionId + ": the receiver controller decided " +
                command + " at " + decisionNs + " ns, a sample the simulator had passed as one that cannot change " +
                "a level (last streamed sample at " + lastStreamedNs + " ns); docs/design.md §6");
        }
    }
}
