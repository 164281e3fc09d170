package org.rhcc.clustersim;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.config.JournalSettings;
import org.rhcc.actors.replay.DecisionReplayer;
import org.rhcc.actors.replay.JournalReader;
import org.rhcc.actors.replay.ReplayReport;
import org.rhcc.sim.ProgressListener;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReplayTest
{
    private static Path work;
    private static JournalSettings journal;
    private static Path archive;

    @BeforeAll
    static void recordRun()
    {
        work = SimFixtures.workDir("replay");
        try (ClusterControllers cluster = ClusterControllers.start(1, work, Map.of()))
        {
            final AeronLockstepHook hook = (AeronLockstepHook)cluster.hook("rhcc", Map.of());
            Simulation.run(SimFixtures.scenario(3, 8, 800_000L, 400_000L, 11L), SimParameters.calibrated(), hook,
                ProgressListener.NONE);
            hook.close();
            journal = cluster.journal();
            archive = cluster.archiveDir();
        }
    }

    @Test
    void shouldReproduceEveryJournaledDecisionOfARecordedRun()
    {
        final ReplayReport report = replay(journal);

        assertTrue(report.reproduced(), report.summary() + " " + report.divergences());
        assertEquals(2, report.sessions());
        assertTrue(report.decisions() > 10, report.summary());
        assertTrue(report.signals() > 1000, report.summary());
    }

    @Test
    void shouldDetectATamperedJournal() throws Exception
    {
        final Path copy = work.resolve("tampered");
        try (Connection c = DriverManager.getConnection(journal.url(), "sa", ""))
        {
            c.createStatement().execute("SCRIPT TO '" + copy.resolve("dump.sql") + "'");
        }
        final JournalSettings tampered = JournalSettings.of(copy.resolve("journal").toString());
        try (Connection c = DriverManager.getConnection(tampered.url(), "sa", ""))
        {
            c.createStatement().execute("RUNSCRIPT FROM '" + copy.resolve("dump.sql") + "'");
            changeOneMbaLevel(c);
        }

        final ReplayReport report = replay(tampered);

        assertFalse(report.reproduced(), report.summary());
        assertEquals(1, report.divergences().size(), report.divergences().toString());
        assertTrue(report.divergences().get(0).contains("MbaLevelChanged"), report.divergences().get(0));
    }

    private static void changeOneMbaLevel(final Connection c) throws Exception
    {
        final CBORMapper cbor = new CBORMapper();
        try (PreparedStatement select = c.prepareStatement("SELECT \"ordering\", \"event_payload\" FROM " +
            "\"event_journal\" WHERE \"event_ser_manifest\" LIKE '%MbaLevelChanged' ORDER BY \"ordering\"");
            ResultSet rows = select.executeQuery())
        {
            assertTrue(rows.next(), "the run journaled no MBA decision");
            final long ordering = rows.getLong(1);
            final ObjectNode event = (ObjectNode)cbor.readTree(rows.getBytes(2));
            event.put("level", event.get("level").asInt() == 5 ? 4 : event.get("level").asInt() + 1);
            try (PreparedStatement update = c.prepareStatement(
                "UPDATE \"event_journal\" SET \"event_payload\" = ? WHERE \"ordering\" = ?"))
            {
                update.setBytes(1, cbor.writeValueAsBytes(event));
                update.setLong(2, ordering);
                assertEquals(1, update.executeUpdate());
            }
        }
    }

    private static ReplayReport replay(final JournalSettings journal)
    {
        return new DecisionReplayer(new JournalReader(journal), List.of(archive),
            work.resolve("replay-" + System.nanoTime())).replay();
    }
}
