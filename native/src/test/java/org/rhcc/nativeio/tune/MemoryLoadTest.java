package org.rhcc.nativeio.tune;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemoryLoadTest
{
    private static final Path PROC = Path.of("/proc");

    @Test
    void shouldPlaceEachThreadByItsLinuxIdThenLoadUntilStopped() throws InterruptedException
    {
        final List<Long> placed = new CopyOnWriteArrayList<>();
        final MemoryLoad load = new MemoryLoad(2, 1 << 20, PROC, placed::add);

        load.start(System.nanoTime() + 60_000_000_000L);
        final long passesAtStart = load.passes();
        Thread.sleep(50);
        assertTrue(load.isRunning());
        load.stop();

        assertEquals(2, placed.size());
        assertEquals(2, placed.stream().distinct().count(), "two threads, two ids: " + placed);
        assertTrue(load.passes() > passesAtStart, "the threads streamed over their buffers");
        assertFalse(load.isRunning());
    }

    @Test
    void shouldStopByItselfAtTheDeadline() throws InterruptedException
    {
        final MemoryLoad load = new MemoryLoad(1, 4096, PROC, (tid) ->
        {
        });

        load.start(System.nanoTime() + 20_000_000L);
        final long waitUntil = System.nanoTime() + 5_000_000_000L;
        while (load.isRunning() && System.nanoTime() < waitUntil)
        {
            Thread.sleep(5);
        }

        assertFalse(load.isRunning(), "bounded in time even if nobody stops it");
        load.stop();
    }

    @Test
    void shouldFailToStartAndLeaveNoThreadWhenAThreadCannotBePlaced()
    {
        final MemoryLoad load = new MemoryLoad(3, 4096, PROC, (tid) ->
        {
            throw new IllegalStateException("write to rhcc-tune/tasks refused: Invalid argument");
        });

        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> load.start(System.nanoTime() + 60_000_000_000L));

        assertEquals("cannot place the memory load's threads: write to rhcc-tune/tasks refused: Invalid argument",
            ex.getMessage());
        assertFalse(load.isRunning());
    }
}
