package org.rhcc.core.dcqcn;

/**
 * DCQCN reaction points (the sender side of DCQCN, Zhu et al., SIGCOMM 2015, Algorithm 1) for many flows, stored in
 * one {@code long[]} with a 64-byte block per flow (so one event touches one or two cache lines even with a million
 * flows): no object per flow, no allocation per event.
 * <pre>
 *   word  0     1     2      3                4              5          6              7
 *        +-----+-----+------+----------------+--------------+----------+--------------+---------------------------+
 *   flow | R_C | R_T | alpha| next alpha upd | next increase| last cut | byte counter | timer stage | byte stage |
 *        | f64 | f64 | f64  | ns             | ns           | ns       | bytes        | cut pending (bit 62)      |
 *        |     |     |      |                |              |          |              | cnp flag (bit 63)         |
 *        +-----+-----+------+----------------+--------------+----------+--------------+---------------------------+
 * </pre>
 * <p>
 * Rules (docs/model.md §4.2, docs/platform.md §7.1), for flow state current rate R_C, target rate R_T and alpha:
 * <ul>
 *   <li>A flow starts at line rate; alpha and every timer stay untouched until its first CNP.</li>
 *   <li>First CNP: {@code alpha <- initialAlpha} (NVIDIA {@code initial_alpha_value}, "alpha used when receiving the
 *   first CNP"; HPCC simulator {@code cnp_received_mlx}), the cut below with that alpha, and the alpha timer starts
 *   (that CNP does not raise alpha and does not mark the first alpha period, as in {@code cnp_received_mlx}).</li>
 *   <li>Later CNPs: at most one cut per {@code rateDecreaseIntervalNs}. A CNP at least that long after the last cut
 *   cuts at once; a CNP within it is carried to the interval's end, where one deferred cut takes every CNP of the
 *   interval (NVIDIA: reduce "at the beginning of the next rate_reduce_monitor_period"; HPCC simulator
 *   {@code CheckRateDecreaseMlx}). No CNP is lost.</li>
 *   <li>Cut: {@code R_T <- R_C} always with {@link DcqcnParameters#clampTargetRate()}, else only if an increase
 *   happened since the last cut, timer- or byte-driven (NVIDIA {@code clamp_tgt_rate_after_time_inc}, the DCQCN
 *   authors' {@code rpr_cnm_received}); {@code R_C <- max(R_min, R_C (1 - alpha/2))};
 *   {@code alpha <- (1-g) alpha + g}; both increase stages, the byte counter and the increase timer restart.</li>
 *   <li>Every {@code alphaUpdateIntervalNs} without a CNP: {@code alpha <- (1-g) alpha}.</li>
 *   <li>An increase event fires on every timer expiry (period T, the timer stage counts them) and every
 *   {@code byteCounterBytes} sent after the first cut (the byte stage counts them). With F the fast-recovery
 *   threshold: while both stages are {@code <= F}, fast recovery {@code R_C <- (R_T + R_C)/2}; once one stage
 *   exceeds F, additive increase {@code R_T <- R_T + R_AI} then {@code R_C <- (R_T + R_C)/2}; once both exceed F,
 *   hyper increase with R_HAI (the HPCC simulator's plain {@code += R_HAI}).</li>
 *   <li>Rates stay within [R_min, line rate].</li>
 * </ul>
 * Where this departs, on purpose, from the reference implementations is listed in the package documentation.
 * <p>
 * Timers and deferred cuts are evaluated lazily: every event first processes the expiries at or before its time,
 * in time order, so the result does not depend on how often a caller polls; {@link #advance(int, long)} does only
 * that.
 * <p>
 * <b>Note:</b> not thread-safe; one owner thread. Event times of one flow must not go backwards.
 */
public final class DcqcnReactionPoints
{
    private static final long NEVER = Long.MIN_VALUE;
    private static final long DISARMED = Long.MAX_VALUE;
    private static final int WORDS = 8;
    private static final int RC = 0;
    private static final int RT = 1;
    private static final int ALPHA = 2;
    private static final int NEXT_ALPHA = 3;
    private static final int NEXT_INCREASE = 4;
    private static final int LAST_CUT = 5;
    private static final int BYTE_COUNTER = 6;
    private static final int STAGES = 7;
    private static final long CNP_FLAG = 1L << 63;
    private static final long PENDING_CUT = 1L << 62;
    private static final long STAGE_MASK = (1L << 30) - 1;
    private static final int BYTE_STAGE_SHIFT = 32;
    private static final long TIMER_AND_BYTE_STAGES = STAGE_MASK | (STAGE_MASK << BYTE_STAGE_SHIFT);

    private final DcqcnParameters params;
    private final double decay;
    private final long[] state;

