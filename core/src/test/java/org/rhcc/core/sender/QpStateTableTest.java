package org.rhcc.core.sender;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QpStateTableTest
{
    @Test
    void shouldHoldSixteenBytesPerQp()
    {
        assertEquals(16, QpStateTable.BYTES_PER_QP);
        assertEquals(16L * 1000, new QpStateTable(1000).stateBytes());
    }

    @Test
    void shouldFitOneMillionQpsInTwentyMegabytes()
    {
        final QpStateTable table = new QpStateTable(1_000_000);
        assertTrue(table.stateBytes() <= 20L * 1024 * 1024, "state bytes " + table.stateBytes());
        table.open(999_999, 100.0f, 200);
        assertEquals(100.0f, table.rateGbps(999_999));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> table.rateGbps(1_000_000));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> table.rateGbps(-1));
    }

    @Test
    void shouldKeepFieldsIndependentPerQp()
    {
        final QpStateTable table = new QpStateTable(4);
        table.open(1, 42.5f, 300);
        table.probeTsNs(1, 0x1_2345_6789L);
        table.dPrevNs(1, 250.25f);
        table.open(2, 7.0f, 150);
        assertEquals(42.5f, table.rateGbps(1));
        assertEquals(0x2345_6789, table.probeTsNs(1));
        assertEquals(250.25f, table.dPrevNs(1));
        assertEquals(300, table.dThrNs(1));
        assertEquals(150, table.dThrNs(2));
        assertTrue(Float.isNaN(table.dPrevNs(2)));
    }

    @Test
    void shouldCloseAndRejectBadValues()
    {
        final QpStateTable table = new QpStateTable(2);
        table.open(0, 1.0f, 200);
        assertTrue(table.isOpen(0));
        table.close(0);
        assertFalse(table.isOpen(0));
        assertThrows(IllegalArgumentException.class, () -> table.dThrNs(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new QpStateTable(0));
    }
}
