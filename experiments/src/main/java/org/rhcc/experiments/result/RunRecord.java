package org.rhcc.experiments.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The outcome of one simulated run as it is written to and read back from JSON: the condition, the scheme, the
 * overridden parameters, the metrics and (for experiments that keep them) time series.
 * <p>
 * Every map keeps its insertion order, so that the JSON and CSV written from a record do not depend on hashing.
 *
 * @param scheme         scheme name ({@code dcqcn}, ...).
 * @param condition      human label of the condition, e.g. {@code "PFC on, 3x"}.
 * @param pfc            true for a lossless fabric (PFC on), false for PFC-free.
 * @param congestion     intra-host congestion preset 0..3 (0x..3x).
 * @param cpuTraffic     {@code local}, {@code cross} or {@code hybrid}.
 * @param senders        sender hosts.
 * @param qps            RDMA queue pairs per sender.
 * @param messageBytes   RDMA WRITE message size, bytes.
 * @param mbaLevel       MBA level forced for the whole run (1..5), or null when none was forced.
 * @param tcpOfferedGbps TCP load offered to the receiver NIC's second port, Gbit/s, or null when none.
 * @param tcpFlows       TCP flows making up {@code tcpOfferedGbps} (0 when none).
 * @param params         overridden parameters of this run, key to value as given.
 * @param metrics        metric name (snake_case, unit in the name; {@link Metric} is the vocabulary,
 *                       {@link MetricWriter} writes it) to value: {@link Long} for counts, {@link Double} otherwise;
 *                       {@link Double#NaN} where a value is undefined. Read it with {@link #value(Metric)}.
 * @param series         time series name to values (all of the same length within a window size), may be empty.
 * @param stationarity   the run's metrics over the two halves of its measured window, or null when not recorded
 *                       (results written before it was).
 */
public record RunRecord(
    String scheme,
    String condition,
    boolean pfc,
    int congestion,
    String cpuTraffic,
    int senders,
    int qps,
    int messageBytes,
    Integer mbaLevel,
    Double tcpOfferedGbps,
    int tcpFlows,
    Map<String, String> params,
    Map<String, Number> metrics,
    Map<String, double[]> series,
    Stationarity stationarity)
{
    /**
     * Validates the names and freezes the maps in their given order.
     */
    public RunRecord
    {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(condition, "condition");
        Objects.requireNonNull(cpuTraffic, "cpuTraffic");
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        series = Collections.unmodifiableMap(new LinkedHashMap<>(series));
    }

    /**
     * A record without a stationarity check.
     *
     * @param scheme         scheme name.
     * @param condition      human label of the condition.
     * @param pfc            true for PFC on.
     * @param congestion     congestion preset 0..3.
     * @param cpuTraffic     {@code local}, {@code cross} or {@code hybrid}.
     * @param senders        sender hosts.
     * @param qps            QPs per sender.
     * @param messageBytes   message size, bytes.
     * @param mbaLevel       forced MBA level or null.
     * @param tcpOfferedGbps TCP load or null.
     * @param tcpFlows       TCP flows.
     * @param params         overridden parameters.
     * @param metrics        metrics.
     * @param series         time series, may be empty.
     */
    public RunRecord(
        final String scheme,
        final String condition,
        final boolean pfc,
        final int congestion,
        final String cpuTraffic,
        final int senders,
        final int qps,
        final int messageBytes,
        final Integer mbaLevel,
        final Double tcpOfferedGbps,
        final int tcpFlows,
        final Map<String, String> params,
        final Map<String, Number> metrics,
        final Map<String, double[]> series)
    {
        this(scheme, condition, pfc, congestion, cpuTraffic, senders, qps, messageBytes, mbaLevel, tcpOfferedGbps,
            tcpFlows, params, metrics, series, null);
    }

    /**
     * @return true if the run's stationarity was checked and failed ({@link Stationarity#stationary()}): its
     * numbers are still moving and are marked as such wherever they are shown.
     */
    public boolean unsettled()
    {
        return null != stationarity && !stationarity.stationary();
    }

    /**
     * @param metric a metric of the vocabulary.
     * @return its value (a count as a double too), or {@link Double#NaN} if this run has no such metric (a run that
     * did not record it, or one written by a release before it existed).
     */
    public double value(final Metric metric)
    {
        return metric(metric.jsonName());
    }

    /**
     * @param metric a per-QP metric.
     * @param qp     QP index from 0.
     * @return its value for the QP, or {@link Double#NaN} if this run has none.
     */
    public double value(final QpMetric metric, final int qp)
    {
        return metric(metric.jsonName(qp));
    }

    /**
     * @param group an MBA group's name ({@code local}, {@code cross}, {@code protected}).
     * @param level MBA level 1..5.
     * @return the fraction of the measured window the group spent at the level ({@link Metric#mbaLevelShareName}),
     * or {@link Double#NaN} if the run did not record it (a level the group never visited, a run without them).
     */
    public double mbaLevelShare(final String group, final int level)
    {
        return metric(Metric.mbaLevelShareName(group, level));
    }

    /**
     * @param metric a count metric ({@link Metric#isCount()}).
     * @return the count, or 0 if this run did not record it (nothing of the kind was counted in it).
     * @throws IllegalArgumentException if the metric is a value: a value read as a count would lose its fraction.
     */
    public long count(final Metric metric)
    {
        if (!metric.isCount())
        {
            throw new IllegalArgumentException(metric.jsonName() + " is a value, not a count");
        }
        final Number value = metrics.get(metric.jsonName());
        return null == value ? 0L : value.longValue();
    }

    /**
     * @param metric a metric of the vocabulary.
     * @return true if this run recorded it.
     */
    public boolean has(final Metric metric)
    {
        return metrics.containsKey(metric.jsonName());
    }

    /**
     * By name, for names built at run time (the {@link Metric#mbaLevelShareName} family) and names an older release
     * wrote; code that knows which metric it wants uses {@link #value(Metric)}.
     *
     * @param name metric name, e.g. {@code mba_local_level_2_share}.
     * @return the metric's value, or {@link Double#NaN} if this run has no such metric.
     */
    public double metric(final String name)
    {
        final Number value = metrics.get(name);
        return null == value ? Double.NaN : value.doubleValue();
    }

    /**
     * @param series one of the series the harness records.
     * @return the values, or an empty array if this run has no such series.
     */
    public double[] seriesValues(final Series series)
    {
        return seriesValues(series.jsonName());
    }

    /**
     * @param name series name, a {@link Series} name or one a controller reported, e.g. {@code switch_queue_kb}.
     * @return the values, or an empty array if this run has no such series.
     */
    public double[] seriesValues(final String name)
    {
        final double[] values = series.get(name);
        return null == values ? new double[0] : values;
    }

    /**
     * @return the congestion preset as the paper writes it, e.g. {@code 3x}.
     */
    public String congestionLabel()
    {
        return congestion + "x";
    }

    /**
     * @return {@code PFC on} or {@code PFC-free}.
     */
    public String pfcLabel()
    {
        return pfc ? "PFC on" : "PFC-free";
    }
}
