package org.rhcc.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.counters.CounterKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The operator's commands answer in one line when given what they cannot use: {@code rhcc counters} lists a running
 * driver's counters, rhcc's among them, and names what is missing otherwise; {@code rhcc replay} refuses an H2 path
 * that is no journal without creating one.
 */
class OperatorCommandsTest
{
    @TempDir
    Path dir;

    @Test
    void shouldListTheCountersOfARunningNode()
    {
        try (EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(dir)))
        {
            CounterAllocator.published(driver.connect()).allocate(4151, CounterKey.node(0, "receiver"),
                "rhcc receiver sessions opened (count)").setOrdered(3);
            final CommandResult byWorkDir = CommandResult.run("counters", "--work-dir", dir.toString());
            assertEquals(RhccCommand.EXIT_OK, byWorkDir.exitCode(), byWorkDir.err());
            assertTrue(byWorkDir.out().lines().anyMatch(l -> l.endsWith("3 - rhcc receiver sessions opened (count)")),
                byWorkDir.out());
            final CommandResult byAeronDir = CommandResult.run("counters", "--aeron-dir",
                driver.aeronDirectoryName());
            assertEquals(RhccCommand.EXIT_OK, byAeronDir.exitCode(), byAeronDir.err());
            assertTrue(byAeronDir.out().contains("rhcc receiver sessions opened"), byAeronDir.out());
        }
        final CommandResult none = CommandResult.run("counters", "--work-dir", dir.toString());
        assertEquals(RhccCommand.EXIT_USAGE, none.exitCode());
        assertTrue(none.err().startsWith("rhcc counters: no driver directory (aeron-<pid>-<n> with cnc.dat) in "),
            none.err());
        assertEquals(1, none.err().strip().lines().count(), none.err());
    }

    @Test
    void shouldRefuseAnEmptyJournalFileInOneLineWithoutCreatingOne() throws IOException
    {
        final Path empty = Files.createFile(dir.resolve("journal.mv.db"));
        Files.createDirectories(dir.resolve("archive"));
        final CommandResult result = CommandResult.run("replay", "--journal", empty.toString(), "--recording",
            dir.resolve("archive").toString());
        assertEquals(RhccCommand.EXIT_USAGE, result.exitCode(), result.err());
        assertEquals(1, result.err().strip().lines().count(), result.err());
        assertTrue(result.err().contains("is empty: not an rhcc journal"), result.err());

        final CommandResult missing = CommandResult.run("replay", "--journal", dir.resolve("journal").toString() + "x",
            "--recording", dir.resolve("archive").toString());
        assertEquals(RhccCommand.EXIT_USAGE, missing.exitCode(), missing.err());
        assertFalse(Files.exists(dir.resolve("journalx.mv.db")), "no journal created");
    }
}
