package org.rhcc.core.sender;

import org.rhcc.core.signal.ProbeAck;

/**
 * RHCC's RNIC-traffic congestion response (paper §III-C), evaluated on every probe ACK over a {@link QpStateTable}:
 * <ol>
 *   <li>delay sample {@code D_sample = t_resp - t_recv}, both receiver-NIC timestamps (so no clock sync), as a
 *   wrap-safe signed 32-bit difference; a negative difference is malformed and rejected;</li>
 *   <li>Eq. (2): {@code D_cur = (1 - g_probe) D_prev + g_probe D_sample} (the first valid sample initialises
 *   {@code D_cur} and contributes no derivative);</li>
 *   <li>Eq. (3), velocity-form PID (docs/design.md §4): {@code R_rev <- clamp(R_rev - alpha (D_cur - D_thr)
 *   - beta (D_cur - D_prev), R_min, R_line)}, R in Gbit/s, delays in ns; the accumulation in R_rev is the integral
 *   action, so no integral term is stored;</li>
 *   <li>for a weighted QP (weight {@code w} >= 1 in its state), Eq. (2) and (3) are replaced by rhcc's weighted law
 *   (docs/design.md §4.1), which runs in time rather than per ACK: with {@code n = gap / T_unit} the R_unit probe
 *   gaps since the QP's previous probe ({@code T_unit = 8 * 32 KB / R_unit}; at most {@code R_unit / R_min}, the gap
 *   of a QP at R_min, so that the first probe after a pause does not take one giant step),
 *   {@code D_cur <- (1 - min(1, g n)) D_prev + min(1, g n) D_sample}; then, with {@code e = D_cur - D_thr},
 *   {@code R_rev <- R_rev - alpha n w e} when {@code e <= 0} (increase in proportion to the weight) and
 *   {@code R_rev <- R_rev - alpha n (D_cur R_rev / R_unit - w D_thr)} when {@code e > 0} (a price: every Gbit/s
 *   costs D_cur, every unit of weight earns D_thr), then the same {@code - beta de}, anti-windup ceiling and clamp.
 *   Above the target the law is linear in D, so QPs into one receiver settle at
 *   {@code R_i = w_i R_unit D_thr / mean(D)}, in proportion to their weights however often each is ACKed and however
 *   noisy each one's estimate of D; below it they rise to whatever else limits them, as with Eq. (3). An
 *   unweighted QP (weight 0) takes exactly the arithmetic of Eq. (2) and (3);</li>
 *   <li>Eq. (4): {@code R_send = clamp(min(R_rev, R_cc), R_min, R_line)}; R_cc negative or not a number is malformed
 *   and the ACK is rejected.</li>
 * </ol>
 * Anti-windup (rhcc's addition, docs/design.md §4 allows it): R_rev is an integrator, and while another limit holds a
 * QP's rate (PFC pauses, the inter-host CC, its share of a shared bottleneck) and the delay is below target, Eq. (3)
 * would wind it up to line rate, so that on congestion it must first wind down through the whole gap before it
 * binds — with 8 QPs at 3x congestion that is ~200 ACKs per QP, about 10 ms, during which the loop does nothing. rhcc
 * therefore caps R_rev at {@link #RATE_HEADROOM} times the QP's delivered rate, measured on the receiver NIC's clock:
 * consecutive probes of a QP are one probe interval (32 KB) apart in its byte stream, so
 * {@code 8 * 32768 / (t_recv - t_recv_prev)} is the rate at which the receiver took the QP's data in between. The
 * probe-timestamp field of the 16-byte state keeps {@code t_recv_prev} (the paper's "probe send time" field; rhcc
 * keeps the probe's arrival stamp instead, since both ends of the measurement then share one clock). A headroom of 2
 * lets a flow double its rate per probe round when the other limit lifts, like slow start, while no more than a
 * factor of 2 of wind-up can accumulate. The cap holds only while {@code D_cur <= D_thr}, where Eq. (3) raises R_rev
 * (conditional integration): above target Eq. (3) lowers R_rev by itself and nothing winds up, and a cap there would
 * turn another limit's transient into a cut that Eq. (3) never asked for. At a congested start PFC pauses hold a QP
 * to a third of line rate for the ~100 us the MBA cascade needs, and a cap at twice that cut a lone QP from 100 to 66
 * Gbit/s at once: its loop bound before the cascade acted, and one QP at 3x fell to the RNIC-only loop's 18 Gbit/s
 * where four QPs kept line rate (docs/design.md §4). A QP opened at line rate into a delay already above target so
 * winds down through Eq. (3) alone.
 * <p>
 * With {@link SenderGate#RECEIVER} (the {@code rhcc-gated} scheme) the loop also reads the receiver's state from the
 * probe response: while the receiver reports no IIO congestion ({@code I_cur <= I_thr}, Eq. (1)) R_rev is the line
 * rate and the QP sends at R_cc alone; while it reports congestion Eq. (3) runs and the ceiling holds only while
 * {@code D_cur > D_thr}. The delay EWMA of Eq. (2) and the delivered-rate stamp are kept on every valid ACK either way
 * (docs/design.md §4, "Never worse than the inter-host CC alone").
 * <p>
 * With {@link SenderGate#INCREASE_INTERVAL} (the {@code hostcc-emulated} scheme: the paper's emulation of hostCC, whose
 * NIC side keeps DCQCN's 300 us rate-increase interval, docs/design.md §4) R_rev may rise at most once per
 * {@link #INCREASE_INTERVAL_NS}. The rule, on the receiver NIC's clock ({@code t_recv}, as the ceiling's), per valid
 * ACK: let R' be R_rev after Eq. (2), (3), the ceiling and the clamp exactly as above; the interval has passed if this
 * is the QP's first sample since it was opened or resumed, or {@code t_recv} is at least 300 us after the previous
 * valid probe's (an unsigned 32-bit difference), or {@code t_recv}'s tick ({@code t_recv >>> 12}, 4.096 us) is at
 * least {@link #INCREASE_INTERVAL_TICKS} (75) ticks after the tick of the QP's last applied rise. Then
 * <ul>
 *   <li>if R' rounded to float32 is above the stored R_rev (a rise): when the interval has passed R_rev becomes R'
 *   and the rise's tick is stored; otherwise R_rev stays as it is (the rise is dropped, not deferred or summed);</li>
 *   <li>otherwise (a decrease or no change): R_rev becomes R' at once, and the interval does not restart; when it has
 *   passed the stored tick becomes the ACK's tick minus 75, so that it never trails by more than 75 ticks.</li>
 * </ul>
 * 75 ticks means that more than 74 whole ticks (303.1 us) separate the rise from the last one, never less than 300 us,
 * and an ACK 311.3 us or more after the last rise always passes. The tick is kept modulo 256 in the high byte of word
 * 3 ({@link QpStateTable#increaseTick}, where a weight would go: these QPs are unweighted), which keeps the state at
 * 16 bytes; storing the ACK's tick minus 75 while the interval stands passed, and the gap clause for ACKs 300 us or
 * more apart, keep the modulo from aliasing: between two ACKs less than 300 us apart the stored tick trails by at most
 * 75 + 74 ticks. D_cur, the delivered-rate stamp and every decrease go on exactly as under the paper's loop.
 * <p>
 * Arithmetic is in double from the table's float32 fields; {@code D_cur} and {@code R_rev} are rounded to float32
 * when stored, and {@code e}, {@code de} and {@code R_send} use the stored (rounded) values. The C twin in
 * pcc-program/ mirrors these rules (the weighted law aside) in fixed point and is checked against
 * test-vectors/v4/probe_ack.csv, probe_ack_gated.csv and probe_ack_hostcc_emulated.csv.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per ACK.
 */
