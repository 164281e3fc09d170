package org.rhcc.nativeio.tune;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

/**
 * The memory load of {@code rhcc tune --native} (docs/design.md §4.2): one thread per CPU of the NIC's socket, each
 * streaming over its own buffer (the buffers together far larger than the LLC) with one read-modify-write per 64-byte
 * line, so the memory controller sees reads and write-backs 1:1, as the paper's 3x MLC load (all cores, 1:1
 * read/write). Each thread hands its Linux thread id to a placement (the resctrl group whose MBA level the probe
 * sets) before it loads anything, and stops at {@link #stop()} or at the run's deadline, whichever comes first: a
 * load is bounded in time even if whoever started it never stops it.
 * <p>
 * The threads are not pinned (the JDK has no affinity call): the operator runs {@code rhcc tune --native} under
 * {@code numactl --cpunodebind=N --membind=N} for the NIC's node N, which puts the threads and their buffers on the
 * NIC's socket; {@code NativeTuneHost} checks it.
 * <p>
 * <b>Note:</b> {@link #start} and {@link #stop()} are for one controlling thread.
 */
public final class MemoryLoad implements AutoCloseable
{
    /** Longs per 64-byte cache line: the stride of the load. */
    private static final int LONGS_PER_LINE = 8;
    /** How long {@link #start} waits for the threads to be placed, ms. */
    private static final long PLACEMENT_TIMEOUT_MS = 10_000;
    /** How long {@link #stop()} waits for each thread, ms (a pass over a buffer takes a few ms). */
    private static final long JOIN_TIMEOUT_MS = 5_000;

    private final int threads;
    private final int longsPerThread;
    private final Path procRoot;
    private final LongConsumer placement;
    private final long[][] buffers;
    private final AtomicLong passes = new AtomicLong();
    private final List<Thread> running = new ArrayList<>();
    private volatile boolean stopRequested;

    /**
     * @param threads        loading threads, one per CPU of the NIC's socket, 1..4096.
     * @param bytesPerThread each thread's buffer, bytes (at least 64, at most 16 GiB).
     * @param procRoot       {@code /proc}, whose {@code thread-self} link gives each thread its Linux thread id.
     * @param placement      receives each loading thread's id, on that thread, before it loads (e.g. writes it to a
     *                       resctrl group's {@code tasks}); a {@link RuntimeException} stops that thread and fails
     *                       {@link #start}.
     */
    public MemoryLoad(final int threads, final long bytesPerThread, final Path procRoot, final LongConsumer placement)
    {
        if (threads < 1 || threads > 4096)
        {
            throw new IllegalArgumentException("memory load threads = " + threads + " must be in 1..4096");
        }
        if (bytesPerThread < 64 || bytesPerThread / Long.BYTES > Integer.MAX_VALUE - LONGS_PER_LINE)
        {
            throw new IllegalArgumentException("memory load buffer of " + bytesPerThread + " bytes per thread must " +
                "be at least 64 bytes and at most 16 GiB");
        }
        this.threads = threads;
        this.longsPerThread = (int)(bytesPerThread / Long.BYTES);
        this.procRoot = procRoot;
        this.placement = placement;
        this.buffers = new long[threads][];
    }

