package org.rhcc.nativeio.sys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads small pseudo files ({@code /proc}, {@code /sys}, resctrl info files). Control plane only.
 */
public final class SysFiles
{
    private SysFiles()
    {
    }

    /**
     * @param path of the file.
     * @return its content with surrounding whitespace removed, or null if it does not exist or cannot be read.
     */
    public static String readTrimmedOrNull(final Path path)
    {
        try
        {
            return new String(Files.readAllBytes(path), StandardCharsets.US_ASCII).trim();
        }
        catch (final IOException | SecurityException ex)
        {
            return null;
        }
    }

    /**
     * @param path of the file.
     * @return its content with surrounding whitespace removed.
     * @throws IOException if it cannot be read.
     */
    public static String readTrimmed(final Path path) throws IOException
    {
        return new String(Files.readAllBytes(path), StandardCharsets.US_ASCII).trim();
    }

    /**
     * @param path of a file holding one decimal integer.
     * @throws IOException if the file cannot be read or does not hold an integer.
     */
    public static long readLong(final Path path) throws IOException
    {
        final String text = readTrimmed(path);
        try
        {
            return Long.parseLong(text);
        }
        catch (final NumberFormatException ex)
        {
            throw new IOException(path + " should hold an integer but holds '" + text + "'", ex);
        }
    }
}