public final class ReceivableRateController
{
    /** Return code: the ACK's delay sample was negative (timestamps out of order); nothing changed. */
    public static final double REJECTED_NEGATIVE_DELAY = -1.0;
    /** Return code: R_cc was negative or not a number; nothing changed. */
    public static final double REJECTED_BAD_RATE = -2.0;
    /** R_rev stays within this factor of the QP's delivered rate (anti-windup, see the class javadoc). */
    public static final double RATE_HEADROOM = 2.0;
    /**
     * {@link SenderGate#INCREASE_INTERVAL}: R_rev rises at most once per this many ns of the receiver's clock, DCQCN's
     * 300 us rate-increase interval (NVIDIA's {@code rpg_time_reset}, the interval the paper's hostCC emulation keeps).
     */
    public static final int INCREASE_INTERVAL_NS = 300_000;
    /** {@link SenderGate#INCREASE_INTERVAL}: the increase clock's tick is {@code t_recv >>> 12}, 4.096 us. */
    public static final int INCREASE_TICK_SHIFT = 12;
    /**
     * {@link SenderGate#INCREASE_INTERVAL}: a rise passes once its tick is this many ticks after the last rise's: more
     * than 74 whole ticks, 303.1 us, so never less than {@link #INCREASE_INTERVAL_NS}.
     */
    public static final int INCREASE_INTERVAL_TICKS = 75;
    private static final int TICK_MASK = 0xFF;

