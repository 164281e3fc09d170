package org.rhcc.experiments;

import org.junit.jupiter.api.Test;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.experiments.result.Stationarity;
import org.rhcc.sim.api.ControllerHook;
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
        final ScriptedController controller = new ScriptedController();
        final HalfWindowObserver observer = new HalfWindowObserver(controller, 2 * MS, 10 * MS, 5, 1, 100_000L);
        final RecordingPorts ports = new RecordingPorts(2, 100.0);
        observer.attach(ports, 0L);

        // before the warm-up: not counted
        controller.ports.rateLimiter().setRate(0, 10.0, MS);
        controller.ports.mba().applyLevel(0, 5, MS);
        // local group at level 4 for [3, 4) ms, then 5 again
        controller.ports.mba().applyLevel(0, 4, 3 * MS);
        controller.ports.mba().applyLevel(0, 5, 4 * MS);
        // QP 1 at line rate until 4.5 ms (first half: 2.5 of 5 ms at 100, then 50)
        controller.ports.rateLimiter().setRate(1, 50.0, 4_500_000L);
        // second half: QP 0 at 30 from 9.5 ms; the cap at line rate applies to R_rev above it
        controller.ports.rateLimiter().setRate(0, 30.0, 9_500_000L);
        controller.ports.rateLimiter().setRate(1, 250.0, 9_500_000L);

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
        // every command reached the simulator unchanged
        assertEquals(4, ports.rates);
        assertEquals(3, ports.levels);
        assertEquals(250.0, ports.lastRRevGbps);
    }

    @Test
    void shouldRecordTheMeanReceivableRatePerWindow()
    {
        final ScriptedController controller = new ScriptedController();
        final HalfWindowObserver observer = new HalfWindowObserver(controller, 0L, MS, 5, 1, 500_000L);
        observer.attach(new RecordingPorts(1, 100.0), 0L);

        controller.ports.rateLimiter().setRate(0, 20.0, 250_000L);
        observer.onWindow(500_000L);
        observer.onWindow(MS);

        assertArrayEquals(new double[]{ 60.0, 20.0 }, observer.rRevSeries(0, 2), 1e-9);
        assertEquals(2, controller.windows);
    }

    /**
     * A controller with both loops whose decisions the test makes through the ports it was attached to.
     */
    private static final class ScriptedController implements ControllerHook
    {
        private SimPorts ports;
        private int windows;

        @Override
        public void attach(final SimPorts ports, final long nowNs)
        {
            this.ports = ports;
        }

        @Override
        public boolean wantsProbes()
        {
            return true;
        }

        @Override
        public boolean wantsIioSamples()
        {
            return true;
        }

        @Override
        public void onWindow(final long nowNs)
        {
            windows++;
        }
    }

    private static final class RecordingPorts implements SimPorts, MbaActuator, RateLimiter
    {
        private final int qps;
        private final double lineRateGbps;
        private int rates;
        private int levels;
        private double lastRRevGbps;

        RecordingPorts(final int qps, final double lineRateGbps)
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
        public void applyLevel(final int group, final int level, final long nowNs)
        {
            levels++;
        }

        @Override
        public void resetToUnthrottled()
        {
        }

        @Override
        public void setRate(final int qp, final double rRevGbps, final long nowNs)
        {
            rates++;
            lastRRevGbps = rRevGbps;
        }
    }
}
