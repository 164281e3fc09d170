package org.rhcc.experiments.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Writes an {@link ExperimentResult} as CSV (RFC 4180 quoting, "\n" line ends): one header line, then one line per
 * run in plan order. Condition columns come first, then the overridden parameters as {@code key=value;...}, then
 * every metric that any run has, in order of first appearance, then (when recorded) the run's stationarity: whether it
 * is stationary, the largest relative difference between the halves of its measured window and the metric that has
 * it ({@link Stationarity}). Time series and the per-half values are left to the JSON.
 */
public final class ResultCsv
{
    private static final List<String> CONDITION_COLUMNS = List.of(
        "experiment", "scheme", "condition", "pfc", "congestion", "cpu_traffic", "senders", "qps", "message_bytes",
        "mba_level", "tcp_offered_gbps", "tcp_flows", "seed", "warmup_ms", "duration_ms", "params");
    private static final List<String> STATIONARITY_COLUMNS = List.of(
        "stationary", "stationarity_max_rel_diff", "stationarity_worst_metric");

    private ResultCsv()
    {
    }

    /**
     * @param result to encode.
     */
    public static String toCsv(final ExperimentResult result)
    {
        final Set<String> metricNames = new LinkedHashSet<>();
        for (final RunRecord run : result.runs())
        {
            metricNames.addAll(run.metrics().keySet());
        }

        final StringBuilder csv = new StringBuilder();
        final List<String> header = new ArrayList<>(CONDITION_COLUMNS);
        header.addAll(metricNames);
        final boolean checked = result.runs().stream().anyMatch((run) -> null != run.stationarity());
        if (checked)
        {
            header.addAll(STATIONARITY_COLUMNS);
        }
        appendLine(csv, header);

        for (final RunRecord run : result.runs())
        {
            final List<String> cells = new ArrayList<>(header.size());
            cells.add(result.experiment());
            cells.add(run.scheme());
            cells.add(run.condition());
            cells.add(Boolean.toString(run.pfc()));
            cells.add(Integer.toString(run.congestion()));
            cells.add(run.cpuTraffic());
            cells.add(Integer.toString(run.senders()));
            cells.add(Integer.toString(run.qps()));
            cells.add(Integer.toString(run.messageBytes()));
            cells.add(null == run.mbaLevel() ? "" : run.mbaLevel().toString());
            cells.add(null == run.tcpOfferedGbps() ? "" : number(run.tcpOfferedGbps()));
            cells.add(Integer.toString(run.tcpFlows()));
            cells.add(Long.toString(result.seed()));
            cells.add(number(result.warmupMs()));
            cells.add(number(result.durationMs()));
            cells.add(params(run.params()));
            for (final String name : metricNames)
            {
                final Number value = run.metrics().get(name);
                cells.add(null == value ? "" : value instanceof Double ? number(value.doubleValue()) : value.toString());
            }
            if (checked)
            {
                final Stationarity stationarity = run.stationarity();
                cells.add(null == stationarity ? "" : Boolean.toString(stationarity.stationary()));
                cells.add(null == stationarity ? "" : number(stationarity.maxDifference()));
                cells.add(null == stationarity || null == stationarity.worstMetric() ? "" : stationarity.worstMetric());
            }
            appendLine(csv, cells);
        }
        return csv.toString();
    }

    /**
     * @param result to write.
     * @param file   destination, replaced if it exists.
     * @throws IOException if the file cannot be written.
     */
    public static void write(final ExperimentResult result, final Path file) throws IOException
    {
        Files.writeString(file, toCsv(result));
    }

    /**
     * Quotes one CSV cell if it holds a comma, a quote or a line break.
     *
     * @param cell raw text.
     * @return the cell as it goes into the file.
     */
    public static String quote(final String cell)
    {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0)
        {
            return cell;
        }
        return '"' + cell.replace("\"", "\"\"") + '"';
    }

    private static String number(final double value)
    {
        return Double.isFinite(value) ? Double.toString(value) : "";
    }

    private static String params(final Map<String, String> params)
    {
        final StringJoiner joiner = new StringJoiner(";");
        params.forEach((key, value) -> joiner.add(key + "=" + value));
        return joiner.toString();
    }

    private static void appendLine(final StringBuilder csv, final List<String> cells)
    {
        for (int i = 0; i < cells.size(); i++)
        {
            if (i > 0)
            {
                csv.append(',');
            }
            csv.append(quote(cells.get(i)));
        }
        csv.append('\n');
    }
}
