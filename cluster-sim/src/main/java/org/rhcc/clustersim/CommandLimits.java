package org.rhcc.clustersim;

import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.receiver.MbaLevelTable;

/**
 * What a session's commands may ask of the simulated platform (docs/design.md §2, §7): an MBA level of one of the
 * session's groups of its receiver host, within 1 .. the scheme's most throttled level (the level table's size, or
 * hostCC's {@link MbaLevelTable#PAUSED_LEVEL}); a rate of one of its QPs, finite and not negative; ECN marking and the
 * receiver controller's verdict of its receiver host. A command outside them is dropped and counted where it would be
 * applied, and the run goes on.
 *
 * @param receiverHostId the session's receiver host.
 * @param mbaGroups      MBA groups of the host.
 * @param maxLevel       most throttled MBA level the scheme uses.
 * @param qpCount        QPs of the session.
 */
record CommandLimits(int receiverHostId, int mbaGroups, int maxLevel, int qpCount)
{
    /**
     * @param config         the session's controller configuration.
     * @param receiverHostId the session's receiver host.
     * @param mbaGroups      MBA groups of the host.
     * @param qpCount        QPs of the session.
     */
    static CommandLimits of(final ControllerConfig config, final int receiverHostId, final int mbaGroups,
        final int qpCount)
    {
        final int maxLevel = config.scheme().hostCcLevels() ? MbaLevelTable.PAUSED_LEVEL :
            config.cascade().levels().levelCount();
        return new CommandLimits(receiverHostId, mbaGroups, maxLevel, qpCount);
    }

    boolean mbaLevel(final int hostId, final int group, final int level)
    {
        return hostId == receiverHostId && group >= 0 && group < mbaGroups && level >= 1 && level <= maxLevel;
    }

    boolean rate(final int qp, final double rRevGbps)
    {
        return qp >= 0 && qp < qpCount && Double.isFinite(rRevGbps) && rRevGbps >= 0;
    }

    boolean receiverHost(final int hostId)
    {
        return hostId == receiverHostId;
    }

    /**
     * @return the limits as an operator reads them, for the log line of the first invalid command.
     */
    String describe()
    {
        return "receiver host " + receiverHostId + ", MBA groups 0.." + (mbaGroups - 1) + ", levels 1.." + maxLevel +
            ", QPs 0.." + (qpCount - 1) + ", rates finite and >= 0";
    }
}
