package org.rhcc.experiments;

import org.junit.jupiter.api.Test;
import org.rhcc.core.signal.IioSampleRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SensorProbeTest
{
    @Test
    void shouldMeasureTheReadCostAsTheIntervalBetweenBackToBackReads()
    {
        final SensorProbe probe = new SensorProbe(0L);
        assertTrue(probe.wantsIioSamples());
        assertTrue(Double.isNaN(probe.meanReadLatencyNs()));

        probe.onIioSample(new IioSampleRecord().set(20.0, 98.0, 1_000L));
        probe.onIioSample(new IioSampleRecord().set(21.0, 98.0, 1_400L));
        probe.onIioSample(new IioSampleRecord().set(22.0, 98.0, 1_800L));
        probe.onIioSample(new IioSampleRecord().set(22.0, 98.0, 2_500L));

        assertEquals(4, probe.reads());
        assertEquals(500.0, probe.meanReadLatencyNs());
        assertEquals(400.0, probe.minReadLatencyNs());
        assertEquals(700.0, probe.maxReadLatencyNs());
    }

    @Test
    void shouldReadTheSamplesAsTheCascadeWouldPerStepUpInterval()
    {
        final long warmupNs = 1_000_000L;
        final SensorProbe probe = new SensorProbe(warmupNs);
        probe.onIioSample(new IioSampleRecord().set(30.0, 98.0, warmupNs - 400L));
        assertTrue(Double.isNaN(probe.iioExcursionShare()), "warm-up samples count for no interval");

        long nowNs = warmupNs;
        for (int interval = 0; interval < 4; interval++)
        {
            for (int sample = 0; sample <= 375; sample++)
            {
                final boolean spike = interval % 2 == 1 && sample == 100;
                probe.onIioSample(new IioSampleRecord().set(spike ? 200.0 : 30.0, 98.0, nowNs));
                nowNs += 400L;
            }
        }

        assertEquals(0.5, probe.iioExcursionShare(), "one sample of 200 lines lifts Eq. (1) above 45 (to 72.5) " +
            "in every second 150 us interval, and the mean of 30 lines never does");
    }
}
