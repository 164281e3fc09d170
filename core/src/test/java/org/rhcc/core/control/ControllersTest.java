package org.rhcc.core.control;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.ProbeAckRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ControllersTest
{
    private final List<String> actions = new ArrayList<>();
    private final MbaActuator mba = new MbaActuator()
    {
        public int groupCount()
        {
            return 2;
        }

        public void apply(final MbaLevelCommand command)
        {
            final int group = command.group();
            final int level = command.level();
            actions.add("mba " + group + "=" + level);
        }

        public void resetToUnthrottled()
        {
            actions.add("reset");
        }
    };

    private ReceiverController receiver(final Scheme scheme)
    {
        return new ReceiverController(ControllerConfig.defaults(scheme, 100.0), mba,
            (on, t) -> actions.add("ecn " + on), (g, l, t) -> { });
    }

    @Test
    void shouldThrottleOnlyInSchemesWithReceiverLoop()
    {
        for (final Scheme scheme : new Scheme[]{ Scheme.DCQCN, Scheme.RNIC_ONLY })
        {
            final ReceiverController controller = receiver(scheme);
            assertFalse(controller.wantsIioSamples());
            controller.onIioSample(new IioSampleRecord().set(500.0, 10.0, 0));
        }
        assertEquals(List.of(), actions, "dcqcn and rnic-only take no MBA action");
        receiver(Scheme.CPU_ONLY).onIioSample(new IioSampleRecord().set(500.0, 10.0, 0));
        assertEquals(List.of("mba 1=4"), actions);
    }

    @Test
    void shouldMarkAndThrottleWhileHostCcsSmoothedOccupancyIsAboveSeventy()
    {
        final ReceiverController hostCc = receiver(Scheme.HOSTCC);
        // hostCC's EWMA starts at 0 with weight 1/8: samples of 90 lift its integer part above 70 at the 12th
        // (90 (1 - (7/8)^11) = 69.3, 90 (1 - (7/8)^12) = 71.9)
        for (int i = 1; i <= 11; i++)
        {
            hostCc.onIioSample(new IioSampleRecord().set(90.0, 20.0, i * 400L));
        }
        assertFalse(hostCc.marking());
        assertEquals(List.of(), actions);
        hostCc.onIioSample(new IioSampleRecord().set(90.0, 20.0, 12 * 400L));
        assertTrue(hostCc.marking());
        assertEquals(List.of("mba 1=6", "ecn true"), actions, "level 1: the remote socket at MBA 90");
        actions.clear();
        hostCc.onIioSample(new IioSampleRecord().set(90.0, 20.0, 13 * 400L));
        assertEquals(List.of("mba 0=7", "mba 1=7"), actions, "level 2: the memory-heavy process paused");
        actions.clear();
        for (int i = 14; i < 100; i++)
        {
            hostCc.onIioSample(new IioSampleRecord().set(0.0, 20.0, i * 400L));
        }
        assertTrue(hostCc.marking(), "samples <= 10 leave hostCC's smoothed occupancy frozen");
        assertEquals(List.of(), actions, "and bandwidth below B_T never relaxes");
    }

    @Test
    void shouldMarkWhileHostCcFiveLevelOccupancyAboveThreshold()
    {
        final ReceiverController hostCc = receiver(Scheme.HOSTCC_5LEVEL);
        hostCc.onIioSample(new IioSampleRecord().set(90.0, 20.0, 0));
        assertTrue(hostCc.marking());
        assertEquals(List.of("mba 0=2", "mba 1=2", "ecn true"), actions);
        actions.clear();
        for (int i = 1; i < 40; i++)
        {
            hostCc.onIioSample(new IioSampleRecord().set(0.0, 20.0, i * 400L));
        }
        assertFalse(hostCc.marking());
        assertTrue(actions.contains("ecn false"));
        assertEquals(1, actions.stream().filter(a -> a.startsWith("ecn")).count(), "marking toggles once");
    }

    @Test
    void shouldSetRatesOnlyInSchemesWithSenderLoop()
    {
        final List<Double> rates = new ArrayList<>();
        final SenderController cpuOnly = new SenderController(ControllerConfig.defaults(Scheme.CPU_ONLY, 100.0), 4,
            (update) -> rates.add(update.rRevGbps()));
        assertFalse(cpuOnly.wantsProbes());
        cpuOnly.onProbeAck(new ProbeAckRecord().set(0, 0, 900, true, 50.0, 0));
        assertEquals(List.of(), rates);

        final SenderController rhcc = new SenderController(ControllerConfig.defaults(Scheme.RHCC, 100.0), 4,
            (update) -> rates.add(update.rRevGbps()));
        assertTrue(rhcc.wantsProbes());
        final double rSendGbps = rhcc.decide(3, new ProbeAckRecord().set(3, 0, 900, true, 50.0, 0));
        assertEquals(1, rates.size());
        assertEquals(Math.min(rates.get(0), 50.0), rSendGbps, "the decision's record is Eq. (4) at the ACK");
    }
}
