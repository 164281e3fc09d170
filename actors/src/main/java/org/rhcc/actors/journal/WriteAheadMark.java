package org.rhcc.actors.journal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The write-ahead mark of a controller session (docs/design.md §7, "Durability"): a 64-byte memory-mapped file in
 * which the session's agent counts the recorded input signals it has taken, <em>before</em> its controller decides and
 * actuates on each of them, and in which its actor sets a flag once the journal holds every decision of a finished
 * session. A store into a shared file mapping is in the operating system's page cache as soon as it is made, so a
 * kill -9 of the JVM loses nothing written here (a power loss can; the file is not synced).
 * <p>
 * With the signal recording (which holds the input in order) the mark is the write-ahead record of every actuated
 * decision: the decisions of the first {@link #signals()} recorded signals include every decision the agent actuated,
 * and {@code rhcc replay} rebuilds those the journal had not yet stored when the node died.
 * <p>
 * Layout: magic (long), signals taken (long, ordered store), journal complete (long, 0 or 1).
 * <p>
 * <b>Note:</b> {@link #signalTaken()} is called on the agent's thread only; allocation-free.
 */
public final class WriteAheadMark implements AutoCloseable
{
    /** Size of a mark file, bytes. */
    public static final int LENGTH = 64;
    /** File name suffix of a mark. */
    public static final String SUFFIX = ".mark";

    private static final long MAGIC = 0x7268_6363_6d61_726bL;
    private static final int MAGIC_OFFSET = 0;
    private static final int SIGNALS_OFFSET = 8;
    private static final int COMPLETE_OFFSET = 16;

    private final MappedByteBuffer mapped;
    private final UnsafeBuffer buffer;
    private long signals;

    private WriteAheadMark(final MappedByteBuffer mapped, final UnsafeBuffer buffer)
    {
        this.mapped = mapped;
        this.buffer = buffer;
        this.signals = buffer.getLongVolatile(SIGNALS_OFFSET);
    }

    /**
     * Creates (or truncates) a session's mark file.
     *
     * @param file the mark's file; its directory is created if missing.
     * @return the mark, at zero signals, journal not complete.
     * @throws UncheckedIOException if the file cannot be created.
     */
    public static WriteAheadMark create(final Path file)
    {
        try
        {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.deleteIfExists(file);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create the write-ahead mark " + file, ex);
        }
        final MappedByteBuffer mapped = IoUtil.mapNewFile(file.toFile(), LENGTH);
        final UnsafeBuffer buffer = new UnsafeBuffer(mapped);
        buffer.putLongVolatile(MAGIC_OFFSET, MAGIC);
        return new WriteAheadMark(mapped, buffer);
    }

    /**
     * A mark kept in memory only, for a session whose input is not recorded (nothing could rebuild its decisions).
     */
    public static WriteAheadMark inMemory()
    {
        return new WriteAheadMark(null, new UnsafeBuffer(new byte[LENGTH]));
    }

    /**
     * Reads a mark file written by a node.
     *
     * @param file the mark's file.
     * @return signals taken and whether the journal was complete, or null if the file is not a mark.
     */
    public static Reading read(final Path file)
    {
        try
        {
            final byte[] bytes = Files.readAllBytes(file);
            if (bytes.length < LENGTH)
            {
                return null;
            }
            final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
            return MAGIC == buffer.getLong(MAGIC_OFFSET) ?
                new Reading(buffer.getLong(SIGNALS_OFFSET), 1 == buffer.getLong(COMPLETE_OFFSET)) : null;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read the write-ahead mark " + file, ex);
        }
    }

    /**
     * @param role         {@code receiver} or {@code sender}.
     * @param sessionId    the session.
     * @param controllerId the controller's id.
     * @return the mark's file name.
     */
    public static String fileName(final String role, final long sessionId, final int controllerId)
    {
        return role + "-" + sessionId + "-" + controllerId + SUFFIX;
    }

    /**
     * @param archiveRoot the archive root the node records under.
     * @param archiveName the node's archive name.
     * @return the directory of the node's marks, next to its archive: {@code <archive root>/<archive name>.marks}.
     */
    public static Path directory(final Path archiveRoot, final String archiveName)
    {
        return archiveRoot.resolve(archiveName + ".marks");
    }

    /**
     * Counts one more input signal taken, before the controller decides on it (agent thread).
     */
    public void signalTaken()
    {
        buffer.putLongOrdered(SIGNALS_OFFSET, ++signals);
    }

    /**
     * @return input signals taken so far.
     */
    public long signals()
    {
        return buffer.getLongVolatile(SIGNALS_OFFSET);
    }

    /**
     * Records that the journal holds every decision of the session (after the session finished and its journal was
     * synced): a replay then requires the journal to equal the recording's decisions exactly.
     */
    public void journalComplete()
    {
        buffer.putLongVolatile(COMPLETE_OFFSET, 1);
    }

    /**
     * Unmaps the file (it stays on disk for replay).
     */
    public void close()
    {
        if (null != mapped)
        {
            IoUtil.unmap(mapped);
        }
    }

    /**
     * A mark as read back.
     *
     * @param signals          input signals the agent had taken.
     * @param journalComplete  true if the session finished with every decision journaled.
     */
    public record Reading(long signals, boolean journalComplete)
    {
    }
}
