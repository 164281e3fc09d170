package org.rhcc.dashboard;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.rhcc.experiments.UserInputException;
import org.rhcc.experiments.result.ExperimentResult;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code rhcc dashboard --live HOST:PORT}: a page served here follows an experiment whose dashboard runs elsewhere,
 * event for event; and the ways HOST:PORT can be wrong.
 */
class LiveRelayTest
{
    @Test
    void shouldRelayTheRunningExperimentsStateAndEventsAsTheyCome() throws Exception
    {
        final DashboardFeed feed = DashboardFeed.live();
        final ExperimentResult result;
        final List<SseClient.Event> direct;
        final List<SseClient.Event> relayed;
        final DashboardServer upstream = DashboardServer.serve(feed, "127.0.0.1", 0, "--dashboard-port");
        try (DashboardServer relay = DashboardServer.relay("127.0.0.1:" + upstream.url().getPort(), "127.0.0.1", 0,
                "--port");
            SseClient directPage = new SseClient(upstream.url());
            SseClient relayedPage = new SseClient(relay.url()))
        {
            assertEquals("snapshot", directPage.next(5_000).type());
            assertEquals("snapshot", relayedPage.next(5_000).type());
            result = ShortRuns.signals(feed.listener());

            final HttpResponse<String> state = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(relay.url().resolve("api/state")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
            assertEquals(200, state.statusCode());
            assertEquals(Json.text(feed.snapshot()), state.body(), "the experiment's state, relayed");

            upstream.close();
            direct = directPage.untilEnd(5_000);
            relayed = relayedPage.untilEnd(5_000);
        }
        finally
        {
            upstream.close();
        }
        assertEquals(direct, relayed, "every event, in order, with its id and data");
        assertEquals("closing", relayed.get(relayed.size() - 1).type());
        final List<SseClient.Event> planned = relayed.stream().filter((e) -> "experiment".equals(e.type())).toList();
        assertEquals(1, planned.size());
        assertEquals(result.runs().size(), planned.get(0).data().path("runs").size());
        assertTrue(relayed.stream().filter((e) -> "windows".equals(e.type())).count() > result.runs().size() * 10L,
            "the runs' points at their ticks");
    }

    @Test
    void shouldSayInOneLineWhenNothingOrSomethingElseAnswers() throws Exception
    {
        final int freePort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1")))
        {
            freePort = socket.getLocalPort();
        }
        final String nothing = message("127.0.0.1:" + freePort);
        assertTrue(nothing.startsWith("--live 127.0.0.1:" + freePort + ": nothing answers at http://127.0.0.1:" +
            freePort + "/ ("), nothing);
        assertTrue(nothing.endsWith("): start 'rhcc experiment NAME --dashboard-port PORT' there first, or check " +
            "HOST:PORT"), nothing);

        final HttpServer other = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        other.createContext("/", (exchange) ->
        {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        other.start();
        try
        {
            final int port = other.getAddress().getPort();
            assertEquals("--live 127.0.0.1:" + port + ": http://127.0.0.1:" + port + "/ is not an rhcc dashboard " +
                "(GET /api/state answered 404); give the port of 'rhcc experiment NAME --dashboard-port PORT'",
                message("127.0.0.1:" + port));
        }
        finally
        {
            other.stop(0);
        }

        assertEquals("--live 'localhost' must be HOST:PORT, e.g. 127.0.0.1:8080", message("localhost"));
        assertEquals("--live ':8080' must be HOST:PORT with a port in 1..65535, e.g. 127.0.0.1:8080",
            message(":8080"));
        assertEquals("--live 'h:70000' must be HOST:PORT with a port in 1..65535, e.g. 127.0.0.1:8080",
            message("h:70000"));
    }

    private static String message(final String hostPort)
    {
        return assertThrows(UserInputException.class, () -> DashboardServer.relay(hostPort, "127.0.0.1", 0, "--port"))
            .getMessage();
    }
}
