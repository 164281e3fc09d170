package org.rhcc.core.sender;

/**
 * Parameters of RHCC's sender loop (paper §III-C, Eq. (2)-(4); docs/design.md §4). Rates in Gbit/s, delays in ns.
 *
 * @param gProbe             Eq. (2) gain on the new delay sample: {@code D_cur <- (1 - g) D_cur + g D_sample};
 *                           the paper's 0.75.
 * @param alpha              Eq. (3) weight of the error {@code e = D_cur - D_thr}, Gbit/s per ns; the paper's 0.0005.
 * @param beta               Eq. (3) weight of the change {@code de = D_cur - D_prev}, Gbit/s per ns; the paper's
 *                           0.0005.
 * @param dThrNs             default target receiver processing delay D_thr per QP, ns; the paper's 200 ns.
 * @param rMinGbps           floor of R_rev and R_send. Default 1 Gbit/s (1 % of a 100G line): at one probe per
 *                           32 KB a flow at R_min still gets an ACK every 262 us, so the loop never starves of
 *                           feedback, while 1 % of line is below any share a congested host leaves a flow.
 * @param rLineGbps          line rate, the ceiling of R_rev and R_send and the rate of a new QP.
 * @param probeIntervalBytes one probe per this many bytes sent; the paper's 32 KB (~0.2 % overhead for a ~60 B probe).
 * @param weightUnitGbps     R_unit of the weighted law (docs/design.md §4.1), or {@link #WEIGHT_UNIT_AUTO} (the
 *                           default): above D_thr a QP of weight w settles at {@code w R_unit D_thr / D}, and its
 *                           probe gap is the law's unit of time. Auto is {@code R_line / sum of the configured
 *                           weights}, so that the host's weighted QPs together claim the line rate at D_thr, as
 *                           unweighted QPs may ({@link #unitRateGbps()}).
 * @param qpWeights          the weight each QP is opened with; {@link QpWeights#NONE} (the default) opens every QP
 *                           unweighted, running the paper's Eq. (3).
 * @param senderGate         what gates the loop besides its delay: {@link SenderGate#NONE} ({@code rhcc}), the
 *                           receiver's reported state, {@link SenderGate#RECEIVER} ({@code rhcc-gated}), or DCQCN's
 *                           rate-increase interval, {@link SenderGate#INCREASE_INTERVAL} ({@code hostcc-emulated},
 *                           which takes no QP weights).
 */
