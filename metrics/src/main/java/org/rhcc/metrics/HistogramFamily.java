package org.rhcc.metrics;

import java.util.LinkedHashMap;
import java.util.Map;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Unit;
import org.rhcc.transport.counters.CounterKey;

/**
 * A Prometheus histogram (seconds) read from a {@code CounterHistogram}'s counters: the bucket counters (key index =
 * bucket, over the bounds its owner fixes for the type) and the sum counter, in nanoseconds, summed over sessions and
 * retired sums, one data point per scope (a journal kind, a source).
 */
final class HistogramFamily
{
    private final String name;
    private final String help;
    private final String role;
    private final int bucketTypeId;
    private final int sumTypeId;
    private final double[] upperBoundsSeconds;
    private final String scopeLabel;
    private final String[] defaultScopes;

    /**
     * @param name          metric name, ending in {@code _seconds}.
     * @param help          its help text.
     * @param role          the node role that has it, or null for any.
     * @param bucketTypeId  type id of the bucket counters.
     * @param sumTypeId     type id of the sum counter.
     * @param upperBoundsNs the owner's bucket bounds, ns.
     * @param scopeLabel    label whose value is the counters' scope.
     * @param defaultScopes scopes reported empty before anything was recorded, on a node with the role.
     */
    HistogramFamily(final String name, final String help, final String role, final int bucketTypeId,
        final int sumTypeId, final long[] upperBoundsNs, final String scopeLabel, final String... defaultScopes)
    {
        this.name = name;
        this.help = help;
        this.role = role;
        this.bucketTypeId = bucketTypeId;
        this.sumTypeId = sumTypeId;
        this.upperBoundsSeconds = new double[upperBoundsNs.length + 1];
        for (int i = 0; i < upperBoundsNs.length; i++)
        {
            upperBoundsSeconds[i] = upperBoundsNs[i] / 1e9;
        }
        upperBoundsSeconds[upperBoundsNs.length] = Double.POSITIVE_INFINITY;
        this.scopeLabel = scopeLabel;
        this.defaultScopes = defaultScopes;
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
     * @param withDefaults true to report the default scopes when empty.
     * @return the family's snapshot, or null if it has no data point.
     */
    MetricSnapshot snapshot(final CounterReading reading, final boolean withDefaults)
    {
        final Map<String, long[]> counts = new LinkedHashMap<>();
        final Map<String, Long> sums = new LinkedHashMap<>();
        if (withDefaults)
        {
            for (final String scope : defaultScopes)
            {
                counts.put(scope, new long[upperBoundsSeconds.length]);
            }
        }
        for (final CounterReading.Entry entry : reading.of(bucketTypeId))
        {
            final CounterKey key = entry.key();
            if (key.index() >= 0 && key.index() < upperBoundsSeconds.length)
            {
                counts.computeIfAbsent(key.scope(), (s) -> new long[upperBoundsSeconds.length])[key.index()] +=
                    entry.value();
            }
        }
        for (final CounterReading.Entry entry : reading.of(sumTypeId))
        {
            sums.merge(entry.key().scope(), entry.value(), Long::sum);
        }
        if (counts.isEmpty())
        {
            return null;
        }
        final HistogramSnapshot.Builder builder = HistogramSnapshot.builder().name(name).help(help).unit(Unit.SECONDS);
        counts.forEach((scope, buckets) -> builder.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
            .labels(Labels.of(scopeLabel, scope))
            .classicHistogramBuckets(ClassicHistogramBuckets.of(upperBoundsSeconds, buckets))
            .sum(sums.getOrDefault(scope, 0L) / 1e9)
            .build()));
        return builder.build();
    }
}