    /**
     * Starts the threads and returns once each has been placed and is loading.
     *
     * @param deadlineNs {@link System#nanoTime()} after which the threads stop by themselves.
     * @throws IllegalStateException if the load is already running, a thread could not be placed (the placement's
     *                               message), or the threads did not start in time; no thread is left running.
     */
    public void start(final long deadlineNs)
    {
        if (!running.isEmpty())
        {
            throw new IllegalStateException("the memory load is already running");
        }
        stopRequested = false;
        final CountDownLatch placed = new CountDownLatch(threads);
        final AtomicReference<RuntimeException> failure = new AtomicReference<>();
        for (int i = 0; i < threads; i++)
        {
            final int index = i;
            final Thread thread = new Thread(() -> run(index, deadlineNs, placed, failure), "rhcc-tune-load-" + i);
            thread.setDaemon(true);
            running.add(thread);
            thread.start();
        }
        boolean allPlaced;
        try
        {
            allPlaced = placed.await(PLACEMENT_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            allPlaced = false;
        }
        if (null != failure.get() || !allPlaced)
        {
            stop();
            throw new IllegalStateException(null != failure.get() ? "cannot place the memory load's threads: " +
                failure.get().getMessage() : "the memory load's " + threads + " threads did not start within " +
                PLACEMENT_TIMEOUT_MS + " ms", failure.get());
        }
    }

    private void run(final int index, final long deadlineNs, final CountDownLatch placed,
        final AtomicReference<RuntimeException> failure)
    {
        try
        {
            placement.accept(threadId(procRoot));
            if (null == buffers[index])
            {
                buffers[index] = new long[longsPerThread];
            }
        }
        catch (final RuntimeException | OutOfMemoryError ex)
        {
            failure.compareAndSet(null, ex instanceof RuntimeException ? (RuntimeException)ex :
                new IllegalStateException("out of heap for a " + (longsPerThread * (long)Long.BYTES >> 20) +
                " MiB buffer per thread: raise the heap (RHCC_JAVA_OPTS=-Xmx...)", ex));
            placed.countDown();
            return;
        }
        placed.countDown();
        final long[] buffer = buffers[index];
        while (!stopRequested && System.nanoTime() - deadlineNs < 0)
        {
            for (int i = 0; i < buffer.length; i += LONGS_PER_LINE)
            {
                buffer[i]++;
            }
            passes.incrementAndGet();
        }
    }

    /**
     * Stops the threads and waits for them.
     *
     * @throws IllegalStateException if a thread did not stop in time (it still stops at its deadline).
     */
    public void stop()
    {
        stopRequested = true;
        final List<String> stuck = new ArrayList<>();
        for (final Thread thread : running)
        {
            try
            {
                thread.join(JOIN_TIMEOUT_MS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            if (thread.isAlive())
            {
                stuck.add(thread.getName());
            }
        }
        running.clear();
        if (!stuck.isEmpty())
        {
            throw new IllegalStateException("memory load threads " + stuck + " did not stop within " +
                JOIN_TIMEOUT_MS + " ms (they stop at the measurement's deadline)");
        }
    }

    /**
     * Asks the threads to stop without waiting: for a shutdown hook.
     */
    public void requestStop()
    {
        stopRequested = true;
    }

    /**
     * @return true while threads started by {@link #start} have not been stopped.
     */
    public boolean isRunning()
    {
        for (final Thread thread : running)
        {
            if (thread.isAlive())
            {
                return true;
            }
        }
        return false;
    }

    /**
     * @return passes over a buffer completed so far, by all threads.
     */
    public long passes()
    {
        return passes.get();
    }

    public int threads()
    {
        return threads;
    }

    /**
     * @return each thread's buffer, bytes.
     */
    public long bytesPerThread()
    {
        return longsPerThread * (long)Long.BYTES;
    }

    /**
     * Stops the load.
     */
    @Override
    public void close()
    {
        stop();
    }

    /**
     * @param procRoot {@code /proc}.
     * @return the calling thread's Linux thread id, from {@code /proc/thread-self} ({@code PID/task/TID}).
     * @throws IllegalStateException if the link cannot be read (not Linux, or {@code /proc} not mounted).
     */
    static long threadId(final Path procRoot)
    {
        final Path link = procRoot.resolve("thread-self");
        try
        {
            final Path target = Files.readSymbolicLink(link);
            return Long.parseLong(target.getFileName().toString());
        }
        catch (final IOException | NumberFormatException | UnsupportedOperationException ex)
        {
            throw new IllegalStateException("cannot read this thread's id from " + link + " (" + ex + "): the " +
                "memory load needs Linux's /proc (3.17 or later) to put its threads in the MBA group", ex);
        }
    }
}
