package org.rhcc.sim.net;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class EventQueueTest
{
    @Test
    void shouldPopInTimeOrderAndBreakTiesByInsertionOrder()
    {
        final EventQueue q = new EventQueue(2);
        q.schedule(5.0, 1, 10, 0);
        q.schedule(1.0, 2, 20, 0);
        q.schedule(5.0, 3, 30, 0);
        q.schedule(3.0, 4, 40, 0);
        final int[] expected = { 20, 40, 10, 30 };
        for (final int a : expected)
        {
            q.pop();
            assertEquals(a, q.a());
        }
        assertEquals(0, q.size());
        assertEquals(Double.POSITIVE_INFINITY, q.peekTimeNs());
    }
}
