package org.rhcc.actors.replay;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.persistence.jdbc.query.javadsl.JdbcReadJournal;
import org.apache.pekko.persistence.query.EventEnvelope;
import org.apache.pekko.persistence.query.PersistenceQuery;
import org.apache.pekko.stream.javadsl.Sink;
import org.rhcc.actors.config.JournalSettings;
import org.rhcc.actors.config.RhccConfig;

/**
 * Reads every event of a journal, by persistence id and in sequence order, through pekko-persistence-jdbc's read
 * journal: the journal's events deserialize exactly as the controllers wrote them. Control path: a local actor
 * system lives for the duration of {@link #readAll()}.
 */
public final class JournalReader
{
    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    private final JournalSettings journal;

    /**
     * @param journal the journal to read.
     */
    public JournalReader(final JournalSettings journal)
    {
        this.journal = journal;
    }

    /**
     * @return every persistence id's events in sequence order, persistence ids sorted.
     * @throws IllegalStateException if the journal cannot be read.
     */
    public Map<String, List<Object>> readAll()
    {
        final Map<String, Object> overrides = new LinkedHashMap<>();
        overrides.put("rhcc.journal.backend", journal.backend());
        overrides.put("rhcc.journal.url", journal.url());
        overrides.put("rhcc.journal.h2.user", journal.user());
        overrides.put("rhcc.journal.h2.password", journal.password());
        overrides.put("rhcc.journal.postgres.user", journal.user());
        overrides.put("rhcc.journal.postgres.password", journal.password());
        overrides.put("pekko.actor.provider", "local");
        overrides.put("pekko.loglevel", "WARNING");
        final Config config = RhccConfig.load(null, overrides).withFallback(ConfigFactory.load());
        final ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "rhcc-replay", config);
        try
        {
            final JdbcReadJournal read = PersistenceQuery.get(system)
                .getReadJournalFor(JdbcReadJournal.class, JdbcReadJournal.Identifier());
            final List<String> ids = read.currentPersistenceIds().runWith(Sink.seq(), system)
                .toCompletableFuture().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            final Map<String, List<Object>> events = new TreeMap<>();
            for (final String id : ids)
            {
                final List<EventEnvelope> envelopes = read.currentEventsByPersistenceId(id, 0L, Long.MAX_VALUE)
                    .runWith(Sink.seq(), system).toCompletableFuture().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                final List<Object> list = new ArrayList<>(envelopes.size());
                for (final EventEnvelope envelope : envelopes)
                {
                    list.add(envelope.event());
                }
                events.put(id, list);
            }
            return events;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the journal", ex);
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException("cannot read the journal " + journal.describe() + ": " + ex, ex);
        }
        finally
        {
            system.terminate();
            try
            {
                system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
            }
            catch (final Exception ignore)
            {
                // best effort
            }
        }
    }
}
