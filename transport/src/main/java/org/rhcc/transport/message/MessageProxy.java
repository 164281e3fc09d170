package org.rhcc.transport.message;

import io.aeron.Publication;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.RateUpdate;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameSigner;
import org.rhcc.transport.codec.ClockAdvanceEncoder;
import org.rhcc.transport.codec.ClockDoneEncoder;
import org.rhcc.transport.codec.EcnMarkingEncoder;
import org.rhcc.transport.codec.IioSampleEncoder;
import org.rhcc.transport.codec.MbaLevelCommandEncoder;
import org.rhcc.transport.codec.MbaReason;
import org.rhcc.transport.codec.MessageHeaderEncoder;
import org.rhcc.transport.codec.ProbeAckEncoder;
import org.rhcc.transport.codec.RateUpdateEncoder;
import org.rhcc.transport.codec.ReceiverStateEncoder;

/**
 * Encodes rhcc messages, with the encoders generated from {@code rhcc-messages.xml}, straight into an Aeron
 * publication's term buffer ({@link Publication#tryClaim}, zero copy) and offers them. Back-pressure and admin actions are retried up to {@code maxRetries} times with an
 * {@link IdleStrategy} between attempts; every outcome is returned as a code, never thrown: a positive stream
 * position on success, otherwise {@link Publication#NOT_CONNECTED}, {@link Publication#BACK_PRESSURED},
 * {@link Publication#ADMIN_ACTION}, {@link Publication#CLOSED} or {@link Publication#MAX_POSITION_EXCEEDED}
 * (see {@link OfferResult}). Every frame ends with the authentication trailer its {@link FrameSigner} writes
 * (transport/README.md, "Authenticated frames"). Given counters, it also counts the frames it published and the
 * claims refused for back-pressure or an admin action (retries included), for AeronStat and the metrics endpoint.
 * <p>
 * <b>Note:</b> allocation-free. Not thread safe: one proxy per publishing thread, ideally over an
 * {@link io.aeron.ExclusivePublication}.
 */
public final class MessageProxy
{
    private final SignedClaim frame;
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final IioSampleEncoder iioSample = new IioSampleEncoder();
    private final MbaLevelCommandEncoder mbaLevelCommand = new MbaLevelCommandEncoder();
    private final ProbeAckEncoder probeAck = new ProbeAckEncoder();
    private final RateUpdateEncoder rateUpdate = new RateUpdateEncoder();
    private final ClockAdvanceEncoder clockAdvance = new ClockAdvanceEncoder();
    private final ClockDoneEncoder clockDone = new ClockDoneEncoder();
    private final EcnMarkingEncoder ecnMarking = new EcnMarkingEncoder();
    private final ReceiverStateEncoder receiverState = new ReceiverStateEncoder();


    /**
     * A proxy whose frames carry no valid tag ({@link FrameAuth#unsigned()}), for a process's own tests and
     * benchmarks: every stream with a key refuses them.
     *
     * @param publication       to offer on; the proxy does not close it.
     * @param maxRetries        further attempts after a back-pressured or admin-action claim, 0 to never retry.
     * @param retryIdleStrategy to idle with between attempts.
     */
    public MessageProxy(final Publication publication, final int maxRetries, final IdleStrategy retryIdleStrategy)
    {
        this(publication, maxRetries, retryIdleStrategy, FrameAuth.unsigned());
    }

    /**
     * @param publication       to offer on; the proxy does not close it.
     * @param maxRetries        further attempts after a back-pressured or admin-action claim, 0 to never retry.
     * @param retryIdleStrategy to idle with between attempts.
     * @param signer            signs every frame (one publisher; the proxy's thread only).
     */
    public MessageProxy(final Publication publication, final int maxRetries, final IdleStrategy retryIdleStrategy,
        final FrameSigner signer)
    {
        this(publication, maxRetries, retryIdleStrategy, signer, null, null);
    }

