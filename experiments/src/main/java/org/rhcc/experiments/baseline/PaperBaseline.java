package org.rhcc.experiments.baseline;

/**
 * The baseline numbers of the RHCC paper's testbed (docs/paper.md §3-§4, no controller running), the values the
 * experiments' outputs are compared with. Index = congestion preset (0x..3x) where an array is given.
 */
final class PaperBaseline
{
    /** B1: RDMA throughput at 3x relative to 0x, PFC on. */
    static final double THROUGHPUT_DROP_3X_PFC = -0.62;
    /** B2: RDMA throughput at 3x relative to 0x, PFC-free. */
    static final double THROUGHPUT_DROP_3X_PFC_FREE = -0.68;
    /** B3: average latency at 3x over 0x, PFC on. */
    static final double LATENCY_RATIO_3X_PFC = 2.4;
    /** B3: average latency at 3x over 0x, PFC-free. */
    static final double LATENCY_RATIO_3X_PFC_FREE = 2.6;
    /** B8: largest throughput loss of cross-NUMA CPU traffic relative to local traffic. */
    static final double CROSS_VS_LOCAL_MAX_DROP = -0.24;
    /** B9: largest throughput loss of hybrid CPU traffic relative to local traffic. */
    static final double HYBRID_VS_LOCAL_MAX_DROP = -0.40;
    /** B10: cost of one MSR read, with or without congestion, ns. */
    static final double MSR_READ_LATENCY_NS = 400.0;
    /** B11: IIO occupancy I_cur, 1 ms windows, lines, at 0x..3x. */
    static final double[] IIO_OCCUPANCY = { 20.0, 44.0, 68.0, 94.0 };
    /** B12: receiver processing delay D_cur, 100 us windows, ns, at 0x..3x. */
    static final double[] RX_DELAY_NS = { 120.0, 190.0, 510.0, 900.0 };
    /** §3: isolated MLC bandwidth (1:1 R/W) at 1x..3x, GB/s (index 0 unused). */
    static final double[] MLC_GBYTES_PER_S = { 0.0, 19.0, 25.3, 30.3 };
    /** B13/B14 (paper Fig. 11): bandwidth available to cores at MBA levels 1..5 (index 0 unused), GB/s, MLC alone. */
    static final double[] MBA_LEVEL_GBYTES_PER_S = { Double.NaN, 33.2, 26.5, 20.0, 15.0, 10.0 };
    /** B13/B14: MBA setting of levels 1..5 (index 0 unused), percent. */
    static final int[] MBA_LEVEL_PERCENT = { 0, 100, 80, 60, 40, 20 };
    /** B15: TCP (iPerf) load offered into the receiver NIC's second port, Gbit/s. */
    static final double[] TCP_OFFERED_GBPS = { 37.0, 71.0, 95.0 };

    private PaperBaseline()
    {
    }

    /**
     * @param gbytesPerSecond a bandwidth in GB/s.
     * @return the same bandwidth in Gbit/s.
     */
    static double gbps(final double gbytesPerSecond)
    {
        return 8.0 * gbytesPerSecond;
    }
}
