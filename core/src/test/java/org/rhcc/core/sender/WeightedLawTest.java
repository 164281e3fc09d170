package org.rhcc.core.sender;

import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The weighted law of docs/design.md §4.1 in {@link ReceivableRateController}, and the unweighted path it must leave
 * exactly as the paper's Eq. (3).
 */
class WeightedLawTest
{
    private static final double LINE = 100.0;

    @Test
    void shouldKeepUnweightedArithmeticBitForBit()
    {
        final SenderParameters params = SenderParameters.paperDefaults(LINE)
            .withWeights(3.0, QpWeights.parse("0-1:7"));
        final QpStateTable table = new QpStateTable(4);
        final ReceivableRateController controller = new ReceivableRateController(params, table);
        controller.open(2);
        assertEquals(0, table.weight(2), "QP 2 is outside the configured ranges");

        final Random random = new Random(42);
        float rRev = (float)LINE;
        float dPrev = Float.NaN;
        int tsPrev = 0;
        int recvNs = 0;
        for (int i = 0; i < 5_000; i++)
        {
            recvNs += 2_000 + random.nextInt(40_000);
            final int sampleNs = random.nextInt(3_000);
            controller.onProbeAck(2, recvNs, recvNs + sampleNs, LINE);

            // the paper's Eq. (2)-(3) with rhcc's anti-windup (the ceiling at or below target), written out
            final float dCur = Float.isNaN(dPrev) ? (float)sampleNs : (float)(0.25 * dPrev + 0.75 * sampleNs);
            final double prev = Float.isNaN(dPrev) ? dCur : dPrev;
            double r = Math.min(LINE, rRev - 0.0005 * (dCur - 200.0) - 0.0005 * (dCur - prev));
            final int gap = recvNs - tsPrev;
            if (!Float.isNaN(dPrev) && gap > 0 && dCur <= 200.0 && r * gap > 2.0 * 32768 * 8.0)
            {
                r = 2.0 * 32768 * 8.0 / gap;
            }
            rRev = (float)Math.max(1.0, r);
            dPrev = dCur;
            tsPrev = recvNs;
            assertEquals(Float.floatToRawIntBits(rRev), Float.floatToRawIntBits(table.rateGbps(2)), "ACK " + i);
        }
    }

    @Test
    void shouldIncreaseInProportionToWeightBelowTargetAndChargeAPriceAboveIt()
    {
        final SenderParameters params = SenderParameters.paperDefaults(LINE).withWeights(5.0, QpWeights.NONE);
        final QpStateTable table = new QpStateTable(3);
        final ReceivableRateController controller = new ReceivableRateController(params, table);
        table.open(0, 20.0f, 200, 3);
        table.open(1, 20.0f, 200, 3);
        table.open(2, 2.0f, 200, 3);

        controller.onProbeAck(0, 0, 100, LINE);
        assertEquals(20.0 + 0.0005 * 100 * 3, table.rateGbps(0), 1e-5, "e = -100 ns: increase alpha |e| w");
        controller.onProbeAck(1, 0, 600, LINE);
        assertEquals(20.0 - 0.0005 * (600 * 20.0 / 5.0 - 3 * 200), table.rateGbps(1), 1e-5,
            "D = 600 ns above D_thr: decrease alpha (D R / R_unit - w D_thr)");
        controller.onProbeAck(2, 0, 300, LINE);
        assertEquals(2.0 + 0.0005 * (3 * 200 - 300 * 2.0 / 5.0), table.rateGbps(2), 1e-5,
            "D = 300 ns, but the QP is below w R_unit D_thr / D = 10 Gbit/s: it rises");
    }

    @Test
    void shouldCountTheTimeSinceTheQpsPreviousProbe()
    {
        final SenderParameters params = SenderParameters.paperDefaults(LINE).withWeights(5.0, QpWeights.NONE);
        final QpStateTable table = new QpStateTable(1);
        final ReceivableRateController controller = new ReceivableRateController(params, table);
        table.open(0, 1.5f, 200, 2);
        final int unitGapNs = (int)Math.round(32768 * 8 / 5.0);
        controller.onProbeAck(0, 1_000_000, 1_000_100, LINE);
        final double afterFirst = table.rateGbps(0);

        // three unit gaps later (the anti-windup ceiling is then 3.3 Gbit/s): the EWMA takes min(1, 0.75 * 3) of the
        // new sample and the step counts 3 gaps
        controller.onProbeAck(0, 1_000_000 + 3 * unitGapNs, 1_000_000 + 3 * unitGapNs + 150, LINE);
        final double expected = afterFirst + 0.0005 * 3.0 * 2 * 50.0 - 0.0005 * (150.0 - 100.0);
        assertEquals(expected, table.rateGbps(0), 1e-4);
        assertEquals(150.0f, table.dPrevNs(0));
    }

