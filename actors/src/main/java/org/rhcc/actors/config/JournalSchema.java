package org.rhcc.actors.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Creates the journal's tables from the DDL shipped in the pekko-persistence-jdbc jar, idempotently: the jar's
 * {@code CREATE UNIQUE INDEX} lacks {@code IF NOT EXISTS}, so a second start would fail; it is patched here
 * (docs/design.md §8.5). On PostgreSQL the DDL runs under an advisory lock, so that nodes starting at once on a fresh
 * database do not race, and it also checks that commits are durable ({@code synchronous_commit} not off;
 * docs/design.md §7).
 */
public final class JournalSchema
{
    /** H2's error code for a database file another process has open (DATABASE_ALREADY_OPEN_1). */
    private static final int H2_ALREADY_OPEN = 90020;
    /** H2's error code for a server that could not be reached (CONNECTION_BROKEN_1). */
    private static final int H2_CONNECTION_BROKEN = 90067;
    private static final long H2_SERVER_RETRY_NS = 10_000_000_000L;
    private static final long H2_SERVER_RETRY_MS = 100;
    /** Key of the PostgreSQL advisory lock held while the DDL runs ("rhcc" in ASCII). */
    private static final long POSTGRES_DDL_LOCK = 0x72686363L;
    private static final long DDL_LOCK_TIMEOUT_NS = 60_000_000_000L;
    private static final long DDL_LOCK_POLL_MS = 20;

    private JournalSchema()
    {
    }

    /**
     * Creates any missing table, sequence and index.
     *
     * @param settings the journal.
     * @throws IllegalArgumentException on one line naming the database and what to check, if it cannot be reached or
     *                                  the DDL fails.
     */
    public static void ensure(final JournalSettings settings)
    {
        final List<String> statements = statements(settings.schemaResource());
        try (Connection connection = connect(settings); Statement statement = connection.createStatement())
        {
            if (JournalSettings.POSTGRES.equals(settings.backend()))
            {
                lockDdl(statement);
            }
            for (final String sql : statements)
            {
                statement.execute(sql);
            }
            if (JournalSettings.POSTGRES.equals(settings.backend()))
            {
                requireSynchronousCommit(statement, settings);
            }
        }
        catch (final SQLException ex)
        {
            throw new IllegalArgumentException("cannot open the journal " + settings.describe() + ": " +
                firstLine(ex.getMessage()) + " (" + fix(settings, ex) + ")", ex);
        }
    }

