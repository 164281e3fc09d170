package org.rhcc.nativeio.sys;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * Recognises the errno behind an {@link IOException} thrown by the JDK's file channels and {@link java.nio.file.Files}.
 * <p>
 * The JDK reports a failed {@code read(2)}/{@code write(2)} as a plain {@link IOException} whose message is
 * {@code strerror(errno)}, and a failed {@code open(2)}/{@code mkdir(2)} as {@link NoSuchFileException} (ENOENT),
 * {@link AccessDeniedException} (EACCES) or a {@link FileSystemException} whose reason is {@code strerror(errno)}.
 * These are glibc's strings, the same on every Linux rhcc runs on; the test fixtures throw the very same exceptions so
 * that production code classifies both alike.
 */
public final class Errno
{
    /** {@code strerror(EIO)}: an MSR the CPU does not implement, or a write the CPU rejected (#GP). */
    public static final String EIO = "Input/output error";
    /** {@code strerror(EPERM)}: missing capability, kernel lockdown, {@code msr.allow_writes=off}. */
    public static final String EPERM = "Operation not permitted";
    /** {@code strerror(EACCES)}: file mode forbids the access. */
    public static final String EACCES = "Permission denied";
    /** {@code strerror(EINVAL)}: resctrl refused a command (details in {@code info/last_cmd_status}). */
    public static final String EINVAL = "Invalid argument";
    /** {@code strerror(ENOSPC)}: resctrl ran out of CLOSIDs on {@code mkdir}. */
    public static final String ENOSPC = "No space left on device";
    /** {@code strerror(EBUSY)}. */
    public static final String EBUSY = "Device or resource busy";
    /** {@code strerror(ENODEV)}. */
    public static final String ENODEV = "No such device";
    /** {@code strerror(ENXIO)}: {@code /dev/cpu/N/*} of an offline CPU. */
    public static final String ENXIO = "No such device or address";

    private Errno()
    {
    }

    /**
     * @param ex    an exception from a file operation.
     * @param errno one of the {@code strerror} constants of this class.
     * @return true if the exception carries that errno.
     */
    public static boolean is(final IOException ex, final String errno)
    {
        if (EACCES.equals(errno) && ex instanceof AccessDeniedException)
        {
            return true;
        }
        final String text = ex instanceof FileSystemException ?
            ((FileSystemException)ex).getReason() : ex.getMessage();
        return null != text && text.contains(errno);
    }

    /**
     * @param ex an exception from a file operation.
     * @return true if the file (or a parent directory) does not exist.
     */
    public static boolean isNoSuchFile(final IOException ex)
    {
        return ex instanceof NoSuchFileException;
    }

    /**
     * @param ex an exception from a file operation.
     * @return a short description: the errno text, without the JDK's path prefix.
     */
    public static String describe(final IOException ex)
    {
        if (ex instanceof NoSuchFileException)
        {
            return "No such file or directory";
        }
        if (ex instanceof AccessDeniedException)
        {
            return EACCES;
        }
        if (ex instanceof FileSystemException && null != ((FileSystemException)ex).getReason())
        {
            return ((FileSystemException)ex).getReason();
        }
        return String.valueOf(ex.getMessage());
    }
}
