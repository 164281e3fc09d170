package org.rhcc.bench.transport;

import io.aeron.Aeron;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.transport.aeron.Channels;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.aeron.IdleStrategies;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TransportBenchTest
{
    @TempDir
    Path workDir;

    @Test
    void shouldMeasureRoundTripsAndThroughputOverIpc()
    {
        try (EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir)))
        {
            final Aeron aeron = driver.connect();

            final Histogram histogram = PingPongBenchmark.run(
                aeron, Channels.ipc(), 4001, 4002, 500, 2_000, IdleStrategies.parse("yielding"));
            assertEquals(2_000, histogram.getTotalCount());
            assertTrue(histogram.getValueAtPercentile(50) > 0);
            assertTrue(histogram.getValueAtPercentile(50) <= histogram.getValueAtPercentile(99.9));

            final ThroughputBenchmark.Result result = ThroughputBenchmark.run(
                aeron, Channels.ipc(), 4003, 100_000, IdleStrategies.parse("yielding"));
            assertEquals(100_000, result.messages());
            assertTrue(result.elapsedNs() > 0);
            assertTrue(result.messagesPerSecond() > 0);
        }
    }

    @Test
    void shouldRunFromTheCommandLineSettings()
    {
        final TransportBench.Settings settings = TransportBench.Settings.parse(new String[]{
            "--warmup", "200", "--round-trips", "500", "--messages", "20000", "--runs", "1",
            "--responder-idle", "yielding", "--subscriber-idle", "yielding", "--work-dir", workDir.toString() });
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        TransportBench.run(settings, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        final String report = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("ping-pong run 1: 500 round trips, RTT us p50="), report);
        assertTrue(report.contains("throughput run 1: 20000 probe ACKs"), report);
    }

    @Test
    void shouldRejectBadCommandLines()
    {
        assertThrows(IllegalArgumentException.class, () -> TransportBench.Settings.parse(new String[]{ "--fast" }));
        assertThrows(IllegalArgumentException.class, () -> TransportBench.Settings.parse(new String[]{ "--x", "1" }));
        assertThrows(IllegalArgumentException.class,
            () -> TransportBench.Settings.parse(new String[]{ "--responder-idle", "turbo" }));
        assertThrows(IllegalArgumentException.class,
            () -> TransportBench.Settings.parse(new String[]{ "--runs", "0" }));
    }
}
