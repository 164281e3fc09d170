package org.rhcc.actors.journal;

/**
 * The receiver host moved to the fail-safe: every MBA group back to level 1 (100 %), no further decisions
 * (design.md §7).
 *
 * @param reason why, as the operator should read it.
 * @param nowNs  time of the last decision before the fail-safe, ns.
 */
public record FailSafeEntered(String reason, long nowNs) implements SessionEvent
{
}
