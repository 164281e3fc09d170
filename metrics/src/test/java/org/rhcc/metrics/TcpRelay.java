package org.rhcc.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on 127.0.0.1 to a server (a test's way to take a database away from a node and give it back): while
 * started it accepts connections on its port and copies bytes both ways; {@link #stop} closes the port and every
 * connection, {@link #start} opens the same port again.
 */
final class TcpRelay implements AutoCloseable
{
    private final String targetHost;
    private final int targetPort;
    private final int port;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile ServerSocket server;

    /**
     * @param targetHost the server's host.
     * @param targetPort the server's port.
     */
    TcpRelay(final String targetHost, final int targetPort)
    {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.port = TestSupport.freePort();
    }

    /**
     * @return the relay's port on 127.0.0.1.
     */
    int port()
    {
        return port;
    }

    /**
     * Opens the port and accepts connections.
     */
    synchronized void start()
    {
        try
        {
            final ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            server = socket;
            final Thread acceptor = new Thread(() -> accept(socket), "tcp-relay-" + port);
            acceptor.setDaemon(true);
            acceptor.start();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot open the relay's port " + port, ex);
        }
    }

    /**
     * Closes the port and every connection through it.
     */
    synchronized void stop()
    {
        closeQuietly(server);
        server = null;
        for (final Socket socket : open)
        {
            closeQuietly(socket);
        }
        open.clear();
    }

    @Override
    public void close()
    {
        stop();
    }

    private void accept(final ServerSocket socket)
    {
        while (!socket.isClosed())
        {
            try
            {
                final Socket client = socket.accept();
                final Socket upstream = new Socket(targetHost, targetPort);
                open.add(client);
                open.add(upstream);
                pump(client, upstream);
                pump(upstream, client);
            }
            catch (final IOException ex)
            {
                // closed by stop()
            }
        }
    }

    private void pump(final Socket from, final Socket to)
    {
        final Thread thread = new Thread(() ->
        {
            final byte[] buffer = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream())
            {
                int read;
                while ((read = in.read(buffer)) >= 0)
                {
                    out.write(buffer, 0, read);
                    out.flush();
                }
            }
            catch (final IOException ex)
            {
                // one side closed
            }
            finally
            {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "tcp-relay-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(final AutoCloseable closeable)
    {
        try
        {
            if (null != closeable)
            {
                closeable.close();
            }
        }
        catch (final Exception ignore)
        {
            // already closed
        }
    }
}
