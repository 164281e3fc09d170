package org.rhcc.core.receiver;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MbaLevelTableTest
{
    @Test
    void shouldMapPaperLevelsToPercentAndIntelDelay()
    {
        final MbaLevelTable table = MbaLevelTable.paper();
        assertEquals(5, table.levelCount());
        assertArrayEquals(new int[]{ 100, 80, 60, 40, 20 }, table.percents());
        assertEquals(0, table.intelDelayValue(1));
        assertEquals(60, table.intelDelayValue(4));
    }

    @Test
    void shouldRejectLevelsOutsideTable()
    {
        final MbaLevelTable table = MbaLevelTable.paper();
        assertThrows(IllegalArgumentException.class, () -> table.percent(0));
        assertThrows(IllegalArgumentException.class, () -> table.percent(6));
    }

    @Test
    void shouldRejectMalformedTables()
    {
        final IllegalArgumentException notFull =
            assertThrows(IllegalArgumentException.class, () -> new MbaLevelTable(new int[]{ 90, 50 }));
        assertTrue(notFull.getMessage().contains("100"));
        assertThrows(IllegalArgumentException.class, () -> new MbaLevelTable(new int[]{ 100, 100 }));
        assertThrows(IllegalArgumentException.class, () -> new MbaLevelTable(new int[]{ 100, 50, 0 }));
        assertThrows(IllegalArgumentException.class, () -> new MbaLevelTable(new int[]{ 100 }));
        assertThrows(IllegalArgumentException.class, () -> new MbaLevelTable(null));
    }
}
