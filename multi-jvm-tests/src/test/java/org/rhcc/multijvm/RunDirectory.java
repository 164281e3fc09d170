package org.rhcc.multijvm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A new directory per test run under {@code target/multi-jvm/}: keys, configurations, work areas and the nodes' logs
 * stay there after the run (unlike a JUnit temporary directory), for reading when a test fails.
 */
final class RunDirectory
{
    /** Where the runs' directories go, relative to the module. */
    static final Path ROOT = Path.of("target", "multi-jvm");

    private RunDirectory()
    {
    }

    /**
     * @param name the test's name, the directory's prefix.
     * @return a new, empty directory, absolute.
     */
    static Path create(final String name)
    {
        try
        {
            Files.createDirectories(ROOT);
            return Files.createTempDirectory(ROOT, name + "-").toAbsolutePath();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create a directory under " + ROOT.toAbsolutePath(), ex);
        }
    }
}
