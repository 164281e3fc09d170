package org.rhcc.sim.net;

/**
 * The event loop of {@link RdmaFabric}: pops the fabric's events in time order and hands each to the part of the
 * fabric it concerns (the sender NICs, the switch, the receiver NIC, the senders' CC, the probe responses).
 * <p>
 * <b>Note:</b> allocation-free; not thread-safe.
 */
final class FabricDispatcher
{
    private final EventQueue events;
    private final SenderCc cc;
    private final SenderNics senders;
    private final SwitchEgress egress;
    private final ReceiverNic receiver;
    private final ProbeAcks probeAcks;

    FabricDispatcher(final EventQueue events, final SenderCc cc, final SenderNics senders, final SwitchEgress egress,
        final ReceiverNic receiver, final ProbeAcks probeAcks)
    {
        this.events = events;
        this.cc = cc;
        this.senders = senders;
        this.egress = egress;
        this.receiver = receiver;
        this.probeAcks = probeAcks;
    }

    /**
     * Processes every event strictly before {@code untilNs}.
     *
     * @param untilNs end of the interval, ns.
     */
    void runUntil(final double untilNs)
    {
        while (events.peekTimeNs() < untilNs)
        {
            events.pop();
            dispatch(events.timeNs(), events.type(), events.a(), events.b());
        }
    }

    private void dispatch(final double now, final int type, final int a, final int b)
    {
        switch (type)
        {
            case FabricEvents.SENDER_TX:
                senders.onSenderTx(now, a, b);
                break;
            case FabricEvents.SWITCH_ARRIVE:
                egress.onArrive(now, a);
                break;
            case FabricEvents.SWITCH_TX_DONE:
                egress.onTxDone(now);
                break;
            case FabricEvents.RX_ARRIVE:
                receiver.onArrive(now, a);
                break;
            case FabricEvents.SWITCH_PAUSE:
                egress.onPause(now, 1 == a);
                break;
            case FabricEvents.SENDER_PAUSE:
                senders.onPause(now, a, 1 == b);
                break;
            case FabricEvents.ACK:
                senders.onAck(now, a, (long)b & 0xFFFF_FFFFL);
                break;
            case FabricEvents.CNP:
                cc.onCnp(a, now);
                break;
            case FabricEvents.NAK:
                senders.onNak(now, a, (long)b & 0xFFFF_FFFFL);
                break;
            case FabricEvents.PROBE_ACK:
                probeAcks.deliver(a, now);
                break;
            case FabricEvents.DATA_ACK:
                senders.onDataAck(now, a);
                break;
            case FabricEvents.CONTEXT_READY:
                receiver.onContextReady(now);
                break;
            case FabricEvents.PROBE_CONTEXT:
                receiver.onProbeContext(a, b);
                break;
            default:
                throw new IllegalStateException("unknown fabric event type " + type);
        }
    }
}
