package org.rhcc.sim;

import org.rhcc.core.dcqcn.DcqcnParameters;

/**
 * The frozen calibrated parameter set behind {@link SimParameters#calibrated()}. Every value carries its source
 * (docs/model.md §1 tags), "est." or "CAL: row" (docs/model.md §9); the calibration suite ({@code CalibrationTest}) checks the
 * rows against the paper numbers. Fitted only to the baseline rows (no controller), in the order of docs/model.md §8:
 * <ol>
 *   <li>DRAM, CPU only: eta_bank from read-only saturation (41.7 GB/s, [HN] &gt; 90 % of peak); the read and write
 *   batches and t_sw so that saturating 1:1 MLC gives 33.2 GB/s (A1); L0_r for the 81 ns idle latency (A4).</li>
 *   <li>MLC presets: 6/12/18 threads (a third, two thirds and all of the socket's cores) paced to 19.0/25.3/30.3 GB/s
 *   (A2); a pure MLP-bound generator cannot produce the gradual 1x/2x/3x curve (docs/model.md §4.8).</li>
 *   <li>MBA: delays for 26.5/20/15/10 GB/s with the saturating generator (18 threads, no injection delay), the
 *   generator of the paper's level table (A3).</li>
 *   <li>RNIC alone: L_llc for IIO occupancy ~20 at line rate (A5; 90 ns since the NIC's write trains wait at the
 *   WPQ, 104 ns before, 115 ns before D became the probes' reading).</li>
 *   <li>Contention: the WPQ drains only when full (W_hi = capacity, as [HN]'s P_fill^WPQ implies), NIC lines keep
 *   their IIO entry until their DRAM write enters the WPQ ([HN] P2M-Write domain), the I/O working set exceeds the
 *   DDIO ways (the choice of docs/model.md §10 recorded here: NIC writes mostly reach DRAM, p_hit ~0.05-0.2), C_iio and
 *   K_cha for B1/B2/B3. With DCQCN's NVIDIA target clamp ({@code clamp_tgt_rate = 0}) the senders recover after
 *   cuts, so the switch keeps its standard dynamic PFC threshold (alpha = 1/8) and the host, not DCQCN, sets the
 *   rate in the lossless baseline (the paper's 94-line IIO occupancy at 3x requires a backlogged receiver).</li>
 *   <li>Home tracker (TOR) K_tor, IoPath: remote reads hold a home-agent entry from their arrival at the home until
 *   their data reaches the remote core (the UPI return included: 130 vs 81 ns [ML]), and NIC writes need one for
 *   their CHA phase (L_llc); when oversubscribed the entries are shared in proportion to demand ([HN] §5.2 CHA
 *   admission delay). Local core reads are not counted: the local rows (B1-B4) were fitted with them present, so
 *   only the residency that remote requests add is modelled. Sized from the line rate, not fitted.</li>
 *   <li>DRAM burst queueing: S of the M/D/1 wait so that read-only MLC's loaded latency follows [ML] (A6); its
 *   bounds are the drain times of a full RPQ/WPQ, not fitted. This is what holds NIC lines at 1x (B1).</li>
 *   <li>D as the probes measure it (docs/model.md §4.10, {@code ProbeTracker}), re-fitted on B2 and B8 only, with the
 *   host model above frozen. Before the fit the memory controller's drain rule was corrected (an opportunistic drain
 *   writes a whole batch before a sparse read ends it, {@code MemoryController}); B1 held unchanged, and B9 follows
 *   from it, not from a fit.</li>
 *   <li>The NIC's own traffic in D (docs/model.md §8 step 10, rows C1 and C2): with the QPs de-phased, the probe paced
 *   as a packet of its flow, the channel utilisation without the turnarounds taken in idle time, the NIC's write
 *   trains in the writes' burst-queueing wait and the record ring's reuse counted in the NIC's own writes (mechanisms,
 *   none fitted), a grid over L_llc (with K_tor sized from it), the record ring and the posted queue against A5, B1,
 *   B2, B8 and C1 at seeds 1, 2, 3 and 42: L_llc 90 ns, K_tor 19, 140 slots, 4 TLPs.</li>
 *   <li>Network: the PFC-free RX-buffer marking thresholds (B4). PFC-free goodput (B3) is set by loss recovery:
 *   out-of-sequence packets wait in the RX buffer for the receive pipeline, which NAKs a PSN gap through the NIC's
 *   slow path (~20 us, a published ConnectX figure, not fitted); meanwhile the QP sends only packets that will be
 *   discarded, so the host-bound buffer runs short of in-sequence data. B4 then follows from Little's law.</li>
 * </ol>
 * Reading of the NUMA rows (B5 of docs/model.md §9, docs/paper.md §4 B8/B9): the paper reports cross-NUMA and hybrid MLC as
 * "up to" 24 % and 40 % below local placement, a maximum over its 3x runs, so the suite takes the maximum over the
 * corners of B7's 3x grid (1/8 QPs x 64 KB/1 MB): cross -21 %, hybrid -42 % (at 8 QPs x 64 KB alone, -16 % and -42 %).
 * The home tracker K_tor is sized from the line rate, not fitted. At 1x and 2x the model's cross-NUMA penalty is larger
 * (-33 % and -54 % at 8 QPs x 64 KB), because its local-placement goodput there stays near line rate; the paper's
 * numbers do not say which congestion levels its "up to" covers.
 */
