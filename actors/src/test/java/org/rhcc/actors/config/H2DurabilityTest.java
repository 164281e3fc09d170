package org.rhcc.actors.config;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The H2 journal's URL commits durably (docs/design.md §7, "Durability"): a child JVM inserts rows one auto-commit at a
 * time through {@link JournalSettings#h2Url} and prints each acknowledged id; it is killed with SIGKILL
 * ({@link ProcessHandle#destroyForcibly()}) mid-stream, and every acknowledged row must be in the file. With H2's
 * default write delay (500 ms) the last second of acknowledged rows was lost. The three kills (after 200, 400 and 600
 * rows) run side by side, each on a database of its own.
 */
class H2DurabilityTest
{
    private static final int KILLS = 3;

    @Test
    void shouldKeepEveryAcknowledgedCommitAcrossKillDashNine(@TempDir final Path dir) throws Exception
    {
        // the kills are independent (a database file and a writer JVM each), so they run side by side
        final ExecutorService pool = Executors.newFixedThreadPool(KILLS);
        try
        {
            final List<Future<String>> kills = new ArrayList<>();
            for (int kill = 1; kill <= KILLS; kill++)
            {
                final int k = kill;
                kills.add(pool.submit(() -> killMidStream(dir, k)));
            }
            for (final Future<String> kill : kills)
            {
                final String lost = kill.get();
                assertTrue(lost.isEmpty(), lost);
            }
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    /**
     * Starts a writer on a database of its own, kills it with SIGKILL once it acknowledged {@code 200 * kill} rows,
     * and compares the rows stored with the rows acknowledged.
     *
     * @return empty if every acknowledged row is stored, otherwise what was lost.
     */
    private static String killMidStream(final Path dir, final int kill) throws Exception
    {
        final String url = JournalSettings.h2Url(dir.resolve("journal-" + kill));
        final Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
            .toString(), "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path") +
            File.pathSeparator + System.getProperty("surefire.test.class.path", ""), Writer.class.getName(), url)
            .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long acknowledged = 0;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(),
            StandardCharsets.US_ASCII)))
        {
            final long stopAt = 200L * kill;
            String line;
            while (null != (line = out.readLine()))
            {
                acknowledged = Long.parseLong(line);
                if (acknowledged >= stopAt)
                {
                    break;
                }
            }
            // SIGKILL through the process handle, which leaves the pipe open: rows acknowledged after the one
            // that triggered the kill count too
            writer.toHandle().destroyForcibly();
            while (null != (line = out.readLine()))
            {
                acknowledged = Long.parseLong(line);
            }
        }
        finally
        {
            writer.destroyForcibly();
            assertTrue(writer.waitFor(30, TimeUnit.SECONDS), "the writer did not exit");
        }
        final long stored = stored(url);
        return stored >= acknowledged ? "" : "kill " + kill + ": " + acknowledged + " rows acknowledged but " +
            stored + " stored";
    }

    private static long stored(final String url) throws Exception
    {
        try (Connection c = DriverManager.getConnection(url, "sa", "");
            ResultSet rows = c.createStatement().executeQuery("SELECT COALESCE(MAX(id), 0) FROM t"))
        {
            rows.next();
            return rows.getLong(1);
        }
    }

    /**
     * The child: inserts rows 1, 2, ... one auto-commit each, printing each id once its commit returned.
     */
    public static final class Writer
    {
        private Writer()
        {
        }

        /**
         * @param args the JDBC URL.
         * @throws Exception if the database fails.
         */
        public static void main(final String[] args) throws Exception
        {
            try (Connection c = DriverManager.getConnection(args[0], "sa", ""))
            {
                c.createStatement().execute("CREATE TABLE t(id BIGINT PRIMARY KEY, v VARCHAR(64))");
                final PreparedStatement insert = c.prepareStatement("INSERT INTO t VALUES (?, 'decision')");
                for (long id = 1; ; id++)
                {
                    insert.setLong(1, id);
                    insert.executeUpdate();
                    System.out.println(id);
                    System.out.flush();
                }
            }
        }
    }
}
