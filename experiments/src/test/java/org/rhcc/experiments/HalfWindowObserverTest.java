package org.rhcc.experiments;

import org.junit.jupiter.api.Test;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.RateUpdate;
import org.rhcc.experiments.result.Stationarity;
import org.rhcc.sim.api.SimPorts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HalfWindowObserverTest
{
    private static final long MS = 1_000_000L;

    @Test
    void shouldSplitWindowsIntoHalvesLeavingOutTheMiddleOfAnOddCount()
    {
        assertArrayEquals(new double[]{ 2.0, 6.0 }, HalfWindowObserver.halfMeans(new double[]{ 1, 3, 5, 7 }));
        assertArrayEquals(new double[]{ 1.5, 5.5 }, HalfWindowObserver.halfMeans(new double[]{ 1, 2, 100, 5, 6 }));
        final double[] none = HalfWindowObserver.halfMeans(new double[]{ 4 });
        assertTrue(Double.isNaN(none[0]) && Double.isNaN(none[1]));
    }

    @Test
    void shouldFindASteadySignalStationaryAndARampNot()
    {
        final double[] steady = new double[100];
        final double[] ramp = new double[100];
        for (int i = 0; i < steady.length; i++)
        {
            steady[i] = 98.0 + (0 == i % 2 ? 1.5 : -1.5);
            ramp[i] = 20.0 - 0.03 * i;
        }
        final double[] s = HalfWindowObserver.halfMeans(steady);
        final double[] r = HalfWindowObserver.halfMeans(ramp);

        assertEquals(0.0, Stationarity.relativeDifference(s[0], s[1], 1.0), 1e-12);
        assertEquals(1.5 / (20.0 - 0.03 * 24.5), Stationarity.relativeDifference(r[0], r[1], 1.0), 1e-9);
        assertFalse(new Stationarity.Builder().add("r", r[0], r[1], 1.0).build().stationary());
    }

    @Test
    void shouldIntegrateTheReceivableRateAndMbaLevelsOverEachHalf()
    {
        // 2 ms warm-up, 10 ms measured: halves [2, 7) and [7, 12) ms
        final HalfWindowObserver observer = new HalfWindowObserver(2 * MS, 10 * MS, 5, 1, 100_000L, true, true);
        observer.onAttach(new StaticPorts(2, 100.0), 0L);

        // before the warm-up: not counted
        observer.onReceivableRate(0, 10.0, MS);
        observer.onMbaLevel(0, 5, MS);
        // local group at level 4 for [3, 4) ms, then 5 again
        observer.onMbaLevel(0, 4, 3 * MS);
        observer.onMbaLevel(0, 5, 4 * MS);
        // QP 1 at line rate until 4.5 ms (first half: 2.5 of 5 ms at 100, then 50)
        observer.onReceivableRate(1, 50.0, 4_500_000L);
        // second half: QP 0 at 30 from 9.5 ms; the cap at line rate applies to R_rev above it
        observer.onReceivableRate(0, 30.0, 9_500_000L);
        observer.onReceivableRate(1, 250.0, 9_500_000L);

        final Stationarity.Builder builder = new Stationarity.Builder();
        observer.addDecisionHalves(builder);
        final Stationarity stationarity = builder.build();

        // first half: QP 0 at 10 throughout; QP 1 at 100 for 2.5 ms, 50 for 2.5 ms
        assertEquals((10.0 + 75.0) / 2.0, stationarity.metrics().get("r_rev_gbps").first(), 1e-9);
        // second half: QP 0 at 10 for 2.5 ms then 30; QP 1 at 50 then 100 (capped)
        assertEquals((20.0 + 75.0) / 2.0, stationarity.metrics().get("r_rev_gbps").second(), 1e-9);
        assertEquals(0.2, stationarity.metrics().get("mba_local_level_4_share").first(), 1e-12);
        assertEquals(0.0, stationarity.metrics().get("mba_local_level_4_share").second(), 1e-12);
        assertEquals(0.8, stationarity.metrics().get("mba_local_level_5_share").first(), 1e-12);
        assertEquals(1.0, stationarity.metrics().get("mba_cross_level_1_share").second(), 1e-12);
        assertFalse(stationarity.metrics().containsKey("mba_local_level_1_share"));
        assertFalse(stationarity.stationary());
    }

    @Test
    void shouldCountAFailSafeResetFromTheLastDecision()
    {
        final HalfWindowObserver observer = new HalfWindowObserver(0L, 10 * MS, 5, 1, 100_000L, false, true);
        observer.onAttach(new StaticPorts(1, 100.0), 0L);
        observer.onMbaLevel(0, 5, 0L);
        observer.onMbaLevel(1, 4, 6 * MS);
        observer.onMbaReset();

        final Stationarity.Builder builder = new Stationarity.Builder();
        observer.addDecisionHalves(builder);
        final Stationarity stationarity = builder.build();

        assertEquals(1.0, stationarity.metrics().get("mba_local_level_5_share").first(), 1e-12);
        assertEquals(0.2, stationarity.metrics().get("mba_local_level_5_share").second(), 1e-12);
        assertEquals(0.8, stationarity.metrics().get("mba_local_level_1_share").second(), 1e-12);
        assertFalse(stationarity.metrics().containsKey("mba_cross_level_4_share"), "reset at once");
        assertFalse(stationarity.metrics().containsKey("r_rev_gbps"), "no sender loop, no R_rev");
    }

    @Test
    void shouldRecordTheMeanReceivableRatePerWindow()
    {
        final HalfWindowObserver observer = new HalfWindowObserver(0L, MS, 5, 1, 500_000L, true, true);
        observer.onAttach(new StaticPorts(1, 100.0), 0L);

        observer.onReceivableRate(0, 20.0, 250_000L);
        observer.onWindow(500_000L);
        observer.onWindow(MS);

        assertArrayEquals(new double[]{ 60.0, 20.0 }, observer.rRevSeries(0, 2), 1e-9);
    }

    /**
     * The static facts a run's observers are attached with; they never command the actuators.
     */
    private static final class StaticPorts implements SimPorts, MbaActuator, RateLimiter
    {
        private final int qps;
        private final double lineRateGbps;

        StaticPorts(final int qps, final double lineRateGbps)
        {
            this.qps = qps;
            this.lineRateGbps = lineRateGbps;
        }

        @Override
        public MbaActuator mba()
        {
            return this;
        }

        @Override
        public RateLimiter rateLimiter()
        {
            return this;
        }

        @Override
        public void setReceiverEcnMarking(final boolean on)
        {
        }

        @Override
        public int qpCount()
        {
            return qps;
        }

        @Override
        public double lineRateGbps()
        {
            return lineRateGbps;
        }

        @Override
        public IioOccupancySensor iioSensor()
        {
            return new IdleIioSensor();
        }

        @Override
        public int groupCount()
        {
            return 2;
        }

        @Override
        public void apply(final MbaLevelCommand command)
        {
            throw new AssertionError("an observer does not command");
        }

        @Override
        public void resetToUnthrottled()
        {
        }

        @Override
        public void apply(final RateUpdate update)
        {
            throw new AssertionError("an observer does not command");
        }
    }
}