final class CalibratedValues
{
    /** Line rate of every NIC and link of the testbed (ConnectX-6 Dx 100G), Gbit/s. */
    static final double LINE_RATE_GBPS = 100.0;

    static final SimParameters.Dram DRAM = new SimParameters.Dram(
        2,          // channels: 2 populated channels of DDR4-2933 on the NIC's socket [RH testbed]
        2.728,      // tTrans = 64 B / (2933 MT/s x 8 B) [HN mio/model.py T_Trans]
        10.4,       // t_sw (CAL: row A1; [HN mio/model.py] T_Switch = 8.18 is the bus turnaround alone)
        14.32,      // tCL [HN mio/model.py]
        14.32,      // tRCD [HN mio/model.py T_ACT]
        14.32,      // tRP [HN mio/model.py T_PRE]
        48,         // RPQ capacity per channel (est.)
        36,         // WPQ capacity per channel (est.; [HN] treats >= 34 as full)
        36,         // W_hi = WPQ capacity: drain only when full ([HN] P_fill^WPQ) (CAL: rows A1, B1)
        28,         // W_lo (CAL: rows A1, B1)
        14,         // read batch before a drain may interrupt reads (CAL: row A1)
        14,         // write-drain batch limit once a read batch waits (CAL: row A1)
        7_800.0,    // tREFI [JEDEC 8 Gb, est.]
        350.0,      // tRFC [JEDEC 8 Gb, est.]
        1,          // ranks refreshed on their own: 1, the whole channel blocked (docs/model.md §4.7, §10)
        0.93,       // eta_bank (CAL: read-only saturation 41.7 GB/s; [HN] bank imbalance)
        0.04,       // p_rm, one sequential stream [HN Fig. 7c]
        0.35,       // p_rm, mixed C2M + P2M streams [HN Fig. 8c]
        16,         // streams at which p_rm saturates (est.)
        55.0,       // L0_r (CAL: row A4, idle local latency 81 ns [ML])
        5.0);       // burst-queueing S: M/D/1 wait S rho / (2 (1 - rho)) (CAL: row A6, [ML] loaded latency)

    static final SimParameters.Cpu CPU = new SimParameters.Cpu(
        10,                                             // m: LFB per core, prefetch off [HN]
        10.0,                                           // C2M-Write latency [HN]
        new SimParameters.CpuPreset(6, 40.42),          // 1x (CAL: row A2, 19.0 GB/s)
        new SimParameters.CpuPreset(12, 60.71),         // 2x (CAL: row A2, 25.3 GB/s)
        new SimParameters.CpuPreset(18, 76.04),         // 3x (CAL: row A2, 30.3 GB/s)
        49.0,                                           // L_upi = 130 - 81 ns [ML]
        51.0,                                           // UPI capacity [ML]
        1.0);                                           // kappa_dir: remote read misses update the directory
                                                        // ([DIR]: granted E state) (CAL: row B5)

    static final SimParameters.Mba MBA = new SimParameters.Mba(
        1_000.0,                                        // tau_msr (est.)
        new double[]{ 0.0, 86.9, 115.2, 153.6, 230.4 }); // d_k (CAL: row A3, max MLC generator)

    static final SimParameters.Io IO = new SimParameters.Io(
        108,            // C_iio (CAL: row B1; RH 94 avg occupancy + lines on the link, [HN] ~92)
        90.0,           // L_llc (CAL: row A5: IIO occupancy 20 at line rate; 104 before the NIC's write trains were
                        // modelled at the WPQ admission, 115 when D was the mean residency)
        180,            // K_cha (CAL: row B3)
        true,           // DDIO on [RH testbed]
        2,              // DDIO ways [DD]
        11,             // LLC ways (Xeon Gold 6240)
        25_952_256L,    // 24.75 MB LLC (Xeon Gold 6240)
        2.0 / 11.0,     // phi_core [DD IAT]
        1.0,            // p_dirty [docs/model.md §4.5]
        1,              // perftest: one buffer per QP (est.)
        9L << 20,       // I/O footprint beyond payload buffers (CAL: row B1)
        10_000.0,       // hit-rate fixed point period [docs/model.md §4.5]
        19);            // K_tor = ceil(B_pcie x L_llc / 512 b) = ceil(104 x 90 / 512): the fewest entries that keep
                        // the PCIe posted-write rate through the CHA phase; sized, not fitted