    private final SenderParameters params;
    private final QpStateTable table;
    private final double keep;
    private final double headroomBits;
    private final boolean receiverGated;
    private final boolean increaseGated;
    private final double perUnitRate;
    private final double unitGapsPerNs;
    private final double maxElapsedUnits;
    private long rejectedNegativeDelay;
    private long rejectedBadRate;

    /**
     * @param params sender-loop parameters.
     * @param table  per-QP state, shared with whoever opens and closes QPs.
     */
    public ReceivableRateController(final SenderParameters params, final QpStateTable table)
    {
        this.params = params;
        this.table = table;
        this.keep = 1.0 - params.gProbe();
        this.headroomBits = RATE_HEADROOM * params.probeIntervalBytes() * 8.0;
        this.receiverGated = SenderGate.RECEIVER == params.senderGate();
        this.increaseGated = SenderGate.INCREASE_INTERVAL == params.senderGate();
        this.perUnitRate = 1.0 / params.unitRateGbps();
        this.unitGapsPerNs = params.unitRateGbps() / (params.probeIntervalBytes() * 8.0);
        this.maxElapsedUnits = Math.max(1.0, params.unitRateGbps() / params.rMinGbps());
    }

    /**
     * Opens a QP at line rate with the default D_thr and its configured weight ({@link SenderParameters#qpWeights()};
     * unweighted unless weights are configured).
     *
     * @param qp QP number.
     */
    public void open(final int qp)
    {
        table.open(qp, (float)params.rLineGbps(), params.dThrNs(), params.qpWeights().weightOf(qp));
    }

    /**
     * Processes one probe ACK whose response carries no receiver state (the paper's probe): the receiver counts as
     * congested, so a {@link SenderGate#RECEIVER} loop runs Eq. (3) as the paper's does.
     *
     * @param qp           QP number (must be open).
     * @param reqRecvTsNs  receiver-NIC timestamp of the probe's arrival, low 32 bits of ns.
     * @param respSendTsNs receiver-NIC timestamp of the response's departure, low 32 bits of ns.
     * @param rccGbps      the inter-host CC's current rate R_cc, Gbit/s.
     * @return R_send in Gbit/s (> 0), or {@link #REJECTED_NEGATIVE_DELAY} / {@link #REJECTED_BAD_RATE}.
     */
    public double onProbeAck(final int qp, final int reqRecvTsNs, final int respSendTsNs, final double rccGbps)
    {
        return onProbeAck(qp, reqRecvTsNs, respSendTsNs, true, rccGbps);
    }

    /**
     * Processes one probe ACK: the one place the sender loop reads the fields of a {@link ProbeAck}.
     *
     * @param qp  QP number in the table (must be open); the view's {@link ProbeAck#qp()} is the host's number.
     * @param ack the ACK.
     * @return R_send in Gbit/s (> 0), or {@link #REJECTED_NEGATIVE_DELAY} / {@link #REJECTED_BAD_RATE}.
     */
    public double onProbeAck(final int qp, final ProbeAck ack)
    {
        return onProbeAck(qp, ack.reqRecvTsNs(), ack.respSendTsNs(), ack.receiverCongested(), ack.rccGbps());
    }

