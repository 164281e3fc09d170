package org.rhcc.transport.aeron;

import io.aeron.Aeron;
import io.aeron.RethrowingErrorHandler;
import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.ArchivingMediaDriver;
import io.aeron.archive.client.AeronArchive;
import io.aeron.driver.MediaDriver;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;
import org.agrona.concurrent.IdleStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * An Aeron media driver embedded in this JVM, optionally with an Aeron Archive, whose directory lives under the run's
 * working directory as {@code <workDir>/aeron-<pid>-<n>} and is deleted on {@link #close()} and when the launch
 * fails. Clients connected through {@link #connect()} and {@link #connectArchive(Aeron)} are closed with it.
 * <p>
 * <b>Note:</b> the JVM needs {@code --add-opens java.base/sun.nio.ch=ALL-UNNAMED} (docs/design.md §8.1); without it the
 * driver fails in {@code DataTransportPoller}.
 */
public final class EmbeddedMediaDriver implements AutoCloseable
{
    /**
     * Archive replication channel, also the response channel of the archive's client for remote archives: both are
     * required by the archive even though rhcc does not replicate; port 0 lets the OS pick an unused port so several
     * archives can run on one host.
     */
    public static final String ARCHIVE_REPLICATION_CHANNEL = "aeron:udp?endpoint=localhost:0";

    /**
     * Control channel of archive clients in this JVM: IPC to the archive's local control channel.
     */
    public static final String ARCHIVE_CONTROL_CHANNEL = "aeron:ipc";

    /**
     * How long the embedded driver and its clients wait for each other's heartbeats, ms (Aeron: 10 s). They live in
     * one JVM and pause together: a node frozen or stalled for longer than the timeout finds, when it resumes, its
     * clients closed by their own timeout and their counters unmapped under the actors still writing them (a JVM
     * crash), instead of hearing that its cluster downed it and stopping with its one line. A node frozen through a
     * whole takeover and the rest of a run is paused for over a minute on a loaded machine. Whether a paused node
     * is gone is the split-brain resolver's call (conf/application.conf); a client of another process that dies
     * holds its publications this long.
     */
    static final long LIVENESS_TIMEOUT_MS = 600_000;
    /** Name prefix of a driver directory, {@code aeron-<pid>-<n>}. */
    static final String DIR_PREFIX = "aeron-";
    private static final Logger LOGGER = LoggerFactory.getLogger(EmbeddedMediaDriver.class);
    private static final AtomicInteger INSTANCE_COUNTER = new AtomicInteger();

    private final DriverConfig config;
    private final Path aeronDir;
    private final AutoCloseable driver;
    private final List<AutoCloseable> clients = new ArrayList<>();
    private boolean closed;

    private EmbeddedMediaDriver(final DriverConfig config, final Path aeronDir, final AutoCloseable driver)
    {
        this.config = config;
        this.aeronDir = aeronDir;
        this.driver = driver;
    }

    /**
     * Launches a driver (and an archive when {@link DriverConfig#archiveDir()} is set).
     *
     * @param config of the driver; validated here.
     * @throws IllegalArgumentException if the configuration is invalid.
     * @throws UncheckedIOException     if the working directory cannot be created.
     * @throws RuntimeException         from Aeron if the driver or archive fails to start; the driver directory is
     *                                  deleted first.
     */
    public static EmbeddedMediaDriver launch(final DriverConfig config)
    {
        config.conclude();
        final Path workDir = config.workDir().toAbsolutePath();
        try
        {
            Files.createDirectories(workDir);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(
                "cannot create the working directory " + workDir + ": choose a writable work directory", ex);
        }

        reclaimStaleDirectories(workDir);
        final Path aeronDir = workDir.resolve(
            DIR_PREFIX + ProcessHandle.current().pid() + "-" + INSTANCE_COUNTER.getAndIncrement());
        final MediaDriver.Context driverContext = driverContext(config, aeronDir);
        try
        {
            final AutoCloseable driver;
            if (null == config.archiveDir())
            {
                driver = MediaDriver.launch(driverContext);
            }
            else
            {
                driver = ArchivingMediaDriver.launch(driverContext, archiveContext(config));
            }

            LOGGER.info("media driver started in {} ({})", aeronDir, config);
            return new EmbeddedMediaDriver(config, aeronDir, driver);
        }
        catch (final RuntimeException | Error ex)
        {
            IoUtil.delete(aeronDir.toFile(), true);
            throw ex;
        }
    }

    /**
     * Deletes the driver directories of processes that no longer run ({@code aeron-<pid>-<n>} whose pid is gone): a
     * node killed with SIGKILL, or halted, cannot delete its own (about 50 MB of term buffers each), so the next
     * driver started in the same work directory reclaims them.
     *
     * @param workDir the work directory.
     */
    static void reclaimStaleDirectories(final Path workDir)
    {
        try (java.util.stream.Stream<Path> entries = Files.list(workDir))
        {
            entries.filter((dir) -> Files.isDirectory(dir) && isStale(dir.getFileName().toString()))
                .forEach((dir) ->
                {
                    IoUtil.delete(dir.toFile(), true);
                    LOGGER.info("reclaimed the driver directory {} of a process that no longer runs", dir);
                });
        }
        catch (final IOException ex)
        {
            LOGGER.warn("could not look for stale driver directories in {}: {}", workDir, ex.toString());
        }
    }

    private static boolean isStale(final String name)
    {
        if (!name.startsWith(DIR_PREFIX))
        {
            return false;
        }
        final int dash = name.indexOf('-', DIR_PREFIX.length());
        if (dash < 0)
        {
            return false;
        }
        try
        {
            final long pid = Long.parseLong(name.substring(DIR_PREFIX.length(), dash));
            return pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map((p) -> !p.isAlive())
                .orElse(true);
        }
        catch (final NumberFormatException ex)
        {
            return false;
        }
    }

    /**
     * Connects a new Aeron client to this driver; it is closed when the driver closes.
     * <p>
     * An exception thrown by a fragment handler during {@code Subscription.poll} is rethrown to the poller (after the
     * subscriber position moved past the fragment), so it reaches the polling agent's error handler and is counted
     * there, instead of going to the client-wide error handler.
     */
    public synchronized Aeron connect()
    {
        ensureOpen();
        final Aeron aeron = Aeron.connect(new Aeron.Context()
            .aeronDirectoryName(aeronDirectoryName())
            .driverTimeoutMs(LIVENESS_TIMEOUT_MS)
            .idleStrategy(config.clientIdleStrategy())
            .errorHandler(EmbeddedMediaDriver::logClientError)
            .subscriberErrorHandler(RethrowingErrorHandler.INSTANCE));
        clients.add(aeron);
        return aeron;
    }

    /**
     * Connects an archive client over IPC through an Aeron client of this driver; it is closed when the driver
     * closes (before the Aeron client).
     *
     * @param aeron client of this driver, e.g. from {@link #connect()}.
     * @return the connected archive client.
     * @throws IllegalStateException if this driver runs without an archive.
     */
    public synchronized AeronArchive connectArchive(final Aeron aeron)
    {
        ensureOpen();
        if (!hasArchive())
        {
            throw new IllegalStateException("this driver runs without an archive: set DriverConfig.archiveDir");
        }

        final AeronArchive archive = AeronArchive.connect(new AeronArchive.Context()
            .aeron(aeron)
            .ownsAeronClient(false)
            .controlRequestChannel(ARCHIVE_CONTROL_CHANNEL)
            .controlResponseChannel(ARCHIVE_CONTROL_CHANNEL)
            .errorHandler(EmbeddedMediaDriver::logClientError));
        clients.add(archive);
        return archive;
    }

    /**
     * @return the driver directory, {@code <workDir>/aeron-<pid>-<n>}.
     */
    public Path aeronDirectory()
    {
        return aeronDir;
    }

    /**
     * @return the driver directory name clients connect with.
     */
    public String aeronDirectoryName()
    {
        return aeronDir.toString();
    }

    /**
     * @return true if this driver runs an Aeron Archive.
     */
    public boolean hasArchive()
    {
        return null != config.archiveDir();
    }

    /**
     * @return the configuration the driver was launched with.
     */
    public DriverConfig config()
    {
        return config;
    }

    /**
     * Closes connected clients (newest first), then the archive and driver, then deletes the driver directory.
     * Idempotent.
     */
    public synchronized void close()
    {
        if (closed)
        {
            return;
        }

        closed = true;
        try
        {
            for (int i = clients.size() - 1; i >= 0; i--)
            {
                CloseHelper.quietClose(clients.get(i));
            }

            clients.clear();
            CloseHelper.close(driver);
        }
        finally
        {
            IoUtil.delete(aeronDir.toFile(), true);
            LOGGER.info("media driver in {} closed", aeronDir);
        }
    }

    private void ensureOpen()
    {
        if (closed)
        {
            throw new IllegalStateException("media driver in " + aeronDir + " is closed");
        }
    }

    private static MediaDriver.Context driverContext(final DriverConfig config, final Path aeronDir)
    {
        final Supplier<IdleStrategy> idle = config.idleStrategies();
        return new MediaDriver.Context()
            .aeronDirectoryName(aeronDir.toString())
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .warnIfDirectoryExists(false)
            .driverTimeoutMs(LIVENESS_TIMEOUT_MS)
            .clientLivenessTimeoutNs(TimeUnit.MILLISECONDS.toNanos(LIVENESS_TIMEOUT_MS - 20_000))
            .publicationUnblockTimeoutNs(TimeUnit.MILLISECONDS.toNanos(LIVENESS_TIMEOUT_MS - 10_000))
            .threadingMode(config.threadingMode())
            .counterValuesBufferLength(config.countersBufferBytes())
            .publicationTermBufferLength(config.termLengthBytes())
            .ipcTermBufferLength(config.ipcTermLengthBytes())
            .sharedIdleStrategy(idle.get())
            .sharedNetworkIdleStrategy(idle.get())
            .conductorIdleStrategy(idle.get())
            .senderIdleStrategy(idle.get())
            .receiverIdleStrategy(idle.get())
            .asyncExecutorIdleStrategy(idle.get())
            .errorHandler(EmbeddedMediaDriver::logDriverError);
    }

    private static Archive.Context archiveContext(final DriverConfig config)
    {
        return new Archive.Context()
            .archiveDir(config.archiveDir().toAbsolutePath().toFile())
            .deleteArchiveOnStart(false)
            .controlChannelEnabled(false)
            .replicationChannel(ARCHIVE_REPLICATION_CHANNEL)
            .archiveClientContext(new AeronArchive.Context().controlResponseChannel(ARCHIVE_REPLICATION_CHANNEL))
            .recordingEventsEnabled(false)
            .threadingMode(ArchiveThreadingMode.SHARED)
            .segmentFileLength(config.archiveSegmentLengthBytes())
            .idleStrategySupplier(config.idleStrategies());
    }

    private static void logDriverError(final Throwable throwable)
    {
        LOGGER.error("media driver error", throwable);
    }

    private static void logClientError(final Throwable throwable)
    {
        LOGGER.error("aeron client error", throwable);
    }
}