    /**
     * Opens a connection. With H2's {@code AUTO_SERVER} the first process to open the file serves it to the others
     * (the nodes of a local cluster share one journal file); a node that reads that server's address from the lock
     * file just as the serving process closes its last connection, and with it the server, is refused. It tries
     * again for up to 10 s, and then either opens the file itself or reaches the server of whoever did.
     */
    private static Connection connect(final JournalSettings settings) throws SQLException
    {
        final long deadlineNs = System.nanoTime() + H2_SERVER_RETRY_NS;
        while (true)
        {
            try
            {
                return DriverManager.getConnection(settings.url(), settings.user(), settings.password());
            }
            catch (final SQLException ex)
            {
                if (!JournalSettings.H2.equals(settings.backend()) || ex.getErrorCode() != H2_CONNECTION_BROKEN ||
                    System.nanoTime() - deadlineNs > 0)
                {
                    throw ex;
                }
            }
            try
            {
                Thread.sleep(H2_SERVER_RETRY_MS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while waiting for the H2 journal's server", ex);
            }
        }
    }

    /**
     * CREATE ... IF NOT EXISTS is not safe against a concurrent creation of the same table in PostgreSQL (a unique
     * violation in pg_type): nodes starting together on a fresh database take turns under a session advisory lock,
     * which goes with the connection. It is polled rather than waited for: the DDL's CREATE INDEX CONCURRENTLY waits
     * for every open transaction, and a session blocked in pg_advisory_lock would be one (a deadlock).
     */
    private static void lockDdl(final Statement statement) throws SQLException
    {
        final long deadlineNs = System.nanoTime() + DDL_LOCK_TIMEOUT_NS;
        while (true)
        {
            try (java.sql.ResultSet rows = statement.executeQuery("SELECT pg_try_advisory_lock(" +
                POSTGRES_DDL_LOCK + ")"))
            {
                if (rows.next() && rows.getBoolean(1))
                {
                    return;
                }
            }
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new SQLException("another node has held the journal's schema lock (pg_advisory_lock " +
                    POSTGRES_DDL_LOCK + ") for " + DDL_LOCK_TIMEOUT_NS / 1_000_000_000L + " s");
            }
            try
            {
                Thread.sleep(DDL_LOCK_POLL_MS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted waiting for the journal's schema lock", ex);
            }
        }
    }

    private static String fix(final JournalSettings settings, final SQLException ex)
    {
        if (JournalSettings.H2.equals(settings.backend()))
        {
            return ex.getErrorCode() == H2_ALREADY_OPEN ? "another process holds the H2 file without AUTO_SERVER " +
                "(an H2 console or tool): stop it, or point rhcc.work-dir elsewhere" :
                "check rhcc.work-dir and rhcc.journal.h2: the directory must be writable";
        }
        return String.valueOf(ex.getSQLState()).startsWith("08") ? "check the host and port of " +
            "rhcc.journal.postgres.url and that PostgreSQL accepts connections there" :
            "check rhcc.journal.postgres: the database must exist and the user may create tables in it";
    }

    private static String firstLine(final String message)
    {
        final String m = String.valueOf(message).strip();
        final int end = m.indexOf('\n');
        return end < 0 ? m : m.substring(0, end).strip();
    }

    /**
     * A journal write is acknowledged only once it is durable (docs/design.md §7, "Durability"): PostgreSQL's
     * {@code synchronous_commit} must not be off.
     */
    private static void requireSynchronousCommit(final Statement statement, final JournalSettings settings)
        throws SQLException
    {
        try (java.sql.ResultSet rows = statement.executeQuery("SHOW synchronous_commit"))
        {
            if (rows.next() && "off".equalsIgnoreCase(rows.getString(1)))
            {
                throw new IllegalStateException("synchronous_commit is off in " + settings.describe() + ": journal " +
                    "writes would be acknowledged before they are durable; set it on (ALTER SYSTEM SET " +
                    "synchronous_commit = on, or for the journal's role: ALTER ROLE ... SET synchronous_commit = on)");
            }
        }
    }

    /**
     * @param resource DDL resource.
     * @return its statements, each patched to be idempotent.
     */
    static List<String> statements(final String resource)
    {
        final String ddl;
        try (InputStream in = JournalSchema.class.getClassLoader().getResourceAsStream(resource))
        {
            if (null == in)
            {
                throw new IllegalStateException("DDL resource " + resource + " is missing from the classpath " +
                    "(it ships in the pekko-persistence-jdbc jar)");
            }
            ddl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read " + resource, ex);
        }
        final List<String> statements = new ArrayList<>();
        for (final String raw : ddl.split(";"))
        {
            final String sql = raw.trim();
            if (!sql.isEmpty())
            {
                statements.add(patch(sql));
            }
        }
        return statements;
    }

    /**
     * @param sql one DDL statement.
     * @return the statement with {@code IF NOT EXISTS} added to index creation where it is missing.
     */
    static String patch(final String sql)
    {
        final String upper = sql.toUpperCase(java.util.Locale.ROOT);
        if (upper.startsWith("CREATE UNIQUE INDEX ") && !upper.startsWith("CREATE UNIQUE INDEX IF NOT EXISTS"))
        {
            return "CREATE UNIQUE INDEX IF NOT EXISTS " + sql.substring("CREATE UNIQUE INDEX ".length());
        }
        if (upper.startsWith("CREATE INDEX CONCURRENTLY ") &&
            !upper.startsWith("CREATE INDEX CONCURRENTLY IF NOT EXISTS"))
        {
            return "CREATE INDEX CONCURRENTLY IF NOT EXISTS " + sql.substring("CREATE INDEX CONCURRENTLY ".length());
        }
        if (upper.startsWith("CREATE INDEX ") && !upper.startsWith("CREATE INDEX IF NOT EXISTS") &&
            !upper.startsWith("CREATE INDEX CONCURRENTLY"))
        {
            return "CREATE INDEX IF NOT EXISTS " + sql.substring("CREATE INDEX ".length());
        }
        return sql;
    }
}
