package org.rhcc.transport.message;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.RateUpdate;

/**
 * Test listener that records every message as a canonical line, thread-safely.
 */
public final class RecordingListener implements MessageListener
{
    private final List<String> messages = Collections.synchronizedList(new ArrayList<>());

    public List<String> messages()
    {
        synchronized (messages)
        {
            return new ArrayList<>(messages);
        }
    }

    public int size()
    {
        return messages.size();
    }

    public static String iioSample(
        final int hostId, final long seq, final long nowNs, final double occupancy, final double pcieGbps)
    {
        return "IioSample(" + hostId + "," + seq + "," + nowNs + "," + occupancy + "," + pcieGbps + ")";
    }

    public static String probeAck(
        final int qp, final int reqRecvTs32, final int respSendTs32, final double rccGbps, final long nowNs)
    {
        return probeAck(qp, reqRecvTs32, respSendTs32, true, rccGbps, nowNs);
    }

    public static String probeAck(final int qp, final int reqRecvTs32, final int respSendTs32,
        final boolean receiverCongested, final double rccGbps, final long nowNs)
    {
        return "ProbeAck(" + qp + "," + reqRecvTs32 + "," + respSendTs32 + "," + (receiverCongested ? "" : "clear,") +
            rccGbps + "," + nowNs + ")";
    }

    public void onIioSample(final int hostId, final long seq, final IioSample sample)
    {
        messages.add(iioSample(hostId, seq, sample.nowNs(), sample.occupancy(), sample.pcieGbps()));
    }

    public void onMbaLevelCommand(final int hostId, final long seq, final MbaLevelCommand command)
    {
        messages.add("MbaLevelCommand(" + hostId + "," + command.group() + "," + command.level() + "," +
            command.nowNs() + "," + seq + "," + command.reasonCode() + ")");
    }

    public void onProbeAck(final ProbeAck ack)
    {
        messages.add(probeAck(ack.qp(), ack.reqRecvTsNs(), ack.respSendTsNs(), ack.receiverCongested(), ack.rccGbps(),
            ack.nowNs()));
    }

    public void onRateUpdate(final RateUpdate update)
    {
        messages.add("RateUpdate(" + update.qp() + "," + update.rRevGbps() + "," + update.nowNs() + ")");
    }

    public void onClockAdvance(final long advanceToNs, final long sessionId)
    {
        messages.add("ClockAdvance(" + advanceToNs + "," + sessionId + ")");
    }

    public void onClockDone(final long doneUpToNs, final long sessionId, final int controllerId)
    {
        messages.add("ClockDone(" + doneUpToNs + "," + sessionId + "," + controllerId + ")");
    }

    public void onEcnMarking(final int hostId, final boolean markingOn, final long nowNs)
    {
        messages.add("EcnMarking(" + hostId + "," + markingOn + "," + nowNs + ")");
    }

    public void onReceiverState(final int hostId, final boolean congested, final long nowNs)
    {
        messages.add("ReceiverState(" + hostId + "," + congested + "," + nowNs + ")");
    }
}