    /**
     * Processes one probe ACK.
     *
     * @param qp                QP number (must be open).
     * @param reqRecvTsNs       receiver-NIC timestamp of the probe's arrival, low 32 bits of ns.
     * @param respSendTsNs      receiver-NIC timestamp of the response's departure, low 32 bits of ns.
     * @param receiverCongested the receiver's Eq. (1) verdict as its response reports it (read by a
     *                          {@link SenderGate#RECEIVER} loop only; true when the response carries none).
     * @param rccGbps           the inter-host CC's current rate R_cc, Gbit/s.
     * @return R_send in Gbit/s (> 0), or {@link #REJECTED_NEGATIVE_DELAY} / {@link #REJECTED_BAD_RATE}.
     */
    public double onProbeAck(final int qp, final int reqRecvTsNs, final int respSendTsNs,
        final boolean receiverCongested, final double rccGbps)
    {
        final int dSampleNs = respSendTsNs - reqRecvTsNs;
        if (dSampleNs < 0)
        {
            rejectedNegativeDelay++;
            return REJECTED_NEGATIVE_DELAY;
        }
        if (!(rccGbps >= 0.0))
        {
            rejectedBadRate++;
            return REJECTED_BAD_RATE;
        }

        final float stored = table.dPrevNs(qp);
        final int gapNs = reqRecvTsNs - table.probeTsNs(qp);
        table.probeTsNs(qp, reqRecvTsNs);
        // hostcc-emulated keeps its increase clock where a weight would be: its QPs are unweighted
        final int weight = increaseGated ? 0 : table.weight(qp);
        // a weighted QP's law runs in time (docs/design.md §4.1): its EWMA and its step count the R_unit probe gaps
        // since its previous probe, so that fast and slow QPs smooth and integrate the shared delay over time alike
        final double elapsedUnits = 0 == weight || Float.isNaN(stored) || gapNs <= 0 ? 1.0 :
            Math.min(maxElapsedUnits, gapNs * unitGapsPerNs);

        final float dCurNs = smoothedDelayNs(stored, dSampleNs, weight, elapsedUnits);
        final double dPrevNs = Float.isNaN(stored) ? dCurNs : stored;
        table.dPrevNs(qp, dCurNs);

        final double rateGbps = table.rateGbps(qp);
        double rRevGbps;
        if (receiverGated && !receiverCongested)
        {
            // rhcc-gated: the receiver's IIO buffer is not congested, so the loop stands aside
            rRevGbps = params.rLineGbps();
        }
        else
        {
            rRevGbps = controlledRateGbps(qp, Float.isNaN(stored), gapNs, weight, elapsedUnits, dCurNs, dPrevNs,
                rateGbps);
        }
        rRevGbps = Math.max(params.rMinGbps(), rRevGbps);
        if (increaseGated)
        {
            rRevGbps = holdRise(qp, reqRecvTsNs, gapNs, Float.isNaN(stored), rateGbps, rRevGbps);
        }
        final float rRevStored = (float)rRevGbps;
        table.rateGbps(qp, rRevStored);

        return clamp(Math.min(rRevStored, rccGbps));
    }

    /**
     * Eq. (2), the delay EWMA, or its weighted form in time (docs/design.md §4.1, class javadoc); the first valid
     * sample initialises D_cur.
     *
     * @param stored       the stored D_cur before this ACK, ns (NaN before the first sample).
     * @param dSampleNs    this ACK's delay sample, ns.
     * @param weight       the QP's weight, 0 for an unweighted QP.
     * @param elapsedUnits R_unit probe gaps since the QP's previous probe (read for a weighted QP only).
     * @return the new D_cur, rounded to float32 as stored.
     */
    private float smoothedDelayNs(final float stored, final int dSampleNs, final int weight, final double elapsedUnits)
    {
        if (Float.isNaN(stored))
        {
            return dSampleNs;
        }
        if (0 == weight)
        {
            return (float)(keep * stored + params.gProbe() * dSampleNs);
        }
        final double gain = Math.min(1.0, params.gProbe() * elapsedUnits);
        return (float)((1.0 - gain) * stored + gain * dSampleNs);
    }

