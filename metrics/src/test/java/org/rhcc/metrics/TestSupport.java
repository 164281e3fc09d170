package org.rhcc.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Work areas, free ports and waiting, for the tests that run a node and scrape it (metrics, cluster-service).
 */
public final class TestSupport
{
    private TestSupport()
    {
    }

    /**
     * @param name names the test.
     * @return a fresh directory under {@code target/test-work}.
     */
    public static Path workDir(final String name)
    {
        try
        {
            return Files.createDirectories(
                Path.of("target", "test-work", name + "-" + System.nanoTime()).toAbsolutePath());
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * @return a TCP port free on 127.0.0.1 just now.
     */
    public static int freePort()
    {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * @param timeout  longest wait.
     * @param what     what is awaited, for the failure.
     * @param condition polled every 100 ms.
     */
    public static void await(final Duration timeout, final String what, final BooleanSupplier condition)
    {
        final long deadlineNs = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new AssertionError("not within " + timeout.toSeconds() + " s: " + what);
            }
            try
            {
                Thread.sleep(100);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what, ex);
            }
        }
    }
}