    /**
     * @param publication       to offer on; the proxy does not close it.
     * @param maxRetries        further attempts after a back-pressured or admin-action claim, 0 to never retry.
     * @param retryIdleStrategy to idle with between attempts.
     * @param signer            signs every frame (one publisher; the proxy's thread only).
     * @param published         counts the frames published (one writer: the proxy's thread), or null.
     * @param backPressured     counts the claims refused for back-pressure or an admin action, each retry included
     *                          (one writer: the proxy's thread), or null.
     */
    public MessageProxy(final Publication publication, final int maxRetries, final IdleStrategy retryIdleStrategy,
        final FrameSigner signer, final AtomicCounter published, final AtomicCounter backPressured)
    {
        this.frame = new SignedClaim(publication, maxRetries, retryIdleStrategy, signer, published, backPressured);
    }

    /**
     * Publishes an IIO occupancy sample.
     *
     * @param hostId id of the host.
     * @param seq    sequence number per host.
     * @param sample the sample, read now.
     * @return the new stream position if published, else a negative {@link io.aeron.Publication} code.
     */
    public long iioSample(final int hostId, final long seq, final IioSample sample)
    {
        final long result = frame.claim(MessageHeaderEncoder.ENCODED_LENGTH + IioSampleEncoder.BLOCK_LENGTH);
        if (result > 0)
        {
            iioSample.wrapAndApplyHeader(frame.buffer(), frame.offset(), header)
                .hostId(hostId)
                .seq(seq)
                .nowNs(sample.nowNs())
                .occupancy(sample.occupancy())
                .pcieGbps(sample.pcieGbps());
            frame.commit();
        }

        return result;
    }

    /**
     * Publishes an MBA level decision.
     *
     * @param hostId  id of the host.
     * @param seq     sequence number per host.
     * @param command the decision (group, level, reason, time), read now; its reason code must be an
     *                {@link MbaReason} value.
     * @return the new stream position if published, else a negative {@link io.aeron.Publication} code.
     */
    public long mbaLevelCommand(final int hostId, final long seq, final MbaLevelCommand command)
    {
        final long result = frame.claim(MessageHeaderEncoder.ENCODED_LENGTH + MbaLevelCommandEncoder.BLOCK_LENGTH);
        if (result > 0)
        {
            mbaLevelCommand.wrapAndApplyHeader(frame.buffer(), frame.offset(), header)
                .hostId(hostId)
                .group(command.group())
                .level(command.level())
                .nowNs(command.nowNs())
                .seq(seq)
                .reason(MbaReason.get(command.reasonCode()));
            frame.commit();
        }

        return result;
    }

    /**
     * Publishes a probe ACK.
     *
     * @param ack the ACK, read now.
     * @return the new stream position if published, else a negative {@link io.aeron.Publication} code.
     */
    public long probeAck(final ProbeAck ack)
    {
        final long result = frame.claim(MessageHeaderEncoder.ENCODED_LENGTH + ProbeAckEncoder.BLOCK_LENGTH);
        if (result > 0)
        {
            probeAck.wrapAndApplyHeader(frame.buffer(), frame.offset(), header)
                .qp(ack.qp())
                .reqRecvTs32(ack.reqRecvTsNs())
                .respSendTs32(ack.respSendTsNs())
                .receiverClear((short)(ack.receiverCongested() ? 0 : 1))
                .rccGbps(ack.rccGbps())
                .nowNs(ack.nowNs());
            frame.commit();
        }

        return result;
    }

    /**
     * Publishes a receivable-rate decision.
     *
     * @param update the decision (QP, R_rev, time), read now.
     * @return the new stream position if published, else a negative {@link io.aeron.Publication} code.
     */
    public long rateUpdate(final RateUpdate update)
    {
        final long result = frame.claim(MessageHeaderEncoder.ENCODED_LENGTH + RateUpdateEncoder.BLOCK_LENGTH);
        if (result > 0)
        {
            rateUpdate.wrapAndApplyHeader(frame.buffer(), frame.offset(), header)
                .qp(update.qp())
                .rRevGbps(update.rRevGbps())
                .nowNs(update.nowNs());
            frame.commit();
        }

        return result;
    }

