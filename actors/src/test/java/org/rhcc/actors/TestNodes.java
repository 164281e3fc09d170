package org.rhcc.actors;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test fixtures: work areas.
 */
public final class TestNodes
{
    private TestNodes()
    {
    }

    /**
     * @param name of the work area.
     * @return a fresh directory under target/.
     */
    public static Path workDir(final String name)
    {
        try
        {
            final Path dir = Path.of("target", "test-work", name + "-" + System.nanoTime()).toAbsolutePath();
            Files.createDirectories(dir);
            return dir;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
