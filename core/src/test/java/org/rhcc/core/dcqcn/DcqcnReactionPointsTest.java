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
    void shouldLeaveAlphaAndTimersUntouchedBeforeFirstCnp()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        assertEquals(Long.MAX_VALUE, rp.nextDeadlineNs(0), "no timer runs before the first CNP");
        rp.advance(0, 1_000 * US);
        assertEquals(1023.0 / 1024.0, rp.alpha(0), 0.0);
        assertEquals(LINE, rp.rateGbps(0), 0.0);
    }

    @Test
    void shouldCutWithInitialAlphaOnFirstCnpAfterLongCalm()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        rp.advance(0, 1_000 * US);
        assertTrue(rp.onCnp(0, 1_000 * US));
        // initial_alpha_value is the alpha used on the first CNP: R_C = 100 (1 - (1023/1024)/2) = 100 x 1025/2048.
        assertEquals(100.0 * 1025.0 / 2048.0, rp.rateGbps(0), 1e-12);
        assertEquals(LINE, rp.targetRateGbps(0), 0.0);
        assertEquals(1023.0 / 1024.0, rp.alpha(0), 0.0, "the first CNP sets alpha, it does not raise it");
        assertEquals(1_000 * US + 1_000, rp.nextDeadlineNs(0), "the alpha timer starts at the first CNP");
        rp.advance(0, 1_000 * US + 1_000);
        assertEquals(1023.0 / 1024.0 * (1 - nvidia.g()), rp.alpha(0), 1e-15, "the first period after it decays");
    }

    @Test
    void shouldCutByHalfAlphaAndRaiseAlphaOnLaterCnp()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        rp.onCnp(0, 0);
        final double r1 = rp.rateGbps(0);
        final double a = 1023.0 / 1024.0 * Math.pow(1 - nvidia.g(), 10);
        assertTrue(rp.onCnp(0, 10 * US));
        assertEquals(r1 * (1 - a / 2), rp.rateGbps(0), 1e-9);
        assertEquals(LINE, rp.targetRateGbps(0), 0.0);
        assertEquals((1 - nvidia.g()) * a + nvidia.g(), rp.alpha(0), 1e-12);
    }

    @Test
    void shouldCarryCnpInsideHoldOffToItsEnd()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        assertTrue(rp.onCnp(0, 0));
        final double afterFirst = rp.rateGbps(0);
        assertFalse(rp.onCnp(0, 3 * US), "within the 4 us hold-off the cut waits");
        assertEquals(afterFirst, rp.rateGbps(0), 0.0);
        assertEquals(4 * US, rp.nextDeadlineNs(0));
        rp.advance(0, 4 * US - 1);
        assertEquals(afterFirst, rp.rateGbps(0), 0.0);

        rp.advance(0, 4 * US);
        // Alpha periods ending at 1, 2, 3 us had no CNP (decay); the one ending at 4 us holds the CNP of 3 us.
        final double a = 1023.0 / 1024.0 * Math.pow(1 - nvidia.g(), 3);
        assertEquals(afterFirst * (1 - a / 2), rp.rateGbps(0), 1e-9, "the carried CNP cuts at the hold-off's end");
        assertEquals((1 - nvidia.g()) * a + nvidia.g(), rp.alpha(0), 1e-12);

        final double afterDeferred = rp.rateGbps(0);
        assertFalse(rp.onCnp(0, 5 * US), "the deferred cut starts a new hold-off");
        assertEquals(afterDeferred, rp.rateGbps(0), 0.0);
        rp.advance(0, 8 * US);
        assertTrue(rp.rateGbps(0) < afterDeferred);
    }

    @Test
    void shouldTakeAllCnpsOfOneHoldOffInOneDeferredCut()
    {
        final DcqcnParameters p = new DcqcnParameters(LINE, 0.001, 1.0 / 256, 1.0, 55_000, 50_000, 55_000,
            10_000_000, 5, 0.040, 0.200, 50_000, true);
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(p, 1, 0);
        rp.onCnp(0, 0);
        assertEquals(50.0, rp.rateGbps(0), 1e-12);
        assertFalse(rp.onCnp(0, 10 * US));
        assertFalse(rp.onCnp(0, 20 * US));
        assertFalse(rp.onCnp(0, 49 * US));
        assertEquals(50 * US, rp.nextDeadlineNs(0));
        rp.advance(0, 99 * US);
        // One cut at 50 us with alpha = 1 (no alpha period has ended yet): 50 x 1/2.
        assertEquals(25.0, rp.rateGbps(0), 1e-12);
        assertEquals(1.0, rp.alpha(0), 1e-12, "(1-g) 1 + g");
        assertEquals(50.0, rp.targetRateGbps(0), 1e-12, "the paper's clamp on every cut");
    }

    @Test
    void shouldLoseNoCutWhenCnpsArriveJustInsideTheHoldOff()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        final int cnps = 10;
        int cuts = 0;
        double last = rp.rateGbps(0);
        int next = 0;
        for (long t = 0; t <= cnps * 4 * US; t += 100)
        {
            if (next < cnps && t == next * 3_900L)
            {
                rp.onCnp(0, t);
                next++;
            }
            else
            {
                rp.advance(0, t);
            }
            final double rate = rp.rateGbps(0);
            if (rate < last)
            {
                cuts++;
            }
            last = rate;
        }
        assertEquals(cnps, cuts, "CNPs 3.9 us apart against a 4 us hold-off: every one cuts, late");
    }

    @Test
    void shouldDecayAlphaOncePerIntervalWithoutCnpAfterFirstCnp()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        rp.onCnp(0, 0);
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
        rp.onCnp(0, 0);
        rp.onCnp(0, 4_500);
        final double afterCut = rp.alpha(0);
        assertEquals((1 - nvidia.g()) * 1023.0 / 1024.0 * Math.pow(1 - nvidia.g(), 4) + nvidia.g(), afterCut, 1e-12);
        rp.advance(0, 5_000);
        assertEquals(afterCut, rp.alpha(0), 0.0);
        rp.advance(0, 6_000);
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
    void shouldClampTargetAfterByteCounterIncreaseWithNvidiaDefaults()
    {
        final DcqcnReactionPoints rp = new DcqcnReactionPoints(nvidia, 1, 0);
        rp.onCnp(0, 0);
        final double cut = 100.0 * 1025.0 / 2048.0;
        rp.onBytesSent(0, 32_767, US);
        final double recovered = 0.5 * (LINE + cut);
        assertEquals(recovered, rp.rateGbps(0), 1e-12, "one byte-counter fast-recovery step");
        assertEquals(LINE, rp.targetRateGbps(0), 0.0);
        assertTrue(rp.onCnp(0, 10 * US));
        assertEquals(recovered, rp.targetRateGbps(0), 1e-12,
            "clamp_tgt_rate_after_time_inc: a byte-driven increase since the cut re-enables the clamp too");
        final double a = 1023.0 / 1024.0 * Math.pow(1 - nvidia.g(), 10);
        assertEquals(recovered * (1 - a / 2), rp.rateGbps(0), 1e-12);

        final DcqcnReactionPoints noBytes = new DcqcnReactionPoints(nvidia, 1, 0);
        noBytes.onCnp(0, 0);
        noBytes.onBytesSent(0, 32_766, US);
        noBytes.onCnp(0, 10 * US);
        assertEquals(LINE, noBytes.targetRateGbps(0), 0.0, "below one byte-counter event nothing was increased");
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
        assertEquals(Long.MAX_VALUE, rp.nextDeadlineNs(0));
        rp.onCnp(0, 100);
        assertEquals(1_100, rp.nextDeadlineNs(0));
        rp.advance(0, 250_000);
        assertEquals(250_100, rp.nextDeadlineNs(0), "alpha periods run from the first CNP");
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