    /**
     * ACKs clocked by each QP's own bytes, as on the wire: a QP is ACKed once per 32 KB it sends, so a QP of weight 8
     * is sampled 8 times as often as one of weight 1, and the receiver's delay, which rises with the QPs' total rate
     * beyond a 40 Gbit/s capacity, carries noise correlated over tens of microseconds. The weights sum past
     * {@code 40 / R_unit}, so the receiver stays congested: the shares follow the weights, and the QPs settle where
     * the law says, {@code sum R = sum w R_unit D_thr / mean D}.
     */
    @Test
    void shouldShareInProportionToWeightsWhenEachQpIsAckedPerItsOwnBytes()
    {
        assertShares(2, 6);
        assertShares(4, 4);
        assertShares(4, 10);
        assertShares(1, 2, 4, 8);
    }

    private static void assertShares(final int... weights)
    {
        final SenderParameters params = SenderParameters.paperDefaults(LINE);
        final QpStateTable table = new QpStateTable(weights.length);
        final ReceivableRateController controller = new ReceivableRateController(params, table);
        final double[] bitsSinceProbe = new double[weights.length];
        final double[] goodputBits = new double[weights.length];
        int weightSum = 0;
        for (int qp = 0; qp < weights.length; qp++)
        {
            table.open(qp, (float)LINE, 200, weights[qp]);
            weightSum += weights[qp];
        }
        final Random random = new Random(11);
        final double capacityGbps = 40.0;
        final double probeBits = params.probeIntervalBytes() * 8.0;
        final int stepNs = 500;
        final int steps = 400_000;
        double noiseNs = 0.0;
        double delaySumNs = 0.0;
        for (int step = 0; step < steps; step++)
        {
            final int nowNs = step * stepNs;
            double loadGbps = 0.0;
            for (int qp = 0; qp < weights.length; qp++)
            {
                loadGbps += table.rateGbps(qp);
            }
            noiseNs = 0.98 * noiseNs + 12.0 * random.nextGaussian();
            final int delayNs = (int)Math.max(50.0, 150.0 + 25.0 * (loadGbps - capacityGbps) + noiseNs);
            for (int qp = 0; qp < weights.length; qp++)
            {
                final double bits = table.rateGbps(qp) * stepNs;
                bitsSinceProbe[qp] += bits;
                if (step >= steps / 2)
                {
                    goodputBits[qp] += bits;
                }
                if (bitsSinceProbe[qp] >= probeBits)
                {
                    bitsSinceProbe[qp] -= probeBits;
                    controller.onProbeAck(qp, nowNs, nowNs + delayNs, LINE);
                }
            }
            if (step >= steps / 2)
            {
                delaySumNs += delayNs;
            }
        }
        double totalBits = 0.0;
        for (final double bits : goodputBits)
        {
            totalBits += bits;
        }
        final String label = java.util.Arrays.toString(weights);
        for (int qp = 0; qp < weights.length; qp++)
        {
            final double share = goodputBits[qp] / totalBits;
            final double ideal = (double)weights[qp] / weightSum;
            assertEquals(ideal, share, 0.05 * ideal, label + ": QP " + qp + " share " + share);
        }
        final double totalGbps = totalBits / (steps / 2 * (double)stepNs);
        final double meanDelayNs = delaySumNs / (steps / 2);
        final double settledGbps = weightSum * params.unitRateGbps() * 200.0 / meanDelayNs;
        assertEquals(settledGbps, totalGbps, 0.1 * settledGbps, label + ": mean D " + meanDelayNs);
        assertTrue(meanDelayNs > 200.0, label + ": the receiver is congested, mean D " + meanDelayNs);
    }

    @Test
    void shouldRejectBadWeightUnit()
    {
        final SenderParameters params = SenderParameters.paperDefaults(LINE);
        assertThrows(IllegalArgumentException.class, () -> params.withWeights(-1.0, QpWeights.NONE));
        assertThrows(IllegalArgumentException.class, () -> params.withWeights(Double.NaN, QpWeights.NONE));
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> params.withWeights(Double.POSITIVE_INFINITY, QpWeights.NONE));
        assertTrue(ex.getMessage().contains("weight_unit_gbps"), ex.getMessage());
        assertThrows(IllegalArgumentException.class, () -> params.withWeights(1.0, null));
        assertEquals(SenderParameters.WEIGHT_UNIT_AUTO, params.weightUnitGbps(), 0.0);
        assertEquals(6.25, params.unitRateGbps(), 0.0, "auto without configured weights: R_line / 16");
        assertEquals(100.0 / 15, params.withWeights(0.0, QpWeights.parse("1,2,4,8")).unitRateGbps(), 1e-12);
        assertEquals(100.0 / 12, params.withWeights(0.0, QpWeights.parse("0-1:2;5-6:4")).unitRateGbps(), 1e-12);
        assertEquals(4.0, params.withWeights(4.0, QpWeights.parse("1,2,4,8")).unitRateGbps(), 0.0);
    }
}
