package org.rhcc.actors.journal;

import org.rhcc.actors.config.SessionSpec;

/**
 * Configuration event: a controller started a session. Everything a replay needs to rebuild the same controller and
 * find the recording of its input.
 *
 * @param spec              scheme, parameters and platform of the session.
 * @param role              {@code receiver} or {@code sender}.
 * @param controllerId      id the controller answers lockstep with (1 receiver, 2 sender).
 * @param archiveName       name of the node's archive directory under the run's archive root, empty if the input
 *                          was not recorded.
 * @param recordingId       Aeron Archive recording id of the controller's input stream, -1 if not recorded.
 * @param qpsPerEntity      QPs per sender entity (sender only).
 * @param controlIntervalNs window over which the sender's QP rate changes are coalesced, ns.
 */
public record SessionStarted(
    SessionSpec spec,
    String role,
    int controllerId,
    String archiveName,
    long recordingId,
    int qpsPerEntity,
    long controlIntervalNs) implements SessionEvent
{
}
