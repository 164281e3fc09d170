package org.rhcc.core.port;

import org.rhcc.core.signal.ProbeAck;

/**
 * Port: the probe-ACK stream of RHCC's sender loop, one {@link ProbeAck} view per ACK.
 * <p>
 * <b>Note:</b> called on the hot path, once per ACK; implementations allocate nothing, never log, and do not keep the
 * view past the call.
 */
@FunctionalInterface
public interface ProbeAckListener
{
    /**
     * Called for every probe ACK.
     *
     * @param ack the ACK, valid during the call.
     */
    void onProbeAck(ProbeAck ack);
}
