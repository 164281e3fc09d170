package org.rhcc.actors;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.rhcc.transport.auth.FrameKey;

/**
 * Test fixtures: work areas and frame keys.
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

    /**
     * @param config a node's overrides, with {@code rhcc.work-dir}.
     * @return a new file with a random frame key (mode 0600) in that work area.
     */
    public static Path frameKeyFile(final Map<String, Object> config)
    {
        return FrameKey.random().writeNew(Path.of(String.valueOf(config.get("rhcc.work-dir")), "frame.key"));
    }
}
