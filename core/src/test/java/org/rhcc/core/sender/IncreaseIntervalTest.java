package org.rhcc.core.sender;

import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.Scheme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * hostcc-emulated's sender loop ({@link SenderGate#INCREASE_INTERVAL}): R_rev rises at most once per 300 us of the
 * receiver's clock, a rise within the interval is dropped, decreases act at once, and the 8-bit increase clock does
 * not alias (docs/design.md §4).
 */
class IncreaseIntervalTest
{
    private static final double LINE = 100.0;
    private static final int QP = 2;
    /** ACKs 3 us apart: 32 KB each, 87 Gbit/s delivered, so the anti-windup ceiling (175 Gbit/s) never binds. */
    private static final int ACK_GAP_NS = 3_000;

    private ReceivableRateController held;
    private ReceivableRateController paper;
    private int tRecvNs;

    @BeforeEach
    void setUp()
    {
        final SenderParameters params = SenderParameters.paperDefaults(LINE);
        held = new ReceivableRateController(params.withSenderGate(SenderGate.INCREASE_INTERVAL), new QpStateTable(4));
        paper = new ReceivableRateController(params, new QpStateTable(4));
        held.open(QP);
        paper.open(QP);
        tRecvNs = 1_000_000;
    }

    /** One ACK to both loops, {@code gapNs} after the previous one, with the given delay sample. */
    private void ack(final int gapNs, final int delayNs)
    {
        tRecvNs += gapNs;
        held.onProbeAck(QP, tRecvNs, tRecvNs + delayNs, LINE);
        paper.onProbeAck(QP, tRecvNs, tRecvNs + delayNs, LINE);
    }

    /** Drives R_rev down from line rate with delays far above D_thr: decreases act at once, as in the paper's loop. */
    private void cutDown(final int acks)
    {
        for (int i = 0; i < acks; i++)
        {
            ack(ACK_GAP_NS, 2_000);
            assertEquals(paper.receivableRateGbps(QP), held.receivableRateGbps(QP), 0.0, "decreases act at once");
        }
    }

    @Test
    void shouldCutAtOnceAndHoldEveryRiseWithinTheInterval()
    {
        cutDown(20);
        final double floorGbps = held.receivableRateGbps(QP);
        assertTrue(floorGbps < 90.0, "cut to " + floorGbps);
        // the delay falls below D_thr: the paper's loop rises on every ACK; the first rise passes (the interval since
        // the QP was opened has passed), every further one within 300 us is dropped
        ack(ACK_GAP_NS, 50);
        final double firstRise = held.receivableRateGbps(QP);
        assertTrue(firstRise > floorGbps);
        final int riseNs = tRecvNs;
        while (tRecvNs - riseNs + ACK_GAP_NS < 300_000)
        {
            final double dBefore = held.delayNs(QP);
            ack(ACK_GAP_NS, 40 + (tRecvNs / ACK_GAP_NS) % 20);
            assertEquals(firstRise, held.receivableRateGbps(QP), 0.0, "held at " + (tRecvNs - riseNs) + " ns");
            assertNotEquals(dBefore, held.delayNs(QP), "Eq. (2) runs while R_rev is held");
            assertEquals(tRecvNs, held.table().probeTsNs(QP), "the delivered-rate stamp runs while R_rev is held");
        }
        assertTrue(paper.receivableRateGbps(QP) > firstRise + 1.0, "the paper's loop rose on every ACK");
    }

    @Test
    void shouldApplyOneStepOfEquationThreeOnceTheIntervalHasPassed()
    {
        cutDown(20);
        ack(ACK_GAP_NS, 50);
        int lastRiseNs = tRecvNs;
        int rises = 0;
        for (int i = 0; i < 1_000; i++)
        {
            final double before = held.receivableRateGbps(QP);
            final double dPrev = held.delayNs(QP);
            ack(ACK_GAP_NS, 50);
            if (held.receivableRateGbps(QP) > before)
            {
                final double dCur = 0.25 * dPrev + 0.75 * 50;
                // one step of Eq. (3) from the held R_rev, not the sum of the steps dropped in between
                assertEquals(before - 0.0005 * (dCur - 200) - 0.0005 * (dCur - dPrev), held.receivableRateGbps(QP),
                    1e-5);
                // 75 ticks of 4.096 us after the last rise: more than 303.1 us, and the first 3 us ACK past 311.3 us
                final int sinceNs = tRecvNs - lastRiseNs;
                assertTrue(sinceNs > 74 * 4_096 && sinceNs < 76 * 4_096 + ACK_GAP_NS, "rose " + sinceNs + " ns on");
                lastRiseNs = tRecvNs;
                rises++;
            }
        }
        // 3 ms of ACKs: 9 intervals of 303 .. 314 us
        assertEquals(9, rises);
        assertTrue(held.receivableRateGbps(QP) < paper.receivableRateGbps(QP));
    }

