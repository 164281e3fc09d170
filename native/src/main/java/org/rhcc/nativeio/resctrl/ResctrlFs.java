package org.rhcc.nativeio.resctrl;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/**
 * File operations on a resctrl tree, paths relative to its root ({@code "info/MB/min_bandwidth"},
 * {@code "rhcc-local/schemata"}). Errors are the JDK's exceptions for the kernel's errno: a refused command is an
 * {@link IOException} with message {@code "Invalid argument"} (EINVAL), running out of CLOSIDs on {@link #mkdir} is a
 * {@link java.nio.file.FileSystemException} with reason {@code "No space left on device"} (ENOSPC).
 */
public interface ResctrlFs
{
    /**
     * A control file kept open for repeated commands. resctrl control files are command channels: each
     * {@code write(2)} is parsed as one command and the file offset is ignored.
     */
    interface ControlFile extends AutoCloseable
    {
        /**
         * Issues one command as a single {@code write(2)}.
         *
         * @param command the bytes from position to limit; consumed.
         * @throws IOException the kernel's refusal (EINVAL: see {@code info/last_cmd_status}).
         */
        void write(ByteBuffer command) throws IOException;

        @Override
        void close();
    }

    /**
     * @return the root of the tree, e.g. {@code /sys/fs/resctrl}.
     */
    Path root();

    /**
     * @param relPath path relative to the root.
     * @return true if the file or directory exists.
     */
    boolean exists(String relPath);

    /**
     * @param relPath path relative to the root.
     * @throws IOException if it cannot be read.
     */
    String read(String relPath) throws IOException;

    /**
     * Issues one command: open, one {@code write(2)}, close (like {@code echo "..." > file}).
     *
     * @param relPath path relative to the root.
     * @param content the command, including its trailing newline.
     * @throws IOException the kernel's refusal.
     */
    void write(String relPath, String content) throws IOException;

    /**
     * @param relPath path relative to the root.
     * @return the file, open for repeated commands.
     * @throws IOException if it cannot be opened.
     */
    ControlFile openControl(String relPath) throws IOException;

    /**
     * Creates a control group.
     *
     * @param relPath group name.
     * @throws IOException ENOSPC when out of CLOSIDs, {@link java.nio.file.FileAlreadyExistsException} if it exists.
     */
    void mkdir(String relPath) throws IOException;

    /**
     * Removes a control group; its CPUs and tasks return to the default group.
     *
     * @param relPath group name.
     * @throws IOException if the kernel refuses.
     */
    void rmdir(String relPath) throws IOException;

    /**
     * @param relPath a directory relative to the root ({@code ""} for the root).
     * @return the names of its entries, sorted.
     * @throws IOException if it cannot be listed.
     */
    List<String> list(String relPath) throws IOException;
}
