package org.rhcc.cli;

import com.typesafe.config.Config;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.context.ReceiverHardware;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.nativeio.host.ReceiverHost;

/**
 * This host's hardware for a receiver node (docs/design.md §7): native's {@link ReceiverHost} (the IRP occupancy
 * counter, the resctrl MBA groups, the heartbeat and the shutdown hook) as the {@link ReceiverHardware} a node
 * takes. {@code rhcc node} opens it before the node when the node has the receiver role and
 * {@code rhcc.receiver.hardware = host} ({@code conf/profiles/real-host-receiver.conf}).
 */
final class HostReceiverHardware implements ReceiverHardware
{
    private final ReceiverHost host;

    private HostReceiverHardware(final ReceiverHost host)
    {
        this.host = host;
    }

    /**
     * @param config the node's resolved configuration.
     * @return this host's open hardware, or null when the node has no receiver role or its receiver runs against the
     * simulated platform ({@code rhcc.receiver.hardware = simulated}).
     * @throws IllegalArgumentException for a bad setting, or hardware this host lacks: one line saying what is
     *                                  missing and what to do.
     */
    static ReceiverHardware open(final Config config)
    {
        final NodeSettings settings = NodeSettings.from(config);
        if (!settings.hasRole(NodeSettings.ROLE_RECEIVER) || !settings.receiverOnHost())
        {
            return null;
        }
        try
        {
            return new HostReceiverHardware(new ReceiverHost(config));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("receiver host: " + RhccCommand.firstLine(ex.getMessage()), ex);
        }
        catch (final RuntimeException ex)
        {
            throw new IllegalArgumentException("receiver host not ready: " + RhccCommand.firstLine(ex.getMessage()) +
                " ('rhcc doctor' checks this machine)", ex);
        }
    }

    @Override
    public IioOccupancySensor sensor()
    {
        return host.sensor();
    }

    @Override
    public MbaActuator actuator()
    {
        return host.actuator();
    }

    @Override
    public void close()
    {
        host.close();
    }
}
