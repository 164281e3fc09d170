package org.rhcc.nativeio.host;

import com.typesafe.config.Config;
import org.rhcc.nativeio.fixture.FakeMsrSpace;
import org.rhcc.nativeio.fixture.FakeResctrl;

/**
 * The receiver host a node opens through {@code rhcc.receiver.host-class} in tests: production
 * {@link ReceiverHost} on the node's configuration, with the msr files opened through {@link #msr} (the fixture's
 * driver-like opener: its sparse file layout and live counters) and resctrl operated through {@link FakeResctrl}'s
 * kernel rules. Every path comes from the node's configuration.
 */
public final class FixtureReceiverHost implements AutoCloseable
{
    /** The MSR fixture of the running test. */
    static volatile FakeMsrSpace msr;

    private final ReceiverHost host;

    /**
     * @param config the node's configuration.
     */
    public FixtureReceiverHost(final Config config)
    {
        host = ReceiverHost.open(ReceiverHostSettings.from(config), msr.opener(), FakeResctrl::attach);
    }

    @Override
    public void close()
    {
        host.close();
    }
}
