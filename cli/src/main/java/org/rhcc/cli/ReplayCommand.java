package org.rhcc.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.agrona.IoUtil;
import org.rhcc.actors.config.JournalSettings;
import org.rhcc.actors.replay.DecisionReplayer;
import org.rhcc.actors.replay.JournalReader;
import org.rhcc.actors.replay.ReplayReport;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rhcc replay --journal FILE|URL --recording DIR}: feeds a cluster run's recorded signals to fresh controllers
 * built from the journaled configuration and checks that every journaled decision is reproduced. Exit 0 if it is,
 * {@value RhccCommand#EXIT_FAILURE} with the first divergence if not.
 */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Replays a cluster run's recorded signals through fresh controllers and checks the journal of decisions.",
        "Exit 0: every journaled decision reproduced; exit 1: the first divergence is printed.",
    })
public final class ReplayCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--journal", paramLabel = "FILE|URL", required = true,
        description = "The H2 journal file (e.g. results/cluster/journal.mv.db) or a jdbc:h2:/jdbc:postgresql: URL.")
    private String journal;

    @Option(names = "--recording", paramLabel = "DIR", required = true,
        description = "The run's archive directory (e.g. results/cluster/archive); repeatable.")
    private List<Path> recordings;

    @Override
    public Integer call()
    {
        // initialise logging on this thread before Pekko's threads log concurrently (no SLF4J replay warnings)
        org.slf4j.LoggerFactory.getLogger("rhcc");
        if (!journal.startsWith("jdbc:"))
        {
            requireH2File();
        }
        for (final Path dir : recordings)
        {
            if (!Files.isDirectory(dir))
            {
                throw new UsageException("--recording " + dir + " is not a directory");
            }
        }
        final JournalSettings settings;
        try
        {
            settings = JournalSettings.of(journal);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UsageException(ex.getMessage());
        }
        final Path scratch;
        try
        {
            scratch = Files.createTempDirectory("rhcc-replay");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create a scratch directory: " + ex.getMessage(), ex);
        }
        final ReplayReport report;
        try
        {
            report = new DecisionReplayer(new JournalReader(settings), recordings, scratch).replay();
        }
        catch (final RuntimeException ex)
        {
            final java.sql.SQLException sql = sqlCause(ex);
            if (null == sql)
            {
                throw ex;
            }
            throw new UsageException("cannot read the journal " + journal + ": " +
                RhccCommand.firstLine(sql.getMessage()) + " (is it the journal of an rhcc cluster run?)");
        }
        finally
        {
            IoUtil.delete(scratch.toFile(), true);
        }
        final PrintWriter out = spec.commandLine().getOut();
        out.println(report.summary());
        for (int i = 1; i < report.divergences().size(); i++)
        {
            out.println("also diverged: " + report.divergences().get(i));
        }
        out.flush();
        return report.reproduced() ? RhccCommand.EXIT_OK : RhccCommand.EXIT_FAILURE;
    }

    /**
     * An H2 journal is {@code NAME.mv.db}; H2 would create one that does not exist (or fill an empty file), and the
     * replay would then fail on its missing tables.
     */
    private void requireH2File()
    {
        final Path file = Path.of(journal.endsWith(".mv.db") ? journal : journal + ".mv.db");
        if (!Files.isRegularFile(file))
        {
            throw new UsageException("--journal " + journal + " is neither a JDBC URL nor an H2 database file " +
                "(NAME.mv.db; a node's is ${rhcc.work-dir}/journal.mv.db)");
        }
        try
        {
            if (0 == Files.size(file))
            {
                throw new UsageException("--journal " + file + " is empty: not an rhcc journal (a node's is " +
                    "${rhcc.work-dir}/journal.mv.db)");
            }
        }
        catch (final IOException ex)
        {
            throw new UsageException("--journal " + file + " cannot be read: " + ex.getMessage());
        }
    }

    private static java.sql.SQLException sqlCause(final Throwable ex)
    {
        for (Throwable t = ex; null != t; t = t.getCause())
        {
            if (t instanceof java.sql.SQLException sql)
            {
                return sql;
            }
        }
        return null;
    }
}
