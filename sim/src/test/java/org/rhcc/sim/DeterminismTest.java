package org.rhcc.sim;

import org.junit.jupiter.api.Test;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.RateUpdateRecord;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.RunMetrics;
import org.rhcc.sim.api.Scenario;
import org.rhcc.sim.api.SimPorts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Same scenario, seed and controller decisions give the same result, bit for bit (docs/design.md §6).
 */
class DeterminismTest
{
    /**
     * A controller that uses every port, so its decisions feed back into the run.
     */
    private static final class BusyHook implements ControllerHook
    {
        private SimPorts ports;
        private long samples;
        private long acks;

        public void attach(final SimPorts ports, final long nowNs)
        {
            this.ports = ports;
        }

        public boolean wantsProbes()
        {
            return true;
        }

        public boolean wantsIioSamples()
        {
            return true;
        }

        public void onIioSample(final IioSample sample)
        {
            samples++;
            if (samples % 500 == 0)
            {
                ports.mba().apply(MbaLevelCommandRecord.of(0, sample.occupancy() > 45.0 ? 3 : 1, sample.nowNs()));
            }
        }

        public void onProbeAck(final ProbeAck ack)
        {
            acks++;
            final double rRev = (ack.respSendTsNs() - ack.reqRecvTsNs()) > 300 ? 60.0 : 100.0;
            ports.rateLimiter().apply(RateUpdateRecord.of(ack.qp(), rRev, ack.nowNs()));
        }
    }

    private static SimulationResult run(final boolean pfc, final long seed)
    {
        final Scenario scenario = new Scenario(pfc, 3, CpuTraffic.HYBRID, 2, 4, 65_536, 0, 20.0, 2,
            1_500_000L, 500_000L, seed);
        return Simulation.run(scenario, SimParameters.calibrated(), new BusyHook(), ProgressListener.NONE);
    }

    @Test
    void shouldReproduceMetricsAndTimeSeriesBitForBit()
    {
        for (final boolean pfc : new boolean[]{ true, false })
        {
            final SimulationResult a = run(pfc, 7L);
            final SimulationResult b = run(pfc, 7L);
            assertEquals(a.metrics(), b.metrics());
            assertEquals(a.diagnostics(), b.diagnostics());
            assertArrayEquals(a.timeSeries().rnicGbpsColumn(), b.timeSeries().rnicGbpsColumn());
            assertArrayEquals(a.timeSeries().iioOccupancyColumn(), b.timeSeries().iioOccupancyColumn());
            assertArrayEquals(a.timeSeries().rxDelayNsColumn(), b.timeSeries().rxDelayNsColumn());
        }
    }

    @Test
    void shouldDependOnTheSeedWhereDrawsMatter()
    {
        final RunMetrics a = run(false, 1L).metrics();
        final RunMetrics b = run(false, 2L).metrics();
        assertNotEquals(a, b);
    }
}
