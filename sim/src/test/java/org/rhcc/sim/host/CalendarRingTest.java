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

    @Test
    void shouldReleaseTheSameAmountsWithoutAContentTotal()
    {
        final CalendarRing tallied = new CalendarRing(16);
        final CalendarRing untallied = CalendarRing.untallied(16);
        for (int step = 0; step < 200; step++)
        {
            final double delay = 1.0 + (step * 7 % 13) * 0.37;
            final double amount = 0.1 + (step % 5) * 0.9;
            tallied.add(delay, amount);
            untallied.add(delay, amount);
            tallied.add(step % 9 + 1, amount * 0.5);
            untallied.add(step % 9 + 1, amount * 0.5);
            final long expected = Double.doubleToRawLongBits(tallied.advance());
            assertEquals(expected, Double.doubleToRawLongBits(untallied.advance()));
        }
        assertThrows(IllegalStateException.class, untallied::content);
    }
}
