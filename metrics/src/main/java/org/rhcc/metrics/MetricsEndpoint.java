package org.rhcc.metrics;

import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * An HTTP endpoint on the JDK's server: {@code /metrics} (the Prometheus client's {@link MetricsHandler} over a
 * registry: text, OpenMetrics or protobuf, as the scraper asks), {@code /health} (200 while the process serves) and
 * {@code /ready} (200 {@code ready}, or 503 with the reason the readiness check gives, one line of plain text). Two
 * daemon threads serve it, so a scrape never runs on a node's agent or actor threads.
 */
public final class MetricsEndpoint implements AutoCloseable
{
    private static final AtomicInteger THREADS = new AtomicInteger();

    private final HttpServer server;
    private final ExecutorService executor;

    private MetricsEndpoint(final HttpServer server, final ExecutorService executor)
    {
        this.server = server;
        this.executor = executor;
    }

    /**
     * Binds and starts the endpoint.
     *
     * @param hostname  address to bind.
     * @param port      port to bind, 0 for one chosen now.
     * @param registry  what {@code /metrics} serves.
     * @param readiness null when ready, else why not (called per {@code /ready} request).
     * @param portKey   the setting that names the port, for the one line a taken port gives.
     * @throws IllegalArgumentException naming the key if the address cannot be bound (a port in use).
     */
    public static MetricsEndpoint start(final String hostname, final int port, final PrometheusRegistry registry,
        final Supplier<String> readiness, final String portKey)
    {
        final HttpServer server;
        try
        {
            server = HttpServer.create(new InetSocketAddress(hostname, port), 16);
        }
        catch (final BindException ex)
        {
            throw new IllegalArgumentException(portKey + ": " + hostname + ":" + port + " is in use by another " +
                "process (another rhcc node?): stop it, or give this one another port in " + portKey);
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException(portKey + ": cannot bind " + hostname + ":" + port + " (" +
                ex.getMessage() + "): use an address of this host");
        }
        final ExecutorService executor = Executors.newFixedThreadPool(2, (runnable) ->
        {
            final Thread thread = new Thread(runnable, "rhcc-http-" + THREADS.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/metrics", new MetricsHandler(registry));
        server.createContext("/health", (exchange) -> respond(exchange, 200, "ok"));
        server.createContext("/ready", (exchange) ->
        {
            String reason;
            try
            {
                reason = readiness.get();
            }
            catch (final RuntimeException ex)
            {
                reason = "readiness check failed: " + ex;
            }
            respond(exchange, null == reason ? 200 : 503, null == reason ? "ready" : "not ready: " + reason);
        });
        server.start();
        return new MetricsEndpoint(server, executor);
    }

    public int port()
    {
        return server.getAddress().getPort();
    }

    /**
     * @return the address bound, {@code host:port}.
     */
    public String address()
    {
        return server.getAddress().getHostString() + ":" + port();
    }

    /**
     * Stops serving (requests in progress get a second to finish).
     */
    public void close()
    {
        server.stop(1);
        executor.shutdownNow();
    }

    private static void respond(final HttpExchange exchange, final int status, final String body) throws IOException
    {
        final byte[] bytes = (body + "\n").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        if ("HEAD".equals(exchange.getRequestMethod()))
        {
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
            return;
        }
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody())
        {
            out.write(bytes);
        }
    }
}
