package org.rhcc.core.receiver;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IioCongestionDetectorTest
{
    @Test
    void shouldInitialiseFromFirstSampleOnColdStart()
    {
        final IioCongestionDetector detector = new IioCongestionDetector();
        assertFalse(detector.congested());
        assertTrue(detector.onSample(80.0));
        assertEquals(80.0, detector.iCur(), 0.0);
    }

    @Test
    void shouldApplyEquationOneWithQuarterGain()
    {
        final IioCongestionDetector detector = new IioCongestionDetector();
        detector.onSample(20.0);
        detector.onSample(100.0);
        assertEquals(0.75 * 20.0 + 0.25 * 100.0, detector.iCur(), 1e-12);
        detector.onSample(100.0);
        assertEquals(0.75 * 40.0 + 0.25 * 100.0, detector.iCur(), 1e-12);
    }

    @Test
    void shouldNotTreatExactThresholdAsCongestion()
    {
        final IioCongestionDetector detector = new IioCongestionDetector(0.25, 45.0);
        assertFalse(detector.onSample(45.0));
        assertTrue(detector.onSample(45.0 + 4e-9));
    }

    @Test
    void shouldRejectNegativeAndNaNSamplesKeepingState()
    {
        final IioCongestionDetector detector = new IioCongestionDetector();
        detector.onSample(60.0);
        assertTrue(detector.onSample(Double.NaN));
        assertTrue(detector.onSample(-3.0));
        assertTrue(detector.onSample(Double.POSITIVE_INFINITY));
        assertEquals(60.0, detector.iCur(), 0.0);
        assertEquals(3, detector.rejectedSamples());
    }

    @Test
    void shouldRestartEwmaAfterReset()
    {
        final IioCongestionDetector detector = new IioCongestionDetector();
        detector.onSample(90.0);
        detector.reset();
        assertFalse(detector.congested());
        detector.onSample(10.0);
        assertEquals(10.0, detector.iCur(), 0.0);
    }

    @Test
    void shouldRejectInvalidConfiguration()
    {
        assertThrows(IllegalArgumentException.class, () -> new IioCongestionDetector(0.0, 45.0));
        assertThrows(IllegalArgumentException.class, () -> new IioCongestionDetector(1.5, 45.0));
        assertThrows(IllegalArgumentException.class, () -> new IioCongestionDetector(0.25, -1.0));
        assertThrows(IllegalArgumentException.class, () -> new IioCongestionDetector(0.25, Double.NaN));
    }
}
