package org.rhcc.experiments;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.rhcc.experiments.result.Series;

/**
 * What a run added to its telemetry since the previous report, while it is simulated
 * ({@link RunListener#onRunTelemetry}): the measured points completed since then, in the columns and with the
 * averaging of the run's kept time series (the {@code series} of its JSON, so that the points reported live are
 * those the JSON keeps, value for value), and the spread over the QPs at the tick.
 *
 * @param nowMs   simulated time of the tick, ms (warm-up included).
 * @param columns the measured points completed since the previous report, by the JSON's series names ({@code t_ms},
 *                {@code rnic_gbps}, {@code iio_occupancy}, {@code iio_residency_ns}, {@code rx_delay_ns},
 *                {@code cpu_mem_gbps}, {@code pfc_pause_fraction}, {@code pcie_stall_fraction},
 *                {@code sender_rate_gbps}, {@code r_rev_gbps} where the scheme runs a sender loop (and the report
 *                has points), {@code mba_level_local}, {@code mba_level_cross}); every array of the same length, 0
 *                when no point was completed; NaN where a window had no value.
 * @param qps     the QPs at the tick, or null during the warm-up and in a run without RDMA.
 */
public record LiveWindows(double nowMs, Map<String, double[]> columns, QpSpread qps)
{
    /**
     * Freezes the columns in their order.
     */
    public LiveWindows
    {
        columns = Collections.unmodifiableMap(new LinkedHashMap<>(columns));
    }

    /**
     * @return the number of points in {@link #columns()}.
     */
    public int points()
    {
        final double[] tMs = columns.get(Series.T_MS.jsonName());
        return null == tMs ? 0 : tMs.length;
    }
}
