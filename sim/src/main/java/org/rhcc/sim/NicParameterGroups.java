package org.rhcc.sim;

/**
 * The NICs' parameter groups of {@link SimParameters} (docs/model.md §6): the PCIe link, the NICs' behaviour and
 * workload, and the receiver NIC's QP-context cache.
 * <p>
 * The groups are declared here so that {@link SimParameters}, which implements this interface, names them:
 * {@code SimParameters.Rnic} and the like; nothing else implements it.
 */
public interface NicParameterGroups
{
    /**
     * The NIC's PCIe link, shared by both NIC ports (docs/model.md §4.4).
     *
     * @param usableGbps posted-write payload bandwidth after TLP/DLLP overheads, Gbit/s.
     * @param latencyNs  one-way latency of a TLP and of a credit update (UpdateFC), ns.
     * @param mpsBytes   maximum payload size of a TLP, bytes.
     * @param postedQueueTlps depth of each NIC port's queue of formed posted-write TLPs: a port's DMA engine forms
     *                   TLPs from its waiting data at the link's rate, and the link takes them out in turns with the
     *                   other port's (one TLP each), as the posted credits allow; so the queue holds about one while
     *                   the port's share keeps up, and fills when the other port takes half the link or the credits
     *                   run short. A probe record queues behind it (posted writes do not pass posted writes),
     *                   docs/model.md §4.4, §4.10.
     */
    public record Pcie(double usableGbps, double latencyNs, int mpsBytes, int postedQueueTlps)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Pcie
        {
            Checks.positive("pcie.usableGbps", usableGbps);
            Checks.nonNegative("pcie.latencyNs", latencyNs);
            Checks.range("pcie.mpsBytes", mpsBytes, 64, 4096);
            if (mpsBytes % 64 != 0)
            {
                throw new IllegalArgumentException("pcie.mpsBytes = " + mpsBytes + " must be a multiple of 64");
            }
            Checks.range("pcie.postedQueueTlps", postedQueueTlps, 1, 1024);
        }