    /**
     * Creates {@code flows} reaction points, all opened at {@code nowNs}.
     *
     * @param params parameters shared by every flow.
     * @param flows  number of flows, numbered 0 .. flows-1.
     * @param nowNs  time the flows start, ns.
     */
    public DcqcnReactionPoints(final DcqcnParameters params, final int flows, final long nowNs)
    {
        if (flows < 1 || flows > Integer.MAX_VALUE / WORDS)
        {
            throw new IllegalArgumentException("DCQCN needs 1.." + Integer.MAX_VALUE / WORDS + " flows, got " + flows);
        }
        this.params = params;
        this.decay = 1.0 - params.g();
        this.state = new long[flows * WORDS];
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
        return state.length / WORDS;
    }

    /**
     * (Re)starts a flow at line rate. Alpha holds {@code initialAlpha} and no timer runs until the flow's first CNP.
     *
     * @param flow  flow number.
     * @param nowNs time the flow starts, ns.
     */
    public void open(final int flow, final long nowNs)
    {
        final int b = flow * WORDS;
        state[b + RC] = Double.doubleToRawLongBits(params.lineRateGbps());
        state[b + RT] = Double.doubleToRawLongBits(params.lineRateGbps());
        state[b + ALPHA] = Double.doubleToRawLongBits(params.initialAlpha());
        state[b + NEXT_ALPHA] = DISARMED;
        state[b + NEXT_INCREASE] = DISARMED;
        state[b + LAST_CUT] = NEVER;
        state[b + BYTE_COUNTER] = 0;
        state[b + STAGES] = 0;
    }

    /**
     * A CNP reached the flow's sender.
     * <p>
     * The flow's first CNP sets alpha to {@code initialAlpha}, cuts with it and arms the alpha timer. A later CNP cuts
     * now if the last cut is at least {@code rateDecreaseIntervalNs} old; otherwise it is carried to the end of that
     * interval, where one deferred cut takes every CNP that arrived within it.
     *
     * @param flow  flow number.
     * @param nowNs arrival time, ns.
     * @return true if the CNP cut the rate now, false if the cut is deferred to the end of the rate-decrease interval.
     */
    public boolean onCnp(final int flow, final long nowNs)
    {
        advance(flow, nowNs);
        final int b = flow * WORDS;
        final long lastCut = state[b + LAST_CUT];
        if (lastCut == NEVER)
        {
            state[b + ALPHA] = Double.doubleToRawLongBits(params.initialAlpha());
            state[b + NEXT_ALPHA] = nowNs + params.alphaUpdateIntervalNs();
            cut(b, nowNs, false);
            return true;
        }
        state[b + STAGES] |= CNP_FLAG;
        if (nowNs - lastCut < params.rateDecreaseIntervalNs())
        {
            state[b + STAGES] |= PENDING_CUT;
            return false;
        }
        cut(b, nowNs, true);
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
        final int b = flow * WORDS;
        if (state[b + LAST_CUT] == NEVER)
        {
            return;
        }
        long counter = state[b + BYTE_COUNTER] + bytes;
        final long threshold = params.byteCounterBytes();
        while (counter >= threshold)
        {
            counter -= threshold;
            state[b + STAGES] = incrementStage(state[b + STAGES], BYTE_STAGE_SHIFT);
            increase(b);
        }
        state[b + BYTE_COUNTER] = counter;
    }

    /**
     * Processes the alpha and rate-increase timer expiries and a deferred cut due at or before {@code nowNs}, in time
     * order (a timer expiring at the deferred cut's time goes first).
     *
     * @param flow  flow number.
     * @param nowNs current time, ns.
     */
    public void advance(final int flow, final long nowNs)
    {
        final int b = flow * WORDS;
        if ((state[b + STAGES] & PENDING_CUT) != 0)
        {
            final long cutNs = state[b + LAST_CUT] + params.rateDecreaseIntervalNs();
            if (cutNs <= nowNs)
            {
                advanceTimers(b, cutNs);
                cut(b, cutNs, true);
            }
        }
        advanceTimers(b, nowNs);
    }

    /**
     * @param flow flow number.
     * @return current rate R_C, Gbit/s: the R_cc of RHCC's Eq. (4).
     */
    public double rateGbps(final int flow)
    {
        return Double.longBitsToDouble(state[flow * WORDS + RC]);
    }

    /**
     * @param flow flow number.
     * @return target rate R_T, Gbit/s.
     */
    public double targetRateGbps(final int flow)
    {
        return Double.longBitsToDouble(state[flow * WORDS + RT]);
    }

