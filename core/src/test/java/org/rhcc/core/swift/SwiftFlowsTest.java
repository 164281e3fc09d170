package org.rhcc.core.swift;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SwiftFlowsTest
{
    private static final double LINE = 100.0;
    private static final int MTU = 4_096;

    /** base target 10 us, h = 1 us, fs_range 20 us over [0.1, 100] packets, endpoint target 5 us, start at 10. */
    private final SwiftParameters params = new SwiftParameters(LINE, 0.001, MTU, 10_000, 1.0, 0.8, 0.5, 10_000,
        1_000, 20_000, 0.1, 100.0, 5_000, 0.001, 1_000.0, 10.0, 5);

    @Test
    void shouldStartAtTheInitialWindowAndRate()
    {
        final SwiftFlows flows = new SwiftFlows(params, 2);
        assertEquals(10.0, flows.cwnd(1), 0.0);
        assertEquals(10.0 * MTU * 8 / 10_000.0, flows.rateGbps(0), 1e-12);
        assertEquals(0.0, flows.pacingDelayNs(0), 0.0);
    }

    @Test
    void shouldComputeTheFabricTargetByHand()
    {
        final SwiftFlows flows = new SwiftFlows(params, 1);
        final double alpha = 20_000 / (1 / Math.sqrt(0.1) - 1 / Math.sqrt(100));
        final double beta = -alpha / 10;
        assertEquals(alpha, params.flowScalingAlpha(), 1e-9);
        assertEquals(10_000 + 3 * 1_000 + alpha / Math.sqrt(10) + beta, flows.fabricTargetNs(10.0, 3), 1e-9);
        assertEquals(10_000 + 20_000, flows.fabricTargetNs(0.1, 0), 1e-9, "fs_range at fs_min_cwnd");
        assertEquals(10_000 + 20_000, flows.fabricTargetNs(0.01, 0), 1e-9, "clamped to fs_range below it");
        assertEquals(10_000, flows.fabricTargetNs(100.0, 0), 1e-9, "0 at fs_max_cwnd");
        assertEquals(10_000, flows.fabricTargetNs(500.0, 0), 1e-9, "clamped to 0 above it");
    }

    @Test
    void shouldRaiseTheTargetWithHopsAndLowerItAsTheWindowGrows()
    {
        final SwiftFlows flows = new SwiftFlows(params, 1);
        for (int hops = 0; hops < 8; hops++)
        {
            assertEquals(1_000.0, flows.fabricTargetNs(10.0, hops + 1) - flows.fabricTargetNs(10.0, hops), 1e-9);
        }
        double previous = Double.MAX_VALUE;
        for (double cwnd = 0.1; cwnd <= 100.0; cwnd *= 1.5)
        {
            final double target = flows.fabricTargetNs(cwnd, 2);
            assertTrue(target < previous, "target " + target + " at cwnd " + cwnd);
            previous = target;
        }
    }

    @Test
    void shouldIncreaseAdditivelyBelowTarget()
    {
        final SwiftFlows flows = new SwiftFlows(params, 1);
        flows.onAck(0, 1_000, 8_000, 1_000, 1, 1.0);
        assertEquals(10.1, flows.fabricCwnd(0), 1e-12, "ai / cwnd per packet acked");
        assertEquals(10.1, flows.endpointCwnd(0), 1e-12);
        // One window of ACKs adds about ai = 1 packet (1/10 + 1/10.1 + ...).
        final SwiftFlows rtt = new SwiftFlows(params, 1);
        double expected = 10.0;
        for (int i = 0; i < 10; i++)
        {
            rtt.onAck(0, 1_000 + i * 900, 8_000, 1_000, 1, 1.0);
            expected += 1.0 / expected;
        }
        assertEquals(expected, rtt.cwnd(0), 1e-12);
        assertEquals(1.0, rtt.cwnd(0) - 10.0, 0.05);
        // Below one packet: ai per packet acked.
        final SwiftParameters small = new SwiftParameters(LINE, 0.001, MTU, 10_000, 0.25, 0.8, 0.5, 10_000, 1_000,
            20_000, 0.1, 100.0, 5_000, 0.001, 1_000.0, 0.5, 5);
        final SwiftFlows paced = new SwiftFlows(small, 1);
        assertEquals(10_000 / 0.5, paced.pacingDelayNs(0), 1e-9, "cwnd < 1: one packet per rtt / cwnd");
        assertEquals(0.5 * MTU * 8 / 10_000.0, paced.rateGbps(0), 1e-12);
        paced.onAck(0, 1_000, 8_000, 1_000, 1, 1.0);
        assertEquals(0.75, paced.cwnd(0), 1e-12);
        assertEquals(9_000 / 0.75, paced.pacingDelayNs(0), 1e-9);
    }

    @Test
    void shouldDecreaseByBetaTimesTheExcessAtMostOncePerRtt()
    {
        final SwiftParameters wide = new SwiftParameters(LINE, 0.001, MTU, 10_000, 1.0, 0.8, 0.5, 10_000, 1_000,
            20_000, 0.1, 100.0, 5_000, 0.001, 1_000.0, 100.0, 5);
        final SwiftFlows flows = new SwiftFlows(wide, 1);
        // cwnd 100: no flow scaling; 0 hops: target 10 us. Delay 20 us: 1 - 0.8 x 10/20 = 0.6.
        flows.onAck(0, 0, 20_000, 1_000, 0, 1.0);
        assertEquals(60.0, flows.fabricCwnd(0), 1e-9);
        assertEquals(100.01, flows.endpointCwnd(0), 1e-9, "endpoint delay below its target: +1/100");
        flows.onAck(0, 20_000, 20_000, 1_000, 0, 1.0);
        assertEquals(60.0, flows.fabricCwnd(0), 1e-9, "20 us later, RTT 21 us: still within the hold-off");
        final double target = flows.fabricTargetNs(60.0, 0);
        flows.onAck(0, 21_000, 20_000, 1_000, 0, 1.0);
        assertEquals(60.0 * (1 - 0.8 * (20_000 - target) / 20_000), flows.fabricCwnd(0), 1e-9, "one RTT on: cut");
    }

    @Test
    void shouldBoundTheDecreaseByMaxMdf()
    {
        final SwiftFlows flows = new SwiftFlows(params, 1);
        flows.onAck(0, 0, 1_000_000, 1_000, 0, 1.0);
        assertEquals(5.0, flows.fabricCwnd(0), 1e-12, "1 - 0.8 x 0.97 < 1 - max_mdf: halved");
    }

    @Test
    void shouldCutTheEndpointWindowOnHostDelayAndTakeTheSmaller()
    {
        final SwiftFlows flows = new SwiftFlows(params, 1);
        flows.onAck(0, 0, 5_000, 10_000, 1, 1.0);
        assertEquals(10.1, flows.fabricCwnd(0), 1e-12);
        assertEquals(10.0 * (1 - 0.8 * 0.5), flows.endpointCwnd(0), 1e-12, "endpoint 10 us against 5 us: 0.6");
        assertEquals(6.0, flows.cwnd(0), 1e-12);
        assertEquals(6.0 * MTU * 8 / 15_000.0, flows.rateGbps(0), 1e-12, "cwnd x MTU / RTT, RTT = 5 + 10 us");
    }

    @Test
    void shouldCutOnLossAndResetAfterRepeatedTimeouts()
    {
        final SwiftFlows flows = new SwiftFlows(params, 1);
        flows.onFastRecovery(0, 0);
        assertEquals(5.0, flows.cwnd(0), 1e-12);
        flows.onRetransmitTimeout(0, 5_000);
        assertEquals(5.0, flows.cwnd(0), 1e-12, "within one RTT of the last cut");
        flows.onRetransmitTimeout(0, 10_000);
        assertEquals(2.5, flows.cwnd(0), 1e-12);
        flows.onRetransmitTimeout(0, 20_000);
        flows.onRetransmitTimeout(0, 30_000);
        flows.onRetransmitTimeout(0, 40_000);
        assertEquals(0.001, flows.cwnd(0), 1e-15, "the fifth timeout in a row drops to min_cwnd");
        assertEquals(0.001 * MTU * 8 / 10_000.0, flows.rateGbps(0), 1e-12, "paced: one packet per 1000 RTTs");
    }

    @Test
    void shouldRejectBadInputWithTheValueNamed()
    {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SwiftParameters(LINE, 0.001, MTU, 10_000,
            1.0, 0.8, 1.0, 10_000, 1_000, 20_000, 0.1, 100.0, 5_000, 0.001, 1_000.0, 10.0, 5))
            .getMessage().contains("maxMdf = 1.0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SwiftParameters(LINE, 0.001, MTU, 10_000,
            1.0, 0.8, 0.5, 10_000, 1_000, 20_000, 10.0, 5.0, 5_000, 0.001, 1_000.0, 10.0, 5))
            .getMessage().contains("fsMaxCwnd = 5.0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SwiftParameters(LINE, 0.001, MTU, 10_000,
            1.0, 0.8, 0.5, 10_000, 1_000, 20_000, 0.1, 100.0, 5_000, 0.001, 1_000.0, 2_000.0, 5))
            .getMessage().contains("initialCwnd = 2000.0"));
        final SwiftFlows flows = new SwiftFlows(params, 1);
        assertThrows(IllegalArgumentException.class, () -> flows.onAck(0, 0, 0, 0, 1, 1.0));
        assertThrows(IllegalArgumentException.class, () -> flows.onAck(0, 0, 1_000, -1, 1, 1.0));
        assertThrows(IllegalArgumentException.class, () -> flows.onAck(0, 0, 1_000, 0, 1, Double.NaN));
    }

    @Test
    void shouldDeriveDefaultsThatReachLineRate()
    {
        final SwiftParameters d = SwiftParameters.defaults(LINE, MTU, 8_000, 2_000);
        assertEquals(328, d.hopScalingNs(), "one 4 KB packet at 100 Gbit/s");
        assertEquals(8_000 + 8 * 328, d.baseTargetNs());
        assertEquals(4 * 8 * 328, d.fsRangeNs());
        final SwiftFlows flows = new SwiftFlows(d, 1);
        assertTrue(d.maxCwnd() * MTU * 8 / (d.baseTargetNs() + 5 * 328 + d.fsRangeNs()) >= LINE);
        assertEquals(LINE, flows.rateGbps(0), 0.5, "flows start at line rate");
    }

    @Test
    void shouldKeepRatesFiniteAndWithinBoundsOverRandomInputs()
    {
        final SplittableRandom random = new SplittableRandom(14);
        for (int round = 0; round < 20; round++)
        {
            final SwiftParameters p = SwiftParameters.defaults(10.0 + random.nextDouble(390.0),
                256 + random.nextInt(9_000), 1_000 + random.nextInt(50_000), 100 + random.nextInt(20_000));
            final int flowCount = 64;
            final SwiftFlows flows = new SwiftFlows(p, flowCount);
            long now = 0;
            for (int event = 0; event < 20_000; event++)
            {
                final int f = random.nextInt(flowCount);
                now += random.nextInt(5_000);
                final int kind = random.nextInt(50);
                if (kind == 0)
                {
                    flows.onRetransmitTimeout(f, now);
                }
                else if (kind == 1)
                {
                    flows.onFastRecovery(f, now);
                }
                else
                {
                    final long fabric =
                        1 + (random.nextInt(10) == 0 ? random.nextLong(1L << 40) : random.nextInt(200_000));
                    flows.onAck(f, now, fabric, random.nextInt(100_000), random.nextInt(10), random.nextDouble(64.0));
                }
                final double rate = flows.rateGbps(f);
                assertTrue(rate >= p.minRateGbps() && rate <= p.lineRateGbps(), "rate " + rate + " with " + p);
                final double cwnd = flows.cwnd(f);
                assertTrue(cwnd >= p.minCwnd() && cwnd <= p.maxCwnd(), "cwnd " + cwnd);
                assertTrue(Double.isFinite(flows.pacingDelayNs(f)) && Double.isFinite(flows.fabricTargetNs(f)));
            }
        }
    }

    @Test
    void shouldAllocateNothingPerAck()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final SwiftFlows flows = new SwiftFlows(params, 1_000);
        final long id = Thread.currentThread().getId();
        long now = 0;
        double sink = 0;
        for (int round = 0; round < 2; round++)
        {
            final long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < 200_000; i++)
            {
                now += 100;
                flows.onAck(i % 1_000, now, 5_000 + (i & 0x3FFF), 1_000, 2, 1.0);
                sink += flows.rateGbps(i % 1_000);
            }
            final long allocated = threads.getThreadAllocatedBytes(id) - before;
            if (round == 1)
            {
                assertTrue(allocated < 1_024, allocated + " B allocated over 200 000 ACKs");
            }
        }
        assertTrue(sink > 0);
    }
}
