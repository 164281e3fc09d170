package org.rhcc.metrics;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.rhcc.actors.config.JournalSettings;

/**
 * Whether a node's journal answers: a fresh JDBC connection and {@code Connection.isValid}, on a thread of its own so
 * that a database that does not answer costs the caller {@link #TIMEOUT} at most (a PostgreSQL connection also gets
 * it as its connect and socket timeouts). The verdict is kept for {@link #KEEP} so that a readiness probe polled often
 * opens at most one connection a second.
 */
final class JournalProbe implements AutoCloseable
{
    /** Longest a check may take. */
    static final Duration TIMEOUT = Duration.ofSeconds(2);
    /** How long a verdict is reused. */
    static final Duration KEEP = Duration.ofSeconds(1);

    private final JournalSettings journal;
    private final ExecutorService executor = Executors.newSingleThreadExecutor((runnable) ->
    {
        final Thread thread = new Thread(runnable, "rhcc-journal-probe");
        thread.setDaemon(true);
        return thread;
    });
    private Future<String> running;
    private boolean checked;
    private String verdict;
    private long verdictAtNs;

    /**
     * @param journal the node's journal.
     */
    JournalProbe(final JournalSettings journal)
    {
        this.journal = journal;
    }

    /**
     * @return null if the journal answered, else why not (one line).
     */
    synchronized String problem()
    {
        final long nowNs = System.nanoTime();
        if (checked && nowNs - verdictAtNs < KEEP.toNanos())
        {
            return verdict;
        }
        if (null == running)
        {
            running = executor.submit(this::check);
        }
        try
        {
            verdict = running.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            running = null;
        }
        catch (final TimeoutException ex)
        {
            // the check goes on; the next probe waits for it again
            verdict = "journal " + journal.describe() + " did not answer within " + TIMEOUT.toSeconds() + " s";
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return "interrupted while checking the journal";
        }
        catch (final Exception ex)
        {
            running = null;
            verdict = "journal " + journal.describe() + " unreachable: " + ex.getCause();
        }
        checked = true;
        verdictAtNs = nowNs;
        return verdict;
    }

    private String check()
    {
        final Properties properties = new Properties();
        properties.setProperty("user", journal.user());
        properties.setProperty("password", journal.password());
        if (JournalSettings.POSTGRES.equals(journal.backend()))
        {
            properties.setProperty("connectTimeout", Long.toString(TIMEOUT.toSeconds()));
            properties.setProperty("socketTimeout", Long.toString(TIMEOUT.toSeconds()));
        }
        try (Connection connection = DriverManager.getConnection(journal.url(), properties))
        {
            return connection.isValid((int)TIMEOUT.toSeconds()) ? null :
                "journal " + journal.describe() + " did not validate a connection";
        }
        catch (final SQLException ex)
        {
            final String message = String.valueOf(ex.getMessage());
            final int newline = message.indexOf('\n');
            return "journal " + journal.describe() + " unreachable: " +
                (newline < 0 ? message : message.substring(0, newline));
        }
    }

    /**
     * Stops the probe's thread.
     */
    public void close()
    {
        executor.shutdownNow();
    }
}
