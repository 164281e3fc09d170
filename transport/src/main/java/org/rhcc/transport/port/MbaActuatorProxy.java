package org.rhcc.transport.port;

import org.rhcc.core.port.MbaActuator;
import org.rhcc.transport.codec.MbaReason;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.OfferResult;

/**
 * {@link MbaActuator} of a remote host: every level change is published as an {@code MbaLevelCommand} with a
 * per-host sequence number, for the host's MBA actuator (or the simulator) to apply.
 * <p>
 * <b>Note:</b> allocation-free while offers succeed. Not thread safe.
 */
public final class MbaActuatorProxy implements MbaActuator
{
    private final MessageProxy proxy;
    private final int hostId;
    private final int groupCount;
    private long nextSeq;
    private long lastNowNs;

    /**
     * @param proxy      to publish commands with, on the host's MBA command stream.
     * @param hostId     of the host whose groups are throttled.
     * @param groupCount number of COS groups of the host, at least 1.
     */
    public MbaActuatorProxy(final MessageProxy proxy, final int hostId, final int groupCount)
    {
        if (groupCount < 1)
        {
            throw new IllegalArgumentException("groupCount must be >= 1, got " + groupCount);
        }

        this.proxy = proxy;
        this.hostId = hostId;
        this.groupCount = groupCount;
    }

    /**
     * {@inheritDoc}
     */
    public int groupCount()
    {
        return groupCount;
    }

    /**
     * Publishes the level change.
     *
     * @param group index of the COS group.
     * @param level MBA level, 1 (100 %) .. table size.
     * @param nowNs time of the decision, ns of the caller's clock.
     * @throws IllegalArgumentException if the group is out of range.
     * @throws IllegalStateException    if the command could not be published (not connected, back-pressured beyond
     *                                  the proxy's retries, closed), as the port's contract asks.
     */
    public void applyLevel(final int group, final int level, final long nowNs)
    {
        publish(group, level, nowNs, MbaReason.UNSPECIFIED);
    }

    /**
     * Publishes level 1 for every group with reason {@link MbaReason#FAILSAFE_RESET}, stamped with the time of the
     * last command (the port passes no time). Tries every group even when one fails.
     *
     * @throws IllegalStateException after trying every group, if any command could not be published.
     */
    public void resetToUnthrottled()
    {
        IllegalStateException failure = null;
        for (int group = 0; group < groupCount; group++)
        {
            try
            {
                publish(group, 1, lastNowNs, MbaReason.FAILSAFE_RESET);
            }
            catch (final IllegalStateException ex)
            {
                if (null == failure)
                {
                    failure = ex;
                }
                else
                {
                    failure.addSuppressed(ex);
                }
            }
        }

        if (null != failure)
        {
            throw failure;
        }
    }

    /**
     * @return the sequence number the next command will carry.
     */
    public long nextSeq()
    {
        return nextSeq;
    }

    private void publish(final int group, final int level, final long nowNs, final MbaReason reason)
    {
        if (group < 0 || group >= groupCount)
        {
            throw new IllegalArgumentException("group " + group + " out of range 0.." + (groupCount - 1));
        }

        final long result = proxy.mbaLevelCommand(hostId, group, level, nowNs, nextSeq, reason.code());
        if (result < 0)
        {
            throw new IllegalStateException("MBA command for host " + hostId + " group " + group + " level " + level +
                " not published: " + OfferResult.describe(result));
        }

        nextSeq++;
        lastNowNs = nowNs;
    }
}
