package org.rhcc.transport.message;

import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.RateUpdate;

/**
 * Receives decoded rhcc messages from a {@link MessageAdapter}, one {@code on*} method per template: the signals and
 * decisions as core's views of the frame read in place (their routing, a host and a sequence number, beside them),
 * the lockstep's and the hostCC emulation's few fields as primitives. Every method does nothing by default, so a
 * listener implements only the messages of its stream; the adapter still counts every message it received per
 * template.
 * <p>
 * <b>Note:</b> called on the polling agent's thread, once per message: implementations allocate nothing, box nothing
 * and do not log. An exception thrown here propagates out of the poll to the polling agent.
 */
public interface MessageListener
{
    /**
     * An IIO occupancy sample (paper Eq. (1) input).
     *
     * @param hostId of the receiver host the sample was read on.
     * @param seq    sequence number of the sample per host.
     * @param sample the frame, read in place: valid during the call only.
     */
    default void onIioSample(final int hostId, final long seq, final IioSample sample)
    {
    }

    /**
     * An MBA level decision for one COS group; its reason code is {@link org.rhcc.transport.codec.MbaReason}'s.
     *
     * @param hostId  of the host whose group is throttled.
     * @param seq     sequence number of the command per host.
     * @param command the frame, read in place: valid during the call only.
     */
    default void onMbaLevelCommand(final int hostId, final long seq, final MbaLevelCommand command)
    {
    }

    /**
     * A probe ACK (paper Eq. (2) input); its time is when it reached the sender, ns of the publisher's clock.
     *
     * @param ack the frame, read in place: valid during the call only.
     */
    default void onProbeAck(final ProbeAck ack)
    {
    }

    /**
     * A receivable-rate decision (paper Eq. (3)); the NIC sends at min(R_rev, R_cc) with its current R_cc (Eq. (4)).
     *
     * @param update the frame, read in place: valid during the call only.
     */
    default void onRateUpdate(final RateUpdate update)
    {
    }

    /**
     * Lockstep: every signal of the stream up to {@code advanceToNs} has been published.
     *
     * @param advanceToNs simulated time the stream is complete up to, ns.
     * @param sessionId   the session whose lockstep this step belongs to.
     */
    default void onClockAdvance(final long advanceToNs, final long sessionId)
    {
    }

    /**
     * Lockstep: a controller node has answered every signal up to {@code doneUpToNs}.
     *
     * @param doneUpToNs simulated time the node is done up to, ns.
     * @param sessionId    the session being answered.
     * @param controllerId the answering controller (receiver or sender).
     */
    default void onClockDone(final long doneUpToNs, final long sessionId, final int controllerId)
    {
    }

    /**
     * hostCC emulation: ECN marking switched on or off at a receiver host.
     *
     * @param hostId    id of the receiver host.
     * @param markingOn true while marking.
     * @param nowNs     time of the change, ns of the publisher's clock.
     */
    default void onEcnMarking(final int hostId, final boolean markingOn, final long nowNs)
    {
    }

    /**
     * The receiver controller's verdict changed (for its NIC to report in probe responses).
     *
     * @param hostId    id of the receiver host.
     * @param congested the verdict: true while congested.
     * @param nowNs     time of the change, ns of the publisher's clock.
     */
    default void onReceiverState(final int hostId, final boolean congested, final long nowNs)
    {
    }
}
