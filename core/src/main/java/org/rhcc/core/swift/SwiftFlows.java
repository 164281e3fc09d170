package org.rhcc.core.swift;

/**
 * Swift senders (Kumar et al., "Swift: Delay is Simple and Effective for Congestion Control in the Datacenter",
 * SIGCOMM 2020, Algorithm 1 and §3) for many flows, stored in one {@code long[]} with a 64-byte block per flow: no
 * object per flow, no allocation per ACK.
 * <pre>
 *   word  0      1      2                 3                 4         5                 6       7
 *        +------+------+-----------------+-----------------+---------+-----------------+-------+--------+
 *   flow |fcwnd |ecwnd | fabric window's | endpoint        | last    | retransmit      | last  | unused |
 *        | f64  | f64  | last decrease ns| last decrease ns| RTT, ns | timeouts in row | hops  |        |
 *        +------+------+-----------------+-----------------+---------+-----------------+-------+--------+
 * </pre>
 * Two windows, each run by Algorithm 1 against its own delay and target (§3): the fabric window against the
 * fabric delay and the fabric target (base target, per-hop scaling and flow scaling, {@link SwiftParameters}), the
 * endpoint window against the endpoint (remote host) delay and the endpoint target. Per ACK, for each window:
 * <ul>
 *   <li>delay below target: additive increase, {@code cwnd += ai / cwnd} per packet acked ({@code cwnd += ai} per
 *   packet while {@code cwnd < 1}), i.e. ai packets per RTT;</li>
 *   <li>delay at or above target, and the window's last decrease at least one RTT ago:
 *   {@code cwnd *= max(1 - beta (delay - target) / delay, 1 - max_mdf)};</li>
 *   <li>{@code cwnd} within {@code [min_cwnd, max_cwnd]}; a decrease starts the window's one-RTT hold-off.</li>
 * </ul>
 * The flow's window is {@code cwnd = min(fcwnd, ecwnd)}; below one packet Swift paces one packet per
 * {@code rtt / cwnd} ({@link #pacingDelayNs(int)}). Either way the flow's rate is {@code cwnd x MTU / RTT}
 * ({@link #rateGbps(int)}), the R_cc of RHCC's Eq. (4), held within {@code [minRateGbps, lineRateGbps]}.
 * Loss (Algorithm 1's retransmit timeout and fast recovery) cuts both windows by max_mdf, at most once per RTT per
 * window; {@code retxResetThreshold} timeouts in a row drop both to min_cwnd. The choices the paper leaves open are
 * listed in the package documentation.
 * <p>
 * <b>Note:</b> not thread-safe; one owner thread. Event times of one flow must not go backwards.
 */
public final class SwiftFlows
{
    private static final long NEVER = Long.MIN_VALUE;
    private static final int WORDS = 8;
    private static final int FCWND = 0;
    private static final int ECWND = 1;
    private static final int LAST_DECREASE = 2;
    private static final int RTT = 4;
    private static final int RETX = 5;
    private static final int HOPS = 6;

    private final SwiftParameters params;
    private final double fsAlpha;
    private final double fsBeta;
    private final double bitsPerPacket;
    private final long[] state;

    /**
     * Creates {@code flows} Swift senders, all opened.
     *
     * @param params parameters shared by every flow.
     * @param flows  number of flows, numbered 0 .. flows-1.
     */
    public SwiftFlows(final SwiftParameters params, final int flows)
    {
        if (flows < 1 || flows > Integer.MAX_VALUE / WORDS)
        {
            throw new IllegalArgumentException("Swift needs 1.." + Integer.MAX_VALUE / WORDS + " flows, got " + flows);
        }
        this.params = params;
        this.fsAlpha = params.flowScalingAlpha();
        this.fsBeta = params.flowScalingBeta();
        this.bitsPerPacket = params.mtuBytes() * 8.0;
        this.state = new long[flows * WORDS];
        for (int f = 0; f < flows; f++)
        {
            open(f);
        }
    }

    /**
     * @return the parameters in force.
     */
    public SwiftParameters params()
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
     * (Re)starts a flow: both windows at {@code initialCwnd}, RTT {@code initialRttNs}, no decrease hold-off.
     *
     * @param flow flow number.
     */
    public void open(final int flow)
    {
        final int b = flow * WORDS;
        final long cwndBits = Double.doubleToRawLongBits(params.initialCwnd());
        state[b + FCWND] = cwndBits;
        state[b + ECWND] = cwndBits;
        state[b + LAST_DECREASE] = NEVER;
        state[b + LAST_DECREASE + 1] = NEVER;
        state[b + RTT] = params.initialRttNs();
        state[b + RETX] = 0;
        state[b + HOPS] = 0;
        state[b + 7] = 0;
    }

