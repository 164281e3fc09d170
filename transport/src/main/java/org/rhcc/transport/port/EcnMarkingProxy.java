package org.rhcc.transport.port;

import org.rhcc.core.port.EcnMarkingPort;
import org.rhcc.transport.message.MessageProxy;

/**
 * {@link EcnMarkingPort} of a remote receiver NIC (hostCC emulation): every change is published as an
 * {@code EcnMarking} message. Offers that fail are counted in {@link #failedCount()}.
 * <p>
 * <b>Note:</b> allocation-free. Not thread safe.
 */
public final class EcnMarkingProxy implements EcnMarkingPort
{
    private final MessageProxy proxy;
    private final int hostId;
    private long failedCount;

    /**
     * @param proxy  to publish marking changes with.
     * @param hostId of the receiver host whose NIC marks.
     */
    public EcnMarkingProxy(final MessageProxy proxy, final int hostId)
    {
        this.proxy = proxy;
        this.hostId = hostId;
    }

    /**
     * {@inheritDoc}
     */
    public void setMarking(final boolean on, final long nowNs)
    {
        if (proxy.ecnMarking(hostId, on, nowNs) < 0)
        {
            failedCount++;
        }
    }

    /**
     * @return marking changes that could not be published so far.
     */
    public long failedCount()
    {
        return failedCount;
    }
}
