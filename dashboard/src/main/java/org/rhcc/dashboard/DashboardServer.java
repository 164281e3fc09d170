package org.rhcc.dashboard;

import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.rhcc.experiments.UserInputException;

/**
 * The dashboard's HTTP server (the JDK's {@code com.sun.net.httpserver}): the page ({@code /}, its script and style
 * sheet, uPlot from its webjar), {@code GET /api/state} and the server-sent events of {@code GET /api/events}
 * (docs/design.md §9). GET only; one thread per open event stream.
 */
public final class DashboardServer implements AutoCloseable
{
    private static final long DRAIN_MS = 2_000L;

    private final HttpServer server;
    private final ExecutorService threads;
    private final EventBackend backend;
    private final WebResources resources = new WebResources();
    private final URI url;
    private final AtomicInteger openStreams = new AtomicInteger();
    private final CountDownLatch closed = new CountDownLatch(1);

    private DashboardServer(final EventBackend backend, final String host, final int port, final String portOption)
    {
        this.backend = backend;
        try
        {
            server = HttpServer.create(new InetSocketAddress(host, port), 0);
        }
        catch (final BindException ex)
        {
            throw new UserInputException(portOption + " " + port + ": " + host + ":" + port + " is in use by " +
                "another process (or not an address of this host): pick another port, or 0 for a free one", ex);
        }
        catch (final IOException ex)
        {
            throw new UserInputException(portOption + " " + port + ": cannot listen on " + host + ":" + port + ": " +
                ex.getMessage(), ex);
        }
        final AtomicInteger count = new AtomicInteger();
        threads = Executors.newCachedThreadPool((runnable) ->
        {
            final Thread thread = new Thread(runnable, "rhcc-dashboard-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
        final String shownHost = "0.0.0.0".equals(host) || "::".equals(host) ? "localhost" : host;
        url = URI.create("http://" + (shownHost.contains(":") ? "[" + shownHost + "]" : shownHost) + ":" +
            server.getAddress().getPort() + "/");
    }

    /**
     * Serves a feed of this process (a live experiment, or results read from their JSON).
     *
     * @param feed       what to show.
     * @param host       address to listen on, e.g. 127.0.0.1.
     * @param port       port, 0 for a free one.
     * @param portOption the option that gave the port, for the error line.
     * @throws UserInputException if the port is in use or the address is not this host's.
     */
    public static DashboardServer serve(final DashboardFeed feed, final String host, final int port,
        final String portOption)
    {
        return serve(new FeedBackend(feed, FeedBackend.KEEP_ALIVE_MS), host, port, portOption);
    }

    static DashboardServer serve(final EventBackend backend, final String host, final int port,
        final String portOption)
    {
        return new DashboardServer(backend, host, port, portOption);
    }

    /**
     * Serves the page against another dashboard server (a running experiment's), relaying its state and events.
     *
     * @param upstream   {@code HOST:PORT} of the other server.
     * @param host       address to listen on.
     * @param port       port, 0 for a free one.
     * @param portOption the option that gave the port, for the error line.
     * @throws UserInputException if {@code upstream} does not parse or is not a dashboard server, or the port is in
     *                            use.
     */
    public static DashboardServer relay(final String upstream, final String host, final int port,
        final String portOption)
    {
        return new DashboardServer(LiveRelay.connect(upstream), host, port, portOption);
    }

    /**
     * @return the page's address, e.g. {@code http://127.0.0.1:8080/}.
     */
    public URI url()
    {
        return url;
    }

    /**
     * Blocks until {@link #close()} has run (from another thread, e.g. a shutdown hook on Ctrl-C).
     *
     * @throws InterruptedException if interrupted while waiting.
     */
    public void awaitClose() throws InterruptedException
    {
        closed.await();
    }

    /**
     * Serves until Ctrl-C (a shutdown hook closes the server) or until the calling thread is interrupted, then closes
     * the server.
     */
    public void serveUntilShutdown()
    {
        final Thread stop = new Thread(this::close, "rhcc-dashboard-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        try
        {
            awaitClose();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        finally
        {
            close();
            try
            {
                Runtime.getRuntime().removeShutdownHook(stop);
            }
            catch (final IllegalStateException ex)
            {
                // the JVM is already shutting down (Ctrl-C): the hook runs or has run
            }
        }
    }

    /**
     * Tells every page that the server stops, lets their streams send what they have queued (up to
     * {@value #DRAIN_MS} ms), then stops. Idempotent.
     */
    @Override
    public synchronized void close()
    {
        if (0 == closed.getCount())
        {
            return;
        }
        backend.close();
        final long deadlineNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DRAIN_MS);
        synchronized (openStreams)
        {
            while (openStreams.get() > 0 && System.nanoTime() < deadlineNs)
            {
                try
                {
                    openStreams.wait(Math.max(1L, TimeUnit.NANOSECONDS.toMillis(deadlineNs - System.nanoTime())));
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        server.stop(0);
        threads.shutdownNow();
        closed.countDown();
    }

    static void send(final HttpExchange exchange, final int status, final String contentType, final byte[] body)
        throws IOException
    {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        if ("HEAD".equals(exchange.getRequestMethod()))
        {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        exchange.sendResponseHeaders(status, 0 == body.length ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody())
        {
            out.write(body);
        }
    }

    static void startEventStream(final HttpExchange exchange) throws IOException
    {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.getResponseHeaders().set("X-Accel-Buffering", "no");
        exchange.sendResponseHeaders(200, 0);
    }

    private void handle(final HttpExchange exchange) throws IOException
    {
        try (exchange)
        {
            final String method = exchange.getRequestMethod();
            final String path = exchange.getRequestURI().getPath();
            if (!"GET".equals(method) && !"HEAD".equals(method))
            {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                send(exchange, 405, "text/plain; charset=utf-8", text("only GET is served here\n"));
            }
            else if ("/api/events".equals(path))
            {
                stream(exchange);
            }
            else if ("/api/state".equals(path))
            {
                backend.state(exchange);
            }
            else
            {
                final WebResources.Resource resource = resources.find(path);
                if (null == resource)
                {
                    send(exchange, 404, "text/plain; charset=utf-8",
                        text("no " + path + " here; the dashboard is at /\n"));
                }
                else
                {
                    send(exchange, 200, resource.contentType(), resource.bytes());
                }
            }
        }
        catch (final IOException ex)
        {
            // the page went away mid-response: nothing to answer
        }
    }

    private void stream(final HttpExchange exchange) throws IOException
    {
        openStreams.incrementAndGet();
        try
        {
            backend.events(exchange);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        finally
        {
            synchronized (openStreams)
            {
                openStreams.decrementAndGet();
                openStreams.notifyAll();
            }
        }
    }

    private static byte[] text(final String text)
    {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
