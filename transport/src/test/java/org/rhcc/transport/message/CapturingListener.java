package org.rhcc.transport.message;

import org.rhcc.transport.codec.ClockAdvanceDecoder;
import org.rhcc.transport.codec.ClockDoneDecoder;
import org.rhcc.transport.codec.EcnMarkingDecoder;
import org.rhcc.transport.codec.IioSampleDecoder;
import org.rhcc.transport.codec.MbaLevelCommandDecoder;
import org.rhcc.transport.codec.ProbeAckDecoder;
import org.rhcc.transport.codec.RateUpdateDecoder;
import org.rhcc.transport.codec.WireSchemaOracle;
import org.rhcc.transport.codec.WireSchemaOracle.Template;
import org.rhcc.transport.codec.ReceiverStateDecoder;

import java.util.Arrays;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.RateUpdate;

/**
 * Test listener that keeps what a {@link MessageAdapter} dispatched since the last {@link #reset()}: the number of
 * callbacks, and the last message as its field values in the schema's order ({@link WireSchemaOracle}), ints
 * sign-extended, doubles as raw bits, so that a bit-exact comparison with the frame's bytes is one array compare.
 */
final class CapturingListener implements MessageListener
{
    private final WireSchemaOracle oracle;
    private int callbacks;
    private int templateId;
    private Template template;
    private long[] fields;

    CapturingListener(final WireSchemaOracle oracle)
    {
        this.oracle = oracle;
    }

    /**
     * The values a listener receives for raw wire values: {@code onEcnMarking} delivers {@code markingOn} and
     * {@code onReceiverState} {@code congested} as a boolean, so any non-zero value arrives as 1.
     *
     * @param template of the frame.
     * @param raw      field values as read from the wire, in the schema's order.
     * @return a copy with the values as delivered.
     */
    static long[] asDelivered(final Template template, final long[] raw)
    {
        final long[] delivered = Arrays.copyOf(raw, raw.length);
        if (EcnMarkingDecoder.TEMPLATE_ID == template.id())
        {
            final int index = template.index("markingOn");
            delivered[index] = 0 != delivered[index] ? 1 : 0;
        }
        if (ReceiverStateDecoder.TEMPLATE_ID == template.id())
        {
            final int index = template.index("congested");
            delivered[index] = 0 != delivered[index] ? 1 : 0;
        }
        if (ProbeAckDecoder.TEMPLATE_ID == template.id())
        {
            // only 1 reports a clear receiver; any other byte counts as congested (the paper's probe)
            final int index = template.index("receiverClear");
            delivered[index] = 1 == delivered[index] ? 1 : 0;
        }

        return delivered;
    }

    void reset()
    {
        callbacks = 0;
        templateId = 0;
        template = null;
        fields = null;
    }

    int callbacks()
    {
        return callbacks;
    }

    int templateId()
    {
        return templateId;
    }

    long[] fields()
    {
        return fields;
    }

    public void onIioSample(final int hostId, final long seq, final IioSample sample)
    {
        capture(IioSampleDecoder.TEMPLATE_ID);
        put("hostId", hostId);
        put("seq", seq);
        put("nowNs", sample.nowNs());
        put("occupancy", sample.occupancy());
        put("pcieGbps", sample.pcieGbps());
    }

    public void onMbaLevelCommand(final int hostId, final long seq, final MbaLevelCommand command)
    {
        capture(MbaLevelCommandDecoder.TEMPLATE_ID);
        put("hostId", hostId);
        put("group", command.group());
        put("level", command.level());
        put("nowNs", command.nowNs());
        put("seq", seq);
        put("reason", command.reasonCode());
    }

    public void onProbeAck(final ProbeAck ack)
    {
        capture(ProbeAckDecoder.TEMPLATE_ID);
        put("qp", ack.qp());
        put("reqRecvTs32", ack.reqRecvTsNs());
        put("respSendTs32", ack.respSendTsNs());
        put("receiverClear", ack.receiverCongested() ? 0L : 1L);
        put("rccGbps", ack.rccGbps());
        put("nowNs", ack.nowNs());
    }

    public void onRateUpdate(final RateUpdate update)
    {
        capture(RateUpdateDecoder.TEMPLATE_ID);
        put("qp", update.qp());
        put("rRevGbps", update.rRevGbps());
        put("nowNs", update.nowNs());
    }

    public void onClockAdvance(final long advanceToNs, final long sessionId)
    {
        capture(ClockAdvanceDecoder.TEMPLATE_ID);
        put("advanceToNs", advanceToNs);
        put("sessionId", sessionId);
    }

    public void onClockDone(final long doneUpToNs, final long sessionId, final int controllerId)
    {
        capture(ClockDoneDecoder.TEMPLATE_ID);
        put("doneUpToNs", doneUpToNs);
        put("sessionId", sessionId);
        put("controllerId", controllerId);
    }

    public void onEcnMarking(final int hostId, final boolean markingOn, final long nowNs)
    {
        capture(EcnMarkingDecoder.TEMPLATE_ID);
        put("hostId", hostId);
        put("markingOn", markingOn ? 1 : 0);
        put("nowNs", nowNs);
    }

    public void onReceiverState(final int hostId, final boolean congested, final long nowNs)
    {
        capture(ReceiverStateDecoder.TEMPLATE_ID);
        put("hostId", hostId);
        put("congested", congested ? 1 : 0);
        put("nowNs", nowNs);
    }

    private void capture(final int templateId)
    {
        callbacks++;
        this.templateId = templateId;
        template = oracle.template(templateId);
        fields = new long[template.fields().size()];
    }

    private void put(final String name, final long value)
    {
        fields[template.index(name)] = value;
    }

    private void put(final String name, final double value)
    {
        put(name, Double.doubleToRawLongBits(value));
    }
}
