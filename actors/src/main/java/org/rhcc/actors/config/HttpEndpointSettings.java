package org.rhcc.actors.config;

import java.util.Locale;

import com.typesafe.config.Config;

/**
 * Where a node serves its HTTP endpoint ({@code /metrics}, {@code /health}, {@code /ready}; the {@code metrics}
 * module serves it): {@code rhcc.node.http-port} and {@code rhcc.node.http-hostname} (conf/reference.conf).
 * <p>
 * The port is a number (1-65535), {@code off} or {@code 0} for no endpoint, or {@code auto}: the node's Artery port
 * plus {@link #AUTO_OFFSET} (26520 for Artery's 25520), so that the nodes of one host (a primary and its standby,
 * the nodes of a test) never share one when their Artery ports differ, or a free port chosen at start when Artery's
 * is chosen at start (0). The address is the node's Artery hostname unless {@code http-hostname} names another.
 *
 * @param enabled  true if the node serves the endpoint.
 * @param hostname address to bind.
 * @param port     port to bind, 0 for one chosen at start.
 */
public record HttpEndpointSettings(boolean enabled, String hostname, int port)
{
    /** {@code auto}: the endpoint's port is the Artery port plus this. */
    public static final int AUTO_OFFSET = 1000;
    /** The port key. */
    public static final String PORT_KEY = "rhcc.node.http-port";
    /** The address key. */
    public static final String HOSTNAME_KEY = "rhcc.node.http-hostname";

    /**
     * @param config the node's resolved configuration.
     * @return its endpoint's settings.
     * @throws IllegalArgumentException for a port that is not a port, auto or off, naming the key.
     */
    public static HttpEndpointSettings from(final Config config)
    {
        final String configuredHost = config.getString(HOSTNAME_KEY).trim();
        final String hostname = configuredHost.isEmpty() ?
            config.getString("pekko.remote.artery.canonical.hostname") : configuredHost;
        final String port = config.getString(PORT_KEY).trim().toLowerCase(Locale.ROOT);
        switch (port)
        {
            case "off":
            case "false":
            case "0":
                return new HttpEndpointSettings(false, hostname, 0);
            case "auto":
                final int artery = config.getInt("pekko.remote.artery.canonical.port");
                if (artery + AUTO_OFFSET > 65535)
                {
                    throw new IllegalArgumentException(PORT_KEY + " = auto would be Artery's port " + artery + " + " +
                        AUTO_OFFSET + ", above 65535: give the endpoint a port of its own in " + PORT_KEY);
                }
                return new HttpEndpointSettings(true, hostname, 0 == artery ? 0 : artery + AUTO_OFFSET);
            default:
                try
                {
                    final int number = Integer.parseInt(port);
                    if (number > 0 && number <= 65535)
                    {
                        return new HttpEndpointSettings(true, hostname, number);
                    }
                }
                catch (final NumberFormatException ex)
                {
                    // the message below
                }
                throw new IllegalArgumentException(PORT_KEY + " = '" + port + "': use a port (1-65535), auto (the " +
                    "Artery port + " + AUTO_OFFSET + ") or off");
        }
    }
}
