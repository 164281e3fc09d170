package org.rhcc.transport.message;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import org.agrona.DirectBuffer;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameVerifier;
import org.rhcc.transport.codec.ClockAdvanceDecoder;
import org.rhcc.transport.codec.ClockDoneDecoder;
import org.rhcc.transport.codec.EcnMarkingDecoder;
import org.rhcc.transport.codec.IioSampleDecoder;
import org.rhcc.transport.codec.MbaLevelCommandDecoder;
import org.rhcc.transport.codec.MessageHeaderDecoder;
import org.rhcc.transport.codec.MessageSchema;
import org.rhcc.transport.codec.ProbeAckDecoder;
import org.rhcc.transport.codec.RateUpdateDecoder;
import org.rhcc.transport.codec.ReceiverStateDecoder;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Decodes rhcc frames from an Aeron stream, with the decoders generated from {@code rhcc-messages.xml}, and
 * dispatches them to a {@link MessageListener} with primitive arguments. Each frame first passes a {@link FrameGate}
 * (header and length, then the authentication trailer); malformed, unknown, truncated, forged and replayed frames are
 * counted in {@link #dropCounters()} and dropped, never thrown and never dispatched.
 * <p>
 * Frames are fixed-length and far below the MTU, so they always arrive unfragmented and no
 * {@link io.aeron.FragmentAssembler} is needed.
 * <p>
 * <b>Note:</b> allocation-free; one instance per polling thread (it holds reused decoders).
 */
public final class MessageAdapter implements FragmentHandler
{
    private final MessageListener listener;
    private final FrameGate gate;
    private final AtomicLongArray receivedCounts = new AtomicLongArray(MessageSchema.MAX_TEMPLATE_ID + 1);

    private final IioSampleDecoder iioSample = new IioSampleDecoder();
    private final IioSampleFrame iioSampleFrame = new IioSampleFrame();
    private final MbaLevelCommandDecoder mbaLevelCommand = new MbaLevelCommandDecoder();
    private final MbaLevelCommandFrame mbaLevelCommandFrame = new MbaLevelCommandFrame();
    private final ProbeAckDecoder probeAck = new ProbeAckDecoder();
    private final ProbeAckFrame probeAckFrame = new ProbeAckFrame();
    private final RateUpdateDecoder rateUpdate = new RateUpdateDecoder();
    private final RateUpdateFrame rateUpdateFrame = new RateUpdateFrame();
    private final ClockAdvanceDecoder clockAdvance = new ClockAdvanceDecoder();
    private final ClockDoneDecoder clockDone = new ClockDoneDecoder();
    private final EcnMarkingDecoder ecnMarking = new EcnMarkingDecoder();
    private final ReceiverStateDecoder receiverState = new ReceiverStateDecoder();

    /**
     * An adapter that checks no tags ({@link FrameAuth#off()}), for a process's own tests and benchmarks.
     *
     * @param streamName names the stream in diagnostics, e.g. {@code "iio-samples"}.
     * @param listener   to dispatch decoded messages to.
     */
    public MessageAdapter(final String streamName, final MessageListener listener)
    {
        this(listener, new FrameDropCounters(streamName));
    }

    /**
     * An adapter that checks no tags ({@link FrameAuth#off()}), for a process's own tests and benchmarks.
     *
     * @param listener     to dispatch decoded messages to.
     * @param dropCounters counts dropped frames; kept by the caller, who closes them.
     */
    public MessageAdapter(final MessageListener listener, final FrameDropCounters dropCounters)
    {
        this(listener, dropCounters, FrameAuth.off().verifier(0));
    }

    /**
     * @param listener     to dispatch decoded messages to.
     * @param dropCounters counts dropped frames; kept by the caller, who closes them.
     * @param verifier     checks every frame's trailer (the stream owner's, for the session).
     */
    public MessageAdapter(final MessageListener listener, final FrameDropCounters dropCounters,
        final FrameVerifier verifier)
    {
        this.listener = listener;
        this.gate = new FrameGate(verifier, dropCounters);
    }

    @Override
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
     * @return the template id dispatched, or the negative {@link org.rhcc.transport.codec.DropReason#result()} if the
     * frame was dropped.
     */
    public int onFrame(final DirectBuffer buffer, final int offset, final int length)
    {
        final int templateId = gate.pass(buffer, offset, length);
        if (templateId < 0)
        {
            return templateId;
        }

        receivedCounts.lazySet(templateId, receivedCounts.get(templateId) + 1);
        dispatch(templateId, buffer, offset);

        return templateId;
    }

    private void dispatch(final int templateId, final DirectBuffer buffer, final int frameOffset)
    {
        final int offset = frameOffset + MessageHeaderDecoder.ENCODED_LENGTH;
        final int version = gate.validator().header().version();
        switch (templateId)
        {
            case IioSampleDecoder.TEMPLATE_ID:
            {
                final IioSampleDecoder m = iioSample.wrap(buffer, offset, IioSampleDecoder.BLOCK_LENGTH, version);
                listener.onIioSample(m.hostId(), m.seq(), iioSampleFrame.wrap(m));
                break;
            }
            case MbaLevelCommandDecoder.TEMPLATE_ID:
            {
                final MbaLevelCommandDecoder m = mbaLevelCommand.wrap(
                    buffer, offset, MbaLevelCommandDecoder.BLOCK_LENGTH, version);
                listener.onMbaLevelCommand(m.hostId(), m.seq(), mbaLevelCommandFrame.wrap(m));
                break;
            }
            case ProbeAckDecoder.TEMPLATE_ID:
                listener.onProbeAck(probeAckFrame.wrap(
                    probeAck.wrap(buffer, offset, ProbeAckDecoder.BLOCK_LENGTH, version)));
                break;
            case RateUpdateDecoder.TEMPLATE_ID:
                listener.onRateUpdate(rateUpdateFrame.wrap(
                    rateUpdate.wrap(buffer, offset, RateUpdateDecoder.BLOCK_LENGTH, version)));
                break;
            case ClockAdvanceDecoder.TEMPLATE_ID:
            {
                final ClockAdvanceDecoder m = clockAdvance.wrap(
                    buffer, offset, ClockAdvanceDecoder.BLOCK_LENGTH, version);
                listener.onClockAdvance(m.advanceToNs(), m.sessionId());
                break;
            }
            case ClockDoneDecoder.TEMPLATE_ID:
            {
                final ClockDoneDecoder m = clockDone.wrap(buffer, offset, ClockDoneDecoder.BLOCK_LENGTH, version);
                listener.onClockDone(m.doneUpToNs(), m.sessionId(), m.controllerId());
                break;
            }
            case EcnMarkingDecoder.TEMPLATE_ID:
            case ReceiverStateDecoder.TEMPLATE_ID:
                dispatchReceiverNic(templateId, buffer, offset, version);
                break;
            default:
                throw new IllegalStateException("template " + templateId + " validated but has no dispatch case");
        }
    }

    /**
     * What the receiver NIC is told to do or report: CE marking (hostCC's rules) and the receiver's verdict.
     */
    private void dispatchReceiverNic(final int templateId, final DirectBuffer buffer, final int offset,
        final int version)
    {
        if (EcnMarkingDecoder.TEMPLATE_ID == templateId)
        {
            final EcnMarkingDecoder m = ecnMarking.wrap(buffer, offset, EcnMarkingDecoder.BLOCK_LENGTH, version);
            listener.onEcnMarking(m.hostId(), 0 != m.markingOn(), m.nowNs());
        }
        else
        {
            final ReceiverStateDecoder m = receiverState.wrap(buffer, offset, ReceiverStateDecoder.BLOCK_LENGTH,
                version);
            listener.onReceiverState(m.hostId(), 0 != m.congested(), m.nowNs());
        }
    }

    /**
     * @return the counters of dropped frames per reason.
     */
    public FrameDropCounters dropCounters()
    {
        return gate.dropCounters();
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
