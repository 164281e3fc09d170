package org.rhcc.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Makes sure results can be written before any simulation starts, so that a bad {@code --out} fails at once with one
 * line instead of after minutes of simulation.
 */
public final class OutputDirectory
{
    private OutputDirectory()
    {
    }

    /**
     * Creates the directory if needed and checks that a file can be created in it.
     *
     * @param directory the {@code --out} directory.
     * @throws UsageException if it cannot be created or written.
     */
    public static Path prepare(final Path directory)
    {
        try
        {
            Files.createDirectories(directory);
        }
        catch (final IOException | SecurityException ex)
        {
            throw new UsageException("cannot create output directory '" + directory + "' (" + reason(ex) +
                "); choose another --out", ex);
        }
        try
        {
            final Path probe = Files.createTempFile(directory, ".rhcc-write-check", ".tmp");
            Files.delete(probe);
        }
        catch (final IOException | SecurityException ex)
        {
            throw new UsageException("cannot write to output directory '" + directory + "' (" + reason(ex) +
                "); choose another --out", ex);
        }
        return directory;
    }

    private static String reason(final Exception ex)
    {
        if (ex instanceof FileAlreadyExistsException)
        {
            return "a file of that name exists";
        }
        if (ex instanceof AccessDeniedException)
        {
            return "permission denied";
        }
        if (ex instanceof FileSystemException && null != ((FileSystemException)ex).getReason())
        {
            final String reason = ((FileSystemException)ex).getReason();
            return Character.toLowerCase(reason.charAt(0)) + reason.substring(1);
        }
        return null == ex.getMessage() ? ex.getClass().getSimpleName() : ex.getMessage();
    }
}
