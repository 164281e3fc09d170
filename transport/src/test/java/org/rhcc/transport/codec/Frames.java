package org.rhcc.transport.codec;

import org.agrona.MutableDirectBuffer;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameSigner;

/**
 * Writes whole frames (header, block and an unsigned authentication trailer) with the generated encoders, for tests
 * that feed frames to a decoder without a publication. Each method returns the frame's length.
 */
public final class Frames
{
    private static final MessageHeaderEncoder HEADER = new MessageHeaderEncoder();

    private static final FrameSigner UNSIGNED = FrameAuth.unsigned();

    private Frames()
    {
    }

    private static int trailer(final MutableDirectBuffer buffer, final int offset, final int messageLength)
    {
        UNSIGNED.sign(buffer, offset, messageLength);
        return messageLength + MessageSchema.TRAILER_LENGTH;
    }

    public static int iioSample(final MutableDirectBuffer buffer, final int offset, final int hostId, final long seq,
        final long nowNs, final double occupancy, final double pcieGbps)
    {
        final IioSampleEncoder e = new IioSampleEncoder().wrapAndApplyHeader(buffer, offset, HEADER);
        e.hostId(hostId).seq(seq).nowNs(nowNs).occupancy(occupancy).pcieGbps(pcieGbps);
        return trailer(buffer, offset, MessageHeaderEncoder.ENCODED_LENGTH + e.encodedLength());
    }

    public static int mbaLevelCommand(final MutableDirectBuffer buffer, final int offset, final int hostId,
        final int group, final int level, final long nowNs, final long seq, final MbaReason reason)
    {
        final MbaLevelCommandEncoder e = new MbaLevelCommandEncoder().wrapAndApplyHeader(buffer, offset, HEADER);
        e.hostId(hostId).group(group).level(level).nowNs(nowNs).seq(seq).reason(reason);
        return trailer(buffer, offset, MessageHeaderEncoder.ENCODED_LENGTH + e.encodedLength());
    }

    public static int probeAck(final MutableDirectBuffer buffer, final int offset, final int qp,
        final int reqRecvTs32, final int respSendTs32, final double rccGbps, final long nowNs)
    {
        return probeAck(buffer, offset, qp, reqRecvTs32, respSendTs32, (short)0, rccGbps, nowNs);
    }

    public static int probeAck(final MutableDirectBuffer buffer, final int offset, final int qp,
        final int reqRecvTs32, final int respSendTs32, final short receiverClear, final double rccGbps,
        final long nowNs)
    {
        final ProbeAckEncoder e = new ProbeAckEncoder().wrapAndApplyHeader(buffer, offset, HEADER);
        e.qp(qp).reqRecvTs32(reqRecvTs32).respSendTs32(respSendTs32).receiverClear(receiverClear).rccGbps(rccGbps)
            .nowNs(nowNs);
        return trailer(buffer, offset, MessageHeaderEncoder.ENCODED_LENGTH + e.encodedLength());
    }

    public static int rateUpdate(final MutableDirectBuffer buffer, final int offset, final int qp,
        final double rRevGbps, final long nowNs)
    {
        final RateUpdateEncoder e = new RateUpdateEncoder().wrapAndApplyHeader(buffer, offset, HEADER);
        e.qp(qp).rRevGbps(rRevGbps).nowNs(nowNs);
        return trailer(buffer, offset, MessageHeaderEncoder.ENCODED_LENGTH + e.encodedLength());
    }

    public static int clockAdvance(final MutableDirectBuffer buffer, final int offset, final long advanceToNs,
        final long sessionId)
    {
        final ClockAdvanceEncoder e = new ClockAdvanceEncoder().wrapAndApplyHeader(buffer, offset, HEADER);
        e.advanceToNs(advanceToNs).sessionId(sessionId);
        return trailer(buffer, offset, MessageHeaderEncoder.ENCODED_LENGTH + e.encodedLength());
    }

    public static int clockDone(final MutableDirectBuffer buffer, final int offset, final long doneUpToNs,
        final long sessionId, final int controllerId)
    {
        final ClockDoneEncoder e = new ClockDoneEncoder().wrapAndApplyHeader(buffer, offset, HEADER);
        e.doneUpToNs(doneUpToNs).sessionId(sessionId).controllerId(controllerId);
        return trailer(buffer, offset, MessageHeaderEncoder.ENCODED_LENGTH + e.encodedLength());
    }

    public static int ecnMarking(final MutableDirectBuffer buffer, final int offset, final int hostId,
        final boolean markingOn, final long nowNs)
    {
        final EcnMarkingEncoder e = new EcnMarkingEncoder().wrapAndApplyHeader(buffer, offset, HEADER);
        e.hostId(hostId).markingOn(markingOn ? 1 : 0).nowNs(nowNs);
        return trailer(buffer, offset, MessageHeaderEncoder.ENCODED_LENGTH + e.encodedLength());
    }

    public static int receiverState(final MutableDirectBuffer buffer, final int offset, final int hostId,
        final boolean congested, final long nowNs)
    {
        final ReceiverStateEncoder e = new ReceiverStateEncoder().wrapAndApplyHeader(buffer, offset, HEADER);
        e.hostId(hostId).congested(congested ? 1 : 0).nowNs(nowNs);
        return trailer(buffer, offset, MessageHeaderEncoder.ENCODED_LENGTH + e.encodedLength());
    }
}
