package org.rhcc.actors.replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.aeron.Aeron;
import io.aeron.archive.ArchiveMarkFile;
import io.aeron.archive.client.AeronArchive;
import io.aeron.logbuffer.FragmentHandler;
import org.agrona.CloseHelper;
import org.rhcc.actors.journal.WriteAheadMark;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.aeron.StreamIds;
import org.rhcc.transport.archive.RecordingReplayer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The recorded signal streams of a run: opens each node's archive (a directory under the archive root named as in the
 * journal, or the root itself when it is an archive) with an embedded driver in a scratch directory, and replays a
 * recording's frames into a handler. Control path.
 */
public final class RecordedSignals implements AutoCloseable
{
    private static final long REPLAY_TIMEOUT_NS = 600_000_000_000L;
    private static final Logger LOGGER = LoggerFactory.getLogger(RecordedSignals.class);

    private final List<Path> roots;
    private final Path scratch;
    private final Map<Path, Open> open = new HashMap<>();

    private record Open(EmbeddedMediaDriver driver, RecordingReplayer replayer)
    {
    }

    /**
     * @param roots   archive roots (or archive directories) to look in.
     * @param scratch directory for the replay drivers' files (deleted on close).
     */
    public RecordedSignals(final List<Path> roots, final Path scratch)
    {
        this.roots = List.copyOf(roots);
        this.scratch = scratch;
    }

    /**
     * Replays one recording.
     *
     * @param archiveName the node's archive name, as journaled.
     * @param recordingId the recording.
     * @param handler     receives every recorded frame in order.
     * @return frames delivered.
     * @throws IllegalArgumentException if no given directory holds the archive.
     */
    public long replay(final String archiveName, final long recordingId, final FragmentHandler handler)
    {
        return open(find(archiveName)).replayer().replay(recordingId, handler, REPLAY_TIMEOUT_NS);
    }

    /**
     * Reads a session's write-ahead mark, kept next to the node's archive.
     *
     * @param archiveName the node's archive name, as journaled.
     * @param fileName    the mark's file name ({@link WriteAheadMark#fileName}).
     * @return the mark, or null if the node kept none for the session (a run before marks were written).
     */
    public WriteAheadMark.Reading mark(final String archiveName, final String fileName)
    {
        final Path archiveDir = find(archiveName);
        final Path root = null == archiveDir.getParent() ? archiveDir : archiveDir.getParent();
        final Path file = WriteAheadMark.directory(root, archiveName).resolve(fileName);
        return Files.isRegularFile(file) ? WriteAheadMark.read(file) : null;
    }

    /**
     * Opens the named archive now (starting its replay driver), so that a timed replay measures the replay alone.
     *
     * @param archiveName the node's archive name, as journaled.
     */
    public void prepare(final String archiveName)
    {
        open(find(archiveName));
    }

    private Path find(final String archiveName)
    {
        for (final Path root : roots)
        {
            final Path named = root.resolve(archiveName);
            if (Files.isRegularFile(named.resolve("archive.catalog")))
            {
                return named;
            }
        }
        for (final Path root : roots)
        {
            if (Files.isRegularFile(root.resolve("archive.catalog")) &&
                root.getFileName().toString().equals(archiveName))
            {
                return root;
            }
        }
        throw new IllegalArgumentException("no archive named '" + archiveName + "' under " + roots +
            ": give the run's archive directory with --recording (e.g. <work>/archive)");
    }

    private Open open(final Path archiveDir)
    {
        return open.computeIfAbsent(archiveDir, (dir) ->
        {
            try
            {
                Files.createDirectories(scratch);
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
            final EmbeddedMediaDriver driver = launch(dir);
            final Aeron aeron = driver.connect();
            final AeronArchive archive = driver.connectArchive(aeron);
            return new Open(driver, new RecordingReplayer(archive, "aeron:ipc", StreamIds.REPLAY));
        });
    }

    /**
     * Opens an archive with a replay driver. An archive in use (its node runs, or was killed less than Aeron's timeout
     * ago, about 10 s, so that its mark file still looks live) is replayed from a copy in the scratch directory,
     * without its mark file: the sessions it finished are complete there, and one still open is replayed as far as it
     * was recorded.
     */
    private EmbeddedMediaDriver launch(final Path archiveDir)
    {
        try
        {
            return EmbeddedMediaDriver.launch(new DriverConfig().workDir(scratch).archiveDir(archiveDir));
        }
        catch (final IllegalStateException ex)
        {
            if (null == ex.getMessage() || !ex.getMessage().contains("active mark file"))
            {
                throw ex;
            }
        }
        final Path copy = scratch.resolve("in-use-" + archiveDir.getFileName() + "-" + System.nanoTime());
        LOGGER.info("{} is in use by a running node: replaying a copy of it ({})", archiveDir, copy);
        copyWithoutMarkFile(archiveDir, copy);
        return EmbeddedMediaDriver.launch(new DriverConfig().workDir(scratch).archiveDir(copy));
    }

    private static void copyWithoutMarkFile(final Path from, final Path to)
    {
        try (java.util.stream.Stream<Path> files = Files.walk(from))
        {
            for (final Path file : files.toList())
            {
                final Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file))
                {
                    Files.createDirectories(target);
                }
                else if (!ArchiveMarkFile.FILENAME.equals(file.getFileName().toString()))
                {
                    Files.copy(file, target);
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot copy the archive " + from + " in use to " + to + ": " +
                ex.getMessage(), ex);
        }
    }

    /**
     * Closes the replay drivers.
     */
    public void close()
    {
        open.values().forEach((o) -> CloseHelper.quietClose(o.driver()));
        open.clear();
    }
}
