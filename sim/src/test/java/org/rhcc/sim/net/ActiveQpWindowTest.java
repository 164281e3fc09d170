package org.rhcc.sim.net;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sender NIC's active-QP window: QPs take turns of one slice, a QP keeps its place until its probe has gone, a
 * QP with nothing posted gives its place up, and without a budget the window is every QP and never moves.
 */
class ActiveQpWindowTest
{
    private final boolean[] probe = new boolean[16];
    private final boolean[] empty = new boolean[16];

    private ActiveQpWindow window(final int activeQps)
    {
        return new ActiveQpWindow(2, 8, activeQps, 8_192, (q) -> probe[q], (q) -> empty[q]);
    }

    @Test
    @DisplayName("a window of 3 of 8 QPs moves past each QP once it has sent its 8 KB slice")
    void shouldTakeTurns()
    {
        final ActiveQpWindow w = window(3);
        assertEquals(3, w.size());
        assertEquals(0, w.indexAt(1, 0));
        w.onSent(1, 9, 4_096);
        assertTrue(w.hasSliceLeft(9));
        w.onSent(1, 9, 4_096);
        assertFalse(w.hasSliceLeft(9), "QP 9 (sender 1, index 1) has had its turn");
        assertEquals(0, w.indexAt(1, 0), "the window waits for the QP at its start");
        w.onSent(1, 8, 8_192);
        assertEquals(2, w.indexAt(1, 0), "QPs 8 and 9 done: the window starts at index 2");
        assertEquals(4, w.indexAt(1, 2));
        assertTrue(w.hasSliceLeft(9), "a QP that left the window starts its next turn afresh");
        assertEquals(0, w.indexAt(0, 0), "sender 0's window did not move");
    }

    @Test
    @DisplayName("a QP with a probe pending keeps its place; one with nothing posted gives it up; the window wraps")
    void shouldHoldForProbesAndSkipIdleQps()
    {
        final ActiveQpWindow w = window(2);
        probe[0] = true;
        w.onSent(0, 0, 8_192);
        assertEquals(0, w.indexAt(0, 0), "QP 0 still has its probe to send");
        probe[0] = false;
        empty[1] = true;
        empty[2] = true;
        w.advance(0);
        assertEquals(3, w.indexAt(0, 0), "QP 0 done, QPs 1 and 2 have nothing posted");
        assertEquals(4, w.indexAt(0, 1));
        for (int q = 3; q < 8; q++)
        {
            empty[q] = true;
        }
        w.advance(0);
        assertEquals(0, w.indexAt(0, 0), "the window wrapped around to QP 0, whose next turn begins");
        assertEquals(1, w.indexAt(0, 1));
    }

    @Test
    @DisplayName("without a budget (0, or at least the QPs per sender) every QP is active and the window never moves")
    void shouldServeEveryQpWithoutBudget()
    {
        for (final int activeQps : new int[] { 0, 8, 100 })
        {
            final ActiveQpWindow w = window(activeQps);
            assertEquals(8, w.size());
            w.onSent(0, 0, 1 << 20);
            assertTrue(w.hasSliceLeft(0));
            assertEquals(0, w.indexAt(0, 0));
            assertEquals(7, w.indexAt(0, 7));
        }
    }
}
