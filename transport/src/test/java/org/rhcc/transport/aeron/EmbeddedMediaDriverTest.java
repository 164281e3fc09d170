package org.rhcc.transport.aeron;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.driver.ThreadingMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EmbeddedMediaDriverTest
{
    @TempDir
    Path workDir;

    @Test
    void shouldCreateDriverDirectoryUnderWorkDirAndDeleteItOnClose() throws IOException
    {
        final Path aeronDir;
        try (EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir)))
        {
            aeronDir = driver.aeronDirectory();
            assertEquals(workDir.toAbsolutePath(), aeronDir.getParent());
            assertTrue(aeronDir.getFileName().toString().matches("aeron-" + ProcessHandle.current().pid() + "-\\d+"),
                aeronDir.toString());
            assertTrue(Files.exists(aeronDir.resolve("cnc.dat")));

            final Aeron aeron = driver.connect();
            final Publication publication = aeron.addPublication(Channels.ipc(), 77);
            assertEquals(DriverConfig.TERM_LENGTH_DEFAULT, publication.termBufferLength());
        }

        assertFalse(Files.exists(aeronDir), "driver directory deleted on close");
        assertEquals(0, countEntries(workDir));
    }

    @Test
    void shouldReclaimTheDirectoriesOfDeadProcessesAtLaunch() throws IOException
    {
        // a pid no process has: the kernel's pid_max is at most 2^22
        final Path dead = Files.createDirectories(workDir.resolve("aeron-" + (1L << 23) + "-0"));
        Files.writeString(dead.resolve("cnc.dat"), "left by a node killed with SIGKILL");
        final Path live = Files.createDirectories(workDir.resolve("aeron-" + ProcessHandle.current().pid() + "-99"));
        final Path other = Files.createDirectories(workDir.resolve("archive"));
        try (EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir)))
        {
            assertTrue(Files.exists(driver.aeronDirectory()));
            assertFalse(Files.exists(dead), "a dead process's driver directory is reclaimed");
            assertTrue(Files.exists(live), "this process's own directories stay");
            assertTrue(Files.exists(other), "other directories stay");
        }
    }

    @Test
    void shouldRunTwoDriversSideBySideInOneWorkDir()
    {
        try (EmbeddedMediaDriver first = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir));
            EmbeddedMediaDriver second = EmbeddedMediaDriver.launch(
                new DriverConfig().workDir(workDir).threadingMode(ThreadingMode.DEDICATED).idleStrategy("sleep-1ms")))
        {
            assertFalse(first.aeronDirectory().equals(second.aeronDirectory()));
            assertTrue(Files.exists(first.aeronDirectory()));
            assertTrue(Files.exists(second.aeronDirectory()));
        }
    }

    @Test
    void shouldDeleteDriverDirectoryWhenLaunchFails() throws IOException
    {
        final Path notADirectory = Files.writeString(workDir.resolve("archive-is-a-file"), "x");
        final DriverConfig config = new DriverConfig().workDir(workDir).archiveDir(notADirectory);

        final RuntimeException ex = assertThrows(RuntimeException.class, () -> EmbeddedMediaDriver.launch(config));
        assertTrue(String.valueOf(ex.getMessage()).contains("archive-is-a-file"), "archive failed after driver: " + ex);

        try (Stream<Path> entries = Files.list(workDir))
        {
            assertTrue(entries.noneMatch((p) -> p.getFileName().toString().startsWith("aeron-")),
                "no driver directory left behind");
        }
    }

    @Test
    void shouldRejectInvalidConfigurationBeforeCreatingFiles() throws IOException
    {
        final IllegalArgumentException noWorkDir = assertThrows(
            IllegalArgumentException.class, () -> EmbeddedMediaDriver.launch(new DriverConfig()));
        assertTrue(noWorkDir.getMessage().contains("workDir"));

        final IllegalArgumentException badTerm = assertThrows(IllegalArgumentException.class,
            () -> EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir).termLengthBytes(3_000_000)));
        assertTrue(badTerm.getMessage().contains("termLengthBytes must be a power of two"), badTerm.getMessage());

        assertThrows(IllegalArgumentException.class,
            () -> EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir).idleStrategy("fast")));
        assertThrows(IllegalArgumentException.class,
            () -> EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir).threadingMode(ThreadingMode.INVOKER)));
        assertEquals(0, countEntries(workDir));
    }

    @Test
    void shouldRefuseClientsAfterClose()
    {
        final EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir));
        driver.close();
        driver.close();
        assertThrows(IllegalStateException.class, driver::connect);
    }

    private static long countEntries(final Path dir) throws IOException
    {
        try (Stream<Path> entries = Files.list(dir))
        {
            return entries.count();
        }
    }
}
