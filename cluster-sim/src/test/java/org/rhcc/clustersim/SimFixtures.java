package org.rhcc.clustersim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.rhcc.sim.SimulationResult;
import org.rhcc.sim.TimeSeries;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.Scenario;

/**
 * Test fixtures: small scenarios, work areas, and a canonical JSON of a simulation result.
 */
public final class SimFixtures
{
    private SimFixtures()
    {
    }

    /**
     * @param congestion 0..3.
     * @param qps        QPs of the single sender.
     * @param durationNs measured time, ns.
     * @param warmupNs   warm-up, ns.
     * @param seed       seed.
     * @return a small two-host scenario.
     */
    public static Scenario scenario(final int congestion, final int qps, final long durationNs, final long warmupNs,
        final long seed)
    {
        return new Scenario(true, congestion, CpuTraffic.LOCAL, 1, qps, 65536, 0, 0.0, 0, durationNs, warmupNs, seed);
    }

    /**
     * @param name of the work area.
     * @return a fresh directory under target/.
     */
    public static Path workDir(final String name)
    {
        try
        {
            final Path dir = Path.of("target", "test-work", name + "-" + System.nanoTime()).toAbsolutePath();
            Files.createDirectories(dir);
            return dir;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * @param result a simulation result.
     * @return its metrics and every time series column as canonical JSON bytes.
     */
    public static byte[] json(final SimulationResult result)
    {
        final TimeSeries t = result.timeSeries();
        final Map<String, Object> series = new LinkedHashMap<>();
        final List<double[]> rows = new ArrayList<>();
        for (int i = 0; i < t.windowCount(); i++)
        {
            rows.add(new double[]{ t.endNs(i), t.rnicGbps(i), t.iioOccupancy(i), t.rxDelayNs(i),
                t.cpuLocalMemGbps(i), t.cpuCrossMemGbps(i), t.pfcPauseFraction(i), t.pcieStallFraction(i),
                t.senderRateGbps(i), t.mbaLevel(0, i), t.mbaLevel(1, i) });
        }
        series.put("windows", rows);
        final List<double[]> iio = new ArrayList<>();
        for (int j = 0; j < t.iioWindowCount(); j++)
        {
            iio.add(new double[]{ t.iioWindowEndNs(j), t.iioWindowOccupancy(j) });
        }
        series.put("iio_windows", iio);
        final Map<String, Object> root = new LinkedHashMap<>();
        root.put("metrics", result.metrics());
        root.put("series", series);
        try
        {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsBytes(root);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
