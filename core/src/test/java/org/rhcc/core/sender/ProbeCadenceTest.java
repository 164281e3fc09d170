package org.rhcc.core.sender;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ProbeCadenceTest
{
    @Test
    void shouldRequestOneProbePerThirtyTwoKilobytes()
    {
        assertEquals(0, ProbeCadence.probesDue(0, 32767, 32768));
        assertEquals(1, ProbeCadence.probesDue(0, 32768, 32768));
        assertEquals(1, ProbeCadence.probesDue(32767, 32769, 32768));
        assertEquals(32, ProbeCadence.probesDue(0, 1 << 20, 32768));
        long probes = 0;
        for (long sent = 0; sent < 10_000_000L; sent += 4096)
        {
            probes += ProbeCadence.probesDue(sent, sent + 4096, 32768);
        }
        assertEquals(10_002_432L / 32768, probes);
    }

    @Test
    void shouldRejectBackwardCounts()
    {
        assertThrows(IllegalArgumentException.class, () -> ProbeCadence.probesDue(10, 5, 32768));
        assertThrows(IllegalArgumentException.class, () -> ProbeCadence.probesDue(0, 5, 0));
    }
}
