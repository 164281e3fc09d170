package org.rhcc.sim.host;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CalendarRingTest
{
    @Test
    void shouldReleaseAnAmountAfterItsWholeDelay()
    {
        final CalendarRing ring = new CalendarRing(8);
        ring.add(3, 2.0);
        assertEquals(2.0, ring.content());
        assertEquals(0.0, ring.advance());
        assertEquals(0.0, ring.advance());
        assertEquals(2.0, ring.advance());
        assertEquals(0.0, ring.content());
    }

    @Test
    void shouldSplitAFractionalDelaySoThatTheMeanIsExact()
    {
        final CalendarRing ring = new CalendarRing(8);
        ring.add(2.25, 1.0);
        double weighted = 0.0;
        for (int step = 1; step <= 4; step++)
        {
            weighted += step * ring.advance();
        }
        assertEquals(2.25, weighted, 1e-12);
    }

    @Test
    void shouldClampDelaysIntoItsRangeAndRejectAnEmptyRange()
    {
        final CalendarRing ring = new CalendarRing(4);
        ring.add(0, 1.0);
        assertEquals(1.0, ring.advance());
        assertThrows(IllegalArgumentException.class, () -> new CalendarRing(0));
    }
}
