package org.rhcc.sim.net;

/**
 * The event types of {@link RdmaFabric}'s event queue; {@code a} and {@code b} are the event's two int arguments.
 */
final class FabricEvents
{
    /** A sender NIC may transmit: a = sender, b = the sender's schedule generation. */
    static final int SENDER_TX = 1;
    /** A packet reaches the switch: a = packet. */
    static final int SWITCH_ARRIVE = 2;
    /** The switch's egress finished transmitting its head packet. */
    static final int SWITCH_TX_DONE = 3;
    /** A packet reaches the receiver NIC: a = packet. */
    static final int RX_ARRIVE = 4;
    /** The receiver NIC's PFC reaches the switch: a = 1 to pause, 0 to resume. */
    static final int SWITCH_PAUSE = 5;
    /** The switch's PFC reaches a sender: a = sender, b = 1 to pause, 0 to resume. */
    static final int SENDER_PAUSE = 6;
    /** A message ACK: a = QP, b = low 32 bits of the PSN. */
    static final int ACK = 7;
    /** A CNP: a = QP. */
    static final int CNP = 8;
    /** A NAK: a = QP, b = low 32 bits of the expected PSN. */
    static final int NAK = 9;
    /** A probe response reaches its sender: a = probe-ACK slot. */
    static final int PROBE_ACK = 10;
    /** The ACK of one data packet (HPCC, Swift): a = packet. */
    static final int DATA_ACK = 11;
    /** The QP context the receive pipeline waits for has arrived. */
    static final int CONTEXT_READY = 12;
    /** A probe's QP context has arrived: a = QP, b = the parked arrival. */
    static final int PROBE_CONTEXT = 13;

    private FabricEvents()
    {
    }
}
