package org.rhcc.experiments.tune;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.core.tune.KneeSearch;
import org.rhcc.core.tune.RampPoint;
import org.rhcc.core.tune.TunedThresholds;
import org.rhcc.experiments.HostProfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code rhcc tune} on the paper's testbed gives thresholds close to the paper's own (45 lines, 200 ns), which the
 * paper measured on that host: the rule (docs/design.md §4.2) checked against a published reference, not against
 * numbers of our own.
 */
class SimTuneTest
{
    @Test
    void shouldFindThePaperThresholdsWithinTenPercentOnItsTestbed(@TempDir final Path dir) throws Exception
    {
        final List<RampPoint> points = new ArrayList<>();
        final SimContentionProbe probe = new SimContentionProbe(HostProfile.defaultProfile(), 1,
            SimContentionProbe.RUN_LENGTH, (load) -> { });

        final TunedThresholds tuned = new KneeSearch().search((load) ->
        {
            final RampPoint point = probe.measure(load);
            points.add(point);
            return point;
        });

        assertTrue(tuned.kneeFound());
        assertTrue(Math.abs(tuned.iThrLines() - 45) <= 4.5, "I_thr " + tuned.iThrLines() + " vs the paper's 45");
        assertTrue(Math.abs(tuned.dThrNs() - 200) <= 20, "D_thr " + tuned.dThrNs() + " vs the paper's 200 ns");
        // below the knee the NIC keeps its goodput and barely stalls; at the first back-pressured load it stalls
        assertTrue(tuned.knee().stallFraction() <= KneeSearch.DEFAULT_ONSET);
        assertTrue(tuned.firstLoss().stallFraction() > KneeSearch.DEFAULT_ONSET);
        assertTrue(tuned.idle().iioLines() < tuned.iThrLines() && tuned.idle().delayNs() < tuned.dThrNs());

        TuneOutputs.write(dir, "the paper's testbed", tuned, points);
        final String conf = Files.readString(dir.resolve(TuneOutputs.CONF_FILE));
        assertTrue(conf.contains("i_thr = " + tuned.iThrLines() + "\n"), conf);
        assertTrue(conf.contains("d_thr_ns = " + tuned.dThrNs() + "\n"), conf);
        assertTrue(conf.contains("rhcc.session.params {\n"), conf);
        assertEquals(points.size(), new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(dir.resolve(TuneOutputs.JSON_FILE).toFile()).get("measurements").size());
    }
}