    /**
     * An ACK reached the flow's sender (Algorithm 1, "On Receiving ACK").
     *
     * @param flow            flow number.
     * @param nowNs           arrival time, ns.
     * @param fabricDelayNs   the fabric delay the ACK measured (RTT less the remote host's delay), ns, > 0.
     * @param endpointDelayNs the endpoint delay the ACK measured (the remote host's delay between the data's arrival
     *                        and the ACK's departure), ns, >= 0. The RTT is their sum.
     * @param hops            switches on the data's path (from the TTL), >= 0.
     * @param ackedPackets    packets this ACK acknowledges, >= 0 (fractional for partial packets).
     */
    public void onAck(
        final int flow,
        final long nowNs,
        final long fabricDelayNs,
        final long endpointDelayNs,
        final int hops,
        final double ackedPackets)
    {
        if (fabricDelayNs <= 0 || endpointDelayNs < 0 || hops < 0 || !(ackedPackets >= 0.0) ||
            Double.isInfinite(ackedPackets))
        {
            throw new IllegalArgumentException("Swift ACK needs fabric delay > 0, endpoint delay >= 0, hops >= 0 and " +
                "finite acked packets >= 0, got " + fabricDelayNs + " ns, " + endpointDelayNs + " ns, " + hops + ", " +
                ackedPackets);
        }
        final int b = flow * WORDS;
        final long rttNs = fabricDelayNs + endpointDelayNs;
        state[b + RTT] = rttNs;
        state[b + RETX] = 0;
        state[b + HOPS] = hops;
        final double fabricTargetNs = fabricTargetNs(Double.longBitsToDouble(state[b + FCWND]), hops);
        react(b + FCWND, b + LAST_DECREASE, fabricDelayNs, fabricTargetNs, ackedPackets, nowNs, rttNs);
        react(b + ECWND, b + LAST_DECREASE + 1, endpointDelayNs, params.endpointTargetNs(), ackedPackets, nowNs, rttNs);
    }

    /**
     * A retransmit timeout fired (Algorithm 1, "On Retransmit Timeout"): after {@code retxResetThreshold} in a row
     * both windows drop to min_cwnd; before that each window not in its hold-off is cut by max_mdf.
     *
     * @param flow  flow number.
     * @param nowNs time of the timeout, ns.
     */
    public void onRetransmitTimeout(final int flow, final long nowNs)
    {
        final int b = flow * WORDS;
        final long retransmits = state[b + RETX] + 1;
        state[b + RETX] = retransmits;
        if (retransmits >= params.retxResetThreshold())
        {
            resetToMin(b + FCWND, b + LAST_DECREASE, nowNs);
            resetToMin(b + ECWND, b + LAST_DECREASE + 1, nowNs);
        }
        else
        {
            cutOnLoss(b, nowNs);
        }
    }

    /**
     * Loss was detected by selective ACKs (Algorithm 1, "On Fast Recovery"): each window not in its hold-off is cut
     * by max_mdf.
     *
     * @param flow  flow number.
     * @param nowNs time of the detection, ns.
     */
    public void onFastRecovery(final int flow, final long nowNs)
    {
        final int b = flow * WORDS;
        state[b + RETX] = 0;
        cutOnLoss(b, nowNs);
    }

    /**
     * @param flow flow number.
     * @return the flow's rate {@code min(fcwnd, ecwnd) x MTU / RTT}, Gbit/s, within
     *         {@code [minRateGbps, lineRateGbps]}: the R_cc of RHCC's Eq. (4).
     */
    public double rateGbps(final int flow)
    {
        final int b = flow * WORDS;
        final double rate = cwnd(flow) * bitsPerPacket / state[b + RTT];
        return Math.max(params.minRateGbps(), Math.min(params.lineRateGbps(), rate));
    }

    /**
     * @param flow flow number.
     * @return the time between two packets when {@code cwnd < 1} ({@code rtt / cwnd}), ns; 0 when the window, not
     *         pacing, limits the flow.
     */
    public double pacingDelayNs(final int flow)
    {
        final double cwnd = cwnd(flow);
        return cwnd < 1.0 ? state[flow * WORDS + RTT] / cwnd : 0.0;
    }

