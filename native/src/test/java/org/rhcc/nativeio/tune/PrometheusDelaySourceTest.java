package org.rhcc.nativeio.tune;

import java.net.URI;

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
    void shouldRefuseAUrlThatIsNotHttp()
    {
        assertThrows(IllegalArgumentException.class, () -> new PrometheusDelaySource(URI.create("file:///tmp/x")));
    }
}
