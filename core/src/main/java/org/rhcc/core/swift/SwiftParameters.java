package org.rhcc.core.swift;

/**
 * Parameters of a Swift sender (Kumar et al., "Swift: Delay is Simple and Effective for Congestion Control in the
 * Datacenter", SIGCOMM 2020, Algorithm 1 and §3), the inter-host congestion control whose rate {@code R_cc} RHCC's
 * Eq. (4) can combine with the receivable rate: {@code R_send = min(R_rev, R_cc)}.
 * <p>
 * Windows are in packets of {@code mtuBytes} (fractional: below 1 the flow is paced), delays in ns, rates in Gbit/s.
 * The fabric target delay (§3, scaling the target) is
 * <pre>
 *   fabric target = baseTargetNs + hops x hopScalingNs + max(0, min(alpha / sqrt(fcwnd) + beta, fsRangeNs))
 *   alpha = fsRangeNs / (1 / sqrt(fsMinCwnd) - 1 / sqrt(fsMaxCwnd)),   beta = -alpha / sqrt(fsMaxCwnd)
 * </pre>
 * so the flow-scaling term is {@code fsRangeNs} at {@code fcwnd = fsMinCwnd} and 0 at {@code fcwnd = fsMaxCwnd}; the
 * endpoint window has a fixed target, {@code endpointTargetNs}.
 *
 * @param lineRateGbps         the NIC's line rate, the ceiling of the rate.
 * @param minRateGbps          floor of the rate, in (0, lineRateGbps].
 * @param mtuBytes             bytes per packet, the window's unit.
 * @param initialRttNs         the RTT used to turn the window into a rate before a flow's first ACK, ns.
 * @param additiveIncrease     ai, packets added per RTT below target (per ACK: {@code ai / cwnd} per packet acked,
 *                             {@code ai} while {@code cwnd < 1}).
 * @param beta                 beta of the multiplicative decrease {@code 1 - beta (delay - target) / delay}, in (0, 1].
 * @param maxMdf               max_mdf: no decrease cuts more than this fraction of the window, in (0, 1).
 * @param baseTargetNs         base_target: the target delay for one hop and few flows, ns.
 * @param hopScalingNs         h: target added per hop of the path, ns, >= 0.
 * @param fsRangeNs            fs_range: the flow-scaling term's range, ns, >= 0.
 * @param fsMinCwnd            fs_min_cwnd: the window at which flow scaling adds all of fs_range, packets.
 * @param fsMaxCwnd            fs_max_cwnd: the window from which flow scaling adds nothing, packets.
 * @param endpointTargetNs     the endpoint (host) window's target delay, ns.
 * @param minCwnd              min_cwnd, packets, > 0.
 * @param maxCwnd              max_cwnd, packets.
 * @param initialCwnd          a flow's window when it opens, within [minCwnd, maxCwnd].
 * @param retxResetThreshold   RETX_RESET_THRESHOLD: consecutive retransmit timeouts after which the window drops to
 *                             min_cwnd, >= 1.
 */
