package org.rhcc.transport.lockstep;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LockstepBarrierTest
{
    @Test
    void shouldWaitForTheSlowestNode()
    {
        final LockstepBarrier barrier = new LockstepBarrier(new int[]{ 7, 3 }, 1);
        assertEquals(LockstepBarrier.NOT_DONE_NS, barrier.minDoneUpToNs());
        assertFalse(barrier.isDoneUpTo(0));

        barrier.onClockDone(1_000, 1, 3);
        assertFalse(barrier.isDoneUpTo(1_000));

        barrier.onClockDone(2_000, 1, 7);
        assertTrue(barrier.isDoneUpTo(1_000));
        assertFalse(barrier.isDoneUpTo(1_001));
        assertEquals(1_000, barrier.minDoneUpToNs());
    }

    @Test
    void shouldNeverMoveANodeBackwards()
    {
        final LockstepBarrier barrier = new LockstepBarrier(new int[]{ 1 }, 0);
        barrier.onClockDone(5_000, 0, 1);
        barrier.onClockDone(4_000, 0, 1);
        assertEquals(5_000, barrier.minDoneUpToNs());
    }

    @Test
    void shouldIgnoreStaleEpochsAndUnknownNodes()
    {
        final LockstepBarrier barrier = new LockstepBarrier(new int[]{ 1, 2 }, 4);
        barrier.onClockDone(9_000, 3, 1);
        barrier.onClockDone(9_000, 4, 99);
        assertEquals(1, barrier.staleCount());
        assertEquals(1, barrier.unknownNodeCount());
        assertEquals(LockstepBarrier.NOT_DONE_NS, barrier.minDoneUpToNs());

        barrier.onClockDone(100, 4, 1);
        barrier.onClockDone(200, 4, 2);
        assertTrue(barrier.isDoneUpTo(100));

        barrier.startEpoch(5);
        assertEquals(5, barrier.epoch());
        assertFalse(barrier.isDoneUpTo(Long.MIN_VALUE + 1));
    }

    @Test
    void shouldRejectEmptyOrDuplicateNodeSets()
    {
        assertThrows(IllegalArgumentException.class, () -> new LockstepBarrier(new int[0], 0));
        assertThrows(IllegalArgumentException.class, () -> new LockstepBarrier(new int[]{ 1, 2, 1 }, 0));
    }
}
