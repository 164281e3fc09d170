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

            // the paper's Eq. (2)-(3) with rhcc's anti-windup, as the controller computed it before weights existed
            final float dCur = Float.isNaN(dPrev) ? (float)sampleNs : (float)(0.25 * dPrev + 0.75 * sampleNs);
            final double prev = Float.isNaN(dPrev) ? dCur : dPrev;
            double r = Math.min(LINE, rRev - 0.0005 * (dCur - 200.0) - 0.0005 * (dCur - prev));
            final int gap = recvNs - tsPrev;
            if (!Float.isNaN(dPrev) && gap > 0 && r * gap > 2.0 * 32768 * 8.0)
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
    void shouldIncreaseInProportionToWeightAndDecreaseInProportionToRate()
    {
        final SenderParameters params = SenderParameters.paperDefaults(LINE).withWeights(5.0, QpWeights.NONE);
        final QpStateTable table = new QpStateTable(2);
        final ReceivableRateController controller = new ReceivableRateController(params, table);
        table.open(0, 20.0f, 200, 3);
        table.open(1, 20.0f, 200, 3);

        controller.onProbeAck(0, 0, 100, LINE);
        assertEquals(20.0 + 0.0005 * 100 * 3, table.rateGbps(0), 1e-5, "e = -100 ns: increase alpha |e| w");
        controller.onProbeAck(1, 0, 600, LINE);
        assertEquals(20.0 - 0.0005 * 400 * 20.0 / 5.0, table.rateGbps(1), 1e-5,
            "e = 400 ns: decrease alpha e R / R_unit");
    }

    @Test
    void shouldShareInProportionToWeightsInClosedLoop()
    {
        assertShares(1, 3);
        assertShares(1, 1);
        assertShares(2, 5);
    }

    /**
     * A toy receiver: both QPs see the same delay, which rises with the sum of their rates beyond a 40 Gbit/s
     * capacity; every round each QP gets one ACK.
     */
    private static void assertShares(final int weight0, final int weight1)
    {
        final SenderParameters params = SenderParameters.paperDefaults(LINE);
        final QpStateTable table = new QpStateTable(2);
        final ReceivableRateController controller = new ReceivableRateController(params, table);
        table.open(0, (float)LINE, 200, weight0);
        table.open(1, (float)LINE, 200, weight1);
        final Random random = new Random(7);
        final double capacityGbps = 40.0;
        double sum0 = 0.0;
        double sum1 = 0.0;
        int recvNs = 0;
        final int rounds = 40_000;
        for (int round = 0; round < rounds; round++)
        {
            final double load = table.rateGbps(0) + table.rateGbps(1);
            final int delayNs = (int)Math.max(50.0, 150.0 + 25.0 * (load - capacityGbps) + random.nextInt(60) - 30);
            recvNs += 1_000;
            controller.onProbeAck(0, recvNs, recvNs + delayNs, LINE);
            controller.onProbeAck(1, recvNs, recvNs + delayNs, LINE);
            if (round >= rounds / 2)
            {
                sum0 += table.rateGbps(0);
                sum1 += table.rateGbps(1);
            }
        }
        final double ratio = sum1 / sum0;
        final double ideal = (double)weight1 / weight0;
        assertEquals(ideal, ratio, 0.05 * ideal, "rates " + weight0 + ":" + weight1 + " -> 1:" + ratio);
        final double totalGbps = (sum0 + sum1) / (rounds / 2);
        assertTrue(totalGbps > 0.8 * capacityGbps && totalGbps < 1.2 * capacityGbps, "total " + totalGbps);
    }

    @Test
    void shouldRejectBadWeightUnit()
    {
        final SenderParameters params = SenderParameters.paperDefaults(LINE);
        assertThrows(IllegalArgumentException.class, () -> params.withWeights(0.0, QpWeights.NONE));
        assertThrows(IllegalArgumentException.class, () -> params.withWeights(-1.0, QpWeights.NONE));
        assertThrows(IllegalArgumentException.class, () -> params.withWeights(Double.NaN, QpWeights.NONE));
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> params.withWeights(Double.POSITIVE_INFINITY, QpWeights.NONE));
        assertTrue(ex.getMessage().contains("weight_unit_gbps"), ex.getMessage());
        assertThrows(IllegalArgumentException.class, () -> params.withWeights(1.0, null));
        assertEquals(6.25, params.weightUnitGbps(), 0.0);
    }
}
