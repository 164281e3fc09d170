package org.rhcc.core.dcqcn;

/**
 * Parameters of a DCQCN reaction point (Zhu et al., "Congestion Control for Large-Scale RDMA Deployments",
 * SIGCOMM 2015), the inter-host congestion control whose rate {@code R_cc} RHCC's Eq. (4) combines with the receivable
 * rate: {@code R_send = min(R_rev, R_cc)}.
 * <p>
 * Two profiles: {@link #nvidia(double)}, the ConnectX firmware defaults the RHCC paper ran with, and
 * {@link #paper(double)}, the DCQCN paper's. Every rate is in Gbit/s, every interval in ns.
 *
 * @param lineRateGbps           line rate, the ceiling of every rate.
 * @param minRateGbps            floor of the current rate ({@code rpg_min_rate}).
 * @param g                      alpha gain: {@code alpha <- (1-g) alpha + g} on congestion, {@code (1-g) alpha} else.
 * @param initialAlpha           alpha set by a flow's first CNP and used for its first cut, 0..1
 *                               ({@code initial_alpha_value}).
 * @param alphaUpdateIntervalNs  alpha decays once per interval without a CNP, from the flow's first CNP on
 *                               ({@code dce_tcp_rtt}).
 * @param rateDecreaseIntervalNs minimum time between two rate cuts; a CNP within it is carried to its end
 *                               ({@code rate_reduce_monitor_period}).
 * @param rateIncreaseIntervalNs rate-increase timer period T ({@code rpg_time_reset}).
 * @param byteCounterBytes       rate-increase byte counter B ({@code rpg_byte_reset}).
 * @param fastRecoverySteps      F: increase events per stage spent in fast recovery ({@code rpg_threshold}).
 * @param additiveIncreaseGbps   R_AI ({@code rpg_ai_rate}).
 * @param hyperIncreaseGbps      R_HAI ({@code rpg_hai_rate}).
 * @param cnpIntervalNs          the notification point's minimum time between two CNPs of one flow.
 * @param clampTargetRate        true: every cut sets {@code R_T <- R_C} (DCQCN paper, Algorithm 1); false: only a
 *                               cut that follows an increase, timer- or byte-driven, does ({@code clamp_tgt_rate = 0}
 *                               with {@code clamp_tgt_rate_after_time_inc = 1}, NVIDIA's defaults; the DCQCN authors'
 *                               {@code rpr_cnm_received}), so a flow cut again before any increase recovers towards
 *                               its pre-congestion target.
 */
