package org.rhcc.transport.port;

import org.rhcc.core.port.ProbeAckListener;
import org.rhcc.transport.message.MessageProxy;

/**
 * {@link ProbeAckListener} that publishes every probe ACK it is given as a {@code ProbeAck} message, for the
 * publishing side of the probe-ACK stream (the simulator or a NIC agent). Offers that fail are counted in
 * {@link #failedCount()}.
 * <p>
 * <b>Note:</b> allocation-free. Not thread safe.
 */
public final class ProbeAckProxy implements ProbeAckListener
{
    private final MessageProxy proxy;
    private long failedCount;

    /**
     * @param proxy to publish probe ACKs with, on the probe-ACK stream.
     */
    public ProbeAckProxy(final MessageProxy proxy)
    {
        this.proxy = proxy;
    }

    /**
     * {@inheritDoc}
     */
    public void onProbeAck(
        final int qp, final int reqRecvTsNs, final int respSendTsNs, final double rccGbps, final long nowNs)
    {
        if (proxy.probeAck(qp, reqRecvTsNs, respSendTsNs, rccGbps, nowNs) < 0)
        {
            failedCount++;
        }
    }

    /**
     * @return probe ACKs that could not be published so far.
     */
    public long failedCount()
    {
        return failedCount;
    }
}
