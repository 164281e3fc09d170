package org.rhcc.sim;

import java.util.ArrayList;
import java.util.List;

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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The entry point and the controller ports: cadences, actuation latency and the effect of every actuator.
 */
class SimulationTest
{
    private static Scenario scenario(final int congestion, final long durationNs)
    {
        return new Scenario(true, congestion, CpuTraffic.LOCAL, 1, 8, 65_536, 0, 0.0, 0, durationNs, 500_000L, 3L);
    }

    @Test
    void shouldReportProgressAtMostAboutAHundredTimesEndingAtOne()
    {
        final List<Double> calls = new ArrayList<>();
        Simulation.run(scenario(0, 1_000_000L), SimParameters.calibrated(), ControllerHook.NONE, calls::add);
        assertTrue(calls.size() <= 102, "progress calls: " + calls.size());
        assertEquals(1.0, calls.get(calls.size() - 1));
        for (int i = 1; i < calls.size(); i++)
        {
            assertTrue(calls.get(i) >= calls.get(i - 1));
        }
    }

    @Test
    void shouldDeliverIioSamplesBackToBackAndProbeAcksWithReceiverTimestamps()
    {
        final long[] samples = new long[1];
        final long[] acks = new long[1];
        final double[] delaySum = new double[1];
        final ControllerHook hook = new ControllerHook()
        {
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
                samples[0]++;
            }

            public void onProbeAck(final ProbeAck ack)
            {
                acks[0]++;
                delaySum[0] += ack.respSendTsNs() - ack.reqRecvTsNs();
                assertTrue(ack.qp() >= 0 && ack.qp() < 8);
                assertTrue(ack.rccGbps() > 0.0 && ack.rccGbps() <= 100.0);
            }
        };
        final SimulationResult r = Simulation.run(scenario(0, 1_000_000L), SimParameters.calibrated(), hook,
            ProgressListener.NONE);
        assertEquals(1_500_000L / 400L, samples[0], 2L);
        final double expectedProbes = r.metrics().rnicGbps() * 1.5e-3 / 8.0 * 1e9 / 32_768.0;
        assertEquals(expectedProbes, acks[0], expectedProbes * 0.05);
        final double meanDelayNs = delaySum[0] / acks[0];
        assertTrue(meanDelayNs > 100.0 && meanDelayNs < 140.0, "unloaded probe delay ~ L_llc: " + meanDelayNs);
    }

    @Test
    void shouldCapSendersThroughTheRateLimiter()
    {
        final ControllerHook hook = new ControllerHook()
        {
            public void attach(final SimPorts ports, final long nowNs)
            {
                for (int qp = 0; qp < ports.qpCount(); qp++)
                {
                    ports.rateLimiter().apply(RateUpdateRecord.of(qp, 5.0, nowNs));
                }
            }
        };
        final RunMetrics m = Simulation.run(scenario(0, 1_000_000L), SimParameters.calibrated(), hook,
            ProgressListener.NONE).metrics();
        assertEquals(8 * 5.0 * 4_096.0 / (4_096 + 82), m.rnicGbps(), 1.0);
    }

    @Test
    void shouldApplyMbaAfterTheActuationLatency()
    {
        final long switchAtNs = 300_000L;
        final ControllerHook hook = new ControllerHook()
        {
            private SimPorts ports;

            public void attach(final SimPorts ports, final long nowNs)
            {
                this.ports = ports;
                assertEquals(2, ports.mba().groupCount());
                assertEquals(400L, ports.iioSensor().readLatencyNs());
                assertEquals(100.0, ports.lineRateGbps());
            }

            public boolean wantsIioSamples()
            {
                return true;
            }

            public void onIioSample(final IioSample sample)
            {
                if (sample.nowNs() == switchAtNs)
                {
                    ports.mba().apply(MbaLevelCommandRecord.of(0, 4, sample.nowNs()));
                }
            }
        };
        final SimulationResult r = Simulation.run(scenario(3, 1_000_000L), SimParameters.calibrated(), hook,
            ProgressListener.NONE);
        final TimeSeries ts = r.timeSeries();
        assertEquals(1, ts.mbaLevel(0, 1));
        assertEquals(4, ts.mbaLevel(0, ts.windowCount() - 1));
        assertTrue(ts.cpuLocalMemGbps(ts.windowCount() - 1) < 0.6 * ts.cpuLocalMemGbps(1));
        assertTrue(ts.rnicGbps(ts.windowCount() - 1) > 90.0, "throttled MLC frees the NIC");
        final ControllerHook badGroup = new ControllerHook()
        {
            public void attach(final SimPorts ports, final long nowNs)
            {
                ports.mba().apply(MbaLevelCommandRecord.of(2, 1, nowNs));
            }
        };
        assertThrows(IllegalArgumentException.class, () -> Simulation.run(scenario(0, 10_000L),
            SimParameters.calibrated(), badGroup, ProgressListener.NONE));
    }

    @Test
    void shouldEmitCnpsWhenTheReceiverMarksEverything()
    {
        final ControllerHook hook = new ControllerHook()
        {
            public void attach(final SimPorts ports, final long nowNs)
            {
                ports.setReceiverEcnMarking(true);
            }
        };
        final RunMetrics m = Simulation.run(scenario(0, 1_000_000L), SimParameters.calibrated(), hook,
            ProgressListener.NONE).metrics();
        assertTrue(m.cnpCount() >= 8, "at least one CNP per QP: " + m.cnpCount());
        assertTrue(m.rnicGbps() < 90.0, "DCQCN must cut the senders: " + m.rnicGbps());
    }

    @Test
    void shouldShareOnlyPcieWithTcp()
    {
        final Scenario s = new Scenario(true, 0, CpuTraffic.LOCAL, 1, 8, 65_536, 0, 95.0, 2, 1_000_000L, 500_000L, 3L);
        final RunMetrics m = Simulation.run(s).metrics();
        assertEquals(104.0 * 0.5, m.rnicGbps(), 3.0);
        assertEquals(104.0 * 0.5, m.tcpGbps(), 3.0);
        assertTrue(m.tcpDropRate() > 0.0);
        assertTrue(m.iioOccupancy() < 30.0, "pure PCIe congestion leaves the IIO uncongested (B15)");
    }

    @Test
    void shouldRejectBadArgumentsWithClearMessages()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Simulation.run(
                (Scenario)null, SimParameters.calibrated(), ControllerHook.NONE, ProgressListener.NONE));
        assertTrue(e.getMessage().contains("ControllerHook.NONE"));
        assertThrows(IllegalArgumentException.class, () -> SimParameters.calibrated().withStepNs(20.0));
        assertThrows(IllegalArgumentException.class, () -> Scenarios.forcedMba(6, 1L));
    }

    @Test
    void shouldAllocateNothingPerStep()
    {
        final long extraBytes = StepAllocation.extraBytesFor5MsMore((round, durationNs) -> new Scenario(round == 0, 3,
            CpuTraffic.HYBRID, 1, 8, 65_536, 0, 30.0, 2, durationNs, 500_000L, 5L));
        // 5 ms more simulated time = 1,000,000 more steps; only the longer time series may grow.
        assertTrue(extraBytes < 64 * 1024, "per-step allocation: " + extraBytes + " extra bytes for 5 ms more");
    }

    @Test
    void shouldRunAtTenNanosecondSteps()
    {
        final RunMetrics fine = Simulation.run(scenario(2, 1_000_000L)).metrics();
        final RunMetrics coarse = Simulation.run(scenario(2, 1_000_000L), SimParameters.calibrated().withStepNs(10.0),
            ControllerHook.NONE, ProgressListener.NONE).metrics();
        assertEquals(fine.rnicGbps(), coarse.rnicGbps(), 0.10 * fine.rnicGbps());
        assertEquals(fine.iioOccupancy(), coarse.iioOccupancy(), 0.15 * fine.iioOccupancy());
    }
}
