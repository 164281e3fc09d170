package org.rhcc.core.dcqcn;

/**
 * DCQCN reaction points (the sender side of DCQCN, Zhu et al., SIGCOMM 2015, Algorithm 1) for many flows, stored as
 * parallel primitive arrays indexed by flow number: no object per flow, no allocation per event.
 * <p>
 * Rules (model.md §4.2, hardware.md Part B §2.1), for flow state current rate R_C, target rate R_T and alpha:
 * <ul>
 *   <li>CNP, at most one cut per {@code rateDecreaseIntervalNs}: {@code R_T <- R_C; R_C <- max(R_min, R_C (1 -
 *   alpha/2)); alpha <- (1-g) alpha + g}; both increase stages, the byte counter and the increase timer restart.</li>
 *   <li>Every {@code alphaUpdateIntervalNs} without a CNP: {@code alpha <- (1-g) alpha}.</li>
 *   <li>An increase event fires on every timer expiry (period T, the timer stage counts them) and every
 *   {@code byteCounterBytes} sent (the byte stage counts them). With F the fast-recovery threshold: while both
 *   stages are {@code <= F}, fast recovery {@code R_C <- (R_T + R_C)/2}; once one stage exceeds F, additive increase
 *   {@code R_T <- R_T + R_AI} then {@code R_C <- (R_T + R_C)/2}; once both exceed F, hyper increase with R_HAI
 *   (the HPCC simulator's plain {@code += R_HAI}).</li>
 *   <li>Rates stay within [R_min, line rate]; a flow starts at line rate with alpha = {@code initialAlpha}.</li>
 * </ul>
 * Timers are evaluated lazily: every event first processes the expiries at or before its time, so the result does
 * not depend on how often a caller polls; {@link #advance(int, long)} does only that.
 * <p>
 * <b>Note:</b> not thread-safe; one owner thread. Event times of one flow must not go backwards.
 */
public final class DcqcnReactionPoints
{
    private static final long NEVER = Long.MIN_VALUE;
    private static final long DISARMED = Long.MAX_VALUE;

    private final DcqcnParameters params;
    private final double decay;
    private final double[] rcGbps;
    private final double[] rtGbps;
    private final double[] alpha;
    private final long[] nextAlphaUpdateNs;
    private final long[] nextIncreaseNs;
    private final long[] lastCutNs;
    private final long[] byteCounterBytes;
    private final int[] timerStage;
    private final int[] byteStage;
    private final boolean[] cnpInAlphaPeriod;

    /**
     * Creates {@code flows} reaction points, all opened at {@code nowNs}.
     *
     * @param params parameters shared by every flow.
     * @param flows  number of flows, numbered 0 .. flows-1.
     * @param nowNs  time the flows start, ns.
     */
    public DcqcnReactionPoints(final DcqcnParameters params, final int flows, final long nowNs)
    {
        if (flows < 1)
        {
            throw new IllegalArgumentException("DCQCN needs at least one flow, got " + flows);
        }
        this.params = params;
        this.decay = 1.0 - params.g();
        rcGbps = new double[flows];
        rtGbps = new double[flows];
        alpha = new double[flows];
        nextAlphaUpdateNs = new long[flows];
        nextIncreaseNs = new long[flows];
        lastCutNs = new long[flows];
        byteCounterBytes = new long[flows];
        timerStage = new int[flows];
        byteStage = new int[flows];
        cnpInAlphaPeriod = new boolean[flows];
        for (int f = 0; f < flows; f++)
        {
            open(f, nowNs);
        }
    }

    /**
     * @return the parameters in force.
     */
    public DcqcnParameters params()
    {
        return params;
    }

    /**
     * @return number of flows.
     */
    public int flowCount()
    {
        return rcGbps.length;
    }

    /**
     * (Re)starts a flow at line rate.
     *
     * @param flow  flow number.
     * @param nowNs time the flow starts, ns.
     */
    public void open(final int flow, final long nowNs)
    {
        rcGbps[flow] = params.lineRateGbps();
        rtGbps[flow] = params.lineRateGbps();
        alpha[flow] = params.initialAlpha();
        nextAlphaUpdateNs[flow] = nowNs + params.alphaUpdateIntervalNs();
        nextIncreaseNs[flow] = DISARMED;
        lastCutNs[flow] = NEVER;
        byteCounterBytes[flow] = 0;
        timerStage[flow] = 0;
        byteStage[flow] = 0;
        cnpInAlphaPeriod[flow] = false;
    }

