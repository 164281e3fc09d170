package org.rhcc.clusterservice;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.rhcc.actors.config.HttpEndpointSettings;
import org.rhcc.actors.journal.MbaLevelChanged;
import org.rhcc.actors.replay.JournalReader;
import org.rhcc.clustersim.ClusterControllers;
import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRequest;
import org.rhcc.experiments.ExperimentRunner;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.RunListener;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.metrics.Scrape;
import org.rhcc.metrics.TestSupport;
import org.rhcc.sim.SimParameters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A short experiment through a real one-JVM cluster (the {@code rhcc experiment signals --via cluster} path: a node
 * with the sim, receiver and sender roles, Aeron, the H2 journal), its node's {@code /metrics} scraped over HTTP while
 * the runs go and after: the counts agree with the runs' own metrics (the JSON's {@code probe_acks} and decisions per
 * second), with each other (frames published = decisions + lockstep answers) and with the journal (level changes
 * counted = level changes journaled, events counted = events stored), and no {@code _total} ever goes down while
 * sessions end and their counters are retired. The node serves {@code /metrics} with metrics' endpoint (on this
 * module's test classpath); the test lives here because it runs the experiment harness on the cluster.
 */
class ClusterRunMetricsTest
{
    private static final double DURATION_MS = 1.0;

    @Test
    void shouldCountWhatTheRunsAndTheJournalRecord() throws Exception
    {
        final int port = TestSupport.freePort();
        final Path work = TestSupport.workDir("cluster-run");
        try (ClusterControllers cluster = ClusterControllers.start(1, work,
            Map.of(HttpEndpointSettings.PORT_KEY, port)))
        {
            // the roles register with the receptionist after the nodes are Up (as in NodeReadinessTest)
            TestSupport.await(Duration.ofSeconds(30), "/ready 200 once the roles are registered",
                () -> 200 == Scrape.get(port, "/ready").status());
            assertEquals(new Scrape.Answer(200, "ready\n"), Scrape.get(port, "/ready"));
            final Scraper scraper = new Scraper(port);
            scraper.start();
            final List<RunRecord> runs = new ArrayList<>();
            try
            {
                final SimParameters base = SimParameters.calibrated();
                final ExperimentRequest request =
                    new ExperimentRequest("signals", 3, 0.0, DURATION_MS, List.of("rhcc"), Map.of());
                final ExperimentRunner runner =
                    new ExperimentRunner(base, 1, RunListener.NONE, ClusterHooks.hookFactory(cluster.platform()));
                for (final Map.Entry<Experiment, ExperimentSettings> planned : request.resolve(base).entrySet())
                {
                    runs.addAll(runner.run(planned.getKey(), planned.getValue()).runs());
                }
            }
            finally
            {
                scraper.stopAndJoin();
            }
            final Map<String, Double> after = Scrape.metrics(port);

            assertNull(scraper.violation.get(), scraper.violation.get());
            assertTrue(scraper.scrapes.get() >= 3, "scrapes during the runs: " + scraper.scrapes.get());
            assertTrue(scraper.rrevMedians.get() > 0, "R_rev quantiles seen during the runs");

            long probeAcks = 0;
            long iioSamples = 0;
            for (final RunRecord run : runs)
            {
                final long acks = (long)run.value(Metric.PROBE_ACKS);
                probeAcks += acks;
                // no warm-up: decisions per second over the measured time count every sample and ACK
                iioSamples += Math.round(run.value(Metric.DECISIONS_PER_S) * DURATION_MS / 1e3) - acks;
            }
            assertTrue(probeAcks > 0 && iioSamples > 0, probeAcks + " ACKs, " + iioSamples + " samples");
            assertEquals(probeAcks, (long)Scrape.value(after, "rhcc_sender_probe_acks_total"));
            assertEquals(iioSamples, (long)Scrape.value(after, "rhcc_receiver_iio_samples_total"));

            final long rejected = (long)Scrape.sum(after, "rhcc_sender_acks_rejected_total");
            final long decisions = (long)Scrape.sum(after, "rhcc_sender_decisions_total");
            assertEquals(probeAcks - rejected, decisions, "every ACK that was not rejected is a decision");
            assertEquals(decisions, (long)Scrape.value(after, "rhcc_sender_probe_delay_samples_total"),
                "every decision's delay is summed");
            final double meanDelayNs = 1e9 * Scrape.value(after, "rhcc_sender_probe_delay_seconds_total") / decisions;
            assertTrue(meanDelayNs > 0 && meanDelayNs < 1e6, "mean D " + meanDelayNs + " ns");
            final long ackClockSteps = (long)Scrape.value(after,
                "rhcc_transport_frames_received_total{agent=\"probe-ack-source\"}") - probeAcks;
            assertEquals(decisions + ackClockSteps, (long)Scrape.value(after,
                "rhcc_transport_frames_published_total{agent=\"rate-updater\"}"),
                "the rate updater publishes a rate update per decision and a ClockDone per ClockAdvance");

            final long levelChanges = (long)(Scrape.value(after,
                "rhcc_receiver_mba_level_changes_total{reason=\"congestion_onset\"}") +
                Scrape.value(after, "rhcc_receiver_mba_level_changes_total{reason=\"step_down\"}") +
                Scrape.value(after, "rhcc_receiver_mba_level_changes_total{reason=\"step_up\"}"));
            final long iioClockSteps = (long)Scrape.value(after,
                "rhcc_transport_frames_received_total{agent=\"iio-sample-source\"}") - iioSamples;
            assertEquals(levelChanges + iioClockSteps, (long)Scrape.value(after,
                "rhcc_transport_frames_published_total{agent=\"mba-actuator\"}"),
                "the MBA actuator publishes a command per level change and a ClockDone per ClockAdvance");
            assertEquals(0.0, Scrape.value(after, "rhcc_receiver_mba_level_changes_total{reason=\"failsafe_reset\"}"));

            final Map<String, List<Object>> journal = new JournalReader(cluster.journal()).readAll();
            long journaledLevelChanges = 0;
            long receiverEvents = 0;
            long senderEvents = 0;
            for (final Map.Entry<String, List<Object>> events : journal.entrySet())
            {
                if (events.getKey().startsWith("SessionJournal|receiver-"))
                {
                    receiverEvents += events.getValue().size();
                    journaledLevelChanges += events.getValue().stream().filter(MbaLevelChanged.class::isInstance)
                        .count();
                }
                else
                {
                    senderEvents += events.getValue().size();
                }
            }
            assertTrue(journaledLevelChanges > 0, "the rhcc runs changed MBA levels");
            assertEquals(journaledLevelChanges, levelChanges, "level changes counted vs journaled");
            assertEquals(receiverEvents, (long)Scrape.value(after, "rhcc_journal_events_total{journal=\"receiver\"}"));
            assertEquals(senderEvents, (long)Scrape.value(after, "rhcc_journal_events_total{journal=\"sender\"}"));
            assertEquals(0.0, Scrape.value(after, "rhcc_journal_lag_events{journal=\"receiver\"}"));
            assertEquals(0.0, Scrape.value(after, "rhcc_journal_lag_events{journal=\"sender\"}"));
            assertTrue(Scrape.value(after, "rhcc_journal_persist_seconds_count{journal=\"receiver\"}") >= runs.size());

            assertEquals(1.0, Scrape.value(after, "rhcc_cluster_members{status=\"up\"}"));
            assertEquals(0.0, Scrape.value(after, "rhcc_cluster_unreachable_members"));
            assertTrue(after.containsKey("jvm_threads_current"), "the JVM's metrics are served");
        }
    }

