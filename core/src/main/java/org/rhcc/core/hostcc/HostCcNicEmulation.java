package org.rhcc.core.hostcc;

import org.rhcc.core.dcqcn.DcqcnParameters;
import org.rhcc.core.dcqcn.DcqcnReactionPoints;

/**
 * hostCC's network response emulated for RDMA on the NIC side (RHCC paper §V: hostCC is evaluated by emulating it
 * inside RHCC's framework): while the receiver reports {@code I_cur > I_thr}, each flow takes DCQCN-style cuts
 * (at most one per rate-decrease interval, as a CNP would cause), and recovers through DCQCN's increase stages with
 * DCQCN's 300 us rate-increase timer — the inter-host timescale hostCC reuses for intra-host events (docs/paper.md §2.4,
 * point 3). The rate it yields is combined with the inter-host R_cc by {@code min}.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per report.
 */
public final class HostCcNicEmulation
{
    /** DCQCN's rate-increase interval hostCC reuses, ns. */
    public static final long RATE_INCREASE_INTERVAL_NS = 300_000L;

    private final DcqcnReactionPoints reactionPoints;
    private final double iThr;

    /**
     * @param dcqcn base DCQCN parameters; the rate-increase interval is forced to 300 us.
     * @param iThr  occupancy threshold above which flows are cut.
     * @param flows number of flows.
     * @param nowNs start time, ns.
     */
    public HostCcNicEmulation(final DcqcnParameters dcqcn, final double iThr, final int flows, final long nowNs)
    {
        if (!(iThr > 0.0))
        {
            throw new IllegalArgumentException("hostCC I_thr = " + iThr + " must be > 0");
        }
        this.reactionPoints = new DcqcnReactionPoints(
            dcqcn.withRateIncreaseIntervalNs(RATE_INCREASE_INTERVAL_NS), flows, nowNs);
        this.iThr = iThr;
    }

    /**
     * The receiver's congestion report reached a flow's sender.
     *
     * @param flow  flow number.
     * @param iCur  the receiver's smoothed IIO occupancy.
     * @param nowNs time, ns.
     * @return true if the flow's rate was cut.
     */
    public boolean onOccupancyReport(final int flow, final double iCur, final long nowNs)
    {
        if (iCur > iThr)
        {
            return reactionPoints.onCnp(flow, nowNs);
        }
        reactionPoints.advance(flow, nowNs);
        return false;
    }

    /**
     * @param flow  flow number.
     * @param bytes bytes the flow sent.
     * @param nowNs time, ns.
     */
    public void onBytesSent(final int flow, final long bytes, final long nowNs)
    {
        reactionPoints.onBytesSent(flow, bytes, nowNs);
    }

    /**
     * @param flow  flow number.
     * @param nowNs time, ns; timers up to it are processed first.
     * @return the flow's hostCC-limited rate, Gbit/s.
     */
    public double rateGbps(final int flow, final long nowNs)
    {
        reactionPoints.advance(flow, nowNs);
        return reactionPoints.rateGbps(flow);
    }
}
