package org.rhcc.actors.journal;

/**
 * Decision: the receiver's MBA cascade applied a level to a COS group.
 *
 * @param group COS group index.
 * @param level MBA level, 1 (100 %) .. 5 (20 %).
 * @param nowNs time of the decision, ns of the controller's clock (simulated time in a lockstep run).
 */
public record MbaLevelChanged(int group, int level, long nowNs) implements SessionEvent
{
}