    static final SimParameters.Pcie PCIE = new SimParameters.Pcie(
        104.0,          // B_pcie: Gen3 x16 posted writes at MPS 256 [PC]
        100.0,          // L_pcie (est., CAL: row A5/B1)
        256,            // MPS (typical)
        4);             // queue of formed posted writes per NIC port, 1 KB (CAL: row B2 at 2x/3x; est. 1-4 KB)

    static final SimParameters.Rnic RNIC = new SimParameters.Rnic(
        130_944,        // B_rx lossless buffer [NIC]
        97_152,         // X_off = B_rx - 2 MTU - 25 KB headroom [docs/model.md §4.3] (est.)
        88_960,         // X_on = X_off - 2 MTU (est.)
        1_830.0,        // PFC reaction: one MTU (330 ns) + 1 us + propagation 500 ns [docs/model.md §4.1] (est.)
        4_096,          // RoCE MTU
        82,             // 20 preamble/IFG + 18 Eth/FCS + 40 IP/UDP/BTH + 4 ICRC [docs/model.md §4.1]
        5_120,          // PFC-free RX ECN K_min: the DCQCN paper's RED K_min [DQ], not fitted. Row B3 re-checked after
                        // DCQCN's reference fixes: the 24/64 KB, P_max 0.2 fit of the old DCQCN let the senders
                        // converge under the host's drain rate, so PFC-free lost no more than PFC (-59 %, B3 unmet)
        130_944,        // PFC-free RX ECN K_max: the whole lossy buffer (the DCQCN paper's 200 KB exceeds it) [DQ]
        0.01,           // PFC-free RX ECN P_max: the DCQCN paper's 1 % [DQ]
        16_000_000.0,   // RTO: mlx5 local_ack_timeout is ms to tens of ms (est.)
        12_500.0,       // NAK generation delay: an out-of-sequence PSN takes the NIC's slow path (~20 us per gap on
                        // ConnectX-5, forums.developer.nvidia.com/t/358441; not published for CX-6 Dx). CAL: rows B3,
                        // B4 without PFC, after DCQCN's reference fixes: of 10 / 12.5 / 15 / 17.5 / 20 us, 12.5 has
                        // the smallest worst error relative to tolerance (-66.1 % / 2.95x; 20 us: -69.8 % / 3.32x)
        64,             // CQE size
        4,              // messages posted per QP (est.; keeps the pipe full, Little's law sets the latency)
        32_768,         // one probe per 32 KB [RH]
        64,             // probe size on the wire (~60 B [RH])
        140,            // probe-record ring slots, 8.75 KB (CAL: rows B2 at 1x, B8 and C1)
        0.1,            // pacing jitter: each gap within +-10 % (est.; de-phases equal-rate QPs, docs/model.md §4.2)
        1_000.0,        // first doorbell within 1 us of start (est.: an MMIO doorbell and the WQE fetch it triggers)
        0.0,            // no per-QP rate limit: perftest's default
        SimParameters.QpcCache.OFF,   // no QP-context cache misses (docs/model.md §4.3: B7 holds flat 1..256 QPs)
        0);             // every QP active: perftest's NIC serves all its QPs round robin

    static final SimParameters.Network NETWORK = new SimParameters.Network(
        LINE_RATE_GBPS,
        500.0,          // propagation + PHY per link (est.)
        32L << 20,      // switch buffer [DQ]
        1.0 / 8,        // PFC dynamic-threshold alpha (pfc_a_shift 3, the HPCC/[DQ] default) [docs/model.md §4.1]
        400_000L,       // K_min at 100G [DQ]
        1_600_000L,     // K_max at 100G [DQ]
        0.2,            // P_max [DQ]
        DcqcnParameters.nvidia(LINE_RATE_GBPS)); // NVIDIA firmware defaults, as in the paper [docs/platform.md §7.2]

    static final SimParameters.Tcp TCP = new SimParameters.Tcp(
        20_000.0,       // RTT [docs/model.md §4.2]
        130_944,        // lossy RX buffer of the second port [NIC]
        8_192,          // two 4 KB segments
        0.7);           // CUBIC beta

    static final SimParameters.Telemetry TELEMETRY = new SimParameters.Telemetry(
        100_000L,       // D windows 100 us [RH B12]
        1_000_000L,     // IIO occupancy windows 1 ms [RH B11]
        400L);          // MSR read latency [RH B10]

    static final SimParameters PARAMETERS = new SimParameters(
        5.0, DRAM, CPU, MBA, IO, PCIE, RNIC, NETWORK, TCP, TELEMETRY);

    private CalibratedValues()
    {
    }
}
