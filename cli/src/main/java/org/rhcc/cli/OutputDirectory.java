package org.rhcc.cli;

import java.io.IOException;
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
     * @return the directory.
     * @throws UserInputException if it cannot be created or written.
     */
    public static Path prepare(final Path directory)
    {
        try
        {
            Files.createDirectories(directory);
        }
        catch (final IOException | SecurityException ex)
        {
            throw new UserInputException("cannot create output directory '" + directory + "' (" + reason(ex) +
                "); choose another --out", ex);
        }
        try
        {
            final Path probe = Files.createTempFile(directory, ".rhcc-write-check", ".tmp");
            Files.delete(probe);
        }
        catch (final IOException | SecurityException ex)
        {
            throw new UserInputException("cannot write to output directory '" + directory + "' (" + reason(ex) +
                "); choose another --out", ex);
        }
        return directory;
    }

    private static String reason(final Exception ex)
    {
        final String simpleName = ex.getClass().getSimpleName();
        return switch (simpleName)
        {
            case "FileAlreadyExistsException" -> "a file of that name exists";
            case "NotDirectoryException" -> "a parent is not a directory";
            case "AccessDeniedException" -> "permission denied";
            case "FileSystemException" -> null == ex.getMessage() ? simpleName : ex.getMessage();
            default -> null == ex.getMessage() ? simpleName : simpleName + ": " + ex.getMessage();
        };
    }
}