    /**
     * Scrapes {@code /metrics} in a loop while the runs go: every {@code _total}, histogram count and bucket must
     * never go down from one scrape to the next, and the R_rev quantiles, when the interval had samples, must lie
     * between the floor and the line rate.
     */
    private static final class Scraper extends Thread
    {
        private final int port;
        private final AtomicInteger scrapes = new AtomicInteger();
        private final AtomicInteger rrevMedians = new AtomicInteger();
        private final AtomicReference<String> violation = new AtomicReference<>();
        private volatile boolean running = true;

        Scraper(final int port)
        {
            super("metrics-scraper");
            this.port = port;
            setDaemon(true);
        }

        @Override
        public void run()
        {
            Map<String, Double> previous = Map.of();
            while (running)
            {
                final Map<String, Double> samples;
                try
                {
                    samples = Scrape.metrics(port);
                }
                catch (final RuntimeException ex)
                {
                    violation.compareAndSet(null, "scrape failed: " + ex);
                    return;
                }
                scrapes.incrementAndGet();
                for (final Map.Entry<String, Double> sample : samples.entrySet())
                {
                    final String key = sample.getKey();
                    final boolean monotonic = key.startsWith("rhcc_") && (key.contains("_total") ||
                        key.contains("_bucket") || key.contains("_count"));
                    final Double before = previous.get(key);
                    if (monotonic && null != before && sample.getValue() < before)
                    {
                        violation.compareAndSet(null, key + " went down from " + before + " to " + sample.getValue());
                    }
                }
                final Double median = samples.get("rhcc_sender_rrev_bytes_per_second{quantile=\"0.5\"}");
                if (null != median && !median.isNaN())
                {
                    rrevMedians.incrementAndGet();
                    // R_min = 1 Gbit/s, the line 100 Gbit/s (HdrHistogram's 2 significant digits above)
                    if (median < 1e9 / 8 * 0.99 || median > 100e9 / 8 * 1.01)
                    {
                        violation.compareAndSet(null, "R_rev median " + median + " B/s outside [R_min, line rate]");
                    }
                }
                previous = samples;
                try
                {
                    Thread.sleep(50);
                }
                catch (final InterruptedException ex)
                {
                    return;
                }
            }
        }

        void stopAndJoin() throws InterruptedException
        {
            running = false;
            join(30_000);
        }
    }
}
