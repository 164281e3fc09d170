package org.rhcc.dashboard;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.experiments.RunListener;
import org.rhcc.experiments.UserInputException;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.ResultJson;
import org.rhcc.experiments.result.RunRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code rhcc dashboard --from DIR}: the finished runs read from their JSON, and each way the directory can be wrong;
 * and a page too slow for the feed.
 */
class DashboardFeedTest
{
    private static ExperimentResult result;

    @TempDir
    static Path results;

    @BeforeAll
    static void runOnce() throws Exception
    {
        result = ShortRuns.signals(RunListener.NONE, "d_thr_ns=250");
        ResultJson.write(result, results.resolve("signals.json"));
    }

    @Test
    void shouldShowEveryRunOfTheJsonFinishedWithItsSeriesMetricsAndThresholds()
    {
        final JsonNode snapshot = DashboardFeed.fromResults(results, "signals").snapshot();

        assertEquals("replay", snapshot.path("mode").asText());
        final JsonNode experiment = snapshot.path("experiments").get(0);
        assertEquals("signals", experiment.path("name").asText());
        assertEquals(RunView.FINISHED, experiment.path("state").asText());
        assertEquals(0.6, experiment.path("duration_ms").asDouble());
        assertEquals(result.runs().size(), experiment.path("runs").size());
        for (int i = 0; i < result.runs().size(); i++)
        {
            final RunRecord record = result.runs().get(i);
            final JsonNode run = experiment.path("runs").get(i);
            assertEquals(i, run.path("index").asInt());
            assertEquals(RunView.FINISHED, run.path("state").asText());
            assertEquals(record.value(Metric.RNIC_GBPS), run.path("metrics").path("rnic_gbps").asDouble());
            assertEquals(record.stationarity().stationary(), run.path("stationary").asBoolean());
            assertEquals(250.0, run.path("thresholds").path("d_thr_ns").asDouble(), "the run's --set d_thr_ns");
            assertEquals("250", run.path("params").path("d_thr_ns").asText());
            final double[] iio = record.seriesValues("iio_occupancy");
            assertEquals(iio.length, run.path("series").path("iio_occupancy").size());
            assertEquals(iio[iio.length - 1], run.path("series").path("iio_occupancy").get(iio.length - 1).asDouble());
            assertTrue(run.path("series").has("r_rev_gbps"));
            assertFalse(run.path("series").has("iio_occupancy_1ms"), "only the per-window columns are charted");
            assertEquals(0, run.path("qps").path("t_ms").size(), "no QP spread in a JSON");
        }
        assertEquals(1, DashboardFeed.fromResults(results, null).experimentCount(), "every result in DIR");
    }

    @Test
    void shouldRefuseADirectoryWithoutResultsInOneLine(@TempDir final Path empty) throws Exception
    {
        assertEquals("--from '" + empty.resolve("nope") + "' is not a directory; give the --out directory of " +
            "'rhcc experiment'", message(empty.resolve("nope"), null));
        assertEquals("no experiment results (NAME.json) in '" + empty + "'; run 'rhcc experiment NAME --out " +
            empty + "' first", message(empty, null));
        Files.writeString(empty.resolve("notes.json"), "{}");
        assertTrue(message(empty, null).startsWith("no experiment results"), "other JSON files are not results");
        assertEquals("no settling.json in '" + results + "'; run 'rhcc experiment settling --out " + results +
            "' first", message(results, "settling"));
        assertTrue(message(results, "signal").startsWith("unknown experiment 'signal'; known experiments: signals, "),
            message(results, "signal"));
        Files.writeString(empty.resolve("signals.json"), "{\"experiment\": \"signals\"");
        assertTrue(message(empty, "signals").startsWith("cannot read '" + empty.resolve("signals.json") + "': "),
            message(empty, "signals"));
    }

    @Test
    void shouldEndThePageThatFallsTooFarBehindAndGiveALatePageTheSnapshot() throws Exception
    {
        final DashboardFeed feed = DashboardFeed.live();
        feed.planned(new ExperimentView("signals", "B10-B12", 1L, 1.0, 2.0,
            List.of(new RunView(0, "rhcc", "3x", java.util.Map.of()))));
        final Subscription slow = feed.subscribe();
        final Subscription reading = feed.subscribe();
        for (int i = 0; i < Subscription.MAX_QUEUED + 5; i++)
        {
            final double fraction = i / (Subscription.MAX_QUEUED + 5.0);
            feed.runChanged("signals", 0, (run) -> run.progress(fraction));
            if (0 == i % 1000)
            {
                assertFalse(reading.next(1_000).isEmpty());
            }
        }
        int queued = 0;
        List<String> frames;
        while (null != (frames = slow.next(1_000)))
        {
            queued += frames.size();
        }
        assertEquals(Subscription.MAX_QUEUED, queued, "the slow page's stream ends after what it had queued");
        assertFalse(reading.next(1_000).isEmpty(), "a page that reads stays");

        feed.close();
        final Subscription late = feed.subscribe();
        final List<String> first = late.next(1_000);
        assertEquals(1, first.size());
        assertTrue(first.get(0).contains("event: snapshot\ndata: {\"mode\":\"live\",\"closed\":true,"), first.get(0));
        assertNull(late.next(1_000), "a closed feed ends a late page's stream after its snapshot");
    }

    private static String message(final Path dir, final String experiment)
    {
        return assertThrows(UserInputException.class, () -> DashboardFeed.fromResults(dir, experiment)).getMessage();
    }
}
