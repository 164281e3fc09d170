package org.rhcc.core.hpcc;

/**
 * Parameters of an HPCC sender (Li et al., "HPCC: High Precision Congestion Control", SIGCOMM 2019, Algorithm 1), the
 * inter-host congestion control whose rate {@code R_cc} RHCC's Eq. (4) can combine with the receivable rate:
 * {@code R_send = min(R_rev, R_cc)}.
 * <p>
 * Windows are in bytes, rates in Gbit/s, times in ns. The window is bounded by {@code [minRateGbps T / 8,
 * lineRateGbps T / 8]}, so the pacing rate {@code W / T} stays within {@code [minRateGbps, lineRateGbps]}; the upper
 * bound is the paper's {@code W_init = B_NIC x T}.
 * <p>
 * Two profiles: {@link #paper(double, long, int)}, the paper's guidance, and {@link #reference(double, long)}, the
 * HPCC authors' simulator as its run script configures it (the differences are listed in the package documentation).
 *
 * @param lineRateGbps          the NIC's line rate B_NIC; with {@code baseRttNs} it sets {@code W_init = B_NIC T}.
 * @param baseRttNs             T, the base (unloaded) RTT of the network, ns: the window's time unit, the EWMA
 *                              horizon of U and the queue normaliser {@code qlen / (B T)}.
 * @param eta                   eta, the target utilisation, in (0, 1] (paper: 0.95).
 * @param maxStage              maxStage, the additive-increase steps before a multiplicative step while
 *                              {@code U < eta} (paper: 5; 0 makes every update multiplicative).
 * @param additiveIncreaseBytes W_AI, bytes added to the window at every update, >= 0.
 * @param minRateGbps           floor of the pacing rate, in (0, lineRateGbps].
 */
public record HpccParameters(
    double lineRateGbps,
    long baseRttNs,
    double eta,
    int maxStage,
    double additiveIncreaseBytes,
    double minRateGbps)
{
    /**
     * Largest {@code maxStage} accepted (the stage counter has 16 bits).
     */
    public static final int MAX_STAGE_LIMIT = 0xFFFF;

    /**
     * Validates every parameter.
     *
     * @throws IllegalArgumentException naming the parameter, its value and the valid range.
     */
    public HpccParameters
    {
        if (!(lineRateGbps > 0.0) || Double.isInfinite(lineRateGbps))
        {
            throw new IllegalArgumentException(
                "HPCC lineRateGbps = " + lineRateGbps + " must be a positive finite number, e.g. 100");
        }
        if (baseRttNs <= 0)
        {
            throw new IllegalArgumentException("HPCC baseRttNs = " + baseRttNs + " must be > 0, e.g. 8000");
        }
        if (!(eta > 0.0 && eta <= 1.0))
        {
            throw new IllegalArgumentException("HPCC eta = " + eta + " must be in (0, 1], e.g. 0.95");
        }
        if (maxStage < 0 || maxStage > MAX_STAGE_LIMIT)
        {
            throw new IllegalArgumentException(
                "HPCC maxStage = " + maxStage + " must be in [0, " + MAX_STAGE_LIMIT + "], e.g. 5");
        }
        final double windowMaxBytes = lineRateGbps * baseRttNs / 8.0;
        if (!(additiveIncreaseBytes >= 0.0) || additiveIncreaseBytes > windowMaxBytes)
        {
            throw new IllegalArgumentException("HPCC additiveIncreaseBytes = " + additiveIncreaseBytes +
                " must be within [0, W_init = " + windowMaxBytes + "] bytes");
        }
        if (!(minRateGbps > 0.0) || minRateGbps > lineRateGbps)
        {
            throw new IllegalArgumentException("HPCC minRateGbps = " + minRateGbps + " must be in (0, lineRateGbps = " +
                lineRateGbps + "]");
        }
    }

    /**
     * The paper's parameters (its discussion of parameter choices): eta = 0.95, maxStage = 5, and W_AI from the
     * paper's guidance {@code W_AI = W_init (1 - eta) / N}, so that N flows that all add W_AI per RTT grow the link's
     * inflight by at most the headroom {@code 1 - eta} it keeps. The minimum rate is 100 Mbit/s (the HPCC simulator's
     * default {@code MinRate}).
     *
     * @param lineRateGbps  the NIC's line rate.
     * @param baseRttNs     the network's base RTT T.
     * @param expectedFlows N, the number of concurrent flows expected on a bottleneck, >= 1.
     */
    public static HpccParameters paper(final double lineRateGbps, final long baseRttNs, final int expectedFlows)
    {
        if (expectedFlows < 1)
        {
            throw new IllegalArgumentException("HPCC expectedFlows = " + expectedFlows + " must be >= 1");
        }
        final double eta = 0.95;
        final double windowInitBytes = lineRateGbps * baseRttNs / 8.0;
        return new HpccParameters(lineRateGbps, baseRttNs, eta, 5, windowInitBytes * (1.0 - eta) / expectedFlows,
            Math.min(0.1, lineRateGbps));
    }

    /**
     * The HPCC authors' simulator as {@code simulation/run.py} configures it for {@code --cc hp}: {@code U_TARGET}
     * 0.95, {@code MI_THRESH} 0 (its default {@code --mi 0}: every update is multiplicative), {@code RATE_AI}
     * {@code 10 bw / 25} Mbit/s with bw the NIC rate in Gbit/s (40 Mbit/s at 100 Gbit/s), i.e.
     * {@code W_AI = RATE_AI T / 8} bytes, and {@code MIN_RATE} 1000 Mbit/s.
     *
     * @param lineRateGbps the NIC's line rate.
     * @param baseRttNs    the network's base RTT T (the simulator's {@code GLOBAL_T 1}: the largest base RTT).
     */
    public static HpccParameters reference(final double lineRateGbps, final long baseRttNs)
    {
        final double rateAiGbps = 10.0 * lineRateGbps / 25.0 / 1000.0;
        return new HpccParameters(lineRateGbps, baseRttNs, 0.95, 0, rateAiGbps * baseRttNs / 8.0,
            Math.min(1.0, lineRateGbps));
    }

    /**
     * @return W_init = B_NIC T, the largest window, bytes.
     */
    public double maxWindowBytes()
    {
        return lineRateGbps * baseRttNs / 8.0;
    }

    /**
     * @return the smallest window, {@code minRateGbps T / 8}, bytes.
     */
    public double minWindowBytes()
    {
        return minRateGbps * baseRttNs / 8.0;
    }
}
