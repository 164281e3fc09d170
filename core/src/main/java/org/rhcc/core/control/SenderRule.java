package org.rhcc.core.control;

import org.rhcc.core.sender.SenderGate;

/**
 * The sender side of a {@link Scheme}: whether RHCC's sender loop (paper §III-C: a probe per 32 KB, the receiver
 * processing delay, its EWMA and the PID law for R_rev, sending at {@code min(R_rev, R_cc)}) runs, and what gates it.
 */
public enum SenderRule
{
    /** No sender loop: the inter-host CC alone sets the rate. */
    NONE(SenderGate.NONE),
    /** RHCC's sender loop as published. */
    PROBE(SenderGate.NONE),
    /** RHCC's sender loop, standing aside while the receiver reports no congestion ({@link SenderGate#RECEIVER}). */
    PROBE_GATED_BY_RECEIVER(SenderGate.RECEIVER),
    /**
     * RHCC's sender loop whose R_rev may rise at most once per DCQCN's rate-increase interval
     * ({@link SenderGate#INCREASE_INTERVAL}).
     */
    PROBE_INCREASE_INTERVAL(SenderGate.INCREASE_INTERVAL);

    private final SenderGate gate;

    SenderRule(final SenderGate gate)
    {
        this.gate = gate;
    }

    /**
     * @return what gates the loop ({@link SenderGate#NONE} for {@link #NONE} and {@link #PROBE}).
     */
    public SenderGate gate()
    {
        return gate;
    }
}
