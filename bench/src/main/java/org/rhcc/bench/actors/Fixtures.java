package org.rhcc.bench.actors;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.sender.QpStateTable;

/**
 * Shared pieces of the benchmarks: work areas, controller configuration, deterministic signals and result lines.
 */
final class Fixtures
{
    /** Sender line rate of the benchmarks, Gbit/s. */
    static final double LINE_RATE_GBPS = 100.0;

    private Fixtures()
    {
    }

    /**
     * @param name of the work area.
     * @return a fresh directory in /dev/shm where it exists (Aeron's log buffers must live in memory: on a disk-backed
     * file system page write-back stalls the streams for milliseconds), else in the temp directory.
     */
    static Path workDir(final String name)
    {
        try
        {
            final Path shm = Path.of("/dev/shm");
            return Files.isDirectory(shm) ? Files.createTempDirectory(shm, "rhcc-bench-" + name) :
                Files.createTempDirectory("rhcc-bench-" + name);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Deletes a work area made by {@link #workDir(String)}.
     *
     * @param dir the work area.
     */
    static void delete(final Path dir)
    {
        org.agrona.IoUtil.delete(dir.toFile(), true);
    }

    /**
     * A write-ahead mark as a node keeps it, in a file on the temp directory's file system (a node's work area is on
     * disk); the file is unlinked at once, its mapping lives until the JVM exits.
     */
    static org.rhcc.actors.journal.WriteAheadMark mark()
    {
        try
        {
            final Path dir = Files.createTempDirectory("rhcc-bench-mark");
            final Path file = dir.resolve("bench.mark");
            final org.rhcc.actors.journal.WriteAheadMark mark = org.rhcc.actors.journal.WriteAheadMark.create(file);
            delete(dir);
            return mark;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    static ControllerConfig config(final Scheme scheme)
    {
        return ControllerConfig.of(scheme, LINE_RATE_GBPS, Map.of());
    }

    /**
     * @param qps QPs.
     * @return a table of open QPs, as an entity hands it over.
     */
    static QpStateTable openTable(final int qps)
    {
        return SenderController.openedTable(config(Scheme.RHCC).sender(), qps);
    }

    /**
     * Occupancy that crosses I_thr = 45 back and forth with a 100 us period, so the cascade keeps deciding.
     *
     * @param nowNs time, ns.
     * @return IIO occupancy, entries.
     */
    static double occupancy(final long nowNs)
    {
        return 45.0 + 40.0 * Math.sin(nowNs * (2.0 * Math.PI / 100_000.0));
    }

    static String latencyLine(final String name, final Histogram h)
    {
        return String.format(Locale.ROOT, "%-52s p50 %8.2f us  p99 %8.2f us  p99.9 %8.2f us  max %9.1f us  (n=%d)",
            name, h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(99) / 1e3,
            h.getValueAtPercentile(99.9) / 1e3, h.getMaxValue() / 1e3, h.getTotalCount());
    }

    static void sleep(final long ms)
    {
        try
        {
            Thread.sleep(ms);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