        /**
         * @return depth of a port's queue of formed posted-write TLPs, lines.
         */
        public double postedQueueLines()
        {
            return postedQueueTlps * (mpsBytes / 64.0);
        }
    }

    /**
     * NIC behaviour at both ends (docs/model.md §4.2, §4.3) and the perftest-like workload.
     *
     * @param rxBufferBytes     B_rx: lossless receive buffer per port, bytes.
     * @param xoffBytes         X_off: PFC pause is asserted above this RX-buffer fill, bytes.
     * @param xonBytes          X_on: PFC resume is sent below this fill, bytes.
     * @param pfcReactionNs     time from crossing a threshold until the upstream stops or resumes, ns.
     * @param mtuBytes          RoCE MTU (payload per packet), bytes.
     * @param headerBytes       per-packet wire overhead (preamble, IFG, Eth, IP, UDP, BTH, ICRC, FCS), bytes.
     * @param rxEcnKminBytes    PFC-free mode: RX-buffer fill above which the NIC CE-marks arrivals, bytes.
     * @param rxEcnKmaxBytes    PFC-free mode: RX-buffer fill at which every arrival is marked, bytes.
     * @param rxEcnPmax         PFC-free mode: marking probability at {@code rxEcnKmaxBytes}.
     * @param retransmitTimeoutNs go-back-N retransmission timeout when no NAK arrives, ns.
     * @param nakDelayNs        receiver delay before a NAK for an out-of-sequence packet leaves, ns.
     * @param cqeBytes          completion-queue entry written per message, bytes.
     * @param txDepth           messages each QP keeps posted (perftest {@code --tx-depth}).
     * @param probeIntervalBytes RHCC probe cadence: one probe per this many bytes sent per QP.
     * @param probeBytes        probe and probe-ACK size on the wire, bytes.
     * @param probeRecordSlots  64-byte slots of the ring the receiver NIC writes its probe records into, cyclically
     *                          (docs/model.md §4.10: the record's DDIO reuse distance).
     * @param pacingJitter      the sender NIC's pacing gap is drawn within {@code gap (1 +- pacingJitter)}
     *                          (docs/model.md §4.2, de-phased QPs).
     * @param doorbellJitterNs  each QP's first doorbell reaches the sender NIC within this time after start, ns.
     * @param rateLimitGbps     the sender NIC's per-QP rate limit (perftest {@code --rate_limit} with
     *                          {@code --rate_limit_type HW}), Gbit/s on the wire; 0 for none. A QP then sends at
     *                          {@code min(R_rev, R_cc, limit)}: the NIC's own rate as an input of a run rather than an
     *                          outcome (the {@code delay-map} experiment, docs/model.md §9 rows C1, C2).
     * @param qpcCache          the receiver NIC's on-chip QP-context cache (docs/model.md §4.3); off by default.
     * @param activeQpsPerSender the sender NIC serves at most this many of its QPs at a time, each for one probe
     *                          interval of data per turn (docs/model.md §4.2, "Active-QP budget"); 0 for all.
     */
    public record Rnic(
        int rxBufferBytes,
        int xoffBytes,
        int xonBytes,
        double pfcReactionNs,
        int mtuBytes,
        int headerBytes,
        int rxEcnKminBytes,
        int rxEcnKmaxBytes,
        double rxEcnPmax,
        double retransmitTimeoutNs,
        double nakDelayNs,
        int cqeBytes,
        int txDepth,
        int probeIntervalBytes,
        int probeBytes,
        int probeRecordSlots,
        double pacingJitter,
        double doorbellJitterNs,
        double rateLimitGbps,
        QpcCache qpcCache,
        int activeQpsPerSender)
    {
        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public Rnic
        {
            Checks.range("rnic.rxBufferBytes", rxBufferBytes, 8192, 64 << 20);
            Checks.range("rnic.xoffBytes", xoffBytes, 1, rxBufferBytes);
            Checks.range("rnic.xonBytes", xonBytes, 0, xoffBytes - 1);
            Checks.nonNegative("rnic.pfcReactionNs", pfcReactionNs);
            Checks.range("rnic.mtuBytes", mtuBytes, 256, 9000);
            Checks.range("rnic.headerBytes", headerBytes, 0, 1024);
            Checks.range("rnic.rxEcnKminBytes", rxEcnKminBytes, 0, rxBufferBytes);
            Checks.range("rnic.rxEcnKmaxBytes", rxEcnKmaxBytes, rxEcnKminBytes + 1, rxBufferBytes);
            Checks.range("rnic.rxEcnPmax", rxEcnPmax, 1e-9, 1.0);
            Checks.positive("rnic.retransmitTimeoutNs", retransmitTimeoutNs);
            Checks.nonNegative("rnic.nakDelayNs", nakDelayNs);
            Checks.range("rnic.cqeBytes", cqeBytes, 0, 4096);
            Checks.range("rnic.txDepth", txDepth, 1, 65536);
            Checks.range("rnic.probeIntervalBytes", probeIntervalBytes, 1024, 1 << 30);
            Checks.range("rnic.probeBytes", probeBytes, 1, 4096);
            Checks.range("rnic.probeRecordSlots", probeRecordSlots, 1, 1 << 24);
            Checks.range("rnic.pacingJitter", pacingJitter, 0.0, 0.9);
            Checks.nonNegative("rnic.doorbellJitterNs", doorbellJitterNs);
            Checks.nonNegative("rnic.rateLimitGbps", rateLimitGbps);
            Checks.range("rnic.activeQpsPerSender", activeQpsPerSender, 0, 1 << 20);
            if (null == qpcCache)
            {
                throw new IllegalArgumentException("rnic.qpcCache must be given (QpcCache.OFF for none)");
            }
        }

        /**
         * @param limitGbps the sender NIC's per-QP rate limit, Gbit/s on the wire (0 for none).
         * @return a copy with that limit.
         */
        public Rnic withRateLimitGbps(final double limitGbps)
        {
            return new Rnic(rxBufferBytes, xoffBytes, xonBytes, pfcReactionNs, mtuBytes, headerBytes, rxEcnKminBytes,
                rxEcnKmaxBytes, rxEcnPmax, retransmitTimeoutNs, nakDelayNs, cqeBytes, txDepth, probeIntervalBytes,
                probeBytes, probeRecordSlots, pacingJitter, doorbellJitterNs, limitGbps, qpcCache,
                activeQpsPerSender);
        }

        /**
         * @param activeQps QPs each sender NIC serves at a time, 0 for all.
         * @return a copy with that budget.
         */
        public Rnic withActiveQpsPerSender(final int activeQps)
        {
            return new Rnic(rxBufferBytes, xoffBytes, xonBytes, pfcReactionNs, mtuBytes, headerBytes, rxEcnKminBytes,
                rxEcnKmaxBytes, rxEcnPmax, retransmitTimeoutNs, nakDelayNs, cqeBytes, txDepth, probeIntervalBytes,
                probeBytes, probeRecordSlots, pacingJitter, doorbellJitterNs, rateLimitGbps, qpcCache, activeQps);
        }

        /**
         * @param cache the receiver NIC's QP-context cache.
         * @return a copy with that cache.
         */
        public Rnic withQpcCache(final QpcCache cache)
        {
            return new Rnic(rxBufferBytes, xoffBytes, xonBytes, pfcReactionNs, mtuBytes, headerBytes, rxEcnKminBytes,
                rxEcnKmaxBytes, rxEcnPmax, retransmitTimeoutNs, nakDelayNs, cqeBytes, txDepth, probeIntervalBytes,
                probeBytes, probeRecordSlots, pacingJitter, doorbellJitterNs, rateLimitGbps, cache,
                activeQpsPerSender);
        }
    }

    /**
     * The receiver NIC's on-chip cache of QP contexts (docs/model.md §4.3, "QP-context cache"). A packet that reaches
     * the receive pipeline needs its QP's context (PSN check, placement); on a miss the pipeline waits while the NIC
     * reads the context from host memory over PCIe, and the context it evicts is written back through the IIO like
     * any posted write. A probe needs its QP's context before the NIC can answer it, so a probe's miss is part of
     * its {@code t_resp - t_recv}.
     *
     * @param entries      contexts the cache holds, least recently used evicted first; 0 turns the model off (every
     *                     lookup hits), which keeps throughput flat from 1 to 256 QPs (docs/model.md §9 row B7).
     * @param contextBytes bytes of one context, read on a miss and written back when evicted.
     * @param missNs       an unloaded miss: the NIC's read of a context from host memory, round trip, ns; a loaded
     *                     memory controller adds a read's burst-queueing wait to it.
     */
    public record QpcCache(int entries, int contextBytes, double missNs)
    {
        /**
         * Contexts a ConnectX-class NIC keeps on chip, an estimate (docs/model.md §4.3): RC throughput is reported
         * to fall past a few hundred to a few thousand connections, by about half at 4,096.
         */
        public static final int ESTIMATED_ENTRIES = 1_024;

        /**
         * No cache model: every context lookup hits. Its context size (mlx5's QP context, 232 bytes, in four lines)
         * and unloaded miss (a small DMA read from host memory, ~0.5 us) are the estimates of docs/model.md §4.3,
         * in force once {@code entries} is set.
         */
        public static final QpcCache OFF = new QpcCache(0, 256, 500.0);

        /**
         * @param cacheEntries contexts the cache holds, 0 for none.
         * @return a copy with that many entries.
         */
        public QpcCache withEntries(final int cacheEntries)
        {
            return new QpcCache(cacheEntries, contextBytes, missNs);
        }

        /**
         * Validates the group.
         *
         * @throws IllegalArgumentException naming the offending value.
         */
        public QpcCache
        {
            Checks.range("rnic.qpcCache.entries", entries, 0, 1 << 20);
            Checks.range("rnic.qpcCache.contextBytes", contextBytes, 64, 4096);
            Checks.nonNegative("rnic.qpcCache.missNs", missNs);
        }

        /**
         * @return true when the cache is modelled (entries &gt; 0).
         */
        public boolean enabled()
        {
            return entries > 0;
        }
    }
}
