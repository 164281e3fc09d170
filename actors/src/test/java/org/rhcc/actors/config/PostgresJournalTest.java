package org.rhcc.actors.config;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.Map;

import org.apache.pekko.Done;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.journal.MbaLevelChanged;
import org.rhcc.actors.journal.SessionJournal;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The journal on the local PostgreSQL (127.0.0.1:5432, database test, user postgres, trust auth); skipped where no
 * server listens.
 */
@Tag("postgres")
class PostgresJournalTest
{
    @Test
    void shouldJournalDecisionsInPostgresql() throws Exception
    {
        Assumptions.assumeTrue(LocalPostgres.listening(), "no PostgreSQL on 127.0.0.1:5432");
        final Map<String, Object> o = Map.of("rhcc.journal.backend", "postgres", "pekko.actor.provider", "local");
        final JournalSettings journal = JournalSettings.from(RhccConfig.load(null, o));
        JournalSchema.ensure(journal);
        JournalSchema.ensure(journal);
        final long session = System.nanoTime();
        final ActorTestKit kit = ActorTestKit.create("postgres", RhccConfig.load(null, o));
        try
        {
            final ActorRef<SessionJournal.Command> j = kit.spawn(SessionJournal.create("receiver", session, 1, 100,
                2));
            j.tell(new SessionJournal.Append(java.util.List.of(new MbaLevelChanged(1, 4, 10L),
                new MbaLevelChanged(0, 2, 30L)), kit.system().ignoreRef()));
            final TestProbe<Done> done = kit.createTestProbe();
            j.tell(new SessionJournal.Sync(done.getRef()));
            done.expectMessage(java.time.Duration.ofSeconds(20), Done.done());
        }
        finally
        {
            kit.shutdownTestKit();
        }
        try (Connection c = DriverManager.getConnection(journal.url(), journal.user(), journal.password());
            ResultSet rows = c.createStatement().executeQuery("SELECT count(*) FROM event_journal WHERE " +
                "persistence_id = '" + SessionJournal.persistenceId("receiver", session, 1).id() + "'"))
        {
            rows.next();
            assertEquals(2, rows.getInt(1));
        }
    }
}
