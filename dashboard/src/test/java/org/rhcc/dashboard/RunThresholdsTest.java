package org.rhcc.dashboard;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The thresholds drawn on the charts are the run's: the paper's defaults, its --set overrides, hostCC's own I_T.
 */
class RunThresholdsTest
{
    @Test
    void shouldTakeThePapersDefaultsWithoutOverrides()
    {
        final RunThresholds rhcc = RunThresholds.of("rhcc", Map.of());
        assertEquals(45.0, rhcc.iThr());
        assertEquals(200.0, rhcc.dThrNs());
        assertTrue(Double.isNaN(rhcc.hostCcIThr()), "no hostCC threshold for rhcc");
        assertEquals(rhcc, RunThresholds.of("dcqcn", Map.of()), "the baseline's signals against the same lines");
    }

    @Test
    void shouldFollowTheRunsOverrides()
    {
        final RunThresholds set = RunThresholds.of("rhcc",
            Map.of("i_thr", "60", "d_thr_ns", "350", "io.creditsLines", "92"));
        assertEquals(60.0, set.iThr());
        assertEquals(350.0, set.dThrNs());
    }

    @Test
    void shouldShowHostCcsOwnThreshold()
    {
        assertEquals(70.0, RunThresholds.of("hostcc", Map.of()).hostCcIThr());
        assertEquals(52.0, RunThresholds.of("hostcc-5level", Map.of("i_thr", "52")).hostCcIThr(),
            "hostcc-5level's I_T follows I_thr");
        assertEquals(80.0, RunThresholds.of("hostcc", Map.of("hostcc_i_t", "80")).hostCcIThr());
    }

    @Test
    void shouldDrawNoThresholdForASchemeThisBuildDoesNotKnow()
    {
        assertNull(RunThresholds.of("tcp-magic", Map.of()));
        assertNull(RunThresholds.of("rhcc", Map.of("i_thr", "forty")));
    }
}