    /**
     * @param flow flow number.
     * @return the congestion estimate alpha, 0..1.
     */
    public double alpha(final int flow)
    {
        return Double.longBitsToDouble(state[flow * WORDS + ALPHA]);
    }

    /**
     * @param flow flow number.
     * @return the earliest pending timer expiry of the flow (alpha update, rate increase or deferred cut), ns;
     *         {@link Long#MAX_VALUE} when none is armed.
     */
    public long nextDeadlineNs(final int flow)
    {
        final int b = flow * WORDS;
        final long timersNs = Math.min(state[b + NEXT_ALPHA], state[b + NEXT_INCREASE]);
        return (state[b + STAGES] & PENDING_CUT) != 0 ?
            Math.min(timersNs, state[b + LAST_CUT] + params.rateDecreaseIntervalNs()) : timersNs;
    }

    /**
     * Cuts the rate at {@code nowNs}: {@code R_T <- R_C} with the clamp on or after any increase (timer or byte
     * counter) since the last cut; {@code R_C <- max(R_min, R_C (1 - alpha/2))}; with {@code raiseAlpha}
     * {@code alpha <- (1-g) alpha + g}; stages, byte counter and increase timer restart; the alpha period's CNP flag is
     * kept.
     */
    private void cut(final int b, final long nowNs, final boolean raiseAlpha)
    {
        final long stages = state[b + STAGES];
        final double a = Double.longBitsToDouble(state[b + ALPHA]);
        final double rc = Double.longBitsToDouble(state[b + RC]);
        if (params.clampTargetRate() || (stages & TIMER_AND_BYTE_STAGES) != 0)
        {
            state[b + RT] = Double.doubleToRawLongBits(rc);
        }
        state[b + RC] = Double.doubleToRawLongBits(Math.max(params.minRateGbps(), rc * (1.0 - 0.5 * a)));
        if (raiseAlpha)
        {
            state[b + ALPHA] = Double.doubleToRawLongBits(decay * a + params.g());
        }
        state[b + LAST_CUT] = nowNs;
        state[b + BYTE_COUNTER] = 0;
        state[b + STAGES] = stages & CNP_FLAG;
        state[b + NEXT_INCREASE] = nowNs + params.rateIncreaseIntervalNs();
    }

    private void advanceTimers(final int b, final long nowNs)
    {
        long nextAlphaNs = state[b + NEXT_ALPHA];
        if (nextAlphaNs <= nowNs)
        {
            final long periodNs = params.alphaUpdateIntervalNs();
            double a = Double.longBitsToDouble(state[b + ALPHA]);
            if ((state[b + STAGES] & CNP_FLAG) == 0)
            {
                a *= decay;
            }
            state[b + STAGES] &= ~CNP_FLAG;
            nextAlphaNs += periodNs;
            if (nextAlphaNs <= nowNs)
            {
                final long idlePeriods = (nowNs - nextAlphaNs) / periodNs + 1;
                a *= Math.pow(decay, idlePeriods);
                nextAlphaNs += idlePeriods * periodNs;
            }
            state[b + ALPHA] = Double.doubleToRawLongBits(a);
            state[b + NEXT_ALPHA] = nextAlphaNs;
        }

        long nextIncrease = state[b + NEXT_INCREASE];
        while (nextIncrease <= nowNs)
        {
            state[b + STAGES] = incrementStage(state[b + STAGES], 0);
            increase(b);
            if (Double.longBitsToDouble(state[b + RC]) >= params.lineRateGbps())
            {
                nextIncrease = DISARMED;
            }
            else
            {
                nextIncrease += params.rateIncreaseIntervalNs();
            }
        }
        state[b + NEXT_INCREASE] = nextIncrease;
    }

    private static long incrementStage(final long stages, final int shift)
    {
        final long stage = (stages >>> shift) & STAGE_MASK;
        return stage == STAGE_MASK ? stages : stages + (1L << shift);
    }

    private void increase(final int b)
    {
        final long stages = state[b + STAGES];
        final long t = stages & STAGE_MASK;
        final long bs = (stages >>> BYTE_STAGE_SHIFT) & STAGE_MASK;
        final int f = params.fastRecoverySteps();
        final double line = params.lineRateGbps();
        double rt = Double.longBitsToDouble(state[b + RT]);
        if (Math.min(t, bs) > f)
        {
            rt = Math.min(line, rt + params.hyperIncreaseGbps());
        }
        else if (Math.max(t, bs) > f)
        {
            rt = Math.min(line, rt + params.additiveIncreaseGbps());
        }
        state[b + RT] = Double.doubleToRawLongBits(rt);
        state[b + RC] = Double.doubleToRawLongBits(
            Math.min(line, 0.5 * (rt + Double.longBitsToDouble(state[b + RC]))));
    }
}
