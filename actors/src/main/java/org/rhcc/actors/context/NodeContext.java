package org.rhcc.actors.context;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.counters.ControlPlaneCounters;
import org.rhcc.actors.counters.JournalCounters;
import org.rhcc.actors.journal.WriteAheadMark;
import org.rhcc.transport.aeron.NodeActivity;
import org.rhcc.transport.agent.AgentThreads;
import org.rhcc.transport.archive.SignalRecorder;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.counters.NodeCounters;

/**
 * What the actors of one node share: its settings, its Aeron client (thread-safe), the recorder of its signal
 * streams (null without an archive), the receiver host's hardware (null: the simulated platform over Aeron), how its
 * frames are authenticated, where its counters come from (published in its driver's counters file, retired counts
 * summed per node), its journals' counters, and whether its roles can take a session. The sender role's registry of
 * rate-updater agents ({@code SenderAgents}) is not part of it: the node hands it to the sender role and its sharding
 * itself, so that this package depends on no role.
 *
 * @param settings        the node's settings.
 * @param aeron           the node's Aeron client.
 * @param recorder        records the node's internal signal streams, or null.
 * @param hardware        the receiver host's sensor and MBA actuator, or null for the simulated platform.
 * @param frameAuth       signs and verifies the node's frames ({@code rhcc.security}, transport/README.md).
 * @param counters        the node's counters (every agent's counters come from it).
 * @param journalCounters the node's journal counters.
 * @param controlPlane    the node's sessions opened, closed, orphaned and taken over, and its platform's fail-safes
 *                        and takeovers.
 * @param readiness       whether each data-plane role's guardian can take a session.
 * @param agentThreads    the node's agent threads, all stopped before its Aeron client unmaps their counters and
 *                        streams.
 * @param activity        whether a session is open on the node (its driver rests while none is).
 */
public record NodeContext(NodeSettings settings, Aeron aeron, SignalRecorder recorder, ReceiverHardware hardware,
    FrameAuth frameAuth, NodeCounters counters, JournalCounters journalCounters, ControlPlaneCounters controlPlane,
    RoleReadiness readiness, AgentThreads agentThreads, NodeActivity activity)
{
    /**
     * A node's shared resources, with its counters published through its Aeron client.
     *
     * @param settings  the node's settings.
     * @param aeron     the node's Aeron client.
     * @param recorder  records the node's internal signal streams, or null.
     * @param hardware  the receiver host's sensor and MBA actuator, or null for the simulated platform.
     * @param frameAuth signs and verifies the node's frames.
     * @param activity  the node's open sessions.
     */
    public static NodeContext of(final NodeSettings settings, final Aeron aeron, final SignalRecorder recorder,
        final ReceiverHardware hardware, final FrameAuth frameAuth, final NodeActivity activity)
    {
        final NodeCounters counters = new NodeCounters(aeron);
        final AgentThreads agentThreads = new AgentThreads();
        agentThreads.closeOn(aeron);
        return new NodeContext(settings, aeron, recorder, hardware, frameAuth, counters,
            JournalCounters.allocate(counters), ControlPlaneCounters.allocate(counters), new RoleReadiness(),
            agentThreads, activity);
    }

    /**
     * Waits for the archive to record a publication, when the node records.
     *
     * @param publication a publication on a recorded stream.
     * @return its recording id, or -1 when the node does not record.
     */
    public long awaitRecordingId(final ExclusivePublication publication)
    {
        return null == recorder ? -1 : recorder.awaitRecordingId(publication.sessionId(),
            settings.askTimeout().toNanos());
    }

    /**
     * Waits until the archive has recorded a publication up to its current position, when the node records.
     *
     * @param recordingId the recording, or -1.
     * @param publication its publication.
     */
    public void awaitRecorded(final long recordingId, final ExclusivePublication publication)
    {
        if (null != recorder && recordingId >= 0)
        {
            recorder.awaitRecordedPosition(recordingId, publication.position(), settings.askTimeout().toNanos());
        }
    }

    /**
     * Opens a session's write-ahead mark: a file next to the node's archive when the node records, in memory otherwise.
     *
     * @param role         {@code receiver} or {@code sender}.
     * @param sessionId    the session.
     * @param controllerId the controller's id.
     * @return the mark (the caller closes it).
     */
    public WriteAheadMark writeAheadMark(final String role, final long sessionId, final int controllerId)
    {
        return null == recorder ? WriteAheadMark.inMemory() : WriteAheadMark.create(WriteAheadMark.directory(
            settings.archiveDir(), settings.archiveName()).resolve(WriteAheadMark.fileName(role, sessionId,
            controllerId)));
    }

    /**
     * @return the archive name journaled with a recording, empty when the node does not record.
     */
    public String archiveName()
    {
        return null == recorder ? "" : settings.archiveName();
    }
}
