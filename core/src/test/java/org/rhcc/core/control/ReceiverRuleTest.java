package org.rhcc.core.control;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.rhcc.core.receiver.HostCcFiveLevelPolicy;
import org.rhcc.core.receiver.HostCcLocalPolicy;
import org.rhcc.core.receiver.IioCongestionDetector;
import org.rhcc.core.receiver.MbaCascade;
import org.rhcc.core.receiver.MbaPolicy;
import org.rhcc.core.receiver.RhccCascadePolicy;
import org.rhcc.core.sender.SenderGate;
import org.rhcc.core.signal.IioSampleRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

class ReceiverRuleTest
{
    /**
     * Each scheme as the paper and docs/design.md §4 define it: receiver loop, sender loop, hostCC's rule, hostCC's
     * own levels, the sender gate.
     */
    @Test
    void shouldGiveEverySchemeItsPublishedLoops()
    {
        assertLoops(Scheme.DCQCN, false, false, false, false, SenderGate.NONE);
        assertLoops(Scheme.RHCC, true, true, false, false, SenderGate.NONE);
        assertLoops(Scheme.RHCC_GATED, true, true, false, false, SenderGate.RECEIVER);
        assertLoops(Scheme.HOSTCC, true, false, true, true, SenderGate.NONE);
        assertLoops(Scheme.RNIC_ONLY, false, true, false, false, SenderGate.NONE);
        assertLoops(Scheme.CPU_ONLY, true, false, false, false, SenderGate.NONE);
        assertLoops(Scheme.HOSTCC_5LEVEL, true, false, true, false, SenderGate.NONE);
        assertLoops(Scheme.HOSTCC_EMULATED, true, true, false, false, SenderGate.INCREASE_INTERVAL);
    }

    @Test
    void shouldBuildThePolicyEachRuleNames()
    {
        final ControllerConfig config = ControllerConfig.defaults(Scheme.RHCC, 100.0);
        assertSame(MbaPolicy.NONE, ReceiverRule.NONE.policy(config));
        assertInstanceOf(RhccCascadePolicy.class, ReceiverRule.RHCC_CASCADE.policy(config));
        assertInstanceOf(HostCcLocalPolicy.class, ReceiverRule.HOSTCC.policy(config));
        assertInstanceOf(HostCcFiveLevelPolicy.class, ReceiverRule.HOSTCC_FIVE_LEVEL.policy(config));
        assertFalse(ReceiverRule.RHCC_CASCADE.marksCe());
    }

    /**
     * RHCC's rule as a policy takes, sample for sample, the decisions of Eq. (1) feeding the cascade directly.
     */
    @Test
    void shouldDecideAsEquationOneFeedingTheCascade()
    {
        final ControllerConfig config = ControllerConfig.defaults(Scheme.RHCC, 100.0);
        final MbaPolicy policy = ReceiverRule.RHCC_CASCADE.policy(config);
        final IioCongestionDetector detector = new IioCongestionDetector(config.gIio(), config.iThr());
        final MbaCascade cascade = new MbaCascade(config.cascade());
        final List<String> viaPolicy = new ArrayList<>();
        final List<String> direct = new ArrayList<>();
        final SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++)
        {
            final double occupancy = 45.0 + 30.0 * Math.sin(i / 400.0) + random.nextDouble(-10.0, 10.0);
            final long nowNs = 400L * i;
            policy.onSample(occupancy, 90.0, nowNs, (g, l, t) -> viaPolicy.add(t + ":" + g + "->" + l));
            cascade.onDecision(detector.onSample(occupancy), nowNs, (g, l, t) -> direct.add(t + ":" + g + "->" + l));
            assertEquals(detector.congested(), policy.congested());
            assertEquals(detector.iCur(), policy.smoothedOccupancy());
        }
        assertEquals(direct, viaPolicy);
        assertEquals(config.iThr(), policy.threshold());
        assertFalse(direct.isEmpty(), "the sequence moved the cascade");
    }

    @Test
    void shouldNeverThrottleWithoutAReceiverLoop()
    {
        final ReceiverController controller = new ReceiverController(ControllerConfig.defaults(Scheme.DCQCN, 100.0),
            new ReceiverControllerTest.RecordingActuator(), (on, t) -> { }, (g, l, t) -> { });
        assertEquals(0, controller.onIioSample(new IioSampleRecord().set(500.0, 0.0, 0)));
        assertEquals(1, controller.level(0));
        assertFalse(controller.congested());
        assertEquals(0.0, controller.threshold());
    }

    private static void assertLoops(final Scheme scheme, final boolean receiverLoop, final boolean senderLoop,
        final boolean hostCc, final boolean hostCcLevels, final SenderGate gate)
    {
        assertEquals(receiverLoop, scheme.receiverLoop(), scheme.label());
        assertEquals(senderLoop, scheme.senderLoop(), scheme.label());
        assertEquals(hostCc, scheme.hostCc(), scheme.label());
        assertEquals(hostCcLevels, scheme.hostCcLevels(), scheme.label());
        assertEquals(gate, scheme.senderGate(), scheme.label());
    }
}