    /**
     * Eq. (3), the velocity-form PID, or the weighted law's increase or price (docs/design.md §4, §4.1), then the
     * anti-windup ceiling (class javadoc); the caller applies the R_min floor.
     *
     * @param qp           QP number.
     * @param firstSample  whether this is the QP's first valid sample (no ceiling then).
     * @param gapNs        receiver-clock time since the QP's previous probe, ns.
     * @param weight       the QP's weight, 0 for an unweighted QP.
     * @param elapsedUnits R_unit probe gaps since the QP's previous probe (read for a weighted QP only).
     * @param dCurNs       the new D_cur as stored, ns.
     * @param dPrevNs      the previous D_cur (D_cur itself on the first sample), ns.
     * @param rateGbps     the stored R_rev, Gbit/s.
     * @return the new R_rev before the R_min floor, Gbit/s.
     */
    private double controlledRateGbps(final int qp, final boolean firstSample, final int gapNs, final int weight,
        final double elapsedUnits, final float dCurNs, final double dPrevNs, final double rateGbps)
    {
        final double errorNs = dCurNs - (double)table.dThrNs(qp);
        final double changeNs = dCurNs - dPrevNs;
        // Eq. (3)'s proportional term for an unweighted QP, the weighted law's increase or price otherwise
        final double stepNs = 0 == weight ? errorNs : elapsedUnits * (errorNs <= 0.0 ? weight * errorNs :
            rateGbps * perUnitRate * dCurNs - weight * (double)table.dThrNs(qp));
        final double rRevGbps = Math.min(params.rLineGbps(),
            rateGbps - params.alpha() * stepNs - params.beta() * changeNs);
        // anti-windup ceiling headroomBits / gap, divided only when it binds: at or below target, where Eq. (3) raises
        // R_rev; rhcc-gated: above target only (its R_rev is the line rate until the receiver reports congestion).
        // One comparison of the sign with the gate: a branch on the sign alone cost ~2.5 ns per ACK (bench/README.md)
        final boolean ceilingHolds = (errorNs > 0.0) == receiverGated;
        if (!firstSample && gapNs > 0 && ceilingHolds && rRevGbps * gapNs > headroomBits)
        {
            return headroomBits / gapNs;
        }
        return rRevGbps;
    }

    /**
     * hostcc-emulated's increase interval (class javadoc): a rise of R_rev passes at most once per 300 us.
     *
     * @return the R_rev to store: {@code newRateGbps}, or {@code storedRateGbps} for a rise within the interval.
     */
    private double holdRise(final int qp, final int tRecvNs, final int gapNs, final boolean firstSample,
        final double storedRateGbps, final double newRateGbps)
    {
        final int tick = tRecvNs >>> INCREASE_TICK_SHIFT;
        final boolean passed = firstSample || Integer.compareUnsigned(gapNs, INCREASE_INTERVAL_NS) >= 0 ||
            ((tick - table.increaseTick(qp)) & TICK_MASK) >= INCREASE_INTERVAL_TICKS;
        if ((float)newRateGbps > storedRateGbps)
        {
            if (!passed)
            {
                return storedRateGbps;
            }
            table.increaseTick(qp, tick);
        }
        else if (passed)
        {
            table.increaseTick(qp, tick - INCREASE_INTERVAL_TICKS);
        }
        return newRateGbps;
    }

    private double clamp(final double rateGbps)
    {
        return Math.max(params.rMinGbps(), Math.min(params.rLineGbps(), rateGbps));
    }

    /**
     * @param qp QP number.
     * @return the QP's R_rev, Gbit/s.
     */
    public double receivableRateGbps(final int qp)
    {
        return table.rateGbps(qp);
    }

    /**
     * @param qp QP number.
     * @return the QP's D_cur, ns (NaN before the first sample).
     */
    public double delayNs(final int qp)
    {
        return table.dPrevNs(qp);
    }

    public SenderParameters params()
    {
        return params;
    }

    public QpStateTable table()
    {
        return table;
    }

    /**
     * @return ACKs rejected for a negative delay sample.
     */
    public long rejectedNegativeDelay()
    {
        return rejectedNegativeDelay;
    }

    /**
     * @return ACKs rejected for a bad R_cc.
     */
    public long rejectedBadRate()
    {
        return rejectedBadRate;
    }
}