    @Test
    void shouldNeverRiseTwiceWithin300Us()
    {
        cutDown(30);
        int lastRiseNs = tRecvNs - 1_000_000;
        int risesSeen = 0;
        final SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++)
        {
            final double before = held.receivableRateGbps(QP);
            ack(500 + random.nextInt(12_000), random.nextInt(400));
            if (held.receivableRateGbps(QP) > before)
            {
                assertTrue(tRecvNs - lastRiseNs >= 300_000, "rise " + (tRecvNs - lastRiseNs) + " ns after the last");
                lastRiseNs = tRecvNs;
                risesSeen++;
            }
        }
        assertTrue(risesSeen > 100, "rises: " + risesSeen);
    }

    @Test
    void shouldNotRestartTheIntervalOnADecrease()
    {
        cutDown(20);
        ack(ACK_GAP_NS, 50);
        final int riseNs = tRecvNs;
        // cuts while the interval runs act at once
        for (int i = 0; i < 40; i++)
        {
            final double before = held.receivableRateGbps(QP);
            ack(ACK_GAP_NS, 1_000);
            assertTrue(held.receivableRateGbps(QP) < before);
        }
        // then low delays: the first rise comes at the interval's end, counted from the last rise, not the last cut
        final double afterCuts = held.receivableRateGbps(QP);
        while (held.receivableRateGbps(QP) <= afterCuts)
        {
            ack(ACK_GAP_NS, 0);
        }
        final int sinceRiseNs = tRecvNs - riseNs;
        assertTrue(sinceRiseNs > 303_000 && sinceRiseNs < 311_400, "rose " + sinceRiseNs + " ns after the last rise");
    }

    @Test
    void shouldLetARiseThroughAfterALongSilenceOrALongRunOfCuts()
    {
        cutDown(200);
        assertEquals(1.0, held.receivableRateGbps(QP), 0.0, "at R_min, below the ceiling of one probe per 300 us");
        ack(ACK_GAP_NS, 50);
        // a gap of 300 us since the previous probe passes whatever the tick says
        double before = held.receivableRateGbps(QP);
        ack(300_000, 50);
        assertTrue(held.receivableRateGbps(QP) > before, "a probe 300 us after the previous one may rise");
        before = held.receivableRateGbps(QP);
        ack(299_999, 50);
        assertEquals(before, held.receivableRateGbps(QP), 0.0, "299.999 us after a rise is within the interval");
        // 1.2 ms of cuts, ACKs 3 us apart: over 256 ticks since the last rise, so a clock that kept the rise's tick
        // modulo 256 would see a few ticks; the first low delay after them rises at once
        for (int i = 0; i < 400; i++)
        {
            ack(ACK_GAP_NS, 2_000);
        }
        before = held.receivableRateGbps(QP);
        ack(ACK_GAP_NS, 0);
        ack(ACK_GAP_NS, 0);
        assertTrue(held.receivableRateGbps(QP) > before, "the interval stands passed after a long run of cuts");
    }

    @Test
    void shouldBeTheSchemesGateAndRefuseWeights()
    {
        assertEquals(SenderGate.INCREASE_INTERVAL,
            ControllerConfig.of(Scheme.HOSTCC_EMULATED, LINE, Map.of()).sender().senderGate());
        assertEquals(Scheme.HOSTCC_EMULATED, Scheme.parse("hostcc-emulated"));
        assertTrue(Scheme.HOSTCC_EMULATED.receiverLoop() && Scheme.HOSTCC_EMULATED.senderLoop());
        assertTrue(!Scheme.HOSTCC_EMULATED.hostCc(), "the receiver loop is RHCC's cascade");
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> ControllerConfig.of(Scheme.HOSTCC_EMULATED, LINE, Map.of(QpWeights.KEY, "1,2")));
        assertTrue(ex.getMessage().startsWith("qp_weights=1,2 cannot be used with hostcc-emulated"), ex.getMessage());
    }

    @Test
    void shouldKeepTheDThrInWordThreeAndTheTickInItsHighByte()
    {
        final QpStateTable table = held.table();
        cutDown(5);
        ack(ACK_GAP_NS, 50);
        assertEquals(200, table.dThrNs(QP));
        assertEquals((tRecvNs >>> ReceivableRateController.INCREASE_TICK_SHIFT) & 0xFF, table.increaseTick(QP));
        table.dThrNs(QP, 300);
        assertEquals((tRecvNs >>> ReceivableRateController.INCREASE_TICK_SHIFT) & 0xFF, table.increaseTick(QP));
        assertEquals(300, table.dThrNs(QP));
    }
}