    /**
     * Lockstep: publishes that every signal of this stream up to {@code advanceToNs} has been published.
     *
     * @param advanceToNs simulated time the stream is complete up to, ns.
     * @param sessionId   the session whose lockstep this step belongs to.
     * @return the new stream position if published, else a negative {@link io.aeron.Publication} code.
     */
    public long clockAdvance(final long advanceToNs, final long sessionId)
    {
        final long result = frame.claim(MessageHeaderEncoder.ENCODED_LENGTH + ClockAdvanceEncoder.BLOCK_LENGTH);
        if (result > 0)
        {
            clockAdvance.wrapAndApplyHeader(frame.buffer(), frame.offset(), header)
                .advanceToNs(advanceToNs)
                .sessionId(sessionId);
            frame.commit();
        }

        return result;
    }

    /**
     * Lockstep: publishes that this node has answered every signal up to {@code doneUpToNs}.
     *
     * @param doneUpToNs simulated time this node is done up to, ns.
     * @param sessionId    the session being answered.
     * @param controllerId this controller (receiver or sender).
     * @return the new stream position if published, else a negative {@link io.aeron.Publication} code.
     */
    public long clockDone(final long doneUpToNs, final long sessionId, final int controllerId)
    {
        final long result = frame.claim(MessageHeaderEncoder.ENCODED_LENGTH + ClockDoneEncoder.BLOCK_LENGTH);
        if (result > 0)
        {
            clockDone.wrapAndApplyHeader(frame.buffer(), frame.offset(), header)
                .doneUpToNs(doneUpToNs)
                .sessionId(sessionId)
                .controllerId(controllerId);
            frame.commit();
        }

        return result;
    }

    /**
     * Publishes an ECN marking change (hostCC emulation).
     *
     * @param hostId    id of the host.
     * @param markingOn true while marking.
     * @param nowNs     time of the event, ns of the publisher's clock.
     * @return the new stream position if published, else a negative {@link io.aeron.Publication} code.
     */
    public long ecnMarking(final int hostId, final boolean markingOn, final long nowNs)
    {
        final long result = frame.claim(MessageHeaderEncoder.ENCODED_LENGTH + EcnMarkingEncoder.BLOCK_LENGTH);
        if (result > 0)
        {
            ecnMarking.wrapAndApplyHeader(frame.buffer(), frame.offset(), header)
                .hostId(hostId)
                .markingOn(markingOn ? 1 : 0)
                .nowNs(nowNs);
            frame.commit();
        }

        return result;
    }

    /**
     * Publishes a change of the receiver controller's verdict, for its NIC to report in probe responses.
     *
     * @param hostId    id of the receiver host.
     * @param congested the verdict: true while congested.
     * @param nowNs     time of the change, ns of the publisher's clock.
     * @return the new stream position if published, else a negative {@link io.aeron.Publication} code.
     */
    public long receiverState(final int hostId, final boolean congested, final long nowNs)
    {
        final long result = frame.claim(MessageHeaderEncoder.ENCODED_LENGTH + ReceiverStateEncoder.BLOCK_LENGTH);
        if (result > 0)
        {
            receiverState.wrapAndApplyHeader(frame.buffer(), frame.offset(), header)
                .hostId(hostId)
                .congested(congested ? 1 : 0)
                .nowNs(nowNs);
            frame.commit();
        }

        return result;
    }

    /**
     * @return the publication this proxy offers on.
     */
    public Publication publication()
    {
        return frame.publication();
    }

    /**
     * @return claims refused with {@link Publication#BACK_PRESSURED} so far, retried ones included.
     */
    public long backPressureCount()
    {
        return frame.backPressureCount();
    }

    /**
     * @return claims refused with {@link Publication#ADMIN_ACTION} so far, retried ones included.
     */
    public long adminActionCount()
    {
        return frame.adminActionCount();
    }

    /**
     * @return offers that returned a negative code to the caller so far.
     */
    public long failedOfferCount()
    {
        return frame.failedOfferCount();
    }

    /**
     * @return the signer of this proxy's frames.
     */
    public FrameSigner signer()
    {
        return frame.signer();
    }
}
