package org.rhcc.experiments.tune;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.rhcc.core.tune.ProbePoint;
import org.rhcc.core.tune.TunedThresholds;
import org.rhcc.experiments.result.Metric;

/**
 * What {@code rhcc tune} writes: a conf fragment with the two thresholds ({@value #CONF_FILE}, included by a node's
 * config or read as {@code --set} values), the probe's points as JSON ({@value #JSON_FILE}), and a short report.
 */
public final class TuneOutputs
{
    /** The conf fragment's file name. */
    public static final String CONF_FILE = "rhcc-tune.conf";
    /** The probe's JSON file name. */
    public static final String JSON_FILE = "tune.json";

    private TuneOutputs()
    {
    }

    /**
     * @param host      what was tuned, one line (a host profile's name and description, or this host).
     * @param tuned     the search's result.
     * @param points    every measurement, in the order made.
     * @return the conf fragment: {@code rhcc.session.params} with {@code i_thr} and {@code d_thr_ns}.
     */
    public static String conf(final String host, final TunedThresholds tuned, final List<ProbePoint> points)
    {
        return "# rhcc tune: " + host + "\n" +
            "# " + kneeLine(tuned) + "\n" +
            "# " + points.size() + " measurements; the rule: docs/design.md §4.2\n" +
            "rhcc.session.params {\n" +
            "  i_thr = " + tuned.iThrLines() + "\n" +
            "  d_thr_ns = " + tuned.dThrNs() + "\n" +
            "}\n";
    }

    /**
     * @param host   what was tuned.
     * @param tuned  the search's result.
     * @param points every measurement, in the order made.
     * @return the report: one line per measurement from the least-throttled MBA level to the deepest, idle cores
     * last; the knee and the thresholds.
     */
    public static String report(final String host, final TunedThresholds tuned, final List<ProbePoint> points)
    {
        final StringBuilder text = new StringBuilder();
        text.append("rhcc tune: ").append(host).append('\n');
        text.append(String.format(Locale.ROOT, "%-12s %12s %14s %10s %8s%n",
            "cores", "RDMA Gbit/s", "PCIe stall %", "IIO lines", "D ns"));
        final List<ProbePoint> sorted = new ArrayList<>(points);
        sorted.sort((a, b) -> Integer.compare(a.idle() ? Integer.MAX_VALUE : a.mbaLevel(),
            b.idle() ? Integer.MAX_VALUE : b.mbaLevel()));
        for (final ProbePoint point : sorted)
        {
            text.append(String.format(Locale.ROOT, "%-12s %12.1f %14.2f %10.1f %8.0f%s%n",
                cores(point), point.goodputGbps(), 100.0 * point.stallFraction(), point.iioLines(), point.delayNs(),
                point == tuned.knee() ? "   <- knee" : ""));
        }
        text.append(kneeLine(tuned)).append('\n');
        text.append(String.format(Locale.ROOT, "I_thr = %d lines, D_thr = %d ns (the paper's testbed: 45 lines, " +
            "200 ns)%n", tuned.iThrLines(), tuned.dThrNs()));
        return text.toString();
    }

    /**
     * Writes the conf fragment and the JSON into a directory.
     *
     * @param directory an existing directory.
     * @param host      what was tuned.
     * @param tuned     the search's result.
     * @param points    every measurement.
     * @throws IOException if a file cannot be written.
     */
    public static List<Path> write(final Path directory, final String host, final TunedThresholds tuned,
        final List<ProbePoint> points) throws IOException
    {
        final Path conf = directory.resolve(CONF_FILE);
        Files.writeString(conf, conf(host, tuned, points), StandardCharsets.UTF_8);
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("host", host);
        json.put("i_thr", tuned.iThrLines());
        json.put("d_thr_ns", tuned.dThrNs());
        json.put("onset", tuned.onset());
        json.put("knee_found", tuned.kneeFound());
        json.put("knee_mba_level", tuned.knee().mbaLevel());
        json.put("first_loss_mba_level", null == tuned.firstLoss() ? null : tuned.firstLoss().mbaLevel());
        final List<Map<String, Object>> measured = new ArrayList<>();
        for (final ProbePoint point : points)
        {
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("mba_level", point.mbaLevel());
            row.put(Metric.RNIC_GBPS.jsonName(), point.goodputGbps());
            row.put(Metric.PCIE_STALL_FRACTION.jsonName(), point.stallFraction());
            row.put(Metric.IIO_OCCUPANCY.jsonName(), point.iioLines());
            row.put(Metric.RX_DELAY_NS.jsonName(), point.delayNs());
            measured.add(row);
        }
        json.put("measurements", measured);
        final Path jsonFile = directory.resolve(JSON_FILE);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(jsonFile.toFile(), json);
        return List.of(conf, jsonFile);
    }

    private static String cores(final ProbePoint point)
    {
        return point.idle() ? "idle" : "MBA level " + point.mbaLevel();
    }

    private static String kneeLine(final TunedThresholds tuned)
    {
        final ProbePoint knee = tuned.knee();
        if (null == tuned.firstLoss())
        {
            return String.format(Locale.ROOT, "the NIC kept its goodput at every MBA level: the cores cannot " +
                "congest it, and the thresholds are the unthrottled signals (IIO %.1f lines, D %.0f ns)",
                knee.iioLines(), knee.delayNs());
        }
        if (!tuned.kneeFound())
        {
            return String.format(Locale.ROOT, "even MBA level %d cost the NIC goodput (%.1f of %.1f Gbit/s): the " +
                "receiver loop cannot protect it alone; I_thr throttles at any load, D_thr is that level's delay",
                knee.mbaLevel(), knee.goodputGbps(), tuned.idle().goodputGbps());
        }
        final ProbePoint loss = tuned.firstLoss();
        return String.format(Locale.ROOT, "knee at MBA level %d (IIO %.1f lines, D %.0f ns, RDMA %.1f Gbit/s); at " +
            "level %d the NIC lost goodput (%.1f Gbit/s, PCIe stalls %.1f %%; onset %.0f %% of %.1f)",
            knee.mbaLevel(), knee.iioLines(), knee.delayNs(), knee.goodputGbps(), loss.mbaLevel(),
            loss.goodputGbps(), 100.0 * loss.stallFraction(), 100.0 * tuned.onset(), tuned.idle().goodputGbps());
    }
}
