package org.rhcc.actors.node;

import com.typesafe.config.Config;
import org.rhcc.actors.config.JournalSchema;
import org.rhcc.actors.config.JournalSettings;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.aeron.NodeActivity;
import org.rhcc.transport.archive.SignalRecorder;

/**
 * A node's Aeron side as it starts: the media driver (with an archive on a controller node that records) and the
 * recordings of its controller roles' internal signal streams ({@link RhccNode}).
 */
final class NodeStreams
{
    private NodeStreams()
    {
    }

    /**
     * Ensures the journal schema of a controller node, then launches the node's media driver, with an archive when a
     * controller node records.
     */
    static EmbeddedMediaDriver launchDriver(final Config config, final NodeSettings settings,
        final boolean controller, final NodeActivity activity)
    {
        if (controller)
        {
            JournalSchema.ensure(JournalSettings.from(config));
        }
        final DriverConfig driverConfig = new DriverConfig()
            .workDir(settings.workDir())
            .idleStrategy(settings.driverIdleStrategy())
            .restWhenIdle(activity, settings.restIdleStrategy())
            .termLengthBytes(settings.termLengthBytes())
            .ipcTermLengthBytes(settings.termLengthBytes());
        if (controller && settings.archiveEnabled())
        {
            driverConfig.archiveDir(settings.nodeArchiveDir());
        }
        return EmbeddedMediaDriver.launch(driverConfig);
    }

    /**
     * Records the internal signal streams of the node's controller roles: the IIO samples of a receiver, the probe
     * ACKs of a sender.
     */
    static void startRecordings(final SignalRecorder recorder, final NodeSettings settings)
    {
        if (settings.hasRole(NodeSettings.ROLE_RECEIVER))
        {
            recorder.startRecording(settings.internalChannel(), settings.iioStream());
        }
        if (settings.hasRole(NodeSettings.ROLE_SENDER))
        {
            recorder.startRecording(settings.internalChannel(), settings.ackStream());
        }
    }
}
