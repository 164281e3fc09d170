package org.rhcc.actors.node;

import java.io.File;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.agrona.IoUtil;
import org.apache.pekko.Done;
import org.apache.pekko.actor.CoordinatedShutdown;

/**
 * A node its cluster downed stops within {@link #LIMIT_MS}, exit status 1, with one line on stderr
 * ({@link NodeDowned}): once Pekko's coordinated shutdown starts for the downing, a watchdog gives the orderly stop
 * (sessions ended and journaled, driver closed and its directory removed) that long, then says the line itself,
 * removes the driver's directory and halts. A downed node must not linger: it answers {@code /health} while its
 * sessions have moved to a standby, and its shard regions may wait out every phase timeout on members that no longer
 * answer it (README, "Running a cluster by hand").
 */
public final class DownedExit
{
    /** Longest a downed node takes to exit, from the start of its coordinated shutdown, ms. */
    static final long LIMIT_MS = 4_000;
    private static final AtomicBoolean SAID = new AtomicBoolean();

    private DownedExit()
    {
    }

    /**
     * Arms the watchdog for a joined node.
     *
     * @param node the node.
     */
    static void watch(final RhccNode node)
    {
        CoordinatedShutdown.get(node.system()).addTask(CoordinatedShutdown.PhaseBeforeServiceUnbind(),
            "rhcc-downed-exit", () ->
            {
                if (NodeMain.downed(node))
                {
                    final Thread watchdog = new Thread(() -> halt(node), "rhcc-downed-exit");
                    watchdog.setDaemon(true);
                    watchdog.start();
                }
                return CompletableFuture.completedFuture(Done.done());
            });
    }

    private static void halt(final RhccNode node)
    {
        try
        {
            TimeUnit.MILLISECONDS.sleep(LIMIT_MS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        say(new NodeDowned(node.settings().archiveName()).getMessage());
        IoUtil.delete(new File(node.driver().aeronDirectoryName()), true);
        Runtime.getRuntime().halt(1);
    }

    /**
     * @return true for the first caller only: it prints the downed node's last line (the watchdog and the command's
     * own error handling may both get there).
     */
    public static boolean claimLastLine()
    {
        return SAID.compareAndSet(false, true);
    }

    /**
     * Prints the node's last line once, whoever gets there first (the orderly stop or the watchdog).
     *
     * @param message the line, without the command's prefix.
     */
    static void say(final String message)
    {
        if (claimLastLine())
        {
            System.err.println("rhcc node: " + message);
            System.err.flush();
        }
    }
}
