package org.rhcc.nativeio.failsafe;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.nativeio.fixture.FakeSysfs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HeartbeatTest
{
    @TempDir
    Path dir;

    @Test
    void shouldRoundTripAndRejectForeignContent()
    {
        final Heartbeat beat = new Heartbeat(12, 345, 6);
        assertEquals("rhcc-heartbeat pid=12 start=345 seq=6\n", beat.format());
        assertEquals(beat, Heartbeat.parse(beat.format()));
        assertNull(Heartbeat.parse("rhcc-heartbeat pid=12"));
        assertNull(Heartbeat.parse("hello"));
        assertNull(Heartbeat.parse("rhcc-heartbeat pid=x start=1 seq=2"));
    }

    @Test
    void shouldKnowThisProcessIsAlive()
    {
        final long pid = ProcessHandle.current().pid();
        final long start = ProcessLiveness.startTime(Path.of("/proc"), pid);
        assertTrue(start > 0);
        assertTrue(ProcessLiveness.isAlive(Path.of("/proc"), pid, start));
        assertFalse(ProcessLiveness.isAlive(Path.of("/proc"), pid, start + 1), "a reused pid is another process");
    }

    @Test
    void shouldParseStatWithAwkwardCommandNames() throws IOException
    {
        final FakeSysfs proc = new FakeSysfs(dir).process(77, "a) b (c", 'R', 4242).process(78, "z", 'Z', 1);
        assertEquals(4242, ProcessLiveness.startTime(dir, 77));
        assertEquals(-1, ProcessLiveness.startTime(dir, 78), "zombie");
        assertEquals(-1, ProcessLiveness.startTime(dir, 79), "absent");
        assertTrue(proc.root().equals(dir));
    }

    @Test
    void shouldBeatAtomicallyAndRemoveTheFileOnClose() throws Exception
    {
        final Path file = dir.resolve("hb");
        try (HeartbeatWriter writer = new HeartbeatWriter(file, Path.of("/proc")).start(10))
        {
            final Heartbeat first = Heartbeat.parse(Files.readString(file));
            assertEquals(ProcessHandle.current().pid(), first.pid());
            final long deadline = System.nanoTime() + 5_000_000_000L;
            while (writer.sequence() < 3 && System.nanoTime() < deadline)
            {
                Thread.sleep(5);
            }
            assertTrue(writer.sequence() >= 3);
            assertTrue(Heartbeat.parse(Files.readString(file)).sequence() >= 2);
        }
        assertFalse(Files.exists(file));
    }
}
