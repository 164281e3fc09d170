package org.rhcc.dashboard;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import org.rhcc.experiments.UserInputException;

/**
 * Another dashboard server (a running experiment's, {@code rhcc experiment NAME --dashboard-port N}) relayed: each
 * page's {@code /api/state} and {@code /api/events} are fetched from it and passed through as they arrive, so the
 * page shows that experiment live from wherever this server runs.
 */
final class LiveRelay implements EventBackend
{
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private final HttpClient client;
    private final URI upstream;
    private final Set<InputStream> streams = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private LiveRelay(final HttpClient client, final URI upstream)
    {
        this.client = client;
        this.upstream = upstream;
    }

    /**
     * @param hostPort {@code HOST:PORT} of a dashboard server.
     * @return the relay, once that server has answered as a dashboard.
     * @throws UserInputException if {@code hostPort} does not parse, nothing answers there, or what answers is not an
     *                            rhcc dashboard.
     */
    static LiveRelay connect(final String hostPort)
    {
        final URI upstream = parse(hostPort);
        final HttpClient client = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
        final LiveRelay relay = new LiveRelay(client, upstream);
        final HttpResponse<String> answer;
        try
        {
            answer = client.send(relay.request("api/state").timeout(CONNECT_TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        }
        catch (final IOException ex)
        {
            throw new UserInputException("--live " + hostPort + ": nothing answers at " + upstream + " (" +
                (null == ex.getMessage() ? ex.getClass().getSimpleName() : ex.getMessage()) + "): start 'rhcc " +
                "experiment NAME --dashboard-port PORT' there first, or check HOST:PORT", ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new UserInputException("--live " + hostPort + ": interrupted while connecting", ex);
        }
        if (200 != answer.statusCode() || !isDashboardState(answer.body()))
        {
            throw new UserInputException("--live " + hostPort + ": " + upstream + " is not an rhcc dashboard " +
                "(GET /api/state answered " + answer.statusCode() + "); give the port of 'rhcc experiment NAME " +
                "--dashboard-port PORT'");
        }
        return relay;
    }

    @Override
    public void state(final HttpExchange exchange) throws IOException
    {
        try
        {
            final HttpResponse<byte[]> answer = client.send(request("api/state").timeout(CONNECT_TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofByteArray());
            DashboardServer.send(exchange, answer.statusCode(), "application/json; charset=utf-8", answer.body());
        }
        catch (final IOException ex)
        {
            unreachable(exchange, ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void events(final HttpExchange exchange) throws IOException, InterruptedException
    {
        if (closed)
        {
            DashboardServer.send(exchange, 503, "text/plain; charset=utf-8",
                "the dashboard server is stopping\n".getBytes(StandardCharsets.UTF_8));
            return;
        }
        final HttpResponse<InputStream> answer;
        try
        {
            answer = client.send(request("api/events").build(), HttpResponse.BodyHandlers.ofInputStream());
        }
        catch (final IOException ex)
        {
            unreachable(exchange, ex);
            return;
        }
        try (InputStream in = answer.body())
        {
            if (200 != answer.statusCode())
            {
                DashboardServer.send(exchange, 502, "text/plain; charset=utf-8", ("the experiment's dashboard at " +
                    upstream + " answered " + answer.statusCode() + "\n").getBytes(StandardCharsets.UTF_8));
                return;
            }
            streams.add(in);
            DashboardServer.startEventStream(exchange);
            final OutputStream body = exchange.getResponseBody();
            final byte[] buffer = new byte[16 * 1024];
            int read;
            while (!closed && (read = in.read(buffer)) >= 0)
            {
                body.write(buffer, 0, read);
                body.flush();
            }
        }
        catch (final IOException ex)
        {
            if (!closed)
            {
                throw ex;
            }
        }
        finally
        {
            streams.removeIf((stream) -> stream == answer.body());
        }
    }

    @Override
    public void close()
    {
        closed = true;
        for (final InputStream stream : streams)
        {
            try
            {
                stream.close();
            }
            catch (final IOException ex)
            {
                // closing to stop the copy; nothing else to do
            }
        }
        streams.clear();
    }

    private HttpRequest.Builder request(final String path)
    {
        return HttpRequest.newBuilder(upstream.resolve(path)).GET();
    }

    private void unreachable(final HttpExchange exchange, final IOException ex) throws IOException
    {
        DashboardServer.send(exchange, 502, "text/plain; charset=utf-8", ("the experiment's dashboard at " + upstream +
            " is not reachable (" + ex.getMessage() + "); it stops when its experiment ends unless started with " +
            "--dashboard-keep\n").getBytes(StandardCharsets.UTF_8));
    }

    private static boolean isDashboardState(final String body)
    {
        try
        {
            final JsonNode state = Json.parse(body);
            return null != state && state.path("experiments").isArray() && state.has("mode");
        }
        catch (final IOException ex)
        {
            return false;
        }
    }

    static URI parse(final String hostPort)
    {
        final int colon = hostPort.lastIndexOf(':');
        final String host = colon > 0 ? hostPort.substring(0, colon) : "";
        final int port;
        try
        {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        }
        catch (final NumberFormatException ex)
        {
            throw new UserInputException("--live '" + hostPort + "' must be HOST:PORT, e.g. 127.0.0.1:8080", ex);
        }
        if (host.isEmpty() || port < 1 || port > 65_535)
        {
            throw new UserInputException("--live '" + hostPort + "' must be HOST:PORT with a port in 1..65535, " +
                "e.g. 127.0.0.1:8080");
        }
        try
        {
            final String bracketed = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
            return URI.create("http://" + bracketed + ":" + port + "/");
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UserInputException("--live '" + hostPort + "': '" + host + "' is not a host name or address", ex);
        }
    }
}
