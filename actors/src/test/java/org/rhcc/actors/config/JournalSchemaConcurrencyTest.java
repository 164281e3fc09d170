package org.rhcc.actors.config;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Nodes that start together on a fresh PostgreSQL database create the journal's tables at the same moment; each must
 * start (PostgreSQL's CREATE TABLE IF NOT EXISTS alone fails one of two concurrent creations). Local PostgreSQL as in
 * {@link PostgresJournalTest}; skipped where no server listens.
 */
@Tag("postgres")
class JournalSchemaConcurrencyTest
{
    private static final int NODES = 4;

    @Test
    void shouldCreateTheSchemaFromNodesStartingTogether() throws Exception
    {
        Assumptions.assumeTrue(LocalPostgres.listening(), "no PostgreSQL on 127.0.0.1:5432");
        final String database = "rhcc_schema_" + Long.toHexString(System.nanoTime());
        admin("CREATE DATABASE " + database);
        final ExecutorService pool = Executors.newFixedThreadPool(NODES);
        try
        {
            final JournalSettings journal = JournalSettings.from(RhccConfig.load(null, Map.of(
                "rhcc.journal.backend", "postgres", "pekko.actor.provider", "local",
                "rhcc.journal.postgres.url", "jdbc:postgresql://127.0.0.1:5432/" + database)));
            final CyclicBarrier start = new CyclicBarrier(NODES);
            final List<Future<?>> nodes = new ArrayList<>();
            for (int i = 0; i < NODES; i++)
            {
                nodes.add(pool.submit(() ->
                {
                    start.await(10, TimeUnit.SECONDS);
                    JournalSchema.ensure(journal);
                    return null;
                }));
            }
            for (final Future<?> node : nodes)
            {
                node.get(60, TimeUnit.SECONDS);
            }
        }
        finally
        {
            pool.shutdownNow();
            admin("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
        }
    }

    private static void admin(final String sql) throws Exception
    {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", ""))
        {
            c.createStatement().execute(sql);
        }
    }
}
