package org.rhcc.nativeio.host;

import org.rhcc.core.port.MbaActuator;

/**
 * The receiver node's MBA actuator on a real host: the resctrl groups of the {@link ReceiverHost} open in this JVM
 * (group 0 = {@code local-group}, group 1 = {@code cross-numa-group}, the order of
 * {@link org.rhcc.core.receiver.MbaCascadeConfig}). Named by {@code rhcc.receiver.actuator-class}; a session's MBA
 * cascade creates one, resets the groups through it when the session starts and stops, and applies its levels
 * through it. The host owns the groups and their control files from the node's start to its stop.
 * <p>
 * <b>Note:</b> {@link #applyLevel(int, int, long)} is one call through to
 * {@link org.rhcc.nativeio.resctrl.ResctrlMbaActuator#applyLevel(int, int, long)}: one {@code write(2)}, no
 * allocation.
 */
public final class HostMbaActuator implements MbaActuator
{
    private final MbaActuator actuator;

    /**
     * @param groups the session's MBA groups ({@code rhcc.session.mba-groups}).
     * @throws IllegalArgumentException if the host has a different number of groups.
     * @throws IllegalStateException    if no receiver host is open in this JVM.
     */
    public HostMbaActuator(final int groups)
    {
        final MbaActuator host = ReceiverHost.current().actuator();
        if (groups != host.groupCount())
        {
            throw new IllegalArgumentException("rhcc.session.mba-groups = " + groups + " but the receiver host has " +
                host.groupCount() + " resctrl groups (" + ReceiverHostSettings.PATH + ".local-group and " +
                ".cross-numa-group): set rhcc.session.mba-groups = " + host.groupCount());
        }
        this.actuator = host;
    }

    /**
     * {@inheritDoc}
     */
    public int groupCount()
    {
        return actuator.groupCount();
    }

    /**
     * {@inheritDoc}
     */
    public void applyLevel(final int group, final int level, final long nowNs)
    {
        actuator.applyLevel(group, level, nowNs);
    }

    /**
     * {@inheritDoc}
     */
    public void resetToUnthrottled()
    {
        actuator.resetToUnthrottled();
    }
}
