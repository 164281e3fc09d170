package org.rhcc.core.sender;

import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.Scheme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReceivableRateControllerTest
{
    private static final double LINE = 100.0;

    private ReceivableRateController controller;

    @BeforeEach
    void setUp()
    {
        controller = new ReceivableRateController(SenderParameters.paperDefaults(LINE), new QpStateTable(8));
        controller.open(3);
    }

    @Test
    void shouldStartAtLineRateWithoutDelaySample()
    {
        assertEquals(LINE, controller.receivableRateGbps(3), 0.0);
        assertTrue(Double.isNaN(controller.delayNs(3)));
    }

    @Test
    void shouldInitialiseDelayFromFirstSampleWithoutDerivative()
    {
        final double rSend = controller.onProbeAck(3, 1_000, 1_600, LINE);
        assertEquals(600.0, controller.delayNs(3), 0.0);
        final double expected = LINE - 0.0005 * (600 - 200);
        assertEquals(expected, controller.receivableRateGbps(3), 1e-5);
        assertEquals((float)expected, rSend, 1e-9);
    }

    @Test
    void shouldApplyEquationsTwoAndThree()
    {
        controller.onProbeAck(3, 0, 600, LINE);
        final double rBefore = controller.receivableRateGbps(3);
        controller.onProbeAck(3, 2_000, 2_200, LINE);
        final double dCur = 0.25 * 600 + 0.75 * 200;
        assertEquals(dCur, controller.delayNs(3), 1e-4);
        final double expected = rBefore - 0.0005 * (dCur - 200) - 0.0005 * (dCur - 600);
        assertEquals(expected, controller.receivableRateGbps(3), 1e-5);
    }

    @Test
    void shouldCapReceivableRateAtTwiceTheDeliveredRate()
    {
        controller.onProbeAck(3, 0, 150, LINE);
        assertEquals(LINE, controller.receivableRateGbps(3), 0.1, "first ACK: no delivered-rate measurement yet");
        // probes 32 KB apart arriving 26.2144 us apart: 10 Gbit/s delivered, so R_rev <= 20 Gbit/s
        controller.onProbeAck(3, 26_214, 26_364, LINE);
        assertEquals(2.0 * 32768 * 8 / 26_214.0, controller.receivableRateGbps(3), 1e-4);
        // a wrapped receive timestamp still measures the gap: 0xCC00 ns, 5 Gbit/s delivered
        final QpStateTable table = controller.table();
        table.probeTsNs(3, 0xFFFF_FF00L);
        controller.onProbeAck(3, 0x0000_CB00, 0x0000_CB96, LINE);
        assertEquals(2.0 * 32768 * 8 / 0xCC00, controller.receivableRateGbps(3), 1e-4);
    }

    @Test
    void shouldCapOnlyAtOrBelowTargetSoThatAboveItEquationThreeAloneCuts()
    {
        controller.onProbeAck(3, 0, 150, LINE);
        // 10 Gbit/s delivered, but D_cur = 0.25 x 150 + 0.75 x 400 = 337.5 ns is above target: no ceiling, Eq. (3) cuts
        controller.onProbeAck(3, 26_214, 26_614, LINE);
        final double dCur = 0.25 * 150 + 0.75 * 400;
        assertEquals(LINE - 0.0005 * (dCur - 200) - 0.0005 * (dCur - 150), controller.receivableRateGbps(3), 1e-4);
        // back at target (D_cur = 0.25 x 337.5 + 0.75 x 150 = 196.9 ns), the same gap: the ceiling holds at once
        controller.onProbeAck(3, 52_428, 52_578, LINE);
        assertEquals(2.0 * 32768 * 8 / 26_214.0, controller.receivableRateGbps(3), 1e-4);
    }

    @Test
    void shouldSendAtMinimumOfReceivableAndInterHostRate()
    {
        assertEquals(40.0, controller.onProbeAck(3, 0, 200, 40.0), 1e-9);
        assertEquals(controller.receivableRateGbps(3), controller.onProbeAck(3, 0, 200, 1000.0), 1e-9);
    }

    @Test
    void shouldClampToMinimumAndLineRate()
    {
        for (int i = 0; i < 10_000; i++)
        {
            controller.onProbeAck(3, 0, 50_000, LINE);
        }
        assertEquals(1.0, controller.receivableRateGbps(3), 0.0);
        assertEquals(1.0, controller.onProbeAck(3, 0, 50_000, 0.0), 0.0, "R_cc = 0 still sends at R_min");
        for (int i = 0; i < 1_000_000; i++)
        {
            controller.onProbeAck(3, 0, 0, LINE);
        }
        assertEquals(LINE, controller.receivableRateGbps(3), 0.0);
    }

    @Test
    void shouldHandleTimestampWrap()
    {
        final int recv = 0xFFFF_FF00;
        final int resp = 0x0000_0050;
        controller.onProbeAck(3, recv, resp, LINE);
        assertEquals(0x150, controller.delayNs(3), 0.0);
    }

    @Test
    void shouldRejectNegativeDelayWithoutStateChange()
    {
        controller.onProbeAck(3, 0, 300, LINE);
        final double rate = controller.receivableRateGbps(3);
        assertEquals(ReceivableRateController.REJECTED_NEGATIVE_DELAY, controller.onProbeAck(3, 500, 400, LINE));
        assertEquals(rate, controller.receivableRateGbps(3), 0.0);
        assertEquals(300.0, controller.delayNs(3), 0.0);
        assertEquals(1, controller.rejectedNegativeDelay());
    }

    @Test
    void shouldRejectBadInterHostRate()
    {
        assertEquals(ReceivableRateController.REJECTED_BAD_RATE, controller.onProbeAck(3, 0, 300, -1.0));
        assertEquals(ReceivableRateController.REJECTED_BAD_RATE, controller.onProbeAck(3, 0, 300, Double.NaN));
        assertTrue(Double.isNaN(controller.delayNs(3)));
        assertEquals(2, controller.rejectedBadRate());
    }

    @Test
    void shouldConvergeToDelayTargetOnLinearPlant()
    {
        // plant: receiver delay grows linearly with the sending rate above a 50 Gbit/s capacity
        double rSend = LINE;
        for (int i = 0; i < 20_000; i++)
        {
            final int delayNs = (int)(120 + Math.max(0.0, rSend - 50.0) * 40.0);
            rSend = controller.onProbeAck(3, 0, delayNs, LINE);
        }
        assertEquals(200.0, controller.delayNs(3), 5.0);
        assertEquals(52.0, rSend, 0.2);
    }

    @Test
    void shouldRejectInvalidParameters()
    {
        assertThrows(IllegalArgumentException.class,
            () -> new SenderParameters(0.0, 0.0005, 0.0005, 200, 1.0, 100.0, 32768));
        assertThrows(IllegalArgumentException.class,
            () -> new SenderParameters(0.75, -1.0, 0.0005, 200, 1.0, 100.0, 32768));
        assertThrows(IllegalArgumentException.class,
            () -> new SenderParameters(0.75, 0.0005, 0.0005, 0, 1.0, 100.0, 32768));
        assertThrows(IllegalArgumentException.class,
            () -> new SenderParameters(0.75, 0.0005, 0.0005, 200, 10.0, 5.0, 32768));
        assertThrows(IllegalArgumentException.class,
            () -> new SenderParameters(0.75, 0.0005, 0.0005, 200, 1.0, 100.0, 8));
    }

    /**
     * rhcc-gated: while the receiver reports no IIO congestion the loop stands aside (R_rev at line rate, whatever the
     * delay); a congested report runs Eq. (3), with the ceiling only while D_cur > D_thr.
     */
    @Test
    void shouldActOnlyWhileTheReceiverReportsCongestionWhenGated()
    {
        final ReceivableRateController gated = new ReceivableRateController(
            SenderParameters.paperDefaults(LINE).withSenderGate(SenderGate.RECEIVER), new QpStateTable(8));
        gated.open(3);
        // a high delay the receiver does not attribute to IIO congestion: no cut, and the EWMA still learns it
        assertEquals(LINE, gated.onProbeAck(3, 0, 900, false, LINE), 0.0);
        assertEquals(900.0, gated.delayNs(3), 0.0);
        // 10 Gbit/s delivered and the delay above target, reported congested: the ceiling holds at once
        gated.onProbeAck(3, 26_214, 27_114, true, LINE);
        assertEquals(2.0 * 32768 * 8 / 26_214.0, gated.receivableRateGbps(3), 1e-4);
        // congested but below target: Eq. (3) moves R_rev, no ceiling
        gated.onProbeAck(3, 52_428, 52_438, true, LINE);
        final double before = gated.receivableRateGbps(3);
        final double dPrev = gated.delayNs(3);
        gated.onProbeAck(3, 78_642, 78_652, true, LINE);
        final double dCur = 0.25 * dPrev + 0.75 * 10;
        assertTrue(dCur < 200.0);
        assertEquals(before - 0.0005 * (dCur - 200) - 0.0005 * (dCur - dPrev), gated.receivableRateGbps(3), 1e-4);
        // not congested again: back to line rate at once, sending at R_cc
        assertEquals(60.0, gated.onProbeAck(3, 104_856, 105_856, false, 60.0), 0.0);
        assertEquals(LINE, gated.receivableRateGbps(3), 0.0);
        // the ungated loop ignores the report
        controller.onProbeAck(3, 0, 900, false, LINE);
        assertTrue(controller.receivableRateGbps(3) < LINE);
    }

    @Test
    void shouldTakeTheSchemesGateWhateverTheParameters()
    {
        assertEquals(SenderGate.RECEIVER, ControllerConfig.of(
            Scheme.RHCC_GATED, LINE, Map.of("d_thr_ns", "300")).sender().senderGate());
        assertEquals(SenderGate.NONE, ControllerConfig.of(
            Scheme.RHCC, LINE, Map.of()).sender().senderGate());
    }
}
