package org.rhcc.clustersim;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.Scheme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The IIO samples' window: after a stop every sample waits, and after a standby's takeover the copy of the rule
 * follows the standby's new controller, which starts from the session's parameters at the first sample it is sent,
 * exactly as a copy opened at that sample would.
 */
class IioLookaheadTest
{
    private static final long SAMPLE_NS = 400;

    @Test
    void shouldWaitAtEverySampleOnceStopped()
    {
        final IioLookahead lookahead = IioLookahead.of(Scheme.RHCC, ControllerConfig.defaults(Scheme.RHCC, 100.0));
        assertTrue(lookahead.onSample(10.0, 50.0, SAMPLE_NS), "a quiet sample streams");

        lookahead.stop();

        assertFalse(lookahead.onSample(10.0, 50.0, 2 * SAMPLE_NS));
        assertFalse(lookahead.onSample(10.0, 50.0, 3 * SAMPLE_NS));
    }

    @Test
    void shouldFollowANewControllerFromItsFirstSampleAfterATakeover()
    {
        for (final Scheme scheme : List.of(Scheme.RHCC, Scheme.RHCC_GATED, Scheme.HOSTCC, Scheme.CPU_ONLY))
        {
            final ControllerConfig config = ControllerConfig.defaults(scheme, 100.0);
            final SplittableRandom random = new SplittableRandom(7);
            final IioLookahead takenOver = IioLookahead.of(scheme, config);
            long nowNs = 0;
            for (int i = 0; i < 2_000; i++)
            {
                // congested long enough for the old controller's cascade to throttle
                nowNs += SAMPLE_NS;
                takenOver.onSample(60.0 + 40.0 * random.nextDouble(), 90.0, nowNs);
            }
            takenOver.stop();

            nowNs += SAMPLE_NS;
            final double firstOccupancy = 70.0;
            takenOver.restart(firstOccupancy, 90.0, nowNs);
            final IioLookahead opened = IioLookahead.of(scheme, config);
            opened.onSample(firstOccupancy, 90.0, nowNs);

            final List<Boolean> expected = new ArrayList<>();
            final List<Boolean> actual = new ArrayList<>();
            for (int i = 0; i < 5_000; i++)
            {
                nowNs += SAMPLE_NS;
                final double occupancy = i % 1_000 < 500 ?
                    50.0 + 100.0 * random.nextDouble() : 30.0 * random.nextDouble();
                expected.add(opened.onSample(occupancy, 90.0, nowNs));
                actual.add(takenOver.onSample(occupancy, 90.0, nowNs));
            }
            assertEquals(expected, actual, scheme.toString());
            assertTrue(actual.contains(true) && actual.contains(false), scheme + ": samples stream and wait again");
        }
    }
}
