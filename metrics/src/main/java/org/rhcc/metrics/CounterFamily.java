package org.rhcc.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import org.rhcc.transport.counters.CounterKey;

/**
 * A Prometheus counter or gauge family read from the node's counters file: from one or more counter types, each
 * counter's value (times a scale, to base units) added to the data point of the labels its key gives. Counts are
 * summed over sessions and the node's retired sums (so a {@code _total} is the node's, monotonic); a gauge's labels
 * name its session, so that each session's gauge is its own data point. Default label sets are reported at 0 on a
 * node with the family's role before anything was counted, so that dashboards and alerts see the series from the
 * start.
 */
final class CounterFamily
{
    /**
     * The label values of a counter, from its key; null to leave the counter out.
     */
    @FunctionalInterface
    interface Labeller
    {
        /**
         * @param key the counter's key.
         * @return the values of the family's labels, in order, or null.
         */
        String[] values(CounterKey key);
    }

    /**
     * A counter type read into the family.
     *
     * @param typeId       the counter type id.
     * @param scale        multiplies each value (to base units).
     * @param labeller     the data point's labels.
     * @param skipNegative leave out negative values (a gauge's "not yet").
     */
    record Source(int typeId, double scale, Labeller labeller, boolean skipNegative)
    {
    }

    private final String name;
    private final String help;
    private final boolean counter;
    private final String role;
    private final String[] labelNames;
    private final List<Source> sources = new ArrayList<>();
    private final List<String[]> defaults = new ArrayList<>();

    private CounterFamily(final String name, final String help, final boolean counter, final String role,
        final String... labelNames)
    {
        this.name = name;
        this.help = help;
        this.counter = counter;
        this.role = role;
        this.labelNames = labelNames;
    }

    /**
     * @param name       metric name without {@code _total}.
     * @param help       its help text.
     * @param role       the node role that has it ({@code receiver}, {@code sender}), or null for any.
     * @param labelNames its labels.
     * @return a counter family.
     */
    static CounterFamily counter(final String name, final String help, final String role,
        final String... labelNames)
    {
        return new CounterFamily(name, help, true, role, labelNames);
    }

    /**
     * @param name       metric name.
     * @param help       its help text.
     * @param role       the node role that has it, or null for any.
     * @param labelNames its labels.
     * @return a gauge family.
     */
    static CounterFamily gauge(final String name, final String help, final String role, final String... labelNames)
    {
        return new CounterFamily(name, help, false, role, labelNames);
    }

    /**
     * @param typeId   a counter type read into the family.
     * @param scale    multiplies each value.
     * @param labeller the data point's labels.
     * @return this.
     */
    CounterFamily from(final int typeId, final double scale, final Labeller labeller)
    {
        sources.add(new Source(typeId, scale, labeller, false));
        return this;
    }

    /**
     * @param typeId   a counter type read into the family, without its negative values.
     * @param scale    multiplies each value.
     * @param labeller the data point's labels.
     * @return this.
     */
    CounterFamily fromNonNegative(final int typeId, final double scale, final Labeller labeller)
    {
        sources.add(new Source(typeId, scale, labeller, true));
        return this;
    }

    /**
     * @param typeId a counter type whose every counter adds to the one data point of a family without labels.
     * @return this.
     */
    CounterFamily from(final int typeId)
    {
        return from(typeId, 1.0, (key) -> new String[0]);
    }

    /**
     * @param labelValues label values reported at 0 when nothing was counted under them.
     * @return this.
     */
    CounterFamily withDefault(final String... labelValues)
    {
        defaults.add(labelValues);
        return this;
    }

    String name()
    {
        return name;
    }

    /**
     * @return the role of the nodes that have it, or null.
     */
    String role()
    {
        return role;
    }

    /**
     * @param reading      the counters as read.
     * @param withDefaults true to report the default label sets at 0 (the node has the family's role).
     * @return the family's snapshot, or null if it has no data point.
     */
    MetricSnapshot snapshot(final CounterReading reading, final boolean withDefaults)
    {
        final Map<List<String>, Double> points = new LinkedHashMap<>();
        if (withDefaults)
        {
            for (final String[] values : defaults)
            {
                points.put(Arrays.asList(values), 0.0);
            }
        }
        for (final Source source : sources)
        {
            for (final CounterReading.Entry entry : reading.of(source.typeId()))
            {
                final String[] values = source.labeller().values(entry.key());
                if (null == values || (source.skipNegative() && entry.value() < 0))
                {
                    continue;
                }
                points.merge(Arrays.asList(values), entry.value() * source.scale(), Double::sum);
            }
        }
        if (points.isEmpty())
        {
            return null;
        }
        if (counter)
        {
            final CounterSnapshot.Builder builder = CounterSnapshot.builder().name(name).help(help);
            points.forEach((values, value) -> builder.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
                .labels(labels(values)).value(value).build()));
            return builder.build();
        }
        final GaugeSnapshot.Builder builder = GaugeSnapshot.builder().name(name).help(help);
        points.forEach((values, value) -> builder.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
            .labels(labels(values)).value(value).build()));
        return builder.build();
    }

    private Labels labels(final List<String> values)
    {
        return Labels.of(labelNames, values.toArray(new String[0]));
    }
}
