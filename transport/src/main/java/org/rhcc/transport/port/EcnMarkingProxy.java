package org.rhcc.actors.receiver;

import org.rhcc.core.port.EcnMarkingPort;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.OfferResult;

/**
 * The receiver NIC's CE marking reached over Aeron: an {@code EcnMarking} frame on the platform's command stream per
 * change, recorded in the decision log.
 * <p>
 * <b>Note:</b> not thread-safe.
 */
public final class PlatformEcnMarking implements EcnMarkingPort
{
    private final MessageProxy proxy;
    private final int hostId;
    private final ReceiverDecisionLog log;

    /**
     * @param proxy  publishes on the platform's command stream.
     * @param hostId receiver host.
     * @param log    the decision log.
     */
    public PlatformEcnMarking(final MessageProxy proxy, final int hostId, final ReceiverDecisionLog log)
    {
        this.proxy = proxy;
        this.hostId = hostId;
        this.log = log;
    }

    /**
     * {@inheritDoc}
     */
    public void setMarking(final boolean on, final long nowNs)
    {
        final long result = proxy.ecnMarking(hostId, on, nowNs);
        if (result < 0)
        {
            throw new IllegalStateException("ECN marking stream refused the frame: " + OfferResult.describe(result));
        }
        log.onEcnMarking(on, nowNs);
    }
}
