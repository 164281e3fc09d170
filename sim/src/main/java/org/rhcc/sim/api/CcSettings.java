package org.rhcc.sim.api;

import org.rhcc.core.control.InterHostCc;

/**
 * The inter-host congestion control of a run and the parameters a scheme chose for it. What the model knows (the base
 * RTT T, the line rate, the number of flows, the receiver's no-congestion host delay) the simulator fills in when the
 * run starts (docs/model.md §4.11).
 *
 * @param cc                    DCQCN, HPCC or Swift.
 * @param hpccEta               HPCC's target utilisation eta, in (0, 1] (paper: 0.95).
 * @param hpccMaxStage          HPCC's maxStage, 0..65535 (paper: 5).
 * @param hpccFlows             N in HPCC's {@code W_AI = W_init (1 - eta) / N}; 0 for the run's QP count.
 * @param swiftEndpointMarginNs Swift's endpoint target less the model's no-congestion host delay, ns, >= 0.
 */
public record CcSettings(InterHostCc cc, double hpccEta, int hpccMaxStage, int hpccFlows, long swiftEndpointMarginNs)
{
    /** HPCC's eta in the paper. */
    public static final double HPCC_ETA = 0.95;
    /** HPCC's maxStage in the paper. */
    public static final int HPCC_MAX_STAGE = 5;
    /**
     * Swift's endpoint margin by default, ns: 400 ns, one 4 KB packet's PCIe transfer (315 ns at 104 Gbit/s) plus
     * the DMA engine's steps, i.e. about one more packet of the RX buffer waiting for the host than with no congestion
     * (docs/model.md §4.11).
     */
    public static final long SWIFT_ENDPOINT_MARGIN_NS = 400L;

    /** DCQCN: the inter-host CC of every scheme that names no other. */
    public static final CcSettings DCQCN = new CcSettings(InterHostCc.DCQCN, HPCC_ETA, HPCC_MAX_STAGE, 0,
        SWIFT_ENDPOINT_MARGIN_NS);

    /**
     * Validates the parameters.
     *
     * @throws IllegalArgumentException naming the parameter, its value and the valid range.
     */
    public CcSettings
    {
        if (null == cc)
        {
            throw new IllegalArgumentException("the inter-host CC must be one of dcqcn, hpcc, swift");
        }
        if (!(hpccEta > 0.0 && hpccEta <= 1.0))
        {
            throw new IllegalArgumentException("hpcc_eta = " + hpccEta + " must be in (0, 1], e.g. 0.95");
        }
        if (hpccMaxStage < 0 || hpccMaxStage > 0xFFFF)
        {
            throw new IllegalArgumentException("hpcc_max_stage = " + hpccMaxStage + " must be within 0..65535, e.g. 5");
        }
        if (hpccFlows < 0)
        {
            throw new IllegalArgumentException(
                "hpcc_flows = " + hpccFlows + " must be >= 0 (0: the run's number of QPs)");
        }
        if (swiftEndpointMarginNs < 0 || swiftEndpointMarginNs > 1_000_000_000L)
        {
            throw new IllegalArgumentException("swift_endpoint_margin_ns = " + swiftEndpointMarginNs +
                " must be within 0..1000000000 ns, e.g. 400");
        }
    }

    /**
     * @param kind the inter-host CC.
     * @return the paper's parameters for it.
     */
    public static CcSettings defaults(final InterHostCc kind)
    {
        return new CcSettings(kind, HPCC_ETA, HPCC_MAX_STAGE, 0, SWIFT_ENDPOINT_MARGIN_NS);
    }
}
