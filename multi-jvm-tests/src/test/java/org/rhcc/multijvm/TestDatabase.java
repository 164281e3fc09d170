package org.rhcc.multijvm;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Set;
import java.util.TreeSet;

/**
 * A fresh PostgreSQL database on the local server (127.0.0.1:5432, user postgres, trust authentication), named
 * {@code rhcc_mj_<random hex>}, dropped on {@link #close()} even while nodes still hold connections to it. A test that
 * needs it fails, naming the server, when none listens: the journal of a hand-started cluster is its shared database.
 */
final class TestDatabase implements AutoCloseable
{
    /** The server's host and port. */
    static final String SERVER = "127.0.0.1:5432";
    /** The user every database is created and used with. */
    static final String USER = "postgres";
    private static final String ADMIN_URL = "jdbc:postgresql://" + SERVER + "/postgres";
    private static final int NAME_BYTES = 6;

    private final String name;

    private TestDatabase(final String name)
    {
        this.name = name;
    }

    /**
     * @return a new, empty database.
     * @throws IllegalStateException naming the server and the cause when it cannot be created.
     */
    static TestDatabase create()
    {
        final TestDatabase database = unique();
        final String name = database.name;
        try (Connection connection = admin(); Statement statement = connection.createStatement())
        {
            statement.execute("CREATE DATABASE " + name);
        }
        catch (final SQLException ex)
        {
            throw new IllegalStateException("cannot create database " + name + " on PostgreSQL at " + SERVER +
                " as user " + USER + " without a password: " + ex.getMessage() + " (these tests need a PostgreSQL " +
                "server there with trust authentication for " + USER + ")", ex);
        }
        return database;
    }

    /**
     * @return a database of a fresh name, not yet created (an operator's {@code createdb} makes it); {@link #close()}
     * drops it if it exists.
     */
    static TestDatabase unique()
    {
        final byte[] random = new byte[NAME_BYTES];
        new SecureRandom().nextBytes(random);
        return new TestDatabase("rhcc_mj_" + HexFormat.of().formatHex(random));
    }

    String name()
    {
        return name;
    }

    /**
     * @return its JDBC URL.
     */
    String url()
    {
        return "jdbc:postgresql://" + SERVER + "/" + name;
    }

    /**
     * @return the names of the tables of its public schema.
     * @throws SQLException if the database cannot be read.
     */
    Set<String> tables() throws SQLException
    {
        final Set<String> tables = new TreeSet<>();
        try (Connection connection = DriverManager.getConnection(url(), USER, "");
            ResultSet rows = connection.createStatement().executeQuery(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))
        {
            while (rows.next())
            {
                tables.add(rows.getString(1));
            }
        }
        return tables;
    }

    /**
     * Drops the database, closing the connections still open to it.
     */
    @Override
    public void close()
    {
        try (Connection connection = admin(); Statement statement = connection.createStatement())
        {
            statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        }
        catch (final SQLException ex)
        {
            throw new IllegalStateException("cannot drop database " + name + " on " + SERVER + ": " +
                ex.getMessage(), ex);
        }
    }

    private static Connection admin() throws SQLException
    {
        return DriverManager.getConnection(ADMIN_URL, USER, "");
    }
}
