package org.rhcc.nativeio.tune;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;

import com.sun.net.httpserver.HttpServer;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PrometheusDelaySourceTest
{
    @Test
    void shouldSumTheDelayCountersOverTheirLabelSets()
    {
        final String exposition = """
            # HELP rhcc_sender_probe_delay_seconds Receiver processing delays the probe ACKs carried
            # TYPE rhcc_sender_probe_delay_seconds counter
            rhcc_sender_probe_delay_seconds_total{session="1"} 2.0E-4
            rhcc_sender_probe_delay_seconds_total{session="2"} 1.0E-4
            rhcc_sender_probe_delay_samples_total 1500.0
            rhcc_sender_probe_acks_total 1600.0
            """;

        final DelayReading reading = PrometheusDelaySource.parse(exposition, "test");

        assertEquals(300_000.0, reading.sumNs(), 1e-6);
        assertEquals(1500, reading.samples());
        assertEquals(200.0, new DelayReading(0, 0).meanNsUntil(reading), 1e-9);
    }

    @Test
    void shouldSayWhichMetricIsMissing()
    {
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> PrometheusDelaySource.parse("rhcc_sender_probe_delay_seconds_total 1.0\n", "http://h:1/metrics"));

        assertTrue(ex.getMessage().startsWith("http://h:1/metrics has no rhcc_sender_probe_delay_samples_total"),
            ex.getMessage());
    }

    @Test
    void shouldRefuseAWindowWithoutProbesOrWithCountersThatWentBack()
    {
        final DelayReading first = new DelayReading(1000.0, 10);

        assertTrue(assertThrows(IllegalStateException.class, () -> first.meanNsUntil(new DelayReading(1000.0, 10)))
            .getMessage().contains("no probe ACK"));
        assertTrue(assertThrows(IllegalStateException.class, () -> first.meanNsUntil(new DelayReading(10.0, 1)))
            .getMessage().contains("went backwards"));
    }

    @Test
    void shouldScrapeASenderNodesMetricsEndpoint() throws IOException
    {
        final HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        final String[] body = { "rhcc_sender_probe_delay_seconds_total 1.0E-5\n" +
            "rhcc_sender_probe_delay_samples_total 50.0\n" };
        server.createContext("/metrics", (exchange) ->
        {
            final byte[] bytes = body[0].getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody())
            {
                out.write(bytes);
            }
        });
        server.start();
        try
        {
            final URI endpoint = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
            final PrometheusDelaySource source = new PrometheusDelaySource(endpoint);
            final DelayReading first = source.read();
            body[0] = "rhcc_sender_probe_delay_seconds_total 3.0E-5\nrhcc_sender_probe_delay_samples_total 150.0\n";

            assertEquals(200.0, first.meanNsUntil(source.read()), 1e-9, "20 us over 100 probes");
            final IllegalStateException notFound = assertThrows(IllegalStateException.class,
                () -> new PrometheusDelaySource(URI.create("http://127.0.0.1:" + server.getAddress().getPort() +
                    "/other")).read());
            assertTrue(notFound.getMessage().contains("answered HTTP 404"), notFound.getMessage());
        }
        finally
        {
            server.stop(0);
        }
    }

    @Test
    void shouldRefuseAUrlThatIsNotHttp()
    {
        assertThrows(IllegalArgumentException.class, () -> new PrometheusDelaySource(URI.create("file:///tmp/x")));
    }
}
