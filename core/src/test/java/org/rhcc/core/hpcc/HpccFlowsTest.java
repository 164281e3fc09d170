package org.rhcc.core.hpcc;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HpccFlowsTest
{
    private static final double LINE = 100.0;
    private static final long T = 10_000L;
    private static final double W_INIT = LINE * T / 8.0;

    /** eta 0.95, maxStage 5, W_AI = 125_000 x 0.05 / 50 = 125 B. */
    private final HpccParameters paper = HpccParameters.paper(LINE, T, 50);
    private final IntRecords records = new IntRecords();

    /** One hop at 100 Gbit/s: the driver below keeps its counters. */
    private long txBytes;
    private long tsNs;
    private long seq;

    private boolean ack(final HpccFlows flows, final long dtNs, final double txGbps, final long queueBytes,
        final boolean newRtt)
    {
        tsNs += dtNs;
        txBytes += Math.round(txGbps * dtNs / 8.0);
        records.hops(1).hop(0, queueBytes, txBytes, tsNs, LINE);
        final long ackSeq = newRtt ? flows.lastUpdateSeq(0) + 1 : flows.lastUpdateSeq(0);
        seq = Math.max(seq, ackSeq) + 1_000;
        return flows.onAck(0, ackSeq, seq, records);
    }

    @Test
    void shouldStartAtLineRateAndOnlyStoreTheFirstRecords()
    {
        final HpccFlows flows = new HpccFlows(paper, 2);
        assertEquals(LINE, flows.rateGbps(1), 1e-12);
        assertEquals(W_INIT, flows.windowBytes(0), 0.0);
        assertEquals(1.0, flows.utilisation(0), 0.0, "U starts at 1, as the reference's hp.u");
        records.hops(1).hop(0, 50_000, 1_000_000, 5_000, LINE);
        assertFalse(flows.onAck(0, 1, 4_096, records));
        assertEquals(W_INIT, flows.windowBytes(0), 0.0);
        assertEquals(4_096, flows.lastUpdateSeq(0), "the first ACK sets lastUpdateSeq = snd_nxt");
        assertEquals(1.0, flows.utilisation(0), 0.0);
    }

    @Test
    void shouldMatchHandComputedVector()
    {
        final HpccFlows flows = new HpccFlows(paper, 1);
        ack(flows, 0, 0, 25_000, true);
        // One RTT later: 125 000 B sent in 10 us at 100 Gbit/s (txRate / B = 1), queue min(25 000, 50 000) = 25 000 B,
        // 25 000 x 8 / (100 x 10 000) = 0.2: u = 1.2, tau = T so U = u.
        assertTrue(ack(flows, T, 100.0, 50_000, true));
        assertEquals(1.2, flows.utilisation(0), 1e-12);
        final double expected = W_INIT * 0.95 / 1.2 + 125.0;
        assertEquals(expected, flows.windowBytes(0), 1e-6);
        assertEquals(expected, flows.referenceWindowBytes(0), 1e-6);
        assertEquals(expected * 8.0 / T, flows.rateGbps(0), 1e-9);
        assertEquals(0, flows.incStage(0));
    }

    @Test
    void shouldReduceProportionallyToUOverEtaWithinOneRtt()
    {
        final HpccFlows flows = new HpccFlows(paper, 1);
        // A link at 1.9 (full line rate plus 0.9 of a BDP queued, steady): U = 1.9 after one RTT of records.
        ack(flows, 0, 0, 112_500, true);
        assertTrue(ack(flows, T, 100.0, 112_500, true));
        assertEquals(1.9, flows.utilisation(0), 1e-12);
        final double first = W_INIT * 0.95 / 1.9 + 125;
        assertEquals(first, flows.referenceWindowBytes(0), 1e-6, "first RTT: W_init x eta / U + W_AI");
        assertTrue(ack(flows, T, 100.0, 112_500, true));
        assertEquals(first * 0.95 / 1.9 + 125, flows.windowBytes(0), 1e-6, "each RTT divides by U / eta again");
    }

    @Test
    void shouldWeighTheEwmaByTheRecordIntervalOverT()
    {
        final HpccFlows flows = new HpccFlows(paper, 1);
        ack(flows, 0, 0, 0, true);
        ack(flows, T / 4, 40.0, 0, false);
        // u = 0.4 over tau = T/4: U = 0.75 x 1 + 0.25 x 0.4.
        assertEquals(0.85, flows.utilisation(0), 1e-12);
        ack(flows, 3 * T, 40.0, 0, false);
        assertEquals(0.4, flows.utilisation(0), 1e-12, "tau is capped at T: a record interval of 3 T replaces U");
    }

    @Test
    void shouldIncreaseAdditivelyForMaxStageRttsThenMultiplicatively()
    {
        final HpccFlows flows = new HpccFlows(paper, 1);
        ack(flows, 0, 0, 112_500, true);
        ack(flows, T, 100.0, 112_500, true);
        double wc = flows.referenceWindowBytes(0);
        assertEquals(W_INIT / 2 + 125, wc, 1e-6);
        // The link drains: u = 0.5 < eta each RTT.
        for (int stage = 0; stage < 5; stage++)
        {
            assertEquals(stage, flows.incStage(0));
            assertTrue(ack(flows, T, 50.0, 0, true));
            assertEquals(0.5, flows.utilisation(0), 1e-12);
            assertEquals(wc + 125, flows.referenceWindowBytes(0), 1e-6, "additive step " + stage);
            wc = flows.referenceWindowBytes(0);
        }
        assertEquals(5, flows.incStage(0));
        assertTrue(ack(flows, T, 50.0, 0, true));
        assertEquals(Math.min(W_INIT, wc * 0.95 / 0.5 + 125), flows.referenceWindowBytes(0), 1e-6,
            "after maxStage additive RTTs, multiplicative: Wc eta / U + W_AI");
        assertEquals(0, flows.incStage(0));
    }

    @Test
    void shouldReactPerAckFromTheReferenceWindowWithoutMovingIt()
    {
        final HpccFlows flows = new HpccFlows(paper, 1);
        ack(flows, 0, 0, 112_500, true);
        ack(flows, T, 100.0, 112_500, true);
        final double wc = flows.referenceWindowBytes(0);
        // Within the RTT the link drains (u = 0.2 over T/4): U = 0.75 x 1.9 + 0.25 x 0.2 = 1.475 sets W only.
        assertFalse(ack(flows, T / 4, 20.0, 0, false));
        assertEquals(1.475, flows.utilisation(0), 1e-12);
        assertEquals(wc * 0.95 / 1.475 + 125, flows.windowBytes(0), 1e-6);
        assertEquals(wc, flows.referenceWindowBytes(0), 0.0);
        assertEquals(0, flows.incStage(0));
        // Below eta a fast reaction is the additive step from Wc; the stage moves only once per RTT.
        ack(flows, T, 20.0, 0, false);
        assertEquals(0.2, flows.utilisation(0), 1e-12);
        assertEquals(wc + 125, flows.windowBytes(0), 1e-6);
        assertEquals(0, flows.incStage(0));
        assertEquals(wc, flows.referenceWindowBytes(0), 0.0);
    }

    @Test
    void shouldTakeTheMostLoadedHopAndItsInterval()
    {
        final HpccFlows flows = new HpccFlows(paper, 1);
        records.hops(2).hop(0, 0, 0, 0, LINE).hop(1, 0, 0, 100, 25.0);
        flows.onAck(0, 1, 10, records);
        // Hop 0: 50 Gbit/s of 100 over T/2 -> 0.5; hop 1 (25 Gbit/s link): 20 Gbit/s over T/5 -> 0.8 wins, tau = T/5.
        records.hops(2).hop(0, 0, 31_250, T / 2, LINE).hop(1, 0, 5_000, 100 + T / 5, 25.0);
        flows.onAck(0, 11, 20, records);
        assertEquals(0.8 * 1.0 + 0.2 * 0.8, flows.utilisation(0), 1e-12);
    }

    @Test
    void shouldSkipDegenerateRecordsAndRebaselineOnNewPath()
    {
        final HpccFlows flows = new HpccFlows(paper, 1);
        records.hops(1).hop(0, 0, 1_000, 500, LINE);
        flows.onAck(0, 1, 10, records);
        records.hops(1).hop(0, 0, 2_000, 500, LINE);
        assertFalse(flows.onAck(0, 11, 20, records), "same timestamp: no interval to measure");
        assertEquals(1.0, flows.utilisation(0), 0.0);
        assertEquals(W_INIT, flows.windowBytes(0), 0.0);
        assertEquals(20, flows.lastUpdateSeq(0));
        records.hops(1).hop(0, 0, 10, 1_000, LINE);
        flows.onAck(0, 21, 30, records);
        assertEquals(1.0, flows.utilisation(0), 0.0, "a counter that went backwards is a reset, not a rate");
        records.hops(3).hop(0, 0, 0, 2_000, LINE).hop(1, 0, 0, 2_000, LINE).hop(2, 0, 0, 2_000, LINE);
        assertFalse(flows.onAck(0, 31, 40, records), "another hop count: a new path, records stored afresh");
        records.hops(3).hop(0, 0, 125_000, 2_000 + T, LINE).hop(1, 0, 0, 2_000 + T, LINE)
            .hop(2, 0, 0, 2_000 + T, LINE);
        flows.onAck(0, 41, 50, records);
        assertEquals(1.0, flows.utilisation(0), 1e-12);
    }

    @Test
    void shouldGoToLineRateWhenTheLinkIsIdleAndStayAboveMinRate()
    {
        final HpccFlows flows = new HpccFlows(new HpccParameters(LINE, T, 0.95, 5, 0.0, 0.1), 1);
        ack(flows, 0, 0, 10_000_000, true);
        ack(flows, T, 100.0, 10_000_000, true);
        ack(flows, T, 100.0, 10_000_000, true);
        ack(flows, T, 100.0, 10_000_000, true);
        assertEquals(0.1, flows.rateGbps(0), 1e-12, "U = 81: the window stops at the minimum rate");
        for (int stage = 0; stage < 5; stage++)
        {
            ack(flows, T, 0.0, 0, true);
            assertEquals(0.0, flows.utilisation(0), 0.0);
            assertEquals(0.1, flows.rateGbps(0), 1e-12, "additive stage " + stage + " with W_AI = 0");
        }
        ack(flows, T, 0.0, 0, true);
        assertEquals(LINE, flows.rateGbps(0), 1e-12, "U = 0 multiplies up to W_init, no division by zero");
    }

    @Test
    void shouldIncreaseMultiplicativelyAtOnceWithTheReferenceProfile()
    {
        final HpccParameters reference = HpccParameters.reference(LINE, T);
        assertEquals(0, reference.maxStage());
        assertEquals(0.040 * T / 8.0, reference.additiveIncreaseBytes(), 1e-12, "RATE_AI 40 Mbit/s at 100 Gbit/s");
        assertEquals(1.0, reference.minRateGbps(), 0.0);
        final HpccFlows flows = new HpccFlows(reference, 1);
        ack(flows, 0, 0, 112_500, true);
        ack(flows, T, 100.0, 112_500, true);
        final double wc = flows.referenceWindowBytes(0);
        ack(flows, T, 50.0, 0, true);
        assertEquals(wc * 0.95 / 0.5 + 50.0, flows.referenceWindowBytes(0), 1e-6);
    }

    @Test
    void shouldRejectBadParametersWithTheValueNamed()
    {
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> new HpccParameters(LINE, T, 1.2, 5, 100, 0.1)).getMessage().contains("eta = 1.2"));
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> new HpccParameters(LINE, 0, 0.95, 5, 100, 0.1)).getMessage().contains("baseRttNs = 0"));
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> new HpccParameters(LINE, T, 0.95, -1, 100, 0.1)).getMessage().contains("maxStage = -1"));
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> new HpccParameters(LINE, T, 0.95, 5, 1e9, 0.1)).getMessage().contains("additiveIncreaseBytes"));
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> new HpccParameters(LINE, T, 0.95, 5, 100, 200)).getMessage().contains("minRateGbps = 200"));
        assertThrows(IllegalArgumentException.class, () -> HpccParameters.paper(LINE, T, 0));
        assertThrows(IllegalArgumentException.class, () -> new IntRecords().hops(6));
        assertThrows(IllegalArgumentException.class, () -> new IntRecords().hops(1).hop(0, -1, 0, 0, LINE));
        assertThrows(IllegalArgumentException.class, () -> new IntRecords().hops(1).hop(0, 0, 0, 0, 0.0));
        assertThrows(IllegalArgumentException.class, () -> new IntRecords().hops(1).hop(1, 0, 0, 0, LINE));
        assertThrows(IllegalArgumentException.class, () -> new HpccFlows(paper, 0));
    }

    @Test
    void shouldKeepRatesFiniteAndWithinBoundsOverRandomInputs()
    {
        final SplittableRandom random = new SplittableRandom(14);
        for (int round = 0; round < 20; round++)
        {
            final HpccParameters p = new HpccParameters(10.0 + random.nextDouble(390.0),
                1_000 + random.nextInt(50_000), 0.5 + random.nextDouble(0.5), random.nextInt(8),
                random.nextDouble(1_000.0), 0.01 + random.nextDouble());
            final int flowCount = 64;
            final HpccFlows flows = new HpccFlows(p, flowCount);
            final long[][] tx = new long[flowCount][IntRecords.MAX_HOPS];
            final long[][] ts = new long[flowCount][IntRecords.MAX_HOPS];
            final long[] ackSeq = new long[flowCount];
            for (int event = 0; event < 20_000; event++)
            {
                final int f = random.nextInt(flowCount);
                final int hops = random.nextInt(4) == 0 ? random.nextInt(IntRecords.MAX_HOPS + 1) : 3;
                records.hops(hops);
                for (int h = 0; h < hops; h++)
                {
                    final double linkGbps = random.nextBoolean() ? p.lineRateGbps() : 1.0 + random.nextDouble(800.0);
                    final int stepNs = random.nextInt(3 * (int)p.baseRttNs());
                    ts[f][h] += random.nextInt(8) == 0 ? -random.nextInt(1_000) : stepNs;
                    tx[f][h] = random.nextInt(16) == 0 ? random.nextInt(1_000) : tx[f][h] + random.nextInt(1 << 20);
                    records.hop(h, random.nextInt(8) == 0 ? random.nextLong(1L << 40) : random.nextInt(1 << 20),
                        tx[f][h], ts[f][h], linkGbps);
                }
                ackSeq[f] += random.nextInt(3) * 1_000L;
                flows.onAck(f, ackSeq[f], ackSeq[f] + random.nextInt(1 << 20), records);
                final double rate = flows.rateGbps(f);
                assertTrue(rate >= p.minRateGbps() - 1e-9 && rate <= p.lineRateGbps() + 1e-9,
                    "rate " + rate + " outside [" + p.minRateGbps() + ", " + p.lineRateGbps() + "] with " + p);
                assertTrue(Double.isFinite(flows.utilisation(f)) && flows.utilisation(f) >= 0.0,
                    "U = " + flows.utilisation(f));
                assertTrue(Double.isFinite(flows.referenceWindowBytes(f)));
                assertTrue(flows.incStage(f) <= p.maxStage());
            }
        }
    }

    @Test
    void shouldAllocateNothingPerAck()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final HpccFlows flows = new HpccFlows(paper, 1_000);
        final long id = Thread.currentThread().getId();
        long now = 0;
        double sink = 0;
        for (int round = 0; round < 2; round++)
        {
            final long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < 200_000; i++)
            {
                now += 100;
                records.hops(2).hop(0, i & 0xFFFF, now * 10, now, LINE).hop(1, 0, now * 12, now, LINE);
                flows.onAck(i % 1_000, i, i + 1_000, records);
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
