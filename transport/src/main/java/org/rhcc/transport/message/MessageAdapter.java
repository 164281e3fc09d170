package org.rhcc.transport.message;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import org.agrona.DirectBuffer;
import org.rhcc.transport.codec.ClockAdvanceFlyweight;
import org.rhcc.transport.codec.ClockDoneFlyweight;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.codec.EcnMarkingFlyweight;
import org.rhcc.transport.codec.FrameValidator;
import org.rhcc.transport.codec.IioSampleFlyweight;
import org.rhcc.transport.codec.MbaLevelCommandFlyweight;
import org.rhcc.transport.codec.MessageSchema;
import org.rhcc.transport.codec.ProbeAckFlyweight;
import org.rhcc.transport.codec.QpCloseFlyweight;
import org.rhcc.transport.codec.QpOpenFlyweight;
import org.rhcc.transport.codec.RateUpdateFlyweight;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Decodes rhcc frames from an Aeron stream and dispatches them to a {@link MessageListener} with primitive
 * arguments. Each frame is first checked by {@link FrameValidator}; malformed, unknown or truncated frames are
 * counted in {@link #dropCounters()} and dropped, never thrown.
 * <p>
 * Frames are fixed-length and far below the MTU, so they always arrive unfragmented and no
 * {@link io.aeron.FragmentAssembler} is needed.
 * <p>
 * <b>Note:</b> allocation-free; one instance per polling thread (it holds reused flyweights).
 */
public final class MessageAdapter implements FragmentHandler
{
    private final MessageListener listener;
    private final FrameDropCounters dropCounters;
    private final AtomicLongArray receivedCounts = new AtomicLongArray(MessageSchema.MAX_TEMPLATE_ID + 1);

    private final IioSampleFlyweight iioSample = new IioSampleFlyweight();
    private final MbaLevelCommandFlyweight mbaLevelCommand = new MbaLevelCommandFlyweight();
    private final ProbeAckFlyweight probeAck = new ProbeAckFlyweight();
    private final RateUpdateFlyweight rateUpdate = new RateUpdateFlyweight();
    private final QpOpenFlyweight qpOpen = new QpOpenFlyweight();
    private final QpCloseFlyweight qpClose = new QpCloseFlyweight();
    private final ClockAdvanceFlyweight clockAdvance = new ClockAdvanceFlyweight();
    private final ClockDoneFlyweight clockDone = new ClockDoneFlyweight();
    private final EcnMarkingFlyweight ecnMarking = new EcnMarkingFlyweight();

    /**
     * @param streamName names the stream in diagnostics, e.g. {@code "iio-samples"}.
     * @param listener   to dispatch decoded messages to.
     */
    public MessageAdapter(final String streamName, final MessageListener listener)
    {
        this.listener = listener;
        this.dropCounters = new FrameDropCounters(streamName);
    }

    /**
     * {@inheritDoc}
     */
    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        onFrame(buffer, offset, length);
    }

    /**
     * Decodes and dispatches one frame, from any source (a subscription, a replay, a file).
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @param length of the frame in bytes.
     * @return the template id dispatched, or the negative {@link DropReason#result()} if the frame was dropped.
     */
    public int onFrame(final DirectBuffer buffer, final int offset, final int length)
    {
        final int templateId = FrameValidator.validate(buffer, offset, length);
        if (templateId < 0)
        {
            dropCounters.onDrop(DropReason.fromResult(templateId), buffer, offset, length);
            return templateId;
        }

        receivedCounts.lazySet(templateId, receivedCounts.get(templateId) + 1);
        dispatch(templateId, buffer, offset);

        return templateId;
    }

    private void dispatch(final int templateId, final DirectBuffer buffer, final int offset)
    {
        switch (templateId)
        {
            case MessageSchema.IIO_SAMPLE_TEMPLATE_ID:
            {
                final IioSampleFlyweight m = iioSample.wrap(buffer, offset);
                listener.onIioSample(m.hostId(), m.seq(), m.nowNs(), m.occupancy(), m.pcieGbps());
                break;
            }

            case MessageSchema.MBA_LEVEL_COMMAND_TEMPLATE_ID:
            {
                final MbaLevelCommandFlyweight m = mbaLevelCommand.wrap(buffer, offset);
                listener.onMbaLevelCommand(m.hostId(), m.group(), m.level(), m.nowNs(), m.seq(), m.reason());
                break;
            }

            case MessageSchema.PROBE_ACK_TEMPLATE_ID:
            {
                final ProbeAckFlyweight m = probeAck.wrap(buffer, offset);
                listener.onProbeAck(m.qp(), m.reqRecvTs32(), m.respSendTs32(), m.rccGbps(), m.nowNs());
                break;
            }

            case MessageSchema.RATE_UPDATE_TEMPLATE_ID:
            {
                final RateUpdateFlyweight m = rateUpdate.wrap(buffer, offset);
                listener.onRateUpdate(m.qp(), m.rRevGbps(), m.rSendGbps(), m.nowNs());
                break;
            }

            case MessageSchema.QP_OPEN_TEMPLATE_ID:
            {
                final QpOpenFlyweight m = qpOpen.wrap(buffer, offset);
                listener.onQpOpen(
                    m.qp(), m.senderHostId(), m.receiverHostId(), m.dThrNs(), m.lineRateGbps(), m.nowNs());
                break;
            }

            case MessageSchema.QP_CLOSE_TEMPLATE_ID:
            {
                final QpCloseFlyweight m = qpClose.wrap(buffer, offset);
                listener.onQpClose(m.qp(), m.senderHostId(), m.nowNs());
                break;
            }

            case MessageSchema.CLOCK_ADVANCE_TEMPLATE_ID:
            {
                final ClockAdvanceFlyweight m = clockAdvance.wrap(buffer, offset);
                listener.onClockAdvance(m.advanceToNs(), m.epoch());
                break;
            }

            case MessageSchema.CLOCK_DONE_TEMPLATE_ID:
            {
                final ClockDoneFlyweight m = clockDone.wrap(buffer, offset);
                listener.onClockDone(m.doneUpToNs(), m.epoch(), m.nodeId());
                break;
            }

            case MessageSchema.ECN_MARKING_TEMPLATE_ID:
            {
                final EcnMarkingFlyweight m = ecnMarking.wrap(buffer, offset);
                listener.onEcnMarking(m.hostId(), 0 != m.markingOn(), m.nowNs());
                break;
            }

            default:
                throw new IllegalStateException("template " + templateId + " validated but has no dispatch case");
        }
    }

    /**
     * @return the counters of dropped frames per reason.
     */
    public FrameDropCounters dropCounters()
    {
        return dropCounters;
    }

    /**
     * @param templateId of a message.
     * @return well-formed frames of that template dispatched so far, 0 for a template outside the schema.
     */
    public long receivedCount(final int templateId)
    {
        return templateId > 0 && templateId <= MessageSchema.MAX_TEMPLATE_ID ? receivedCounts.get(templateId) : 0;
    }

    /**
     * @return well-formed frames of any template dispatched so far.
     */
    public long totalReceivedCount()
    {
        long total = 0;
        for (int i = 1; i <= MessageSchema.MAX_TEMPLATE_ID; i++)
        {
            total += receivedCounts.get(i);
        }

        return total;
    }
}
