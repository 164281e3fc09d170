package org.rhcc.sim;

import org.rhcc.core.dcqcn.DcqcnParameters;

/**
 * The network's parameter groups of {@link SimParameters} (docs/model.md §6): links, switch, ECN and the inter-host
 * congestion control, the fluid TCP flows, and the telemetry windows.
 * <p>
 * The groups are declared here so that {@link SimParameters}, which implements this interface, names them:
 * {@code SimParameters.Network} and the like; nothing else implements it.
 */
public interface NetworkParameterGroups
{
    /**
     * Links, switch, ECN and DCQCN (docs/model.md §4.1, §4.2).
     *
     * @param lineRateGbps     every link's rate, Gbit/s.
     * @param propagationNs    one-way propagation (plus PHY) delay of every link, ns.
     * @param switchBufferBytes shared switch buffer, bytes.
     * @param pfcAlpha         switch ingress PFC dynamic threshold: pause when an ingress queue exceeds alpha times
     *                         the free shared buffer.
     * @param ecnKminBytes     switch RED K_min, bytes.
     * @param ecnKmaxBytes     switch RED K_max, bytes.
     * @param ecnPmax          switch RED P_max.
     * @param dcqcn            the senders' DCQCN reaction point and the receiver's CNP pacing.
     */
    public record Network(
        double lineRateGbps,
        double propagationNs,
        long switchBufferBytes,
        double pfcAlpha,
        long ecnKminBytes,
        long ecnKmaxBytes,
        double ecnPmax,
        DcqcnParameters dcqcn)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Network
        {
            Checks.positive("network.lineRateGbps", lineRateGbps);
            Checks.nonNegative("network.propagationNs", propagationNs);
            Checks.range("network.switchBufferBytes", switchBufferBytes, 1L << 16, 1L << 34);
            Checks.range("network.pfcAlpha", pfcAlpha, 1e-3, 64.0);
            Checks.range("network.ecnKminBytes", ecnKminBytes, 0, switchBufferBytes);
            Checks.range("network.ecnKmaxBytes", ecnKmaxBytes, ecnKminBytes + 1, switchBufferBytes);
            Checks.range("network.ecnPmax", ecnPmax, 1e-9, 1.0);
            if (null == dcqcn)
            {
                throw new IllegalArgumentException("network.dcqcn must be given, e.g. DcqcnParameters.nvidia(100)");
            }
        }
    }

    /**
     * Fluid TCP flows into the receiver NIC's second port (docs/model.md §4.2, B15).
     *
     * @param rttNs              base round-trip time, ns.
     * @param rxBufferBytes      the second port's (lossy) receive buffer, bytes.
     * @param minWindowBytes     smallest congestion window, bytes.
     * @param decreaseFactor     multiplicative decrease on a loss round (CUBIC beta = 0.7).
     */
    public record Tcp(double rttNs, int rxBufferBytes, int minWindowBytes, double decreaseFactor)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Tcp
        {
            Checks.positive("tcp.rttNs", rttNs);
            Checks.range("tcp.rxBufferBytes", rxBufferBytes, 4096, 64 << 20);
            Checks.range("tcp.minWindowBytes", minWindowBytes, 64, 1 << 24);
            Checks.range("tcp.decreaseFactor", decreaseFactor, 0.1, 0.99);
        }
    }

    /**
     * Telemetry windows and sensor costs (docs/model.md §4.10, docs/paper.md §4 B10-B12).
     *
     * @param windowNs          time-series window (receiver processing delay windows), ns.
     * @param iioWindowNs       IIO occupancy reporting window, ns.
     * @param iioReadLatencyNs  cost of one IIO occupancy read (MSR), ns.
     */
    public record Telemetry(long windowNs, long iioWindowNs, long iioReadLatencyNs)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Telemetry
        {
            Checks.range("telemetry.windowNs", windowNs, 1_000L, 100_000_000L);
            Checks.range("telemetry.iioWindowNs", iioWindowNs, windowNs, 1_000_000_000L);
            if (iioWindowNs % windowNs != 0)
            {
                throw new IllegalArgumentException("telemetry.iioWindowNs = " + iioWindowNs +
                    " must be a multiple of windowNs = " + windowNs);
            }
            Checks.range("telemetry.iioReadLatencyNs", iioReadLatencyNs, 1L, 1_000_000L);
        }
    }
}
