package org.rhcc.core.port;

/**
 * Port: the receiver controller's verdict (Eq. (1)'s {@code I_cur > I_thr}, or its rule's) as its NIC reports it in
 * probe responses, so that a sender loop gated by the receiver ({@code SenderGate.RECEIVER}, rhcc-gated) acts only
 * while the receiver is congested (docs/design.md §4). The receiver controller is the one place the verdict is
 * computed: it tells the port of every change, and readers take the port's state, never a copy of the rule.
 */
@FunctionalInterface
public interface ReceiverStatePort
{
    /** A port nobody reads: for schemes whose sender loop does not read the receiver's state. */
    ReceiverStatePort NONE = (congested, nowNs) ->
    {
    };

    /**
     * @param congested the verdict: true while congested.
     * @param nowNs     time of the change, ns.
     */
    void setCongested(boolean congested, long nowNs);
}
