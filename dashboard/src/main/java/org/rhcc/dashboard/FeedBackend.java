package org.rhcc.dashboard;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.sun.net.httpserver.HttpExchange;

/**
 * Serves a {@link DashboardFeed} of this process: its snapshot, and one SSE stream per page (a chunked response:
 * the snapshot, then every change; a comment every {@value #KEEP_ALIVE_MS} ms while idle by default).
 */
final class FeedBackend implements EventBackend
{
    static final long KEEP_ALIVE_MS = 15_000L;

    private final DashboardFeed feed;
    private final long keepAliveMs;

    FeedBackend(final DashboardFeed feed, final long keepAliveMs)
    {
        this.feed = feed;
        this.keepAliveMs = keepAliveMs;
    }

    @Override
    public void state(final HttpExchange exchange) throws IOException
    {
        DashboardServer.send(exchange, 200, "application/json; charset=utf-8",
            Json.text(feed.snapshot()).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void events(final HttpExchange exchange) throws IOException, InterruptedException
    {
        final Subscription subscription = feed.subscribe();
        try
        {
            DashboardServer.startEventStream(exchange);
            final OutputStream body = exchange.getResponseBody();
            List<String> frames;
            while (null != (frames = subscription.next(keepAliveMs)))
            {
                if (frames.isEmpty())
                {
                    body.write(SseEvent.KEEP_ALIVE.getBytes(StandardCharsets.UTF_8));
                }
                for (final String frame : frames)
                {
                    body.write(frame.getBytes(StandardCharsets.UTF_8));
                }
                body.flush();
            }
        }
        finally
        {
            feed.unsubscribe(subscription);
        }
    }

    @Override
    public void close()
    {
        feed.close();
    }
}
