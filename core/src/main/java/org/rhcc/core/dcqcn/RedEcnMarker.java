package org.rhcc.core.dcqcn;

/**
 * RED-style ECN marking at a switch egress queue, as DCQCN's congestion point uses it (Zhu et al., SIGCOMM 2015,
 * §3.1; HPCC simulator {@code SwitchMmu::ShouldSendCN}): no mark up to K_min, probability
 * {@code P_max (q - K_min) / (K_max - K_min)} between, always above K_max.
 *
 * @param kMinBytes queue length below or at which nothing is marked.
 * @param kMaxBytes queue length above which everything is marked.
 * @param pMax      marking probability reached at K_max, (0, 1].
 */
public record RedEcnMarker(long kMinBytes, long kMaxBytes, double pMax)
{
    /**
     * Validates the thresholds.
     *
     * @throws IllegalArgumentException when {@code 0 <= K_min < K_max} or {@code 0 < P_max <= 1} does not hold.
     */
    public RedEcnMarker
    {
        if (kMinBytes < 0 || kMaxBytes <= kMinBytes)
        {
            throw new IllegalArgumentException(
                "ECN thresholds need 0 <= Kmin < Kmax, got Kmin = " + kMinBytes + " B, Kmax = " + kMaxBytes + " B");
        }
        if (!(pMax > 0.0 && pMax <= 1.0))
        {
            throw new IllegalArgumentException("ECN Pmax = " + pMax + " must be in (0, 1]");
        }
    }

    /**
     * @param queueBytes egress queue length when the packet is enqueued, bytes.
     * @return marking probability, 0..1.
     */
    public double markProbability(final long queueBytes)
    {
        if (queueBytes <= kMinBytes)
        {
            return 0.0;
        }
        if (queueBytes > kMaxBytes)
        {
            return 1.0;
        }
        return pMax * (queueBytes - kMinBytes) / (double)(kMaxBytes - kMinBytes);
    }

    /**
     * @param queueBytes egress queue length, bytes.
     * @param uniform01  a uniform draw in [0, 1) from the caller's seeded generator.
     * @return true to set CE on the packet.
     */
    public boolean shouldMark(final long queueBytes, final double uniform01)
    {
        return uniform01 < markProbability(queueBytes);
    }
}
