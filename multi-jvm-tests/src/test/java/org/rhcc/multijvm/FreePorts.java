package org.rhcc.multijvm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;

/**
 * Free ports on a loopback alias, found by binding port 0 there and closing: each port handed out once, so the nodes
 * of one cluster never get the same one. Another process may still take a port before the node binds it; a node then
 * fails its start naming the port.
 */
final class FreePorts
{
    private final Set<Integer> given = new HashSet<>();

    /**
     * @param host the loopback alias, e.g. 127.0.0.2.
     * @return a TCP port free on it.
     */
    synchronized int tcp(final String host)
    {
        while (true)
        {
            final int port;
            try (ServerSocket socket = new ServerSocket())
            {
                socket.bind(new InetSocketAddress(host, 0));
                port = socket.getLocalPort();
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException("cannot bind a TCP port on " + host, ex);
            }
            if (given.add(port))
            {
                return port;
            }
        }
    }

    /**
     * @param host the loopback alias, e.g. 127.0.0.2.
     * @return a UDP port free on it.
     */
    synchronized int udp(final String host)
    {
        while (true)
        {
            final int port;
            try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(host, 0)))
            {
                port = socket.getLocalPort();
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException("cannot bind a UDP port on " + host, ex);
            }
            if (given.add(port))
            {
                return port;
            }
        }
    }
}
