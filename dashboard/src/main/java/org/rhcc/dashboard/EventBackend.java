package org.rhcc.dashboard;

import java.io.IOException;

import com.sun.net.httpserver.HttpExchange;

/**
 * Where the dashboard's server gets what its page reads: {@code GET /api/state} (everything so far, JSON) and
 * {@code GET /api/events} (the event stream of {@link DashboardFeed}): a feed in this process, or another dashboard
 * server relayed ({@link LiveRelay}).
 */
interface EventBackend
{
    /**
     * Answers {@code GET /api/state}.
     *
     * @param exchange the request.
     * @throws IOException if the page has gone.
     */
    void state(HttpExchange exchange) throws IOException;

    /**
     * Answers {@code GET /api/events} with a stream of events, until the page goes or the backend closes.
     *
     * @param exchange the request.
     * @throws IOException if the page has gone.
     * @throws InterruptedException if the server stops while the stream waits.
     */
    void events(HttpExchange exchange) throws IOException, InterruptedException;

    /**
     * Ends every stream (after what it has queued) and refuses new ones.
     */
    void close();
}
