package org.rhcc.transport.lockstep;

import org.rhcc.transport.message.MessageListener;

import java.util.Arrays;

/**
 * The simulator's side of lockstep (docs/design.md §6): tracks the {@code ClockDone} answers of a fixed set of
 * controller nodes for the current epoch and tells up to which simulated time every node is done. The simulator
 * publishes {@code ClockAdvance(t, epoch)} after the signals up to {@code t}, then advances past {@code t} only once
 * {@link #isDoneUpTo(long)} holds.
 * <p>
 * Answers of another epoch (a node still answering a previous run) and of unknown nodes are counted and ignored;
 * a node's done time never moves backwards within an epoch.
 * <p>
 * <b>Note:</b> allocation-free after construction; pure logic, fed by a
 * {@link org.rhcc.transport.message.MessageAdapter} on the clock-done stream. Not thread safe.
 */
public final class LockstepBarrier implements MessageListener
{
    /**
     * Done time of a node that has not answered in the current epoch.
     */
    public static final long NOT_DONE_NS = Long.MIN_VALUE;

    private final int[] nodeIds;
    private final long[] doneUpToNs;
    private long epoch;
    private long staleCount;
    private long unknownNodeCount;

    /**
     * @param nodeIds of the controller nodes that must answer; at least one, no duplicates.
     * @param epoch   the run epoch answers must carry.
     */
    public LockstepBarrier(final int[] nodeIds, final long epoch)
    {
        if (0 == nodeIds.length)
        {
            throw new IllegalArgumentException("lockstep needs at least one controller node");
        }

        final int[] sorted = nodeIds.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++)
        {
            if (sorted[i] == sorted[i - 1])
            {
                throw new IllegalArgumentException("node id " + sorted[i] + " listed twice");
            }
        }

        this.nodeIds = sorted;
        this.doneUpToNs = new long[sorted.length];
        startEpoch(epoch);
    }

    /**
     * Starts a new epoch: every node's done time is forgotten.
     *
     * @param epoch the run epoch answers must now carry.
     */
    public void startEpoch(final long epoch)
    {
        this.epoch = epoch;
        Arrays.fill(doneUpToNs, NOT_DONE_NS);
    }

    /**
     * {@inheritDoc}
     */
    public void onClockDone(final long doneUpToNs, final long epoch, final int nodeId)
    {
        if (epoch != this.epoch)
        {
            staleCount++;
            return;
        }

        final int index = Arrays.binarySearch(nodeIds, nodeId);
        if (index < 0)
        {
            unknownNodeCount++;
            return;
        }

        if (doneUpToNs > this.doneUpToNs[index])
        {
            this.doneUpToNs[index] = doneUpToNs;
        }
    }

    /**
     * @return the simulated time every node is done up to, or {@link #NOT_DONE_NS} while a node has not answered.
     */
    public long minDoneUpToNs()
    {
        long min = Long.MAX_VALUE;
        for (final long done : doneUpToNs)
        {
            min = Math.min(min, done);
        }

        return min;
    }

    /**
     * @param timeNs simulated time the simulator wants to pass.
     * @return true if every node has answered every signal up to {@code timeNs}.
     */
    public boolean isDoneUpTo(final long timeNs)
    {
        return minDoneUpToNs() >= timeNs;
    }

    /**
     * @return the current epoch.
     */
    public long epoch()
    {
        return epoch;
    }

    /**
     * @return answers ignored because they carried another epoch.
     */
    public long staleCount()
    {
        return staleCount;
    }

    /**
     * @return answers ignored because they came from a node not in the set.
     */
    public long unknownNodeCount()
    {
        return unknownNodeCount;
    }
}
