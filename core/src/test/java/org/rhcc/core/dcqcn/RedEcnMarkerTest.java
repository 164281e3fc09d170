package org.rhcc.core.dcqcn;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RedEcnMarkerTest
{
    private final RedEcnMarker marker = new RedEcnMarker(400_000, 1_600_000, 0.2);

    @Test
    void shouldFollowRedProfile()
    {
        assertEquals(0.0, marker.markProbability(0), 0.0);
        assertEquals(0.0, marker.markProbability(400_000), 0.0);
        assertEquals(0.1, marker.markProbability(1_000_000), 1e-12);
        assertEquals(0.2, marker.markProbability(1_600_000), 1e-12);
        assertEquals(1.0, marker.markProbability(1_600_001), 0.0);
    }

    @Test
    void shouldMarkWithUniformDraw()
    {
        assertTrue(marker.shouldMark(1_000_000, 0.05));
        assertFalse(marker.shouldMark(1_000_000, 0.15));
        assertFalse(marker.shouldMark(10, 0.0));
    }

    @Test
    void shouldRejectBadThresholds()
    {
        assertThrows(IllegalArgumentException.class, () -> new RedEcnMarker(10, 10, 0.1));
        assertThrows(IllegalArgumentException.class, () -> new RedEcnMarker(-1, 10, 0.1));
        assertThrows(IllegalArgumentException.class, () -> new RedEcnMarker(1, 10, 0.0));
        assertThrows(IllegalArgumentException.class, () -> new RedEcnMarker(1, 10, 1.1));
    }
}
