package org.rhcc.core.dcqcn;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CnpPacerTest
{
    @Test
    void shouldSendAtMostOneCnpPerIntervalPerFlow()
    {
        final CnpPacer pacer = new CnpPacer(50_000, 2);
        assertTrue(pacer.onMarkedPacket(0, 0));
        assertFalse(pacer.onMarkedPacket(0, 49_999));
        assertTrue(pacer.onMarkedPacket(1, 49_999), "flows are paced independently");
        assertTrue(pacer.onMarkedPacket(0, 50_000));
    }

    @Test
    void shouldSendForEveryMarkWithZeroInterval()
    {
        final CnpPacer pacer = new CnpPacer(0, 1);
        assertTrue(pacer.onMarkedPacket(0, 5));
        assertTrue(pacer.onMarkedPacket(0, 5));
    }

    @Test
    void shouldRejectBadConfiguration()
    {
        assertThrows(IllegalArgumentException.class, () -> new CnpPacer(-1, 1));
        assertThrows(IllegalArgumentException.class, () -> new CnpPacer(1, 0));
    }
}
