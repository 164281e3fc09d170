package org.rhcc.actors.config;

import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * The local PostgreSQL of the journal tests (127.0.0.1:5432, user postgres, trust auth).
 */
final class LocalPostgres
{
    private LocalPostgres()
    {
    }

    /**
     * @return true if a server listens on 127.0.0.1:5432.
     */
    static boolean listening()
    {
        try (Socket socket = new Socket())
        {
            socket.connect(new InetSocketAddress("127.0.0.1", 5432), 500);
            return true;
        }
        catch (final java.io.IOException ex)
        {
            return false;
        }
    }
}
