package org.rhcc.dashboard;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.rhcc.experiments.UserInputException;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dashboard's server over real HTTP: the page and uPlot from the classpath, the SSE stream of a live experiment
 * (its framing, order and content against the experiment's result), keep-alives, closing, and a port in use.
 */
class DashboardServerTest
{
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static HttpResponse<String> get(final URI url, final String path) throws Exception
    {
        return HTTP.send(HttpRequest.newBuilder(url.resolve(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void shouldServeThePageAndUplotFromTheClasspathAndNothingElse() throws Exception
    {
        try (DashboardServer server = DashboardServer.serve(DashboardFeed.live(), "127.0.0.1", 0, "--port"))
        {
            final HttpResponse<String> page = get(server.url(), "");
            assertEquals(200, page.statusCode());
            assertTrue(page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
            assertTrue(page.body().contains("src=\"vendor/uplot/uPlot.iife.min.js\""), page.body());
            assertTrue(page.body().contains("src=\"dashboard.js\""), page.body());
            assertEquals(page.body(), get(server.url(), "index.html").body());

            final HttpResponse<String> uplot = get(server.url(), "vendor/uplot/uPlot.iife.min.js");
            assertEquals(200, uplot.statusCode());
            assertTrue(uplot.body().length() > 40_000, "the webjar's minified uPlot");
            assertTrue(uplot.body().contains("uPlot"));
            assertEquals(200, get(server.url(), "vendor/uplot/uPlot.min.css").statusCode());
            assertTrue(get(server.url(), "dashboard.js").body().contains("new EventSource('api/events')"));
            assertEquals(200, get(server.url(), "dashboard.css").statusCode());

            assertEquals(404, get(server.url(), "META-INF/resources/webjars/uplot/1.6.30/LICENSE").statusCode());
            assertEquals(404, get(server.url(), "../pom.xml").statusCode());
            final HttpResponse<String> post = HTTP.send(HttpRequest.newBuilder(server.url())
                .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(405, post.statusCode());
            assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElse(""));
        }
    }

    @Test
    void shouldStreamASnapshotThenEveryChangeOfALiveExperimentInOrder() throws Exception
    {
        final DashboardFeed feed = DashboardFeed.live();
        final ExperimentResult result;
        final List<SseClient.Event> events;
        final DashboardServer server = DashboardServer.serve(feed, "127.0.0.1", 0, "--dashboard-port");
        try (SseClient page = new SseClient(server.url()))
        {
            assertEquals("text/event-stream; charset=utf-8",
                page.response().headers().firstValue("Content-Type").orElse(""));
            final SseClient.Event snapshot = page.next(5_000);
            assertEquals("snapshot", snapshot.type());
            assertEquals("live", snapshot.data().path("mode").asText());
            assertEquals(0, snapshot.data().path("experiments").size());

            result = ShortRuns.signals(feed.listener(), "i_thr=52");
            server.close();
            events = page.untilEnd(5_000);
        }
        finally
        {
            server.close();
        }

        long lastId = 1;
        for (final SseClient.Event event : events)
        {
            assertTrue(event.id() > lastId, "ids increase: " + event.id() + " after " + lastId);
            lastId = event.id();
        }
        assertEquals("experiment", events.get(0).type());
        assertEquals("experiment-finished", events.get(events.size() - 2).type());
        assertEquals("closing", events.get(events.size() - 1).type());

        final JsonNode planned = events.get(0).data();
        assertEquals("signals", planned.path("name").asText());
        assertEquals(result.runs().size(), planned.path("runs").size());
        for (final JsonNode run : planned.path("runs"))
        {
            assertEquals("planned", run.path("state").asText());
            assertEquals(52.0, run.path("thresholds").path("i_thr").asDouble(), "the run's --set i_thr");
            assertEquals(200.0, run.path("thresholds").path("d_thr_ns").asDouble());
            assertTrue(run.path("thresholds").path("hostcc_i_t").isNull());
        }

        final Map<Integer, Map<String, List<Double>>> live = new HashMap<>();
        final Map<Integer, JsonNode> lastStatus = new HashMap<>();
        final Map<Integer, Integer> spreads = new HashMap<>();
        for (final SseClient.Event event : events)
        {
            final int index = event.data().path("index").asInt();
            if ("windows".equals(event.type()))
            {
                assertEquals(RunView.RUNNING, lastStatus.get(index).path("state").asText(), "points of a running run");
                event.data().path("series").properties().forEach((column) ->
                {
                    final List<Double> values = live.computeIfAbsent(index, (key) -> new HashMap<>())
                        .computeIfAbsent(column.getKey(), (key) -> new ArrayList<>());
                    column.getValue().forEach((value) -> values.add(value.isNull() ? Double.NaN : value.asDouble()));
                });
                if (event.data().path("qps").path("t_ms").size() > 0)
                {
                    spreads.merge(index, 1, Integer::sum);
                    final JsonNode qps = event.data().path("qps");
                    assertTrue(qps.path("goodput_min").get(0).asDouble() <= qps.path("goodput_max").get(0).asDouble());
                }
            }
            else if ("run".equals(event.type()))
            {
                lastStatus.put(index, event.data());
            }
        }
        for (int i = 0; i < result.runs().size(); i++)
        {
            final RunRecord record = result.runs().get(i);
            final JsonNode status = lastStatus.get(i);
            assertEquals(RunView.FINISHED, status.path("state").asText());
            assertEquals(1.0, status.path("fraction").asDouble());
            assertEquals(record.value(Metric.RNIC_GBPS), status.path("metrics").path("rnic_gbps").asDouble());
            assertTrue(spreads.getOrDefault(i, 0) > 5, "the QP spread at the ticks after the warm-up");
            for (final String column : List.of("t_ms", "iio_occupancy", "rx_delay_ns", "r_rev_gbps",
                "sender_rate_gbps", "rnic_gbps", "mba_level_local", "mba_level_cross", "pfc_pause_fraction",
                "cpu_mem_gbps"))
            {
                final double[] streamed = live.get(i).get(column).stream().mapToDouble(Double::doubleValue).toArray();
                assertArrayEquals(record.seriesValues(column), streamed, 0.0, "run " + i + " " + column);
            }
        }
    }

    @Test
    void shouldKeepAnIdleStreamAliveAndEndItWhenTheServerCloses() throws Exception
    {
        final DashboardFeed feed = DashboardFeed.live();
        final DashboardServer server = DashboardServer.serve(new FeedBackend(feed, 50L), "127.0.0.1", 0, "--port");
        try (SseClient page = new SseClient(server.url()))
        {
            assertEquals("snapshot", page.next(5_000).type());
            final long deadlineNs = System.nanoTime() + 5_000_000_000L;
            while (page.comments().size() < 2 && System.nanoTime() < deadlineNs)
            {
                Thread.sleep(20);
            }
            assertTrue(page.comments().size() >= 2, "keep-alive comments while idle: " + page.comments());
            assertEquals(": keep-alive", page.comments().get(0));
            server.close();
            final List<SseClient.Event> rest = page.untilEnd(5_000);
            assertEquals(List.of("closing"), rest.stream().map(SseClient.Event::type).toList());
        }
        finally
        {
            server.close();
        }
    }

    @Test
    void shouldSayInOneLineThatThePortIsInUse() throws Exception
    {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1")))
        {
            final int port = taken.getLocalPort();
            final UserInputException ex = assertThrows(UserInputException.class,
                () -> DashboardServer.serve(DashboardFeed.live(), "127.0.0.1", port, "--dashboard-port"));
            assertEquals("--dashboard-port " + port + ": 127.0.0.1:" + port + " is in use by another process (or " +
                "not an address of this host): pick another port, or 0 for a free one", ex.getMessage());
        }
    }

    @Test
    void shouldServeTheStateOfResultsReadFromTheirJson(@org.junit.jupiter.api.io.TempDir final java.nio.file.Path dir)
        throws Exception
    {
        final ExperimentResult result = ShortRuns.signals(org.rhcc.experiments.RunListener.NONE);
        org.rhcc.experiments.result.ResultJson.write(result, dir.resolve("signals.json"));
        try (DashboardServer server = DashboardServer.serve(DashboardFeed.fromResults(dir, null), "127.0.0.1", 0,
            "--port"))
        {
            final HttpResponse<String> state = get(server.url(), "api/state");
            assertEquals(200, state.statusCode());
            final JsonNode json = Json.parse(state.body());
            assertEquals("replay", json.path("mode").asText());
            final JsonNode run = json.path("experiments").get(0).path("runs").get(3);
            assertNotNull(run);
            assertEquals("rhcc | 3x", run.path("label").asText());
            assertEquals(result.runs().get(3).seriesValues("iio_occupancy").length,
                run.path("series").path("iio_occupancy").size());
        }
    }
}
