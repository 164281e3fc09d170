package org.rhcc.metrics;

import java.util.function.Consumer;

import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import org.HdrHistogram.Histogram;
import org.rhcc.actors.sender.ReceivableRateSampler;
import org.rhcc.actors.sender.SenderAgents;
import org.rhcc.actors.sender.SenderHostState;

/**
 * {@code rhcc_sender_rrev_bytes_per_second}: the distribution of R_rev over the node's sender hosts' QPs, as a summary.
 * At each scrape it takes, from every session's {@link ReceivableRateSampler} (and those of sessions that ended since
 * the last scrape), the R_rev samples recorded since the previous scrape: the quantiles are those of this interval
 * (NaN when nothing was sampled in it), the count and sum accumulate over the node's life. Several Prometheus servers
 * scraping one node would each see part of the samples (each scrape starts a new interval).
 */
final class ReceivableRateSummary implements Collector
{
    static final String NAME = "rhcc_sender_rrev_bytes_per_second";
    private static final double[] QUANTILES = { 0.1, 0.5, 0.9, 0.99 };
    private static final double MBPS_TO_BYTES = 1e6 / 8.0;

    private final SenderAgents senders;
    private final Histogram interval = new Histogram(1, ReceivableRateSampler.HIGHEST_MBPS, 2);
    private long count;
    private double sumBytesPerSecond;

    /**
     * @param senders the node's sender host states (told to keep those that end until a scrape takes them).
     */
    ReceivableRateSummary(final SenderAgents senders)
    {
        this.senders = senders;
        senders.keepRemoved();
    }

    @Override
    public synchronized MetricSnapshot collect()
    {
        interval.reset();
        final Consumer<SenderHostState> take = (state) -> interval.add(state.rrevSampler().intervalHistogram(null));
        senders.forEach(take);
        senders.drainRemoved(take);
        final long samples = interval.getTotalCount();
        count += samples;
        sumBytesPerSecond += samples * interval.getMean() * MBPS_TO_BYTES;
        final Quantile[] quantiles = new Quantile[QUANTILES.length];
        for (int i = 0; i < QUANTILES.length; i++)
        {
            quantiles[i] = new Quantile(QUANTILES[i], 0 == samples ? Double.NaN :
                interval.getValueAtPercentile(QUANTILES[i] * 100.0) * MBPS_TO_BYTES);
        }
        return SummarySnapshot.builder()
            .name(NAME)
            .help("R_rev (Eq. (3)) over the QPs of this node's sender hosts, bytes per second: quantiles of the QPs " +
                "sampled round-robin since the previous scrape")
            .dataPoint(SummarySnapshot.SummaryDataPointSnapshot.builder()
                .count(count)
                .sum(sumBytesPerSecond)
                .quantiles(Quantiles.of(quantiles))
                .build())
            .build();
    }
}
