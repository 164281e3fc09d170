package org.rhcc.transport.port;

import org.rhcc.core.port.EcnMarkingPort;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.port.ProbeAckListener;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.transport.message.MessageListener;

/**
 * Turns received messages back into calls on core ports: {@code ProbeAck} to a {@link ProbeAckListener},
 * {@code RateUpdate} to a {@link RateLimiter}, and, for one host, {@code MbaLevelCommand} to an {@link MbaActuator}
 * and {@code EcnMarking} to an {@link EcnMarkingPort}. Ports left null are not served; their messages are ignored
 * (the adapter still counts them), as are commands for other hosts.
 * <p>
 * <b>Note:</b> allocation-free; an exception from a port propagates to the polling agent's error handler.
 */
public final class PortDispatcher implements MessageListener
{
    private final int hostId;
    private final ProbeAckListener probeAckListener;
    private final RateLimiter rateLimiter;
    private final MbaActuator mbaActuator;
    private final EcnMarkingPort ecnMarking;
    private long otherHostCount;

    /**
     * @param hostId           of the host whose MBA and ECN commands are applied.
     * @param probeAckListener to receive probe ACKs, or null.
     * @param rateLimiter      to receive rate updates, or null.
     * @param mbaActuator      to apply this host's MBA commands, or null.
     * @param ecnMarking       to apply this host's ECN marking changes, or null.
     */
    public PortDispatcher(
        final int hostId,
        final ProbeAckListener probeAckListener,
        final RateLimiter rateLimiter,
        final MbaActuator mbaActuator,
        final EcnMarkingPort ecnMarking)
    {
        this.hostId = hostId;
        this.probeAckListener = probeAckListener;
        this.rateLimiter = rateLimiter;
        this.mbaActuator = mbaActuator;
        this.ecnMarking = ecnMarking;
    }

    /**
     * {@inheritDoc}
     */
    public void onProbeAck(
        final int qp, final int reqRecvTs32, final int respSendTs32, final double rccGbps, final long nowNs)
    {
        if (null != probeAckListener)
        {
            probeAckListener.onProbeAck(qp, reqRecvTs32, respSendTs32, rccGbps, nowNs);
        }
    }

    /**
     * {@inheritDoc}
     */
    public void onRateUpdate(final int qp, final double rRevGbps, final double rSendGbps, final long nowNs)
    {
        if (null != rateLimiter)
        {
            rateLimiter.setRate(qp, rRevGbps, rSendGbps, nowNs);
        }
    }

    /**
     * {@inheritDoc}
     */
    public void onMbaLevelCommand(
        final int hostId, final int group, final int level, final long nowNs, final long seq, final int reasonCode)
    {
        if (hostId != this.hostId)
        {
            otherHostCount++;
        }
        else if (null != mbaActuator)
        {
            mbaActuator.applyLevel(group, level, nowNs);
        }
    }

    /**
     * {@inheritDoc}
     */
    public void onEcnMarking(final int hostId, final boolean markingOn, final long nowNs)
    {
        if (hostId != this.hostId)
        {
            otherHostCount++;
        }
        else if (null != ecnMarking)
        {
            ecnMarking.setMarking(markingOn, nowNs);
        }
    }

    /**
     * @return MBA and ECN commands skipped because they were for another host.
     */
    public long otherHostCount()
    {
        return otherHostCount;
    }
}
