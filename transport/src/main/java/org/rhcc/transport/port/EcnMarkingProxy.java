package org.rhcc.transport.port;

import org.rhcc.core.port.EcnMarkingPort;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.OfferResult;

/**
 * The receiver NIC's CE marking reached over Aeron (hostCC emulation): an {@code EcnMarking} frame on the platform's
 * command stream per change. A frame that cannot be published is a refused change: {@link #setMarking} throws
 * {@link IllegalStateException}.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free while the stream accepts frames.
 */
public final class EcnMarkingProxy implements EcnMarkingPort
{
    private final MessageProxy proxy;
    private final int hostId;

    /**
     * @param proxy  publishes on the platform's command stream.
     * @param hostId receiver host whose NIC marks.
     */
    public EcnMarkingProxy(final MessageProxy proxy, final int hostId)
    {
        this.proxy = proxy;
        this.hostId = hostId;
    }

    @Override
    public void setMarking(final boolean on, final long nowNs)
    {
        OfferResult.requirePublished(proxy.ecnMarking(hostId, on, nowNs), "ECN marking");
    }
}
