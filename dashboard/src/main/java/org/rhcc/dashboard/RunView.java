package org.rhcc.dashboard;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rhcc.experiments.LiveWindows;
import org.rhcc.experiments.QpSpread;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.result.Series;

/**
 * One run as the dashboard shows it: what it is (scheme, condition, overrides, thresholds), how far it is, its time
 * series (the columns of its JSON's {@code series}), the spread over its QPs (live only) and, once finished, its
 * metrics. Not thread-safe: {@link DashboardFeed} guards it.
 */
final class RunView
{
    /** Names of the QP-spread columns, as the page reads them. */
    static final String[] QP_COLUMNS = {
        Series.T_MS.jsonName(),
        "r_rev_min", "r_rev_median", "r_rev_max",
        "r_cc_min", "r_cc_median", "r_cc_max",
        "goodput_min", "goodput_median", "goodput_max",
    };

    /** Not started yet. */
    static final String PLANNED = "planned";
    /** Being simulated. */
    static final String RUNNING = "running";
    /** Finished: its record is known. */
    static final String FINISHED = "finished";

    private final int index;
    private final String scheme;
    private final String condition;
    private final Map<String, String> params;
    private final RunThresholds thresholds;
    private final Map<String, Column> series = new LinkedHashMap<>();
    private final Map<String, Column> qps = new LinkedHashMap<>();
    private String state = PLANNED;
    private double fraction;
    private Map<String, Number> metrics;
    private Boolean stationary;

    RunView(final int index, final String scheme, final String condition, final Map<String, String> params)
    {
        this.index = index;
        this.scheme = scheme;
        this.condition = condition;
        this.params = Map.copyOf(params);
        this.thresholds = RunThresholds.of(scheme, params);
        for (final String name : QP_COLUMNS)
        {
            qps.put(name, new Column());
        }
    }

    /**
     * @param index  position of the run in its experiment.
     * @param record the run's record, read from its JSON.
     * @return the finished run, with every column of its series that has one point per kept window.
     */
    static RunView of(final int index, final RunRecord record)
    {
        final RunView run = new RunView(index, record.scheme(), record.condition(), record.params());
        final double[] tMs = record.series().get(Series.T_MS.jsonName());
        if (null != tMs)
        {
            record.series().forEach((name, values) ->
            {
                if (values.length == tMs.length)
                {
                    run.column(name).add(values);
                }
            });
        }
        run.recorded(record);
        return run;
    }

    int index()
    {
        return index;
    }

    void started()
    {
        state = RUNNING;
    }

    void progress(final double fractionDone)
    {
        fraction = Math.max(fraction, fractionDone);
    }

    /**
     * Appends what a tick reported.
     *
     * @param windows the points and QP spread of one tick.
     * @return the same, as the page reads it: {@code series} and {@code qps} columns to append.
     */
    ObjectNode append(final LiveWindows windows)
    {
        final ObjectNode update = Json.object();
        final ObjectNode seriesUpdate = update.putObject("series");
        windows.columns().forEach((name, values) ->
        {
            column(name).add(values);
            seriesUpdate.set(name, Json.array(values, 0, values.length));
        });
        final ObjectNode qpsUpdate = update.putObject("qps");
        final QpSpread spread = windows.qps();
        if (null != spread)
        {
            final double[] row = {
                spread.tMs(),
                spread.rRevGbps().min(), spread.rRevGbps().median(), spread.rRevGbps().max(),
                spread.rccGbps().min(), spread.rccGbps().median(), spread.rccGbps().max(),
                spread.goodputGbps().min(), spread.goodputGbps().median(), spread.goodputGbps().max(),
            };
            for (int c = 0; c < QP_COLUMNS.length; c++)
            {
                qps.get(QP_COLUMNS[c]).add(row[c]);
                qpsUpdate.set(QP_COLUMNS[c], Json.array(row, c, c + 1));
            }
        }
        return update;
    }

    void recorded(final RunRecord record)
    {
        state = FINISHED;
        fraction = 1.0;
        metrics = new LinkedHashMap<>(record.metrics());
        stationary = null == record.stationarity() ? null : record.stationarity().stationary();
    }

    /**
     * @return how far the run is: {@code state}, {@code fraction}, and once finished {@code metrics} and
     * {@code stationary}.
     */
    ObjectNode status()
    {
        final ObjectNode node = Json.object();
        node.put("index", index);
        node.put("state", state);
        Json.put(node, "fraction", fraction);
        if (null != metrics)
        {
            node.set("metrics", Json.numbers(metrics));
            if (null == stationary)
            {
                node.putNull("stationary");
            }
            else
            {
                node.put("stationary", stationary.booleanValue());
            }
        }
        return node;
    }

    /**
     * @return the whole run as the page reads it.
     */
    ObjectNode json()
    {
        final ObjectNode node = status();
        node.put("label", scheme + " | " + condition);
        node.put("scheme", scheme);
        node.put("condition", condition);
        node.set("params", Json.strings(params));
        if (null == thresholds)
        {
            node.putNull("thresholds");
        }
        else
        {
            final ObjectNode limits = node.putObject("thresholds");
            Json.put(limits, "i_thr", thresholds.iThr());
            Json.put(limits, "d_thr_ns", thresholds.dThrNs());
            Json.put(limits, "hostcc_i_t", thresholds.hostCcIThr());
        }
        final ObjectNode seriesNode = node.putObject("series");
        series.forEach((name, column) -> seriesNode.set(name, column.json()));
        final ObjectNode qpsNode = node.putObject("qps");
        qps.forEach((name, column) -> qpsNode.set(name, column.json()));
        return node;
    }

    private Column column(final String name)
    {
        return series.computeIfAbsent(name, (key) -> new Column());
    }
}
