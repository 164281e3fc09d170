package org.rhcc.clustersim;

import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.receiver.MbaCascade;
import org.rhcc.core.receiver.MbaLevelSink;
import org.rhcc.core.receiver.MbaPolicy;

/**
 * The lockstep's window for IIO samples (docs/design.md §6, "The lockstep's window"): which samples cannot bring a
 * decision of the receiver controller, so that {@link AeronLockstepHook} may publish them without waiting. A decision
 * takes effect from the simulated step of the callback that applies it, so the hook must wait for the answer to every
 * sample that can bring one. For the rhcc rule it knows which cannot: it holds the receiver's verdict (a copy of the
 * scheme's receiver rule fed the same samples: Eq. (1)) and a cascade fed every level change the controller commanded
 * ({@link MbaCascade#observe}), whose {@link MbaCascade#nextChangeNs} says from when a sample with that verdict can
 * change a level. A sample before that time is streamed (published without {@code ClockAdvance}, no wait), at most
 * {@value #MAX_STREAMED} in a row; the next sample that can bring a decision is waited for, and its {@code ClockDone}
 * covers the streamed ones. A command dated at a streamed sample fails the run ({@link #streamedPast}): it cannot
 * happen while the controller runs the rule followed here. After a takeover, a fail-safe or a command outside the
 * session the hook stops streaming ({@link #stop}); hostCC's rules never stream.
 * <p>
 * <b>Note:</b> single-threaded (the simulator's); allocation-free per sample.
 */
final class IioLookahead
{
    /** Most IIO samples streamed without a wait in a row: bounds how far the receiver controller may lag behind. */
    static final int MAX_STREAMED = 256;
    /** Where the verdict copy of the receiver's rule sends its level changes: the controller's own are observed. */
    private static final MbaLevelSink NO_LEVELS = (group, level, nowNs) -> { };

    /** The receiver's rule fed the samples it is sent, for its verdict only (its level changes go nowhere). */
    private final MbaPolicy verdict;
    private MbaCascade levels;
    private int streamed;
    private long lastStreamedNs = Long.MIN_VALUE;
    private long streamedSamples;

    private IioLookahead(final MbaPolicy verdict, final MbaCascade levels)
    {
        this.verdict = verdict;
        this.levels = levels;
    }

    /**
     * @param scheme the run's scheme.
     * @param config the session's parameters.
     * @return the lookahead of the scheme's receiver rule (one that never streams without a receiver loop or under
     * hostCC's rules, whose controller runs no cascade).
     */
    static IioLookahead of(final Scheme scheme, final ControllerConfig config)
    {
        return new IioLookahead(scheme.receiverLoop() ? scheme.receiverRule().policy(config) : null,
            scheme.receiverLoop() && !scheme.hostCc() ? new MbaCascade(config.cascade()) : null);
    }

    /**
     * Feeds the receiver rule's verdict copy a sample the hook relays (every one, in order).
     *
     * @return true if the sample cannot change a level and may be streamed.
     */
    boolean onSample(final double occupancy, final double pcieGbps, final long nowNs)
    {
        boolean congested = false;
        if (null != verdict)
        {
            verdict.onSample(occupancy, pcieGbps, nowNs, NO_LEVELS);
            congested = verdict.congested();
        }
        return null != levels && streamed < MAX_STREAMED && nowNs < levels.nextChangeNs(congested);
    }

    /**
     * @return the receiver rule's verdict over the samples so far, as the receiver controller holds it (congested
     * without a receiver loop: the paper's probe response carries no state).
     */
    boolean congested()
    {
        return null == verdict || verdict.congested();
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
     * Follows a level the receiver controller commanded (a group the cascade does not have stops the streaming).
     */
    void observe(final int group, final int level, final long nowNs)
    {
        if (null != levels)
        {
            if (group < levels.groupCount())
            {
                levels.observe(group, level, nowNs);
            }
            else
            {
                levels = null;
            }
        }
    }

    /**
     * From now on every sample waits: the controller's levels may no longer be the cascade's (a takeover, a
     * fail-safe, a command outside the session).
     */
    void stop()
    {
        levels = null;
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
