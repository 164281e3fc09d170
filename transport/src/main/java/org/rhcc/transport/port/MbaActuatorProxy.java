package org.rhcc.transport.port;

import org.rhcc.core.port.MbaActuator;
import org.rhcc.transport.codec.MbaReason;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.OfferResult;

/**
 * The MBA actuator of a platform reached over Aeron: each level change is an {@code MbaLevelCommand} frame, with a
 * per-host sequence number and the reason the change implies, on the platform's command stream (the simulator
 * applies it with its modelled actuation latency). A frame that cannot be published is a refused change: {@link #applyLevel} throws {@link IllegalStateException}, and core's
 * {@link org.rhcc.core.control.ReceiverController} moves the host to the fail-safe.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free while the stream accepts frames.
 */
public final class MbaActuatorProxy implements MbaActuator
{
    private final MessageProxy proxy;
    private final int hostId;
    private final int[] levels;
    private long seq;
    private long lastNowNs;

    /**
     * @param proxy      publishes on the platform's command stream.
     * @param hostId     receiver host the commands are for.
     * @param groupCount COS groups of the host.
     */
    public MbaActuatorProxy(final MessageProxy proxy, final int hostId, final int groupCount)
    {
        this.proxy = proxy;
        this.hostId = hostId;
        this.levels = new int[groupCount];
        java.util.Arrays.fill(levels, 1);
    }

    @Override
    public int groupCount()
    {
        return levels.length;
    }

    @Override
    public void applyLevel(final int group, final int level, final long nowNs)
    {
        final int previous = levels[group];
        final MbaReason reason = level > previous ? (level - previous > 1 ? MbaReason.CONGESTION_ONSET :
            MbaReason.STEP_DOWN) : (level < previous ? MbaReason.STEP_UP : MbaReason.UNSPECIFIED);
        OfferResult.requirePublished(proxy.mbaLevelCommand(hostId, group, level, nowNs, seq++, reason), "MBA command");
        levels[group] = level;
        lastNowNs = nowNs;
    }

    /**
     * Publishes level 1 for every group, trying every group even when one fails.
     */
    public void resetToUnthrottled()
    {
        for (int group = 0; group < levels.length; group++)
        {
            proxy.mbaLevelCommand(hostId, group, 1, lastNowNs, seq++, MbaReason.FAILSAFE_RESET);
            levels[group] = 1;
        }
    }

    /**
     * @param group COS group.
     * @return the last level commanded for the group.
     */
    public int level(final int group)
    {
        return levels[group];
    }
}
