package org.rhcc.bench.actors;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.IdleStrategies;

/**
 * The node configuration the end-to-end benchmarks run with: the agents' and the media driver's idle strategies and
 * the term length, read from one of conf/'s profiles exactly as a node reads them ({@code rhcc.aeron.*}).
 * {@code -Drhcc.bench.profile=low-latency} (the default: {@code profiles/low-latency.conf}, the data-path agents
 * and the bench thread busy-spinning, the driver parked) or {@code reference} (the production defaults of
 * {@code reference.conf}); any {@code -Drhcc.aeron.KEY=VALUE} overrides the profile as it would a node's.
 *
 * @param name            the profile.
 * @param agentIdle       idle strategy of the agents under test.
 * @param benchIdle       how the bench thread waits for its next send time (the platform's thread): the agents'
 *                        strategy unless {@code -Drhcc.bench.wait} says otherwise.
 * @param driverIdle      idle strategy of the embedded media driver's thread.
 * @param termLengthBytes term length of the streams.
 * @param offerRetries    retries of a back-pressured command offer before the actuator counts it as refused
 *                        ({@code rhcc.aeron.offer-retries}, yielding between attempts as the node's actuators do).
 */
record BenchProfile(String name, String agentIdle, String benchIdle, String driverIdle, int termLengthBytes,
    int offerRetries)
{
    /**
     * @return the profile named by {@code -Drhcc.bench.profile}, with the bench's own overrides
     * ({@code -Drhcc.bench.idle}, {@code -Drhcc.bench.wait}, {@code -Drhcc.bench.term}).
     * @throws IllegalArgumentException naming the profile or key that is wrong.
     */
    static BenchProfile load()
    {
        final String name = System.getProperty("rhcc.bench.profile", "low-latency");
        final Config config;
        try
        {
            config = "reference".equals(name) ? ConfigFactory.load(ConfigFactory.empty()) :
                ConfigFactory.load(ConfigFactory.parseResourcesAnySyntax("profiles/" + name,
                ConfigParseOptions.defaults().setAllowMissing(false)));
        }
        catch (final ConfigException ex)
        {
            throw new IllegalArgumentException("-Drhcc.bench.profile=" + name + " cannot be loaded (" +
                ex.getMessage() + "): use low-latency, reference or another conf/profiles/ name", ex);
        }
        final String agentIdle = System.getProperty("rhcc.bench.idle", config.getString("rhcc.aeron.idle-strategy"));
        final String benchIdle = System.getProperty("rhcc.bench.wait", agentIdle);
        final String driverIdle = config.getString("rhcc.aeron.driver-idle-strategy");
        IdleStrategies.parse(agentIdle);
        IdleStrategies.parse(benchIdle);
        IdleStrategies.parse(driverIdle);
        final int termLength = Integer.getInteger("rhcc.bench.term",
            config.getBytes("rhcc.aeron.term-length").intValue());
        return new BenchProfile(name, agentIdle, benchIdle, driverIdle, termLength,
            config.getInt("rhcc.aeron.offer-retries"));
    }

    /**
     * @param config to apply the driver's settings to.
     */
    DriverConfig applyTo(final DriverConfig config)
    {
        return config.idleStrategy(driverIdle).termLengthBytes(termLengthBytes).ipcTermLengthBytes(termLengthBytes);
    }

    @Override
    public String toString()
    {
        return "profile " + name + ": agents " + agentIdle + ", bench thread " + benchIdle + ", driver " +
            driverIdle + ", term " + (termLengthBytes >> 10) + " KiB";
    }
}