public record SwiftParameters(
    double lineRateGbps,
    double minRateGbps,
    int mtuBytes,
    long initialRttNs,
    double additiveIncrease,
    double beta,
    double maxMdf,
    long baseTargetNs,
    long hopScalingNs,
    long fsRangeNs,
    double fsMinCwnd,
    double fsMaxCwnd,
    long endpointTargetNs,
    double minCwnd,
    double maxCwnd,
    double initialCwnd,
    int retxResetThreshold)
{
    /**
     * Validates every parameter.
     *
     * @throws IllegalArgumentException naming the parameter, its value and the valid range.
     */
    public SwiftParameters
    {
        requirePositive("lineRateGbps", lineRateGbps);
        if (!(minRateGbps > 0.0) || minRateGbps > lineRateGbps)
        {
            throw new IllegalArgumentException(
                "Swift minRateGbps = " + minRateGbps + " must be in (0, lineRateGbps = " + lineRateGbps + "]");
        }
        if (mtuBytes < 1)
        {
            throw new IllegalArgumentException("Swift mtuBytes = " + mtuBytes + " must be >= 1, e.g. 4096");
        }
        requirePositive("initialRttNs", initialRttNs);
        if (!(additiveIncrease >= 0.0) || Double.isInfinite(additiveIncrease))
        {
            throw new IllegalArgumentException(
                "Swift additiveIncrease = " + additiveIncrease + " must be a finite number >= 0, e.g. 1 packet/RTT");
        }
        if (!(beta > 0.0 && beta <= 1.0))
        {
            throw new IllegalArgumentException("Swift beta = " + beta + " must be in (0, 1], e.g. 0.8");
        }
        if (!(maxMdf > 0.0 && maxMdf < 1.0))
        {
            throw new IllegalArgumentException("Swift maxMdf = " + maxMdf + " must be in (0, 1), e.g. 0.5");
        }
        requirePositive("baseTargetNs", baseTargetNs);
        if (hopScalingNs < 0 || fsRangeNs < 0)
        {
            throw new IllegalArgumentException(
                "Swift hopScalingNs = " + hopScalingNs + " and fsRangeNs = " + fsRangeNs + " must be >= 0");
        }
        requirePositive("fsMinCwnd", fsMinCwnd);
        if (!(fsMaxCwnd > fsMinCwnd) || Double.isInfinite(fsMaxCwnd))
        {
            throw new IllegalArgumentException(
                "Swift fsMaxCwnd = " + fsMaxCwnd + " must be finite and above fsMinCwnd = " + fsMinCwnd);
        }
        requirePositive("endpointTargetNs", endpointTargetNs);
        requirePositive("minCwnd", minCwnd);
        if (!(maxCwnd >= minCwnd) || Double.isInfinite(maxCwnd))
        {
            throw new IllegalArgumentException(
                "Swift maxCwnd = " + maxCwnd + " must be finite and >= minCwnd = " + minCwnd);
        }
        if (!(initialCwnd >= minCwnd && initialCwnd <= maxCwnd))
        {
            throw new IllegalArgumentException("Swift initialCwnd = " + initialCwnd + " must be within [minCwnd = " +
                minCwnd + ", maxCwnd = " + maxCwnd + "]");
        }
        if (retxResetThreshold < 1)
        {
            throw new IllegalArgumentException(
                "Swift retxResetThreshold = " + retxResetThreshold + " must be >= 1, e.g. 5");
        }
    }

    /**
     * rhcc's profile for a network of base RTT {@code baseRttNs} (the paper publishes the form of every rule but not
     * Google's production values; the choices and their reasons are in the package documentation):
     * ai = 1 packet per RTT, beta = 0.8, max_mdf = 0.5, fs_min_cwnd = 0.1, fs_max_cwnd = 100 packets;
     * base_target = the base RTT plus 8 packets' serialisation at line rate, h = one packet's serialisation per hop,
     * fs_range = 4 x (base_target - base RTT); min_cwnd = 0.001 packets; max_cwnd = the line-rate window at the
     * largest fabric target of a 5-hop path, so that the window never caps the rate below line rate; flows start at
     * the line-rate window of the base RTT; RETX_RESET_THRESHOLD = 5; minimum rate 1 Mbit/s (as DCQCN's
     * {@code rpg_min_rate}).
     *
     * @param lineRateGbps     the NIC's line rate.
     * @param mtuBytes         bytes per packet.
     * @param baseRttNs        the network's base (unloaded) RTT over one hop.
     * @param endpointTargetNs the endpoint window's target delay (the host's share of the RTT it may queue).
     */
    public static SwiftParameters defaults(
        final double lineRateGbps, final int mtuBytes, final long baseRttNs, final long endpointTargetNs)
    {
        if (!(lineRateGbps > 0.0) || mtuBytes < 1 || baseRttNs < 1)
        {
            throw new IllegalArgumentException("Swift defaults need lineRateGbps > 0, mtuBytes >= 1, baseRttNs >= 1: " +
                lineRateGbps + ", " + mtuBytes + ", " + baseRttNs);
        }
        final long packetNs = Math.max(1L, Math.round(mtuBytes * 8.0 / lineRateGbps));
        final long baseTargetNs = baseRttNs + 8 * packetNs;
        final long fsRangeNs = 4 * (baseTargetNs - baseRttNs);
        final long largestTargetNs = baseTargetNs + 5 * packetNs + fsRangeNs;
        final double packetsPerNs = lineRateGbps / (mtuBytes * 8.0);
        final double maxCwnd = Math.max(1.0, Math.ceil(largestTargetNs * packetsPerNs));
        final double initialCwnd = Math.min(maxCwnd, Math.max(1.0, baseRttNs * packetsPerNs));
        return new SwiftParameters(lineRateGbps, Math.min(0.001, lineRateGbps), mtuBytes, baseRttNs,
            1.0, 0.8, 0.5, baseTargetNs, packetNs, fsRangeNs, 0.1, 100.0, endpointTargetNs,
            0.001, maxCwnd, initialCwnd, 5);
    }

    /**
     * @return alpha of the flow-scaling term, ns x sqrt(packets).
     */
    public double flowScalingAlpha()
    {
        return fsRangeNs / (1.0 / Math.sqrt(fsMinCwnd) - 1.0 / Math.sqrt(fsMaxCwnd));
    }

    /**
     * @return beta of the flow-scaling term, ns.
     */
    public double flowScalingBeta()
    {
        return -flowScalingAlpha() / Math.sqrt(fsMaxCwnd);
    }

    private static void requirePositive(final String name, final double value)
    {
        if (!(value > 0.0) || Double.isInfinite(value))
        {
            throw new IllegalArgumentException("Swift " + name + " = " + value + " must be a positive finite number");
        }
    }
}