    /**
     * A CNP reached the flow's sender.
     *
     * @param flow  flow number.
     * @param nowNs arrival time, ns.
     * @return true if the CNP cut the rate, false if it fell within the rate-decrease interval of the last cut.
     */
    public boolean onCnp(final int flow, final long nowNs)
    {
        advance(flow, nowNs);
        cnpInAlphaPeriod[flow] = true;
        final long lastCut = lastCutNs[flow];
        if (lastCut != NEVER && nowNs - lastCut < params.rateDecreaseIntervalNs())
        {
            return false;
        }
        final double a = alpha[flow];
        final double rc = rcGbps[flow];
        rtGbps[flow] = rc;
        rcGbps[flow] = Math.max(params.minRateGbps(), rc * (1.0 - 0.5 * a));
        alpha[flow] = decay * a + params.g();
        lastCutNs[flow] = nowNs;
        timerStage[flow] = 0;
        byteStage[flow] = 0;
        byteCounterBytes[flow] = 0;
        nextIncreaseNs[flow] = nowNs + params.rateIncreaseIntervalNs();
        return true;
    }

    /**
     * The flow sent data; drives the byte-counter increase stage.
     *
     * @param flow  flow number.
     * @param bytes bytes sent, >= 0.
     * @param nowNs send time, ns.
     */
    public void onBytesSent(final int flow, final long bytes, final long nowNs)
    {
        if (bytes < 0)
        {
            throw new IllegalArgumentException("bytes sent must be >= 0, got " + bytes);
        }
        advance(flow, nowNs);
        if (lastCutNs[flow] == NEVER)
        {
            return;
        }
        long counter = byteCounterBytes[flow] + bytes;
        final long threshold = params.byteCounterBytes();
        while (counter >= threshold)
        {
            counter -= threshold;
            byteStage[flow]++;
            increase(flow);
        }
        byteCounterBytes[flow] = counter;
    }

    /**
     * Processes the alpha and rate-increase timer expiries at or before {@code nowNs}.
     *
     * @param flow  flow number.
     * @param nowNs current time, ns.
     */
    public void advance(final int flow, final long nowNs)
    {
        long nextAlphaNs = nextAlphaUpdateNs[flow];
        if (nextAlphaNs <= nowNs)
        {
            final long periodNs = params.alphaUpdateIntervalNs();
            double a = alpha[flow];
            if (!cnpInAlphaPeriod[flow])
            {
                a *= decay;
            }
            cnpInAlphaPeriod[flow] = false;
            nextAlphaNs += periodNs;
            if (nextAlphaNs <= nowNs)
            {
                final long idlePeriods = (nowNs - nextAlphaNs) / periodNs + 1;
                a *= Math.pow(decay, idlePeriods);
                nextAlphaNs += idlePeriods * periodNs;
            }
            alpha[flow] = a;
            nextAlphaUpdateNs[flow] = nextAlphaNs;
        }

        long nextIncrease = nextIncreaseNs[flow];
        while (nextIncrease <= nowNs)
        {
            timerStage[flow]++;
            increase(flow);
            if (rcGbps[flow] >= params.lineRateGbps())
            {
                nextIncrease = DISARMED;
            }
            else
            {
                nextIncrease += params.rateIncreaseIntervalNs();
            }
        }
        nextIncreaseNs[flow] = nextIncrease;
    }

    /**
     * @param flow flow number.
     * @return current rate R_C, Gbit/s: the R_cc of RHCC's Eq. (4).
     */
    public double rateGbps(final int flow)
    {
        return rcGbps[flow];
    }

    /**
     * @param flow flow number.
     * @return target rate R_T, Gbit/s.
     */
    public double targetRateGbps(final int flow)
    {
        return rtGbps[flow];
    }

    /**
     * @param flow flow number.
     * @return the congestion estimate alpha, 0..1.
     */
    public double alpha(final int flow)
    {
        return alpha[flow];
    }

    /**
     * @param flow flow number.
     * @return the earliest pending timer expiry of the flow (alpha update or rate increase), ns.
     */
    public long nextDeadlineNs(final int flow)
    {
        return Math.min(nextAlphaUpdateNs[flow], nextIncreaseNs[flow]);
    }

    private void increase(final int flow)
    {
        final int f = params.fastRecoverySteps();
        final int t = timerStage[flow];
        final int b = byteStage[flow];
        final double line = params.lineRateGbps();
        double rt = rtGbps[flow];
        if (Math.min(t, b) > f)
        {
            rt = Math.min(line, rt + params.hyperIncreaseGbps());
        }
        else if (Math.max(t, b) > f)
        {
            rt = Math.min(line, rt + params.additiveIncreaseGbps());
        }
        rtGbps[flow] = rt;
        rcGbps[flow] = Math.min(line, 0.5 * (rt + rcGbps[flow]));
    }
}
