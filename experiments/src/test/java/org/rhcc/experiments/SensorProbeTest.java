package org.rhcc.experiments;

import org.junit.jupiter.api.Test;
import org.rhcc.sim.api.ControllerHook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SensorProbeTest
{
    @Test
    void shouldMeasureTheReadCostAsTheIntervalBetweenBackToBackReads()
    {
        final SensorProbe probe = new SensorProbe(ControllerHook.NONE);
        assertTrue(probe.wantsIioSamples());
        assertTrue(Double.isNaN(probe.meanReadLatencyNs()));

        probe.onIioSample(20.0, 98.0, 1_000L);
        probe.onIioSample(21.0, 98.0, 1_400L);
        probe.onIioSample(22.0, 98.0, 1_800L);
        probe.onIioSample(22.0, 98.0, 2_500L);

        assertEquals(4, probe.reads());
        assertEquals(500.0, probe.meanReadLatencyNs());
        assertEquals(400.0, probe.minReadLatencyNs());
        assertEquals(700.0, probe.maxReadLatencyNs());
    }

    @Test
    void shouldPassSamplesOnOnlyToAControllerThatWantsThem()
    {
        final int[] seen = new int[1];
        final ControllerHook wanting = new ControllerHook()
        {
            @Override
            public boolean wantsIioSamples()
            {
                return true;
            }

            @Override
            public void onIioSample(final double occupancy, final double pcieGbps, final long nowNs)
            {
                seen[0]++;
            }
        };
        final ControllerHook notWanting = new ControllerHook()
        {
            @Override
            public void onIioSample(final double occupancy, final double pcieGbps, final long nowNs)
            {
                seen[0] += 100;
            }
        };

        new SensorProbe(wanting).onIioSample(1.0, 1.0, 1L);
        new SensorProbe(notWanting).onIioSample(1.0, 1.0, 1L);

        assertEquals(1, seen[0]);
    }
}
