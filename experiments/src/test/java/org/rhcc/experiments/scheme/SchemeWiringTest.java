package org.rhcc.experiments.scheme;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.ProbeAckRecord;
import org.rhcc.experiments.IdleIioSensor;
import org.rhcc.experiments.UserInputException;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Simulation;
import org.rhcc.sim.SimulationResult;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.Scenario;
import org.rhcc.sim.api.SimPorts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchemeWiringTest
{
    /**
     * Records what a controller does through the simulator's ports.
     */
    static final class RecordingPorts implements SimPorts
    {
        final List<String> mbaChanges = new ArrayList<>();
        final List<double[]> rates = new ArrayList<>();
        final List<Boolean> marking = new ArrayList<>();

        public MbaActuator mba()
        {
            return new MbaActuator()
            {
                public int groupCount()
                {
                    return 2;
                }

                public void apply(final MbaLevelCommand command)
                {
                    final int group = command.group();
                    final int level = command.level();
                    mbaChanges.add(group + "=" + level);
                }

                public void resetToUnthrottled()
                {
                    mbaChanges.add("reset");
                }
            };
        }

        public RateLimiter rateLimiter()
        {
            return (update) -> rates.add(new double[]{ update.qp(), update.rRevGbps() });
        }

        public void setReceiverEcnMarking(final boolean on)
        {
            marking.add(on);
        }

        public int qpCount()
        {
            return 8;
        }

        public double lineRateGbps()
        {
            return 100.0;
        }

        public IioOccupancySensor iioSensor()
        {
            return new IdleIioSensor();
        }
    }

    private static ControllerHook hook(final Scheme scheme, final RecordingPorts ports)
    {
        final ControllerHook hook = SchemeRegistry.hook(scheme, Map.of());
        hook.attach(ports, 0);
        return hook;
    }

    private static void drive(final ControllerHook hook)
    {
        final SplittableRandom random = new SplittableRandom(3);
        long nowNs = 0;
        for (int i = 0; i < 5_000; i++)
        {
            nowNs += 400;
            if (hook.wantsIioSamples())
            {
                hook.onIioSample(new IioSampleRecord().set(60.0 + 60.0 * random.nextDouble(), 40.0, nowNs));
            }
            if (hook.wantsProbes() && i % 4 == 0)
            {
                final int recv = (int)nowNs;
                hook.onProbeAck(new ProbeAckRecord().set(random.nextInt(8), recv, recv + 300 + random.nextInt(900),
                    true, 10.0 + 90.0 * random.nextDouble(), nowNs));
            }
        }
    }

    @Test
    void shouldTakeNoMbaActionWithoutReceiverLoop()
    {
        for (final Scheme scheme : new Scheme[]{ Scheme.RNIC_ONLY, Scheme.DCQCN })
        {
            final RecordingPorts ports = new RecordingPorts();
            final ControllerHook hook = Scheme.DCQCN == scheme ? ControllerHook.NONE : hook(scheme, ports);
            drive(hook);
            assertEquals(List.of(), ports.mbaChanges, scheme.label());
            assertEquals(List.of(), ports.marking, scheme.label());
        }
    }

    @Test
    void shouldSetNoRateWithoutSenderLoop()
    {
        final RecordingPorts ports = new RecordingPorts();
        drive(hook(Scheme.CPU_ONLY, ports));
        assertEquals(List.of(), ports.rates);
        assertFalse(ports.mbaChanges.isEmpty(), "cpu-only throttles under congestion");
    }

    @Test
    void shouldNeverSendAboveMinOfReceivableAndInterHostRate()
    {
        final RecordingPorts ports = new RecordingPorts();
        final ControllerHook hook = SchemeRegistry.hook(Scheme.RHCC, Map.of());
        hook.attach(ports, 0);
        final SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 20_000; i++)
        {
            final double rccGbps = 5.0 + 95.0 * random.nextDouble();
            final int recv = i * 1_000;
            final int size = ports.rates.size();
            hook.onProbeAck(
                new ProbeAckRecord().set(i % 8, recv, recv + random.nextInt(2_000), true, rccGbps, i * 1_000L));
            if (ports.rates.size() > size)
            {
                final double[] update = ports.rates.get(size);
                assertTrue(update[1] >= 1.0 && update[1] <= 100.0, "R_rev within [R_min, line]");
            }
        }
        assertTrue(ports.rates.size() > 19_000);
    }

    @Test
    void shouldCeMarkOnlyForHostCc()
    {
        final RecordingPorts ports = new RecordingPorts();
        drive(hook(Scheme.HOSTCC, ports));
        assertEquals(Boolean.TRUE, ports.marking.get(0));
        final RecordingPorts rhcc = new RecordingPorts();
        drive(hook(Scheme.RHCC, rhcc));
        assertEquals(List.of(), rhcc.marking);
    }

    @Test
    void shouldRejectBadControllerParameterOnOneLine()
    {
        final UserInputException e = assertThrows(UserInputException.class,
            () -> SchemeRegistry.hook(Scheme.RHCC, Map.of("d_thr_ns", "soon")));
        assertTrue(e.getMessage().contains("d_thr_ns"), e.getMessage());
        SchemeRegistry.hook(Scheme.RHCC, Map.of("io.creditsLines", "96"));
    }

    @Test
    void shouldThrottleTheSimulatedHostAndCapItsSendersOnASmallScenario()
    {
        final Scenario scenario = new Scenario(true, 3, CpuTraffic.LOCAL, 1, 8, 65536, 0, 0.0, 0,
            1_000_000L, 1_000_000L, 7L);
        final SimulationResult rhcc = Simulation.run(scenario, SimParameters.calibrated(),
            SchemeRegistry.hook(Scheme.RHCC, Map.of()), (fraction) -> { });
        int maxLevel = 1;
        for (int i = 0; i < rhcc.timeSeries().windowCount(); i++)
        {
            maxLevel = Math.max(maxLevel, rhcc.timeSeries().mbaLevel(0, i));
        }
        assertTrue(maxLevel > 1, "the cascade reached the simulated MBA");
        final SimulationResult rnicOnly = Simulation.run(scenario, SimParameters.calibrated(),
            SchemeRegistry.hook(Scheme.RNIC_ONLY, Map.of()), (fraction) -> { });
        for (int i = 0; i < rnicOnly.timeSeries().windowCount(); i++)
        {
            assertEquals(1, rnicOnly.timeSeries().mbaLevel(0, i), "rnic-only never throttles cores");
        }
    }
}
