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
     * A host of five MBA levels whose loaded cores leave the NIC 100 Gbit/s at levels {@code freeFrom} and deeper and
     * less above it; deeper levels give lower signals. Records the levels measured.
     */
    private static final class FiveLevelHost implements ContentionProbe
    {
        static final double[] IIO_LINES = { 20.0, 90.0, 70.0, 45.6, 32.0, 27.0 };
        static final double[] DELAY_NS = { 100.0, 1000.0, 450.0, 199.2, 140.0, 125.0 };
        final int freeFrom;
        final List<Integer> levels = new ArrayList<>();

        FiveLevelHost(final int freeFrom)
        {
            this.freeFrom = freeFrom;
        }

        @Override
        public ProbePoint measure(final int mbaLevel)
        {
            levels.add(mbaLevel);
            final boolean free = 0 == mbaLevel || mbaLevel >= freeFrom;
            return new ProbePoint(mbaLevel, free ? 100.0 : 100.0 - 20.0 * (freeFrom - mbaLevel),
                free ? 0.0 : 0.5, IIO_LINES[mbaLevel], DELAY_NS[mbaLevel]);
        }
    }

    @Test
    void shouldTakeTheSignalsOfTheLeastThrottledLevelThatLeavesTheNicItsGoodput()
    {
        final FiveLevelHost host = new FiveLevelHost(3);

        final TunedThresholds tuned = new KneeSearch(5).search(host);

        assertEquals(3, tuned.knee().mbaLevel());
        assertEquals(2, tuned.firstLoss().mbaLevel());
        assertTrue(tuned.kneeFound());
        // the occupancy rounded down (the cascade alternates between the knee and the next deeper level), the delay up
        assertEquals(45, tuned.iThrLines());
        assertEquals(200, tuned.dThrNs());
        assertEquals(0, tuned.idle().mbaLevel());
        // idle, then from the deepest level up to the first that loses
        assertEquals(List.of(0, 5, 4, 3, 2), host.levels);
    }

    @Test
    void shouldCountALossOnlyBeyondTheOnset()
    {
        final ContentionProbe host = (level) -> new ProbePoint(level, 0 == level ? 100.0 : 100.0 - level * 0.3, 0.0,
            20.0 + level, 100.0 + level);

        // losses of 0.3 .. 1.5 % of the goodput: with a 1 % onset levels 5 .. 4 lose, level 3 (0.9 %) does not
        final TunedThresholds tuned = new KneeSearch(0.01, 5).search(host);
        assertFalse(tuned.kneeFound());

        final TunedThresholds tolerant = new KneeSearch(0.02, 5).search(host);
        assertEquals(1, tolerant.knee().mbaLevel());
        assertNull(tolerant.firstLoss());
    }

    @Test
    void shouldRestTheCascadeWhenTheCoresCannotCongestTheNic()
    {
        final FiveLevelHost host = new FiveLevelHost(1);

        final TunedThresholds tuned = new KneeSearch(5).search(host);

        assertFalse(tuned.kneeFound());
        assertNull(tuned.firstLoss());
        assertEquals(1, tuned.knee().mbaLevel());
        assertEquals(90, tuned.iThrLines());
        assertEquals(1000, tuned.dThrNs());
        assertEquals(List.of(0, 5, 4, 3, 2, 1), host.levels);
    }

    @Test
    void shouldThrottleAtAnyLoadWhenNoLevelFreesTheNic()
    {
        final FiveLevelHost host = new FiveLevelHost(6);

        final TunedThresholds tuned = new KneeSearch(5).search(host);

        assertFalse(tuned.kneeFound());
        assertEquals(5, tuned.knee().mbaLevel());
        assertEquals(20, tuned.iThrLines());
        assertEquals(125, tuned.dThrNs());
        assertEquals(List.of(0, 5), host.levels);
    }

    @Test
    void shouldRefuseAHostWithoutGoodputAtIdleCores()
    {
        final IllegalStateException noTraffic = assertThrows(IllegalStateException.class,
            () -> new KneeSearch(5).search((level) -> new ProbePoint(level, 0.0, 0.0, 10.0, 100.0)));
        assertTrue(noTraffic.getMessage().contains("no goodput at idle cores"), noTraffic.getMessage());
    }

    @Test
    void shouldRejectSettingsOutOfRange()
    {
        assertThrows(IllegalArgumentException.class, () -> new KneeSearch(0.0, 5));
        assertThrows(IllegalArgumentException.class, () -> new KneeSearch(0.6, 5));
        assertThrows(IllegalArgumentException.class, () -> new KneeSearch(0.01, 1));
        assertThrows(IllegalArgumentException.class, () -> new ProbePoint(-1, 1.0, 0.0, 1.0, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new ProbePoint(1, 1.0, -0.1, 1.0, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new ProbePoint(1, 1.0, 0.0, Double.NaN, 1.0));
        assertEquals(6, new KneeSearch(5).maxMeasurements());
    }
}
