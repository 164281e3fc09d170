package org.rhcc.actors.journal;

/**
 * Decision (hostcc): the receiver NIC's CE marking switched on or off.
 *
 * @param on    true while marking.
 * @param nowNs time of the decision, ns.
 */
public record EcnMarkingChanged(boolean on, long nowNs) implements SessionEvent
{
}
