package org.rhcc.core.tune;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KneeSearchTest
{
    /**
     * A host whose signals rise linearly with the load and whose NIC starts to stall for PCIe credits past
     * {@code stallFrom} (a further 1 % of the time per 0.01 % of load beyond it), its goodput falling past {@code lossFrom}.
     */
    private static final class LinearHost implements ContentionProbe
    {
        final double stallFrom;
        final double lossFrom;
        final List<Double> loads = new ArrayList<>();

        LinearHost(final double stallFrom, final double lossFrom)
        {
            this.stallFrom = stallFrom;
            this.lossFrom = lossFrom;
        }

        @Override
        public RampPoint measure(final double load)
        {
            loads.add(load);
            final double stall = Math.min(1.0, Math.max(0.0, (load - stallFrom) * 100.0));
            final double goodput = load > lossFrom ? 100.0 * (1.0 - (load - lossFrom)) : 100.0;
            return new RampPoint(load, goodput, stall, 20.0 + 40.0 * load, 100.0 + 160.0 * load);
        }
    }

    @Test
    void shouldTakeTheSignalsAtTheHeaviestLoadWithoutBackPressure()
    {
        final LinearHost host = new LinearHost(0.63, 2.0);

        final TunedThresholds tuned = new KneeSearch().search(host);

        // coarse: 0.6 free, 0.7 stalled; bisections 0.65 (stalled), 0.625 (free), 0.6375 (stalled), 0.63125 (stalled)
        assertEquals(0.625, tuned.knee().load(), 1e-12);
        assertEquals(0.63125, tuned.firstLoss().load(), 1e-12);
        assertEquals(45, tuned.iThrLines());
        assertEquals(200, tuned.dThrNs());
        assertEquals(0.0, tuned.idle().load());
        assertTrue(tuned.kneeFound());
        // idle, 0.1 .. 0.7, four bisections; the coarse pass stops at the first stalled load
        assertEquals(12, host.loads.size());
        assertTrue(host.loads.size() <= new KneeSearch().maxMeasurements());
    }

    @Test
    void shouldCountALossOfGoodputWithoutStallsAsBackPressure()
    {
        final LinearHost host = new LinearHost(2.0, 0.41);

        final TunedThresholds tuned = new KneeSearch().search(host);

        // 1 % of the goodput is lost past load 0.42: the knee lies in (0.4, 0.425]
        assertTrue(tuned.knee().load() >= 0.4 && tuned.knee().load() <= 0.425, "knee " + tuned.knee());
        assertTrue(tuned.firstLoss().goodputGbps() < 99.0);
        assertTrue(tuned.knee().goodputGbps() >= 99.0);
    }

    @Test
    void shouldRoundTheOccupancyUpAndTheDelayToTheNearestNanosecond()
    {
        final RampPoint knee = new RampPoint(0.5, 100.0, 0.0, 44.01, 199.5);

        assertEquals(45, KneeSearch.iThrLines(knee));
        assertEquals(200, KneeSearch.dThrNs(knee));
        assertEquals(1, KneeSearch.iThrLines(new RampPoint(0.0, 1.0, 0.0, 0.0, 0.2)));
        assertEquals(1, KneeSearch.dThrNs(new RampPoint(0.0, 1.0, 0.0, 0.0, 0.2)));
    }

    @Test
    void shouldStopAtTheBoundWhenTheCoresCannotCongestTheNic()
    {
        final LinearHost host = new LinearHost(5.0, 5.0);

        final TunedThresholds tuned = new KneeSearch().search(host);

        assertFalse(tuned.kneeFound());
        assertNull(tuned.firstLoss());
        assertEquals(1.0, tuned.knee().load());
        assertEquals(60, tuned.iThrLines());
        assertEquals(260, tuned.dThrNs());
        assertEquals(1 + KneeSearch.DEFAULT_COARSE_STEPS, host.loads.size());
    }

    @Test
    void shouldMeasureOnlyWithinTheBoundAndBisectInsideTheBracket()
    {
        final LinearHost host = new LinearHost(0.07, 2.0);

        final TunedThresholds tuned = new KneeSearch(0.01, 10, 6).search(host);

        for (final double load : host.loads)
        {
            assertTrue(load >= 0.0 && load <= 1.0, "load " + load);
        }
        assertTrue(tuned.knee().load() < tuned.firstLoss().load());
        assertTrue(tuned.firstLoss().load() - tuned.knee().load() <= 0.1 / 64 + 1e-12);
        assertTrue(tuned.knee().load() >= 0.0 && tuned.firstLoss().load() <= 0.1);
    }

    @Test
    void shouldRefuseAHostWithoutGoodputOrStalledAtIdle()
    {
        final IllegalStateException noTraffic = assertThrows(IllegalStateException.class,
            () -> new KneeSearch().search((load) -> new RampPoint(load, 0.0, 0.0, 10.0, 100.0)));
        assertTrue(noTraffic.getMessage().contains("no goodput at idle cores"), noTraffic.getMessage());

        final IllegalStateException stalled = assertThrows(IllegalStateException.class,
            () -> new KneeSearch().search((load) -> new RampPoint(load, 50.0, 0.3, 10.0, 100.0)));
        assertTrue(stalled.getMessage().contains("stalled 30.0 %"), stalled.getMessage());
    }

    @Test
    void shouldRejectSettingsOutOfRange()
    {
        assertThrows(IllegalArgumentException.class, () -> new KneeSearch(0.0, 10, 4));
        assertThrows(IllegalArgumentException.class, () -> new KneeSearch(0.6, 10, 4));
        assertThrows(IllegalArgumentException.class, () -> new KneeSearch(0.01, 1, 4));
        assertThrows(IllegalArgumentException.class, () -> new KneeSearch(0.01, 10, 21));
        assertThrows(IllegalArgumentException.class, () -> new RampPoint(0.1, 1.0, -0.1, 1.0, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new RampPoint(0.1, 1.0, 0.0, Double.NaN, 1.0));
    }
}
