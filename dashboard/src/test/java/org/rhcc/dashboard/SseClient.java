package org.rhcc.dashboard;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A test's page: reads an SSE stream the way a browser's EventSource does (id, event and data lines up to a blank
 * line; comments skipped) on its own thread.
 */
final class SseClient implements AutoCloseable
{
    /** One event as the browser would dispatch it. */
    record Event(long id, String type, JsonNode data)
    {
    }

    private static final Event END = new Event(-1, "", null);

    private final LinkedBlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final InputStream body;
    private final HttpResponse<InputStream> response;
    private final List<String> comments = new ArrayList<>();

    SseClient(final URI url) throws IOException, InterruptedException
    {
        response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(url.resolve("api/events")).GET().build(),
            HttpResponse.BodyHandlers.ofInputStream());
        body = response.body();
        final Thread reader = new Thread(this::read, "sse-client");
        reader.setDaemon(true);
        reader.start();
    }

    HttpResponse<InputStream> response()
    {
        return response;
    }

    /**
     * @param timeoutMs how long to wait.
     * @return the next event, or null once the stream has ended.
     * @throws AssertionError if none comes in time.
     */
    Event next(final long timeoutMs) throws InterruptedException
    {
        final Event event = events.poll(timeoutMs, TimeUnit.MILLISECONDS);
        if (null == event)
        {
            throw new AssertionError("no event within " + timeoutMs + " ms");
        }
        return END == event ? null : event;
    }

    /**
     * @return every event until the stream ends.
     */
    List<Event> untilEnd(final long timeoutMs) throws InterruptedException
    {
        final List<Event> all = new ArrayList<>();
        Event event;
        while (null != (event = next(timeoutMs)))
        {
            all.add(event);
        }
        return all;
    }

    synchronized List<String> comments()
    {
        return List.copyOf(comments);
    }

    @Override
    public void close() throws IOException
    {
        body.close();
    }

    private void read()
    {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8)))
        {
            long id = 0;
            String type = "message";
            StringBuilder data = null;
            String line;
            while (null != (line = lines.readLine()))
            {
                if (line.isEmpty())
                {
                    if (null != data)
                    {
                        events.add(new Event(id, type, Json.parse(data.toString())));
                    }
                    type = "message";
                    data = null;
                }
                else if (line.startsWith(":"))
                {
                    synchronized (this)
                    {
                        comments.add(line);
                    }
                }
                else if (line.startsWith("id: "))
                {
                    id = Long.parseLong(line.substring(4));
                }
                else if (line.startsWith("event: "))
                {
                    type = line.substring(7);
                }
                else if (line.startsWith("data: "))
                {
                    final String value = line.substring(6);
                    data = null == data ? new StringBuilder(value) : data.append('\n').append(value);
                }
            }
        }
        catch (final IOException ex)
        {
            // the stream was closed
        }
        finally
        {
            events.add(END);
        }
    }
}
