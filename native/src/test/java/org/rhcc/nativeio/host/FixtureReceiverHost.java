package org.rhcc.nativeio.host;

import com.typesafe.config.Config;
import org.rhcc.actors.context.ReceiverHardware;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.nativeio.fixture.FakeMsrSpace;
import org.rhcc.nativeio.fixture.FakeResctrl;

/**
 * The receiver host tests hand to a node: production {@link ReceiverHost} on the node's configuration, with the msr
 * files opened through a {@link FakeMsrSpace} (the fixture's driver-like opener: its sparse file layout and live
 * counters) and resctrl operated through {@link FakeResctrl}'s kernel rules. Every path comes from the node's
 * configuration.
 */
final class FixtureReceiverHost implements ReceiverHardware
{
    private final ReceiverHost host;

    private FixtureReceiverHost(final ReceiverHost host)
    {
        this.host = host;
    }

    /**
     * @param config the node's configuration.
     * @param msr    the MSR fixture of the running test.
     */
    static FixtureReceiverHost open(final Config config, final FakeMsrSpace msr)
    {
        return new FixtureReceiverHost(ReceiverHost.open(ReceiverHostSettings.from(config), msr.opener(),
            FakeResctrl::attach));
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
