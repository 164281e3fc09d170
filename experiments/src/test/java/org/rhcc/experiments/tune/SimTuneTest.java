package org.rhcc.experiments.tune;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.core.tune.KneeSearch;
import org.rhcc.core.tune.ProbePoint;
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
        final List<ProbePoint> points = new ArrayList<>();
        final SimContentionProbe probe = new SimContentionProbe(HostProfile.defaultProfile(), 1,
            SimContentionProbe.RUN_LENGTH);

        final TunedThresholds tuned = new KneeSearch(5).search((level) ->
        {
            final ProbePoint point = probe.measure(level);
            points.add(point);
            return point;
        });

        assertTrue(tuned.kneeFound());
        assertTrue(Math.abs(tuned.iThrLines() - 45) <= 4.5, "I_thr " + tuned.iThrLines() + " vs the paper's 45");
        assertTrue(Math.abs(tuned.dThrNs() - 200) <= 20, "D_thr " + tuned.dThrNs() + " vs the paper's 200 ns");
        // the knee frees the NIC, the next level up does not: PCIe back-pressures it
        assertTrue(tuned.knee().goodputGbps() >= 0.99 * tuned.idle().goodputGbps());
        assertTrue(tuned.firstLoss().stallFraction() > 0.1);
        assertEquals(tuned.knee().mbaLevel() - 1, tuned.firstLoss().mbaLevel());
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
