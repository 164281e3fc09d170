package org.rhcc.transport.port;

import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.OfferResult;

/**
 * The MBA actuator of a platform reached over Aeron: each level change is an {@code MbaLevelCommand} frame, the
 * command's view with a per-host sequence number, on the platform's command stream (the simulator applies it with its
 * modelled actuation latency). A frame that cannot be published is a refused change: {@link #apply} throws
 * {@link IllegalStateException}, and core's {@link org.rhcc.core.control.ReceiverController} moves the host to the
 * fail-safe.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free while the stream accepts frames.
 */
public final class MbaActuatorProxy implements MbaActuator
{
    private final MessageProxy proxy;
    private final int hostId;
    private final int groupCount;
    private final MbaLevelCommandRecord reset = new MbaLevelCommandRecord();
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
        this.groupCount = groupCount;
    }

    @Override
    public int groupCount()
    {
        return groupCount;
    }

    @Override
    public void apply(final MbaLevelCommand command)
    {
        OfferResult.requirePublished(proxy.mbaLevelCommand(hostId, seq++, command), "MBA command");
        lastNowNs = command.nowNs();
    }

    /**
     * Publishes level 1 for every group, trying every group even when one fails.
     */
    public void resetToUnthrottled()
    {
        for (int group = 0; group < groupCount; group++)
        {
            proxy.mbaLevelCommand(hostId, seq++, reset.set(group, 1, MbaLevelCommand.REASON_FAILSAFE_RESET, lastNowNs));
        }
    }
}
