package org.rhcc.actors.node;

import java.io.IOException;
import java.net.BindException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

import com.typesafe.config.Config;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import org.rhcc.actors.config.HttpEndpointSettings;
import org.rhcc.actors.config.NodeSettings;

/**
 * Binds, once and at once released, every port a node is about to listen on: Artery's TCP port, its HTTP endpoint's
 * ({@link HttpEndpointSettings}) and the UDP endpoint of each platform stream its roles subscribe to (receiver: IIO
 * samples, sender: probe ACKs, sim: commands). A port
 * another process holds, or an address that is not this host's, then fails the start with one line naming the key
 * instead of a bind error deep inside Pekko or the media driver.
 */
final class NodePorts
{
    private static final String ARTERY = "pekko.remote.artery.";

    private NodePorts()
    {
    }

    /**
     * @param config   the node's resolved configuration.
     * @param settings its settings.
     * @throws IllegalArgumentException naming the key whose port is taken or whose address is not this host's.
     */
    static void check(final Config config, final NodeSettings settings)
    {
        final String bindHost = config.getString(ARTERY + "bind.hostname");
        final String bindPort = config.getString(ARTERY + "bind.port");
        final String host = bindHost.isEmpty() ? config.getString(ARTERY + "canonical.hostname") : bindHost;
        final int port = bindPort.isEmpty() ? config.getInt(ARTERY + "canonical.port") : Integer.parseInt(bindPort);
        tcp(ARTERY + "canonical.port", host, port);
        final HttpEndpointSettings http = HttpEndpointSettings.from(config);
        if (http.enabled())
        {
            tcp(HttpEndpointSettings.PORT_KEY, http.hostname(), http.port());
        }
        if (settings.hasRole(NodeSettings.ROLE_RECEIVER) && !settings.receiverOnHost())
        {
            udp("rhcc.aeron.platform.iio-channel", settings.platformIioChannel());
        }
        if (settings.hasRole(NodeSettings.ROLE_SENDER))
        {
            udp("rhcc.aeron.platform.ack-channel", settings.platformAckChannel());
        }
        if (settings.hasRole(NodeSettings.ROLE_SIM))
        {
            udp("rhcc.aeron.platform.command-channel", settings.platformCommandChannel());
        }
    }

    private static void tcp(final String key, final String host, final int port)
    {
        if (port != 0)
        {
            try (ServerSocket socket = new ServerSocket())
            {
                socket.setReuseAddress(true);
                socket.bind(new InetSocketAddress(host, port));
            }
            catch (final IOException ex)
            {
                throw refused(key, host + ":" + port, ex);
            }
        }
    }

    private static void udp(final String key, final String channel)
    {
        final ChannelUri uri = ChannelUri.parse(channel);
        final String endpoint = uri.get(CommonContext.ENDPOINT_PARAM_NAME);
        if (!CommonContext.UDP_MEDIA.equals(uri.media()) || null == endpoint || endpoint.isEmpty())
        {
            return;
        }
        final int colon = endpoint.lastIndexOf(':');
        final String host = endpoint.substring(0, colon).replace("[", "").replace("]", "");
        final int port = Integer.parseInt(endpoint.substring(colon + 1));
        if (port == 0)
        {
            return;
        }
        try (DatagramSocket socket = new DatagramSocket(null))
        {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(host, port));
        }
        catch (final IOException ex)
        {
            throw refused(key, endpoint, ex);
        }
    }

    private static IllegalArgumentException refused(final String key, final String endpoint, final IOException ex)
    {
        if (ex instanceof BindException && String.valueOf(ex.getMessage()).contains("in use"))
        {
            return new IllegalArgumentException(key + ": " + endpoint + " is in use by another process (another " +
                "rhcc node?): stop it, or give this node another port in " + key);
        }
        return new IllegalArgumentException(key + ": cannot bind " + endpoint + " (" + ex.getMessage() + "): " +
            "use an address of this host in " + key);
    }
}