public record SenderParameters(
    double gProbe,
    double alpha,
    double beta,
    int dThrNs,
    double rMinGbps,
    double rLineGbps,
    int probeIntervalBytes,
    double weightUnitGbps,
    QpWeights qpWeights,
    SenderGate senderGate)
{
    /** The paper's Eq. (2) gain. */
    public static final double G_PROBE_DEFAULT = 0.75;
    /** The paper's proportional/integral weight alpha, Gbit/s per ns. */
    public static final double ALPHA_DEFAULT = 0.0005;
    /** The paper's derivative weight beta, Gbit/s per ns. */
    public static final double BETA_DEFAULT = 0.0005;
    /** The paper's D_thr, ns. */
    public static final int D_THR_NS_DEFAULT = 200;
    /** Default floor rate, Gbit/s (see the record javadoc). */
    public static final double R_MIN_GBPS_DEFAULT = 1.0;
    /** The paper's probe cadence: one probe per 32 KB. */
    public static final int PROBE_INTERVAL_BYTES_DEFAULT = 32 * 1024;
    /** {@code weight_unit_gbps} of 0: R_unit is the line rate over the sum of the configured weights. */
    public static final double WEIGHT_UNIT_AUTO = 0.0;
    /** R_unit as a fraction of the line rate when it is auto and no weights are configured (QPs weighted directly). */
    public static final double WEIGHT_UNIT_LINE_FRACTION = 1.0 / 16.0;

    /**
     * Unweighted parameters: every QP runs the paper's Eq. (3); R_unit auto.
     *
     * @param gProbe             Eq. (2) gain.
     * @param alpha              Eq. (3) error weight, Gbit/s per ns.
     * @param beta               Eq. (3) derivative weight, Gbit/s per ns.
     * @param dThrNs             default D_thr, ns.
     * @param rMinGbps           floor rate, Gbit/s.
     * @param rLineGbps          line rate, Gbit/s.
     * @param probeIntervalBytes bytes per probe.
     */
    public SenderParameters(final double gProbe, final double alpha, final double beta, final int dThrNs,
        final double rMinGbps, final double rLineGbps, final int probeIntervalBytes)
    {
        this(gProbe, alpha, beta, dThrNs, rMinGbps, rLineGbps, probeIntervalBytes, WEIGHT_UNIT_AUTO,
            QpWeights.NONE, SenderGate.NONE);
    }

    /**
     * Validates every parameter.
     *
     * @throws IllegalArgumentException naming the parameter, its value and the valid range.
     */
    public SenderParameters
    {
        if (null == qpWeights)
        {
            throw new IllegalArgumentException("QP weights must be given; QpWeights.NONE for unweighted QPs");
        }
        if (null == senderGate)
        {
            throw new IllegalArgumentException("the sender loop needs a gate (NONE, RECEIVER or INCREASE_INTERVAL)");
        }
        if (SenderGate.INCREASE_INTERVAL == senderGate && !qpWeights.isNone())
        {
            throw new IllegalArgumentException(qpWeights + " cannot be used with hostcc-emulated: " +
                "hostCC has no weights, and its increase clock takes the byte of the QP state a weight would; " +
                "drop qp_weights or run another scheme");
        }
        if (!(gProbe > 0.0 && gProbe <= 1.0))
        {
            throw new IllegalArgumentException("g_probe = " + gProbe + " must be in (0, 1]; the paper uses 0.75");
        }
        if (!(alpha >= 0.0) || !(beta >= 0.0) || Double.isInfinite(alpha) || Double.isInfinite(beta))
        {
            throw new IllegalArgumentException(
                "PID weights must be finite and >= 0, got alpha = " + alpha + ", beta = " + beta);
        }
        if (dThrNs <= 0 || dThrNs > QpStateTable.MAX_D_THR_NS)
        {
            throw new IllegalArgumentException("D_thr = " + dThrNs + " ns must be within 1.." +
                QpStateTable.MAX_D_THR_NS + " ns; the paper uses 200 ns");
        }
        if (!(rMinGbps > 0.0) || !(rLineGbps >= rMinGbps) || Double.isInfinite(rLineGbps))
        {
            throw new IllegalArgumentException(
                "rates need 0 < R_min <= R_line, got R_min = " + rMinGbps + ", R_line = " + rLineGbps + " Gbit/s");
        }
        if (probeIntervalBytes < 64)
        {
            throw new IllegalArgumentException(
                "probe interval = " + probeIntervalBytes + " B must be >= 64 B; the paper uses 32768");
        }
        if (!(weightUnitGbps >= 0.0) || Double.isInfinite(weightUnitGbps))
        {
            throw new IllegalArgumentException("weight_unit_gbps = " + weightUnitGbps +
                " must be finite and > 0 Gbit/s, or 0 for the default: R_line / the sum of the configured weights");
        }
    }

    /**
     * @return the R_unit the weighted law uses, Gbit/s: {@link #weightUnitGbps()} when set, else the line rate over
     * the sum of the configured weights ({@link QpWeights#weightSum()}), or {@link #WEIGHT_UNIT_LINE_FRACTION} of it
     * when none are configured.
     */
    public double unitRateGbps()
    {
        if (weightUnitGbps > 0.0)
        {
            return weightUnitGbps;
        }
        final int weightSum = qpWeights.weightSum();
        return 0 == weightSum ? rLineGbps * WEIGHT_UNIT_LINE_FRACTION : rLineGbps / weightSum;
    }

    /**
     * @param lineRateGbps the sender NIC's line rate.
     * @return the paper's parameters for a NIC of that line rate.
     */
    public static SenderParameters paperDefaults(final double lineRateGbps)
    {
        return new SenderParameters(G_PROBE_DEFAULT, ALPHA_DEFAULT, BETA_DEFAULT, D_THR_NS_DEFAULT,
            Math.min(R_MIN_GBPS_DEFAULT, lineRateGbps), lineRateGbps, PROBE_INTERVAL_BYTES_DEFAULT);
    }

    /**
     * @param newDThrNs the new default D_thr, ns.
     * @return a copy with another D_thr.
     */
    public SenderParameters withDThrNs(final int newDThrNs)
    {
        return new SenderParameters(gProbe, alpha, beta, newDThrNs, rMinGbps, rLineGbps, probeIntervalBytes,
            weightUnitGbps, qpWeights, senderGate);
    }

    /**
     * @param newSenderGate what gates the loop.
     * @return a copy with that gate (this one when it already has it).
     */
    public SenderParameters withSenderGate(final SenderGate newSenderGate)
    {
        return newSenderGate == senderGate ? this : new SenderParameters(gProbe, alpha, beta, dThrNs, rMinGbps,
            rLineGbps, probeIntervalBytes, weightUnitGbps, qpWeights, newSenderGate);
    }

    /**
     * @param newWeightUnitGbps the new R_unit, Gbit/s.
     * @param newQpWeights      the new QP weights.
     * @return a copy with other weights.
     */
    public SenderParameters withWeights(final double newWeightUnitGbps, final QpWeights newQpWeights)
    {
        return new SenderParameters(gProbe, alpha, beta, dThrNs, rMinGbps, rLineGbps, probeIntervalBytes,
            newWeightUnitGbps, newQpWeights, senderGate);
    }
}
