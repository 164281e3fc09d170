package org.rhcc.transport.port;

import org.rhcc.core.port.ReceiverStatePort;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.OfferResult;

/**
 * The receiver NIC's report of the receiver controller's verdict reached over Aeron: a {@code ReceiverState} frame on
 * the platform's command stream per change. A frame that cannot be published is a refused change:
 * {@link #setCongested} throws {@link IllegalStateException}.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free while the stream accepts frames.
 */
public final class ReceiverStateProxy implements ReceiverStatePort
{
    private final MessageProxy proxy;
    private final int hostId;

    /**
     * @param proxy  publishes on the platform's command stream.
     * @param hostId receiver host whose NIC reports the verdict.
     */
    public ReceiverStateProxy(final MessageProxy proxy, final int hostId)
    {
        this.proxy = proxy;
        this.hostId = hostId;
    }

    @Override
    public void setCongested(final boolean congested, final long nowNs)
    {
        OfferResult.requirePublished(proxy.receiverState(hostId, congested, nowNs), "receiver state");
    }
}
