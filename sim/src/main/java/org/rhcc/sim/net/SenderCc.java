package org.rhcc.sim.net;

/**
 * The senders' inter-host congestion control as {@link RdmaFabric} drives it: R_cc of RHCC's Eq. (4) per QP (the
 * fabric sends at {@code min(R_rev, R_cc)}), the window that bounds a QP's bytes in flight where the algorithm has
 * one, and the feedback it reacts to (docs/model.md §4.11).
 * <ul>
 *   <li>DCQCN ({@link DcqcnSenderCc}): CNPs and the byte counter; one ACK per message, no window.</li>
 *   <li>HPCC ({@link HpccSenderCc}): every data packet is ACKed and the ACK echoes the switch's INT record.</li>
 *   <li>Swift ({@link SwiftSenderCc}): every data packet is ACKed with the receiver NIC's two timestamps, from which
 *   the sender has the fabric and the endpoint delay.</li>
 * </ul>
 * <p>
 * <b>Note:</b> every method is on the fabric's per-packet path: no allocation, no boxing. Not thread-safe.
 */
public interface SenderCc
{
    /**
     * @return true if every data packet is ACKed with the receiver NIC's timestamps and the packet's INT record (HPCC
     *         and Swift); false for one ACK per message and no INT (DCQCN).
     */
    boolean perPacketAcks();

    /**
     * @return true if a QP may only send while its bytes in flight are below {@link #windowBytes(int)}.
     */
    boolean windowed();

    /**
     * @return number of flows (QPs).
     */
    int flowCount();

    /**
     * Brings a flow's timers up to {@code nowNs} and returns its rate.
     *
     * @param qp    QP.
     * @param nowNs current time, ns.
     * @return R_cc, Gbit/s.
     */
    double rateGbps(int qp, double nowNs);

    /**
     * Reads a flow's rate as of its last update, without advancing its timers (for a telemetry view: reading it
     * changes nothing in the run).
     *
     * @param qp QP.
     * @return R_cc, Gbit/s.
     */
    double lastRateGbps(int qp);

    /**
     * @param qp QP.
     * @return the bytes the QP may have in flight (a packet may leave while fewer are in flight); unused unless
     *         {@link #windowed()}.
     */
    double windowBytes(int qp);

    /**
     * @param qp           QP.
     * @param payloadBytes payload of the data packet just sent.
     * @param nowNs        current time, ns.
     */
    void onBytesSent(int qp, int payloadBytes, double nowNs);

    /**
     * @param qp    QP.
     * @param nowNs arrival of a CNP at the sender, ns.
     */
    void onCnp(int qp, double nowNs);

    /**
     * The ACK of one data packet reached the sender (only if {@link #perPacketAcks()}).
     *
     * @param qp            QP.
     * @param ackSeq        the ACK's cumulative sequence number, packets.
     * @param sndNxt        the QP's next sequence number to send, packets.
     * @param nowNs         ACK arrival at the sender, ns.
     * @param sentNs        when the data packet left the sender NIC, ns.
     * @param hostDelayNs   the receiver NIC's timestamps' difference: ACK departure less data arrival, ns.
     * @param intQueueBytes the packet's INT record: switch egress queue, bytes.
     * @param intTxBytes    the packet's INT record: the egress port's transmitted bytes.
     * @param intStampNs    the packet's INT record: the switch's time, ns.
     * @param linkGbps      the packet's INT record: the egress link's rate, Gbit/s.
     */
    void onAck(int qp, long ackSeq, long sndNxt, double nowNs, double sentNs, double hostDelayNs,
        long intQueueBytes, long intTxBytes, double intStampNs, double linkGbps);

    /**
     * @param qp    QP.
     * @param nowNs a NAK (packet loss detected by the receiver) reached the sender, ns.
     */
    void onNak(int qp, double nowNs);

    /**
     * @param qp    QP.
     * @param nowNs the QP's retransmission timeout fired, ns.
     */
    void onTimeout(int qp, double nowNs);
}
