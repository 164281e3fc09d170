package org.rhcc.experiments;

import org.rhcc.core.sender.QpWeights;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.MetricWriter;
import org.rhcc.experiments.result.QpMetric;
import org.rhcc.sim.ProgressListener;
import org.rhcc.sim.QpRates;
import org.rhcc.sim.TimeSeries;

/**
 * Each RDMA QP's goodput and share over a run's measured window (its payload acknowledged to the sender since the end
 * of the warm-up, {@link QpRates#measuredPayloadBytes}, over the time since), read at the run's progress ticks and kept
 * from the last one, which the simulator makes at the end of the run. Forwards every call to the run's own listener.
 * Recorded for runs that set {@value QpWeights#KEY} (ExperimentRunner), so that other runs' results are unchanged.
 * <p>
 * Runs on the simulation thread at the ticks only (about 100 per run), never per step; it reads what the run recorded
 * without changing it, and allocates once, at the first tick of the measured window.
 */
final class QpGoodputMeter implements ProgressListener
{
    private final ProgressListener next;
    private final long warmupNs;
    private long[] measuredBytes;
    private long measuredNs;

    /**
     * @param next     the run's progress listener, called first.
     * @param warmupNs the run's warm-up, ns.
     */
    QpGoodputMeter(final ProgressListener next, final long warmupNs)
    {
        this.next = next;
        this.warmupNs = warmupNs;
    }

    @Override
    public void onProgress(final double fractionDone)
    {
        next.onProgress(fractionDone);
    }

    @Override
    public void onTelemetry(final TimeSeries series, final QpRates qps, final long nowNs)
    {
        next.onTelemetry(series, qps, nowNs);
        if (nowNs <= warmupNs || 0 == qps.qpCount())
        {
            return;
        }
        if (null == measuredBytes)
        {
            measuredBytes = new long[qps.qpCount()];
        }
        for (int qp = 0; qp < measuredBytes.length; qp++)
        {
            measuredBytes[qp] = qps.measuredPayloadBytes(qp);
        }
        measuredNs = nowNs - warmupNs;
    }

    /**
     * Adds, for every QP in QP order, {@code qp_<n>_weight} (0: unweighted), {@code qp_<n>_goodput_gbps},
     * {@code qp_<n>_share} (its part of the QPs' total goodput) and {@code qp_<n>_ideal_share} ({@code w_n / sum w},
     * NaN for an unweighted QP); then {@code share_deviation_max} and {@code share_deviation_mean} of
     * {@code |share - ideal| / ideal} over the weighted QPs (docs/design.md §4.1). Nothing for a run without RDMA QPs
     * or one that never reached its measured window.
     *
     * @param metrics the run's metrics.
     * @param weights the weights the run's QPs were opened with (also recorded for schemes without a sender loop,
     *                which do not apply them, as the reference they are compared against).
     */
    void putMetrics(final MetricWriter metrics, final QpWeights weights)
    {
        if (null == measuredBytes)
        {
            return;
        }
        final int qps = measuredBytes.length;
        double totalGbps = 0.0;
        long totalWeight = 0;
        for (int qp = 0; qp < qps; qp++)
        {
            totalGbps += measuredBytes[qp] * 8.0 / measuredNs;
            totalWeight += weights.weightOf(qp);
        }
        double maxDeviation = 0.0;
        double sumDeviation = 0.0;
        int weighted = 0;
        for (int qp = 0; qp < qps; qp++)
        {
            final int weight = weights.weightOf(qp);
            final double goodputGbps = measuredBytes[qp] * 8.0 / measuredNs;
            final double share = totalGbps > 0.0 ? goodputGbps / totalGbps : Double.NaN;
            final double ideal = weight > 0 ? (double)weight / totalWeight : Double.NaN;
            metrics.put(QpMetric.WEIGHT, qp, (long)weight);
            metrics.put(QpMetric.GOODPUT_GBPS, qp, goodputGbps);
            metrics.put(QpMetric.SHARE, qp, share);
            metrics.put(QpMetric.IDEAL_SHARE, qp, ideal);
            if (weight > 0)
            {
                final double deviation = Math.abs(share - ideal) / ideal;
                maxDeviation = Math.max(maxDeviation, deviation);
                sumDeviation += deviation;
                weighted++;
            }
        }
        metrics.put(Metric.SHARE_DEVIATION_MAX, weighted > 0 && totalGbps > 0.0 ? maxDeviation : Double.NaN);
        metrics.put(Metric.SHARE_DEVIATION_MEAN,
            weighted > 0 && totalGbps > 0.0 ? sumDeviation / weighted : Double.NaN);
    }
}
