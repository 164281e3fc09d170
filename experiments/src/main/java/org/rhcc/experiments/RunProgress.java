package org.rhcc.experiments;

import java.util.ArrayDeque;

import org.rhcc.sim.ProgressListener;
import org.rhcc.sim.QpRates;
import org.rhcc.sim.TimeSeries;

/**
 * One run's progress and, for a {@link RunListener} that {@link RunListener#wantsTelemetry() wants it}, its
 * telemetry while it is simulated: at each progress tick the measured points completed since the previous tick (whole
 * groups of {@code stride} windows, so that each point is the one {@link RunSeries#series} keeps) and the
 * spread over the QPs ({@link QpSpread}); after the run, {@link #finish} reports the last, possibly shorter, group.
 * <p>
 * Runs on the simulation thread at the ticks only (about 100 per run), never per step; it allocates per tick, and
 * reads what the run recorded without changing it.
 */
final class RunProgress implements ProgressListener
{
    private final RunListener listener;
    private final int index;
    private final HalfWindowObserver observer;
    private final long warmupNs;
    private final int stride;
    private final boolean live;
    private final long goodputSpanNs;
    private final ArrayDeque<Acked> acked = new ArrayDeque<>();
    private int nextWindow = -1;

    /**
     * @param listener receives progress and, if it wants it, telemetry.
     * @param index    position of the run in the plan.
     * @param observer the run's observer of the controller's decisions (R_rev per window).
     * @param warmupNs the run's warm-up, ns: no QP spread is reported before its end.
     * @param stride   telemetry windows averaged into one point, at least 1.
     * @param windowNs the simulator's telemetry window, ns: a QP's goodput is measured over at least two.
     */
    RunProgress(final RunListener listener, final int index, final HalfWindowObserver observer, final long warmupNs,
        final int stride, final long windowNs)
    {
        this.listener = listener;
        this.index = index;
        this.observer = observer;
        this.warmupNs = warmupNs;
        this.stride = Math.max(1, stride);
        this.goodputSpanNs = 2L * windowNs;
        this.live = listener.wantsTelemetry();
        acked.add(new Acked(0L, null));
    }

    @Override
    public void onProgress(final double fractionDone)
    {
        listener.onRunProgress(index, fractionDone);
    }

    @Override
    public void onTelemetry(final TimeSeries series, final QpRates qps, final long nowNs)
    {
        if (!live)
        {
            return;
        }
        final int first = Math.min(series.firstMeasuredWindow(), series.windowCount());
        final int from = Math.max(first, nextWindow);
        final int end = first + (series.windowCount() - first) / stride * stride;
        final QpSpread spread = spread(qps, nowNs);
        if (end > from || null != spread)
        {
            report(series, from, end, nowNs, spread);
        }
    }

    /**
     * Reports the points not reported yet, the last one possibly of fewer than {@code stride} windows.
     *
     * @param series the run's telemetry, complete.
     */
    void finish(final TimeSeries series)
    {
        if (!live)
        {
            return;
        }
        final int first = Math.min(series.firstMeasuredWindow(), series.windowCount());
        final int from = Math.max(first, nextWindow);
        if (series.windowCount() > from)
        {
            report(series, from, series.windowCount(), series.endNs(series.windowCount() - 1), null);
        }
    }

    private void report(final TimeSeries series, final int from, final int end, final long nowNs,
        final QpSpread spread)
    {
        final int to = Math.max(from, end);
        listener.onRunTelemetry(index,
            new LiveWindows(nowNs / 1e6, RunSeries.columns(series, observer, from, to, stride), spread));
        nextWindow = to;
    }

    /**
     * The QPs' spread at a tick; a QP's goodput is its payload acknowledged since the latest earlier tick at least
     * {@link #goodputSpanNs} before (or since the start of the run): acknowledgements come a message at a time, so
     * that over a shorter interval a QP's goodput would swing between 0 and several times its rate.
     */
    private QpSpread spread(final QpRates qps, final long nowNs)
    {
        final int n = qps.qpCount();
        if (0 == n)
        {
            return null;
        }
        final double[] rRev = new double[n];
        final double[] rcc = new double[n];
        final long[] ackedNow = new long[n];
        for (int q = 0; q < n; q++)
        {
            rRev[q] = qps.receivableRateGbps(q);
            rcc[q] = qps.ccRateGbps(q);
            ackedNow[q] = qps.ackedPayloadBytes(q);
        }
        while (acked.size() > 1)
        {
            final Acked oldest = acked.removeFirst();
            if (nowNs - acked.getFirst().tNs() < goodputSpanNs)
            {
                acked.addFirst(oldest);
                break;
            }
        }
        final Acked since = acked.getFirst();
        acked.addLast(new Acked(nowNs, ackedNow));
        if (nowNs <= warmupNs || nowNs <= since.tNs())
        {
            return null;
        }
        final double spanNs = nowNs - since.tNs();
        final double[] goodput = new double[n];
        for (int q = 0; q < n; q++)
        {
            goodput[q] = (ackedNow[q] - (null == since.bytes() ? 0L : since.bytes()[q])) * 8.0 / spanNs;
        }
        return new QpSpread(nowNs / 1e6, QpSpread.Spread.of(rRev), QpSpread.Spread.of(rcc),
            QpSpread.Spread.of(goodput));
    }

    /**
     * Every QP's acknowledged payload at one tick.
     *
     * @param tNs   the tick, ns.
     * @param bytes payload bytes per QP, null for the start of the run (none).
     */
    private record Acked(long tNs, long[] bytes)
    {
    }
}
