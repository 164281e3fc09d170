package org.rhcc.sim;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.RateUpdateRecord;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.RunObserver;
import org.rhcc.sim.api.Scenario;
import org.rhcc.sim.api.SimPorts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunObserverTest
{
    private static final Scenario SCENARIO =
        new Scenario(true, 3, CpuTraffic.LOCAL, 1, 4, 65_536, 0, 0.0, 0, 300_000L, 100_000L, 7L);

    @Test
    void shouldSeeSignalsAndDecisionsWithoutChangingTheRun()
    {
        final Recorder observer = new Recorder(true);
        final SenderOnly watched = new SenderOnly();
        final SimulationResult observed = Simulation.run(SCENARIO, SimParameters.calibrated(), watched, observer,
            ProgressListener.NONE);
        final SimulationResult alone = Simulation.run(SCENARIO, SimParameters.calibrated(), new SenderOnly(),
            ProgressListener.NONE);

        assertEquals(alone.metrics(), observed.metrics(), "observers never act on the run");
        assertTrue(observer.samples > 0, "the sensor is read for an observer that asks");
        assertEquals(0, watched.samples, "and the samples reach no controller that did not ask");
        assertEquals(watched.acks, observer.acks, "the observer sees every ACK the controller takes");
        assertEquals(watched.rates, observer.rates, "and every decision, with its arguments");
        assertTrue(observer.windows > 0 && observer.attached);
    }

    @Test
    void shouldNotReadTheSensorForNobody()
    {
        final Recorder observer = new Recorder(false);
        Simulation.run(SCENARIO, SimParameters.calibrated(), new SenderOnly(), RunObserver.all(observer, null),
            ProgressListener.NONE);
        assertEquals(0, observer.samples);
    }

    /** A sender loop of its own: R_rev 60 when D exceeds 300 ns, else the line. */
    private static final class SenderOnly implements ControllerHook
    {
        private final List<String> rates = new ArrayList<>();
        private SimPorts ports;
        private int acks;
        private int samples;

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
        public void onIioSample(final IioSample sample)
        {
            samples++;
        }

        @Override
        public void onProbeAck(final ProbeAck ack)
        {
            acks++;
            final double rRevGbps = ack.respSendTsNs() - ack.reqRecvTsNs() > 300 ? 60.0 : 100.0;
            rates.add(ack.qp() + " " + rRevGbps + " " + ack.nowNs());
            ports.rateLimiter().apply(RateUpdateRecord.of(ack.qp(), rRevGbps, ack.nowNs()));
        }
    }

    private static final class Recorder implements RunObserver
    {
        private final boolean wantsSamples;
        private final List<String> rates = new ArrayList<>();
        private boolean attached;
        private int samples;
        private int acks;
        private int windows;

        Recorder(final boolean wantsSamples)
        {
            this.wantsSamples = wantsSamples;
        }

        @Override
        public void onAttach(final SimPorts ports, final long nowNs)
        {
            attached = 4 == ports.qpCount();
        }

        @Override
        public boolean wantsIioSamples()
        {
            return wantsSamples;
        }

        @Override
        public void onIioSample(final IioSample sample)
        {
            samples++;
        }

        @Override
        public void onProbeAck(final ProbeAck ack)
        {
            acks++;
        }

        @Override
        public void onReceivableRate(final int qp, final double rRevGbps, final long nowNs)
        {
            rates.add(qp + " " + rRevGbps + " " + nowNs);
        }

        @Override
        public void onWindow(final long nowNs)
        {
            windows++;
        }
    }
}
