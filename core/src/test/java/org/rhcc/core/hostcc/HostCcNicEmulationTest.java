package org.rhcc.core.hostcc;

import org.junit.jupiter.api.Test;
import org.rhcc.core.dcqcn.DcqcnParameters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostCcNicEmulationTest
{
    @Test
    void shouldCutOnlyWhileOccupancyAboveThreshold()
    {
        final HostCcNicEmulation hostCc = new HostCcNicEmulation(DcqcnParameters.paper(100.0), 45.0, 2, 0);
        assertFalse(hostCc.onOccupancyReport(0, 45.0, 0));
        assertEquals(100.0, hostCc.rateGbps(0, 0), 0.0);
        assertTrue(hostCc.onOccupancyReport(0, 60.0, 1_000));
        assertTrue(hostCc.rateGbps(0, 1_000) < 100.0);
        assertEquals(100.0, hostCc.rateGbps(1, 1_000), 0.0, "flows are independent");
    }

    @Test
    void shouldRecoverOnlyOnThreeHundredMicrosecondTimer()
    {
        final HostCcNicEmulation hostCc = new HostCcNicEmulation(DcqcnParameters.paper(100.0), 45.0, 1, 0);
        hostCc.onOccupancyReport(0, 90.0, 0);
        final double cut = hostCc.rateGbps(0, 0);
        assertEquals(cut, hostCc.rateGbps(0, 299_999), 0.0);
        assertTrue(hostCc.rateGbps(0, 300_000) > cut);
    }

    @Test
    void shouldRejectBadThreshold()
    {
        assertThrows(IllegalArgumentException.class,
            () -> new HostCcNicEmulation(DcqcnParameters.paper(100.0), 0.0, 1, 0));
    }
}
