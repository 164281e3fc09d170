package org.rhcc.actors.sender;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * Configuration event: a sender entity recovered its block from the journal on a node that took the session over (a
 * standby, after the block's node left the cluster) and handed the journaled state, {@link
 * org.rhcc.core.sender.QpStateTable#resume resumed}, to that node's rate updater. The batches after it were decided
 * from that state; {@code rhcc replay} starts the block's next segment from it.
 *
 * @param batches batches journaled before it.
 */
public record BlockResumed(long batches) implements QpBlockEvent
{
    /**
     * @param batches batches journaled before it.
     */
    @JsonCreator
    public BlockResumed
    {
    }
}
