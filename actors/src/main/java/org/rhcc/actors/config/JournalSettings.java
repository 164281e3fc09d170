package org.rhcc.actors.config;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;

/**
 * Where the journals live: embedded H2 (a file database under the run's work area, shared between the JVMs of one
 * host through H2's automatic mixed mode) or PostgreSQL. Produces the {@code pekko-persistence-jdbc} settings for the
 * chosen backend and names the DDL the schema is created from.
 *
 * @param backend  {@code h2} or {@code postgres}.
 * @param url      JDBC URL.
 * @param user     database user.
 * @param password database password.
 */
public record JournalSettings(String backend, String url, String user, String password)
{
    /** Embedded H2 file database. */
    public static final String H2 = "h2";
    /** PostgreSQL. */
    public static final String POSTGRES = "postgres";

    /**
     * Reads {@code rhcc.journal}: an explicit {@code url} wins; otherwise the backend's own keys.
     *
     * @param config resolved node configuration.
     * @throws IllegalArgumentException for an unknown backend.
     */
    public static JournalSettings from(final Config config)
    {
        final Config j = config.getConfig("rhcc.journal");
        final String backend = j.getString("backend").trim().toLowerCase(Locale.ROOT);
        final String explicitUrl = j.getString("url").trim();
        switch (backend)
        {
            case H2:
                return new JournalSettings(H2, explicitUrl.isEmpty() ? h2Url(Path.of(j.getString("h2.path"))) :
                    explicitUrl, j.getString("h2.user"), j.getString("h2.password"));
            case POSTGRES:
                return new JournalSettings(POSTGRES, explicitUrl.isEmpty() ? j.getString("postgres.url") :
                    explicitUrl, j.getString("postgres.user"), j.getString("postgres.password"));
            default:
                throw new IllegalArgumentException("rhcc.journal.backend = '" + backend + "': use h2 or postgres");
        }
    }

    /**
     * The URL of an H2 file journal. {@code WRITE_DELAY=0}: every commit is written to the database file before it
     * is acknowledged, so a journal write that returned survives a kill -9 of the JVM (H2's default, 500 ms, lost the
     * last second of acknowledged rows; docs/design.md §7). The file is not fsynced per commit: a power loss may
     * still lose the last commits.
     *
     * @param path H2 database path without the {@code .mv.db} suffix.
     * @return the URL of the file database in automatic mixed mode, so several JVMs of one host can share it.
     */
    public static String h2Url(final Path path)
    {
        String p = path.toAbsolutePath().normalize().toString();
        if (p.endsWith(".mv.db"))
        {
            p = p.substring(0, p.length() - ".mv.db".length());
        }
        return "jdbc:h2:file:" + p + ";AUTO_SERVER=TRUE;WRITE_DELAY=0";
    }

    /**
     * @param urlOrFile a JDBC URL, or the path of an H2 database file ({@code journal.mv.db} or without suffix).
     * @return the settings of that journal.
     */
    public static JournalSettings of(final String urlOrFile)
    {
        if (urlOrFile.startsWith("jdbc:postgresql:"))
        {
            return new JournalSettings(POSTGRES, urlOrFile, "postgres", "");
        }
        if (urlOrFile.startsWith("jdbc:h2:"))
        {
            return new JournalSettings(H2, urlOrFile, "sa", "");
        }
        if (urlOrFile.startsWith("jdbc:"))
        {
            throw new IllegalArgumentException("journal URL '" + urlOrFile + "': only jdbc:h2: and jdbc:postgresql: " +
                "are supported");
        }
        return new JournalSettings(H2, h2Url(Path.of(urlOrFile)), "sa", "");
    }

    /**
     * @return the Slick profile of the backend.
     */
    public String slickProfile()
    {
        return H2.equals(backend) ? "slick.jdbc.H2Profile$" : "slick.jdbc.PostgresProfile$";
    }

    /**
     * @return the JDBC driver class of the backend.
     */
    public String driverClass()
    {
        return H2.equals(backend) ? "org.h2.Driver" : "org.postgresql.Driver";
    }

    /**
     * @return the classpath resource (inside the pekko-persistence-jdbc jar) holding the backend's DDL.
     */
    public String schemaResource()
    {
        return H2.equals(backend) ? "schema/h2/h2-create-schema.sql" : "schema/postgres/postgres-create-schema.sql";
    }

    /**
     * @return the settings that point pekko-persistence-jdbc's shared database at this journal, to be layered over
     * the node's configuration.
     */
    public Config pekkoOverlay()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        final String db = "pekko-persistence-jdbc.shared-databases.slick";
        m.put(db + ".profile", slickProfile());
        m.put(db + ".db.url", url);
        m.put(db + ".db.user", user);
        m.put(db + ".db.password", password);
        m.put(db + ".db.driver", driverClass());
        m.put("rhcc.journal.resolved-url", url);
        return ConfigFactory.parseMap(m);
    }

    /**
     * @return the URL with any password removed, for log lines and reports.
     */
    public String describe()
    {
        return backend + " " + url;
    }
}
