package org.rhcc.actors.journal;

/**
 * The host of the journal's role moved to its fail-safe (docs/design.md §7): a receiver host's MBA groups back to level 1
 * (100 %), a sender host's per-QP receivable-rate limits released (its senders at R_cc alone); no further decisions.
 *
 * @param reason why, as the operator should read it.
 * @param nowNs  time of the last decision before the fail-safe, ns.
 */
public record FailSafeEntered(String reason, long nowNs) implements SessionEvent
{
}
