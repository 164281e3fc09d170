package org.rhcc.clustersim;

import org.rhcc.sim.api.SimPorts;

/**
 * The simulated receiver host's fail-safe (docs/design.md §7): a receiver controller silent for longer than
 * {@code failSafeAfter} within one lockstep wait has its host unthrottled (every MBA group at level 1, no CE marking),
 * as the fail-safe watchdog does on a real host; when it answers again, or a standby takes its session over, the run
 * goes on from the unthrottled host. Every fail-safe is counted in the run's {@link RunInterruptions} and told to the
 * operator and the client ({@link PlatformEvents}).
 * <p>
 * <b>Note:</b> single-threaded (the simulator's).
 */
final class ReceiverFailSafe
{
    private final PlatformEvents events;
    private final RunInterruptions interruptions;
    private final long failSafeAfterNs;
    private long sessionId = Long.MIN_VALUE;
    private SimPorts ports;
    private IioLookahead iioLookahead;
    private boolean unthrottledInThisWait;

    /**
     * @param events          tells the operator and the client of fail-safes.
     * @param interruptions   the run's record of fail-safes.
     * @param failSafeAfterNs silence of the receiver controller after which its host is unthrottled, ns.
     */
    ReceiverFailSafe(final PlatformEvents events, final RunInterruptions interruptions, final long failSafeAfterNs)
    {
        this.events = events;
        this.interruptions = interruptions;
        this.failSafeAfterNs = failSafeAfterNs;
    }

    /**
     * The run's session: the host to unthrottle, and the IIO window that closes when it is.
     */
    void session(final long sessionId, final SimPorts ports, final IioLookahead iioLookahead)
    {
        this.sessionId = sessionId;
        this.ports = ports;
        this.iioLookahead = iioLookahead;
    }

    /**
     * The receiver controller has been silent this long in the current wait: past {@code failSafeAfter}, and once per
     * wait, its host is unthrottled.
     */
    void onSilence(final long silentNs)
    {
        if (unthrottledInThisWait || silentNs <= failSafeAfterNs)
        {
            return;
        }
        ports.mba().resetToUnthrottled();
        ports.setReceiverEcnMarking(false);
        iioLookahead.stop();
        unthrottledInThisWait = true;
        interruptions.failSafe(silentNs);
        events.failSafeEntered("fail-safe: session " + sessionId + ": the receiver controller has not answered " +
            "for " + silentNs / 1_000_000 + " ms: the simulated receiver host is unthrottled (MBA level 1 on every " +
            "group, no CE marking), as the fail-safe watchdog does on a real host");
    }

    /**
     * @return true if the host was unthrottled in the current wait.
     */
    boolean unthrottled()
    {
        return unthrottledInThisWait;
    }

    /**
     * The receiver controller answered again.
     *
     * @param waitStartNs when its wait last started ({@code System.nanoTime()}).
     */
    void answered(final long waitStartNs)
    {
        if (unthrottledInThisWait)
        {
            unthrottledInThisWait = false;
            events.failSafeLeft("session " + sessionId + ": the receiver controller answered again after " +
                (System.nanoTime() - waitStartNs) / 1_000_000 + " ms; fail-safe left, the run goes on from the " +
                "unthrottled host");
        }
    }

    /**
     * A standby took the receiver's session over: the wait that unthrottled the host is over.
     */
    void takenOver()
    {
        unthrottledInThisWait = false;
    }

    /**
     * @return for a message about the receiver controller's silence: the fail-safe, if the host was unthrottled.
     */
    String note()
    {
        return unthrottledInThisWait ? "; the simulated receiver host was unthrottled " +
            interruptions.lastFailSafeSilentNs() / 1_000_000 + " ms after its last answer (fail-safe)" : "";
    }
}