    /**
     * @param flow flow number.
     * @return {@code min(fcwnd, ecwnd)}, packets.
     */
    public double cwnd(final int flow)
    {
        final int b = flow * WORDS;
        return Math.min(Double.longBitsToDouble(state[b + FCWND]), Double.longBitsToDouble(state[b + ECWND]));
    }

    /**
     * @param flow flow number.
     * @return the fabric window fcwnd, packets.
     */
    public double fabricCwnd(final int flow)
    {
        return Double.longBitsToDouble(state[flow * WORDS + FCWND]);
    }

    /**
     * @param flow flow number.
     * @return the endpoint window ecwnd, packets.
     */
    public double endpointCwnd(final int flow)
    {
        return Double.longBitsToDouble(state[flow * WORDS + ECWND]);
    }

    /**
     * @param flow flow number.
     * @return the RTT of the flow's last ACK ({@code initialRttNs} before its first), ns.
     */
    public long rttNs(final int flow)
    {
        return state[flow * WORDS + RTT];
    }

    /**
     * @param flow flow number.
     * @return the fabric target delay the flow's next ACK is held to (its window now, the hops of its last ACK), ns.
     */
    public double fabricTargetNs(final int flow)
    {
        final int b = flow * WORDS;
        return fabricTargetNs(Double.longBitsToDouble(state[b + FCWND]), (int)state[b + HOPS]);
    }

    /**
     * The fabric target delay (§3, scaling the target): base target, per-hop scaling and the flow-scaling term
     * {@code max(0, min(alpha / sqrt(fcwnd) + beta, fs_range))}.
     *
     * @param fabricCwnd the fabric window, packets.
     * @param hops       switches on the path.
     * @return the target, ns.
     */
    public double fabricTargetNs(final double fabricCwnd, final int hops)
    {
        final double flowScalingNs = Math.max(0.0, Math.min(fsAlpha / Math.sqrt(fabricCwnd) + fsBeta,
            params.fsRangeNs()));
        return params.baseTargetNs() + (double)hops * params.hopScalingNs() + flowScalingNs;
    }

    private void react(
        final int cwndIndex,
        final int lastDecreaseIndex,
        final long delayNs,
        final double targetNs,
        final double ackedPackets,
        final long nowNs,
        final long rttNs)
    {
        final double previous = Double.longBitsToDouble(state[cwndIndex]);
        double cwnd;
        if (delayNs < targetNs)
        {
            cwnd = previous >= 1.0 ?
                previous + params.additiveIncrease() / previous * ackedPackets :
                previous + params.additiveIncrease() * ackedPackets;
        }
        else if (canDecrease(lastDecreaseIndex, nowNs, rttNs))
        {
            cwnd = previous * Math.max(1.0 - params.beta() * (delayNs - targetNs) / delayNs, 1.0 - params.maxMdf());
        }
        else
        {
            return;
        }
        set(cwndIndex, lastDecreaseIndex, previous, cwnd, nowNs);
    }

    private void cutOnLoss(final int b, final long nowNs)
    {
        final long rttNs = state[b + RTT];
        for (int w = 0; w < 2; w++)
        {
            if (canDecrease(b + LAST_DECREASE + w, nowNs, rttNs))
            {
                final double previous = Double.longBitsToDouble(state[b + FCWND + w]);
                set(b + FCWND + w, b + LAST_DECREASE + w, previous, previous * (1.0 - params.maxMdf()), nowNs);
            }
        }
    }

    private void resetToMin(final int cwndIndex, final int lastDecreaseIndex, final long nowNs)
    {
        set(cwndIndex, lastDecreaseIndex, Double.longBitsToDouble(state[cwndIndex]), params.minCwnd(), nowNs);
    }

    private boolean canDecrease(final int lastDecreaseIndex, final long nowNs, final long rttNs)
    {
        final long lastNs = state[lastDecreaseIndex];
        return lastNs == NEVER || nowNs - lastNs >= rttNs;
    }

    private void set(
        final int cwndIndex, final int lastDecreaseIndex, final double previous, final double cwnd, final long nowNs)
    {
        final double clamped = Math.max(params.minCwnd(), Math.min(params.maxCwnd(), cwnd));
        state[cwndIndex] = Double.doubleToRawLongBits(clamped);
        if (clamped < previous)
        {
            state[lastDecreaseIndex] = nowNs;
        }
    }
}
