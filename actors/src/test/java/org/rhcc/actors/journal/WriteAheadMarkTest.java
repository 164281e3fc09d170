package org.rhcc.actors.journal;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class WriteAheadMarkTest
{
    @Test
    void shouldReadBackTheSignalsTakenAndTheCompleteFlagWhileMapped(@TempDir final Path dir) throws Exception
    {
        final Path file = WriteAheadMark.directory(dir, "node").resolve(WriteAheadMark.fileName("receiver", 7L, 1));
        final WriteAheadMark mark = WriteAheadMark.create(file);
        try
        {
            mark.signalTaken();
            mark.signalTaken();
            mark.signalTaken();
            // read while still mapped, as a replay after a kill -9 reads what the page cache holds
            assertEquals(new WriteAheadMark.Reading(3, false), WriteAheadMark.read(file));
            mark.journalComplete();
            assertEquals(new WriteAheadMark.Reading(3, true), WriteAheadMark.read(file));
            assertEquals(3, mark.signals());
        }
        finally
        {
            mark.close();
        }
        assertEquals(dir.resolve("node.marks").resolve("receiver-7-1.mark"), file);
        assertEquals(new WriteAheadMark.Reading(0, false), readFresh(file));
    }

    @Test
    void shouldNotTakeAnotherFileForAMark(@TempDir final Path dir) throws Exception
    {
        final Path file = dir.resolve("other.mark");
        Files.write(file, new byte[WriteAheadMark.LENGTH]);
        assertNull(WriteAheadMark.read(file));
    }

    private static WriteAheadMark.Reading readFresh(final Path file)
    {
        // a new session of the same id starts again from zero
        final WriteAheadMark again = WriteAheadMark.create(file);
        again.close();
        return WriteAheadMark.read(file);
    }
}
