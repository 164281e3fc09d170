package org.rhcc.bench.actors;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.aeron.Publication;
import io.aeron.Subscription;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.IdleStrategy;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.OfferResult;

/**
 * The bench thread's side of a latency measurement: it plays the platform, sending signals at a fixed rate and
 * reading the controller's answers from an Aeron command stream in between. Every signal carries its intended send
 * time and an answer's latency is taken from the intended time of the signal that caused it, so a stalled sender or
 * a backlog is measured, not hidden (no coordinated omission).
 * <p>
 * A run has two phases at the same rate: a warm-up (the JIT compiles the agents' and the bench's loops), then, once
 * every warm-up answer has arrived, the measured phase on a fresh schedule. During the measured phase the run
 * records what each thread of the JVM did ({@link ThreadTimes}) and the bytes the bench thread and the agents'
 * threads allocated.
 */
final class PacedLoad
{
    private static final int POLL_LIMIT = 64;
    private static final long QUIET_NS = 200_000_000L;

    private PacedLoad()
    {
    }

    /**
     * Sends signal {@code i} with its intended send time as its stamp.
     */
    @FunctionalInterface
    interface Signal
    {
        /**
         * @param i             index of the signal in the run.
         * @param intendedNs    intended send time, ns of {@link System#nanoTime()}.
         * @return a positive stream position if sent, else a negative {@link Publication} code (retried while
         * back-pressured).
         */
        long send(int i, long intendedNs);
    }

    /**
     * A measured path: its latencies and what the JVM's threads did meanwhile.
     *
     * @param histogram latency of each answer to a measured signal, ns.
     * @param notes     printable lines: allocation, threads.
     */
    record Result(Histogram histogram, List<String> notes)
    {
    }

    /**
     * Records the latency of each answer from its stamp (the intended send time of the signal that caused it). The
     * warm-up's answers go to a histogram of their own through the same code, so that the measured phase runs the
     * code the JIT compiled during the warm-up (a branch first taken at the switch would deoptimize it). The switch
     * happens between the phases, once every warm-up answer has arrived.
     */
    static final class Receiver
    {
        final Histogram histogram = new Histogram(10_000_000_000L, 3);
        private Histogram current = new Histogram(10_000_000_000L, 3);

        void onStamp(final long stampNs)
        {
            current.recordValue(Math.max(0, System.nanoTime() - stampNs));
        }

        void startMeasuring()
        {
            current = histogram;
        }
    }

    /**
     * Runs the warm-up and the measured phase.
     *
     * @param ratePerSecond signals per second.
     * @param warmup        signals of the warm-up.
     * @param measured      signals measured.
     * @param answers       the command stream the answers arrive on.
     * @param adapter       decodes the answers into {@code receiver}.
     * @param receiver      records the answers' latencies.
     * @param signal        sends one signal.
     * @param wait          how the bench thread waits for the next send time.
     * @param agentThreads  the agents' threads, for their allocation (may be empty).
     * @return the latencies and notes.
     */
    static Result run(final long ratePerSecond, final int warmup, final int measured, final Subscription answers,
        final MessageAdapter adapter, final Receiver receiver, final Signal signal, final IdleStrategy wait,
        final Thread... agentThreads)
    {
        final long periodNs = 1_000_000_000L / ratePerSecond;
        send(0, warmup, periodNs, answers, adapter, signal, wait);
        drainUntilQuiet(answers, adapter, wait);

        final com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final ThreadTimes before = ThreadTimes.snapshot();
        final long benchId = Thread.currentThread().getId();
        final long[] agentBytes = new long[agentThreads.length];
        for (int a = 0; a < agentThreads.length; a++)
        {
            agentBytes[a] = mx.getThreadAllocatedBytes(agentThreads[a].getId());
        }
        final long benchBytes = mx.getThreadAllocatedBytes(benchId);
        receiver.startMeasuring();
        send(warmup, warmup + measured, periodNs, answers, adapter, signal, wait);
        final long benchBytesAfter = mx.getThreadAllocatedBytes(benchId);
        final ThreadTimes after = ThreadTimes.snapshot();
        final List<String> notes = new ArrayList<>();
        final StringBuilder alloc = new StringBuilder(String.format(Locale.ROOT,
            "    allocated while measured: bench thread %d B", benchBytesAfter - benchBytes));
        for (int a = 0; a < agentThreads.length; a++)
        {
            alloc.append(String.format(Locale.ROOT, ", %s %d B", agentThreads[a].getName(),
                mx.getThreadAllocatedBytes(agentThreads[a].getId()) - agentBytes[a]));
        }
        notes.add(alloc.toString());
        notes.addAll(after.since(before, 0.005));
        drainUntilQuiet(answers, adapter, wait);
        return new Result(receiver.histogram, notes);
    }

    private static void send(final int from, final int to, final long periodNs, final Subscription answers,
        final MessageAdapter adapter, final Signal signal, final IdleStrategy wait)
    {
        long next = System.nanoTime();
        for (int i = from; i < to; i++)
        {
            while (System.nanoTime() < next)
            {
                wait.idle(answers.poll(adapter, POLL_LIMIT));
            }
            while (retry(signal.send(i, next)))
            {
                answers.poll(adapter, POLL_LIMIT);
            }
            answers.poll(adapter, POLL_LIMIT);
            next += periodNs;
        }
    }

    /**
     * @param result of an offer.
     * @return true to retry (back-pressure); false if published.
     * @throws IllegalStateException if the agent's stream is gone (the agent stopped).
     */
    static boolean retry(final long result)
    {
        if (result > 0)
        {
            return false;
        }
        if (Publication.NOT_CONNECTED == result || Publication.CLOSED == result)
        {
            throw new IllegalStateException("the agent's stream is gone: " + OfferResult.describe(result));
        }
        return true;
    }

    /**
     * Polls until no answer arrived for 200 ms.
     *
     * @param in      the command stream.
     * @param adapter its decoder.
     * @param wait    idles between empty polls.
     */
    static void drainUntilQuiet(final Subscription in, final MessageAdapter adapter, final IdleStrategy wait)
    {
        long quietSinceNs = System.nanoTime();
        while (System.nanoTime() - quietSinceNs < QUIET_NS)
        {
            final int work = in.poll(adapter, POLL_LIMIT);
            if (work > 0)
            {
                quietSinceNs = System.nanoTime();
            }
            wait.idle(work);
        }
    }
}
