package org.rhcc.nativeio.failsafe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The controller side of the watchdog: writes a {@link Heartbeat} to a file, atomically (a temporary file renamed
 * over the heartbeat file, so the watchdog never reads half a beat), either on every {@link #beat()} or from a
 * daemon thread started with {@link #start(long)} or, beating only while the controller makes progress,
 * {@link #start(long, BooleanSupplier)}. {@link #close()} stops beating and removes the file, which tells
 * the watchdog that the controller stopped (it then restores 100 %, harmless after the controller's own reset).
 * <p>
 * Control plane: a beat allocates and does file I/O; never call it from a sampling loop.
 */
public final class HeartbeatWriter implements AutoCloseable
{
    private static final System.Logger LOG = System.getLogger(HeartbeatWriter.class.getName());

    private final Path file;
    private final Path temporary;
    private final long pid;
    private final long startTime;
    private long sequence;
    private ScheduledExecutorService executor;

    /**
     * @param file     the heartbeat file the watchdog watches.
     * @param procRoot usually {@code /proc}, to read this process's start time.
     */
    public HeartbeatWriter(final Path file, final Path procRoot)
    {
        this.file = file;
        this.temporary = file.resolveSibling(file.getFileName() + ".tmp");
        this.pid = ProcessHandle.current().pid();
        this.startTime = ProcessLiveness.startTime(procRoot, pid);
    }

    /**
     * Writes one beat.
     *
     * @throws IOException if the file cannot be written.
     */
    public synchronized void beat() throws IOException
    {
        final Heartbeat heartbeat = new Heartbeat(pid, startTime, ++sequence);
        Files.write(temporary, heartbeat.format().getBytes(StandardCharsets.US_ASCII));
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Beats now and then every {@code intervalMs} on a daemon thread; a failed beat is logged and retried.
     *
     * @param intervalMs beat period; keep it well below the watchdog's timeout (a third or less).
     * @return this.
     * @throws IOException if the first beat fails (bad directory, permissions).
     */
    public synchronized HeartbeatWriter start(final long intervalMs) throws IOException
    {
        return start(intervalMs, () -> true);
    }

    /**
     * Beats now and then every {@code intervalMs} on a daemon thread while {@code alive} says the controller makes
     * progress (e.g. its sampling loop read a new sample since the previous beat): a controller whose loop hangs
     * stops beating, and the watchdog restores 100 % after its timeout although the process lives on.
     *
     * @param intervalMs beat period; keep it well below the watchdog's timeout (a third or less).
     * @param alive      asked on the heartbeat thread before each beat after the first.
     * @return this.
     * @throws IOException if the first beat fails (bad directory, permissions).
     */
    public synchronized HeartbeatWriter start(final long intervalMs, final BooleanSupplier alive) throws IOException
    {
        if (intervalMs <= 0)
        {
            throw new IllegalArgumentException("heartbeat interval must be > 0 ms, got " + intervalMs);
        }
        beat();
        executor = Executors.newSingleThreadScheduledExecutor((runnable) ->
        {
            final Thread thread = new Thread(runnable, "rhcc-heartbeat");
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleAtFixedRate(() ->
        {
            try
            {
                if (alive.getAsBoolean())
                {
                    beat();
                }
            }
            catch (final IOException | RuntimeException ex)
            {
                LOG.log(System.Logger.Level.WARNING, "heartbeat to " + file + " failed: " + ex);
            }
        }, intervalMs, intervalMs, TimeUnit.MILLISECONDS);
        return this;
    }

    /**
     * @return beats written so far.
     */
    public synchronized long sequence()
    {
        return sequence;
    }

    /**
     * @return this process's heartbeat identity (sequence of the last beat).
     */
    public synchronized Heartbeat last()
    {
        return new Heartbeat(pid, startTime, sequence);
    }

    /**
     * Stops beating and deletes the heartbeat file.
     */
    public synchronized void close()
    {
        if (null != executor)
        {
            executor.shutdownNow();
            executor = null;
        }
        try
        {
            Files.deleteIfExists(file);
            Files.deleteIfExists(temporary);
        }
        catch (final IOException ex)
        {
            LOG.log(System.Logger.Level.WARNING, "cannot remove heartbeat file " + file + ": " + ex);
        }
    }
}
