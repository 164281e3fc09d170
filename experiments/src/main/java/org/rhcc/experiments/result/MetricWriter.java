package org.rhcc.experiments.result;

import java.util.LinkedHashMap;
import java.util.Map;

import org.rhcc.sim.api.RunMetrics;

/**
 * The one place a run's metrics are written, by constant ({@link Metric}, {@link QpMetric}): it holds the ordered map
 * that becomes {@link RunRecord#metrics()}, so the JSON and CSV order is the order of the calls. A count goes in as a
 * {@link Long} and a value as a {@link Double}, whatever the caller's arithmetic produced, so that a count is never
 * written as {@code 3.0} nor a value as {@code 3}; a metric written with the other kind is a programming error.
 */
public final class MetricWriter
{
    private final Map<String, Number> metrics = new LinkedHashMap<>();

    /**
     * Writes the simulator's metrics in {@link RunMetrics}' declaration order (a test checks this stays in step with
     * the record: a component added there needs its constant in {@link Metric} and its line here).
     *
     * @param run the simulator's metrics of one run.
     * @return this.
     */
    public MetricWriter putSimulated(final RunMetrics run)
    {
        put(Metric.RNIC_GBPS, run.rnicGbps());
        put(Metric.CPU_MEM_GBPS, run.cpuMemGbps());
        put(Metric.CPU_LOCAL_MEM_GBPS, run.cpuLocalMemGbps());
        put(Metric.CPU_CROSS_MEM_GBPS, run.cpuCrossMemGbps());
        put(Metric.RNIC_MEM_GBPS, run.rnicMemGbps());
        put(Metric.TOTAL_MEM_GBPS, run.totalMemGbps());
        put(Metric.LATENCY_AVG_US, run.latencyAvgUs());
        put(Metric.LATENCY_P99_US, run.latencyP99Us());
        put(Metric.PFC_PAUSE_FRACTION, run.pfcPauseFraction());
        put(Metric.PFC_FRAMES, run.pfcFrames());
        put(Metric.CNP_COUNT, run.cnpCount());
        put(Metric.PCIE_STALL_FRACTION, run.pcieStallFraction());
        put(Metric.DDIO_MISS_RATE, run.ddioMissRate());
        put(Metric.IIO_OCCUPANCY, run.iioOccupancy());
        put(Metric.IIO_RESIDENCY_NS, run.iioResidencyNs());
        put(Metric.RX_DELAY_NS, run.rxDelayNs());
        put(Metric.TCP_GBPS, run.tcpGbps());
        put(Metric.TCP_DROP_RATE, run.tcpDropRate());
        return this;
    }

    /**
     * @param metric a value metric.
     * @param value  its value; NaN where undefined.
     * @return this.
     * @throws IllegalArgumentException if the metric is a count.
     */
    public MetricWriter put(final Metric metric, final double value)
    {
        return write(metric.jsonName(), metric.isCount(), value);
    }

    /**
     * @param metric a count metric.
     * @param count  its count.
     * @return this.
     * @throws IllegalArgumentException if the metric is a value.
     */
    public MetricWriter put(final Metric metric, final long count)
    {
        return write(metric.jsonName(), metric.isCount(), count);
    }

    /**
     * @param metric a per-QP value metric.
     * @param qp     QP index from 0.
     * @param value  its value; NaN where undefined.
     * @return this.
     */
    public MetricWriter put(final QpMetric metric, final int qp, final double value)
    {
        return write(metric.jsonName(qp), metric.isCount(), value);
    }

    /**
     * @param metric a per-QP count metric.
     * @param qp     QP index from 0.
     * @param count  its count.
     * @return this.
     */
    public MetricWriter put(final QpMetric metric, final int qp, final long count)
    {
        return write(metric.jsonName(qp), metric.isCount(), count);
    }

    /**
     * @param name    the metric's name as written.
     * @param isCount whether the metric is a count.
     * @param value   a {@link Long} for a count, a {@link Double} for a value.
     * @return this.
     * @throws IllegalArgumentException if the value is of the other kind than the metric.
     */
    private MetricWriter write(final String name, final boolean isCount, final Number value)
    {
        if (isCount != value instanceof Long)
        {
            throw new IllegalArgumentException(
                name + (isCount ? " is a count, not a value" : " is a value, not a count"));
        }
        metrics.put(name, value);
        return this;
    }

    /**
     * @param name  a name of the {@link Metric#mbaLevelShareName} family.
     * @param share the fraction of the measured window, 0..1.
     * @return this.
     */
    public MetricWriter putMbaLevelShare(final String name, final double share)
    {
        if (!Metric.isMbaLevelShare(name))
        {
            throw new IllegalArgumentException(name + " is not an MBA level share");
        }
        metrics.put(name, share);
        return this;
    }

    /**
     * Writes metrics a module that cannot see this vocabulary reported by name (the cluster's controller
     * interruptions, through {@code org.rhcc.sim.api.InterruptionReport}), in their order, each checked against its
     * constant.
     *
     * @param reported metric name to value.
     * @return this.
     * @throws IllegalArgumentException for a name not in {@link Metric}.
     */
    public MetricWriter putReported(final Map<String, Number> reported)
    {
        for (final Map.Entry<String, Number> entry : reported.entrySet())
        {
            final Metric metric = Metric.byName(entry.getKey());
            if (null == metric)
            {
                throw new IllegalArgumentException("unknown metric " + entry.getKey());
            }
            if (metric.isCount())
            {
                put(metric, entry.getValue().longValue());
            }
            else
            {
                put(metric, entry.getValue().doubleValue());
            }
        }
        return this;
    }

    /**
     * @return the metrics written so far, in order (the live map, for {@link RunRecord}, which copies it).
     */
    public Map<String, Number> toMap()
    {
        return metrics;
    }
}
