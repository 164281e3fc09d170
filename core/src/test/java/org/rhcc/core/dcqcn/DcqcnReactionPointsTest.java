package org.rhcc.core.dcqcn;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DcqcnReactionPointsTest
{
    private static final double LINE = 100.0;
    private static final long US = 1_000L;

    private final DcqcnParameters nvidia = DcqcnParameters.nvidia(LINE);

    @Test
    void shouldStartAtLineRate()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 2, 0);
        assertEquals(LINE, rp.rateGbps(0), 0.0);
        assertEquals(LINE, rp.targetRateGbps(1), 0.0);
        assertEquals(1023.0 / 1024.0, rp.alpha(0), 0.0);
    }

    @Test
    void shouldCutByHalfAlphaAndRaiseAlphaOnCnp()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        final double a0 = rp.alpha(0);
        assertTrue(rp.onCnp(0, 0));
        assertEquals(LINE * (1 - a0 / 2), rp.rateGbps(0), 1e-9);
        assertEquals(LINE, rp.targetRateGbps(0), 0.0);
        assertEquals((1 - nvidia.g()) * a0 + nvidia.g(), rp.alpha(0), 1e-12);
    }

    @Test
    void shouldCutAtMostOncePerRateDecreaseInterval()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        assertTrue(rp.onCnp(0, 0));
        final double afterFirst = rp.rateGbps(0);
        assertFalse(rp.onCnp(0, 3 * US));
        assertEquals(afterFirst, rp.rateGbps(0), 0.0);
        assertTrue(rp.onCnp(0, 4 * US));
        assertTrue(rp.rateGbps(0) < afterFirst);
    }

    @Test
    void shouldDecayAlphaOncePerIntervalWithoutCnp()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        final double a0 = rp.alpha(0);
        rp.advance(0, 10 * US);
        assertEquals(a0 * Math.pow(1 - nvidia.g(), 10), rp.alpha(0), 1e-12);
        rp.advance(0, 10 * US + 999);
        assertEquals(a0 * Math.pow(1 - nvidia.g(), 10), rp.alpha(0), 1e-12);
    }

    @Test
    void shouldNotDecayAlphaInPeriodWithCnp()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        rp.onCnp(0, 500);
        final double afterCut = rp.alpha(0);
        rp.advance(0, 1_000);
        assertEquals(afterCut, rp.alpha(0), 0.0);
        rp.advance(0, 2_000);
        assertEquals(afterCut * (1 - nvidia.g()), rp.alpha(0), 1e-12);
    }

    @Test
    void shouldRecoverThroughFastRecoveryAdditiveAndHyperIncrease()
    {
        final DcqcnParameters p = new DcqcnParameters(LINE, 0.001, 1.0 / 256, 1.0, 1_000, 4_000, 300_000, 10_000, 1,
            0.005, 0.050, 4_000, true);
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(p, 1, 0);
        rp.onCnp(0, 0);
        assertEquals(50.0, rp.rateGbps(0), 1e-9);

        rp.onBytesSent(0, 10_000, 1);
        assertEquals(75.0, rp.rateGbps(0), 1e-9, "fast recovery: R_C = (R_T + R_C) / 2");
        assertEquals(100.0, rp.targetRateGbps(0), 0.0);

        rp.onCnp(0, 10 * US);
        final double rt = rp.targetRateGbps(0);
        final double rc = rp.rateGbps(0);
        rp.onBytesSent(0, 20_000, 11 * US);
        final double fr = 0.5 * (rt + rc);
        final double ai = 0.5 * (rt + 0.005 + fr);
        assertEquals(ai, rp.rateGbps(0), 1e-9, "second byte stage is additive increase");

        rp.advance(0, 10 * US + 600_000);
        assertTrue(rp.targetRateGbps(0) > rt + 0.005, "timer and byte stages past F give hyper increase");
    }

    @Test
    void shouldKeepTargetOnCutsUnlessTimerIncreasedWithNvidiaDefaults()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        rp.onCnp(0, 0);
        final double afterFirst = rp.rateGbps(0);
        rp.onCnp(0, 10 * US);
        assertEquals(LINE, rp.targetRateGbps(0), 0.0, "clamp_tgt_rate = 0: R_T stays");
        rp.advance(0, 10 * US + 300_000);
        final double beforeThirdCut = rp.rateGbps(0);
        rp.onCnp(0, 10 * US + 300_001);
        assertEquals(beforeThirdCut, rp.targetRateGbps(0), 0.0, "a timer increase since the cut re-enables the clamp");
        assertTrue(afterFirst < LINE);

        final DcqcnReactionPoints paper = new DcqcnReactionPoints(DcqcnParameters.paper(LINE), 1, 0);
        paper.onCnp(0, 0);
        paper.advance(0, 100 * US);
        final double rc = paper.rateGbps(0);
        paper.onCnp(0, 100 * US);
        assertEquals(rc, paper.targetRateGbps(0), 1e-12, "Algorithm 1 clamps on every cut");
    }

    @Test
    void shouldNeverGoBelowMinimumOrAboveLineRate()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        for (int i = 0; i < 200; i++)
        {
            rp.onCnp(0, i * 4 * US);
        }
        assertEquals(nvidia.minRateGbps(), rp.rateGbps(0), 1e-12);
        rp.onBytesSent(0, 10_000_000_000L, 1_000_000_000L);
        rp.advance(0, 10_000_000_000L);
        assertEquals(LINE, rp.rateGbps(0), 1e-9);
        assertTrue(rp.targetRateGbps(0) <= LINE);
    }

    @Test
    void shouldExposeEarliestDeadline()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        assertEquals(1_000, rp.nextDeadlineNs(0));
        rp.onCnp(0, 100);
        rp.advance(0, 250_000);
        assertEquals(250_000 / 1_000 * 1_000 + 1_000, rp.nextDeadlineNs(0));
    }

    @Test
    void shouldRejectBadParametersWithClearMessage()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new DcqcnParameters(100, 200, 0.01, 1, 1, 1, 1, 1, 1, 0.1, 0.1, 1, true));
        assertTrue(e.getMessage().contains("minRateGbps"));
        assertThrows(IllegalArgumentException.class,
            () -> new DcqcnParameters(100, 1, 0.0, 1, 1, 1, 1, 1, 1, 0.1, 0.1, 1, true));
        assertThrows(IllegalArgumentException.class,
            () -> new DcqcnParameters(-100, 1, 0.1, 1, 1, 1, 1, 1, 1, 0.1, 0.1, 1, true));
        assertThrows(IllegalArgumentException.class,
            () -> new DcqcnParameters(100, 1, 0.1, 1.5, 1, 1, 1, 1, 1, 0.1, 0.1, 1, true));
        assertThrows(IllegalArgumentException.class,
            () -> new DcqcnParameters(100, 1, 0.1, 1, 0, 1, 1, 1, 1, 0.1, 0.1, 1, true));
        assertThrows(IllegalArgumentException.class,
            () -> new DcqcnParameters(100, 1, 0.1, 1, 1, 1, 1, 1, 1, 200, 0.1, 1, true));
        assertThrows(IllegalArgumentException.class, () -> DcqcnParameters.profile("cubic", 100));
        assertThrows(IllegalArgumentException.class, () -> new DcqcnReactionPoints(nvidia, 0, 0));
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        assertThrows(IllegalArgumentException.class, () -> rp.onBytesSent(0, -1, 0));
    }

    @Test
    void shouldProvideBothProfiles()
    {
        assertEquals(300_000L, DcqcnParameters.profile("nvidia", 100).rateIncreaseIntervalNs());
        assertEquals(55_000L, DcqcnParameters.profile("paper", 100).rateIncreaseIntervalNs());
        assertEquals(5, DcqcnParameters.paper(100).fastRecoverySteps());
    }
}