public record DcqcnParameters(
    double lineRateGbps,
    double minRateGbps,
    double g,
    double initialAlpha,
    long alphaUpdateIntervalNs,
    long rateDecreaseIntervalNs,
    long rateIncreaseIntervalNs,
    long byteCounterBytes,
    int fastRecoverySteps,
    double additiveIncreaseGbps,
    double hyperIncreaseGbps,
    long cnpIntervalNs,
    boolean clampTargetRate)
{
    /**
     * Validates every parameter.
     *
     * @throws IllegalArgumentException naming the parameter, its value and the valid range.
     */
    public DcqcnParameters
    {
        requirePositive("lineRateGbps", lineRateGbps);
        requirePositive("minRateGbps", minRateGbps);
        if (minRateGbps > lineRateGbps)
        {
            throw new IllegalArgumentException(
                "DCQCN minRateGbps = " + minRateGbps + " exceeds lineRateGbps = " + lineRateGbps);
        }
        if (!(g > 0.0 && g <= 1.0))
        {
            throw new IllegalArgumentException("DCQCN g = " + g + " must be in (0, 1], e.g. 1/256");
        }
        if (!(initialAlpha >= 0.0 && initialAlpha <= 1.0))
        {
            throw new IllegalArgumentException("DCQCN initialAlpha = " + initialAlpha + " must be in [0, 1]");
        }
        requirePositive("alphaUpdateIntervalNs", alphaUpdateIntervalNs);
        if (rateDecreaseIntervalNs < 0)
        {
            throw new IllegalArgumentException(
                "DCQCN rateDecreaseIntervalNs = " + rateDecreaseIntervalNs + " must be >= 0");
        }
        requirePositive("rateIncreaseIntervalNs", rateIncreaseIntervalNs);
        requirePositive("byteCounterBytes", byteCounterBytes);
        if (fastRecoverySteps < 0)
        {
            throw new IllegalArgumentException("DCQCN fastRecoverySteps = " + fastRecoverySteps + " must be >= 0");
        }
        if (!(additiveIncreaseGbps >= 0.0) || !(hyperIncreaseGbps >= 0.0) ||
            additiveIncreaseGbps > lineRateGbps || hyperIncreaseGbps > lineRateGbps)
        {
            throw new IllegalArgumentException("DCQCN increases must be within [0, line rate]: additive = " +
                additiveIncreaseGbps + ", hyper = " + hyperIncreaseGbps + " Gbit/s");
        }
        if (cnpIntervalNs < 0)
        {
            throw new IllegalArgumentException("DCQCN cnpIntervalNs = " + cnpIntervalNs + " must be >= 0");
        }
    }

    /**
     * NVIDIA ConnectX firmware defaults (docs/platform.md §7.2, MLNX_OFED names): {@code dce_tcp_g} = 1019 in fxp10,
     * so g = 5/1024; {@code dce_tcp_rtt} = 1 us; {@code initial_alpha_value} = 1023/1024;
     * {@code rate_reduce_monitor_period} = 4 us; {@code rpg_time_reset} = 300 us; {@code rpg_byte_reset} = 32767 B;
     * {@code rpg_threshold} F = 1; {@code rpg_ai_rate} = 5 Mb/s; {@code rpg_hai_rate} = 50 Mb/s;
     * {@code rpg_min_rate} = 1 Mb/s; CNP pacing 4 us (firmware-dependent, 0-4 us observed);
     * {@code clamp_tgt_rate} = 0, {@code clamp_tgt_rate_after_time_inc} = 1.
     *
     * @param lineRateGbps the NIC's line rate.
     */
    public static DcqcnParameters nvidia(final double lineRateGbps)
    {
        return new DcqcnParameters(lineRateGbps, 0.001, 5.0 / 1024.0, 1023.0 / 1024.0,
            1_000L, 4_000L, 300_000L, 32_767L, 1, 0.005, 0.050, 4_000L, false);
    }

    /**
     * The DCQCN paper's parameters as its authors' simulator configures them (docs/platform.md §7.1:
     * {@code ns3-rdma mix/config.txt} and HPCC's {@code dcqcn_paper} profile): g = 1/256, alpha interval 55 us,
     * rate-decrease interval 50 us, timer T = 55 us, byte counter B = 10 MB, F = 5, R_AI = 40 Mb/s,
     * R_HAI = 200 Mb/s, minimum rate 100 Mb/s (HPCC {@code rdma-hw.cc} default), CNP interval 50 us, and the paper's
     * Algorithm 1 target clamp on every cut.
     *
     * @param lineRateGbps the NIC's line rate.
     */
    public static DcqcnParameters paper(final double lineRateGbps)
    {
        return new DcqcnParameters(lineRateGbps, 0.1, 1.0 / 256.0, 1.0,
            55_000L, 50_000L, 55_000L, 10_000_000L, 5, 0.040, 0.200, 50_000L, true);
    }

    /**
     * @param name profile name, {@code nvidia} or {@code paper}.
     * @param lineRateGbps the NIC's line rate.
     * @throws IllegalArgumentException for an unknown name, listing the known ones.
     */
    public static DcqcnParameters profile(final String name, final double lineRateGbps)
    {
        switch (name)
        {
            case "nvidia":
                return nvidia(lineRateGbps);
            case "paper":
                return paper(lineRateGbps);
            default:
                throw new IllegalArgumentException("unknown DCQCN profile '" + name + "'; known: nvidia, paper");
        }
    }

    /**
     * @param rateIncreaseIntervalNs the new timer period T.
     * @return a copy with another rate-increase timer period (hostCC's emulation keeps 300 us).
     */
    public DcqcnParameters withRateIncreaseIntervalNs(final long rateIncreaseIntervalNs)
    {
        return new DcqcnParameters(lineRateGbps, minRateGbps, g, initialAlpha, alphaUpdateIntervalNs,
            rateDecreaseIntervalNs, rateIncreaseIntervalNs, byteCounterBytes, fastRecoverySteps,
            additiveIncreaseGbps, hyperIncreaseGbps, cnpIntervalNs, clampTargetRate);
    }

    private static void requirePositive(final String name, final double value)
    {
        if (!(value > 0.0) || Double.isInfinite(value))
        {
            throw new IllegalArgumentException("DCQCN " + name + " = " + value + " must be a positive finite number");
        }
    }
}
