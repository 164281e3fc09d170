package org.rhcc.actors.node;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;

import com.typesafe.config.Config;
import org.agrona.CloseHelper;
import org.apache.pekko.actor.CoordinatedShutdown;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.config.RhccConfig;
import org.rhcc.actors.context.AutostartFailed;
import org.rhcc.actors.context.ReceiverHardware;

/**
 * Runs one node until it is stopped: {@code NodeMain [--role R[,R]]... [--config FILE] [--exit-on-stdin-eof]}.
 * The entry point of the child JVMs of a local cluster, whose receivers run against the simulated platform; the
 * {@code rhcc node} command runs a node through {@link #run(Config, ReceiverHardware, boolean)}, with the host's
 * hardware when the receiver controls this host. Whatever happens, the JVM exits (a failed start must not leave it
 * hanging on Pekko's threads, docs/design.md §8.2); a bad setting, a port in use, an unreachable journal or a cluster
 * not joined within {@code rhcc.node.join-timeout} is one line on stderr and exit status 2. "rhcc node up" is printed
 * once the node is {@code Up} in its cluster.
 */
public final class NodeMain
{
    private NodeMain()
    {
    }

    /**
     * @param args command-line arguments.
     */
    public static void main(final String[] args)
    {
        int exit = 0;
        try
        {
            final List<String> roles = new ArrayList<>();
            Path config = null;
            boolean stdinWatch = false;
            for (int i = 0; i < args.length; i++)
            {
                switch (args[i])
                {
                    case "--role":
                        roles.addAll(Arrays.asList(value(args, ++i, "--role").split(",")));
                        break;
                    case "--config":
                        config = Path.of(value(args, ++i, "--config"));
                        break;
                    case "--exit-on-stdin-eof":
                        stdinWatch = true;
                        break;
                    default:
                        throw new IllegalArgumentException("unknown argument '" + args[i] +
                            "': use --role receiver|sender|sim, --config FILE");
                }
            }
            run(roles, config, stdinWatch);
        }
        catch (final IllegalArgumentException ex)
        {
            // a bad setting: one line saying what and what to do
            System.err.println("rhcc node: " + ex.getMessage());
            exit = 2;
        }
        catch (final NodeDowned ex)
        {
            DownedExit.say(ex.getMessage());
            exit = 1;
        }
        catch (final Throwable t)
        {
            System.err.println("rhcc node: " + t);
            t.printStackTrace();
            exit = 2;
        }
        System.exit(exit);
    }

    /**
     * Starts a node whose receiver, if it has the role, runs against the simulated platform, and blocks like
     * {@link #run(Config, ReceiverHardware, boolean)}.
     *
     * @param roles      roles (empty: those of the configuration).
     * @param config     configuration file, or null.
     * @param stdinWatch true to stop when standard input reaches its end.
     * @throws IllegalArgumentException for a bad role or setting, or when the node shut itself down because its
     *                                  configured session did not open ({@link AutostartFailed}).
     */
    public static void run(final List<String> roles, final Path config, final boolean stdinWatch)
    {
        run(load(roles, config), null, stdinWatch);
    }

    /**
     * @param roles  roles (empty: those of the configuration).
     * @param config configuration file, or null.
     * @return the node's resolved configuration, with the roles.
     * @throws IllegalArgumentException for a bad role or configuration file.
     */
    public static Config load(final List<String> roles, final Path config)
    {
        final Map<String, Object> overrides = new LinkedHashMap<>();
        if (!roles.isEmpty())
        {
            final List<String> trimmed = new ArrayList<>();
            for (final String role : roles)
            {
                final String r = role.trim();
                if (!NodeSettings.ROLE_RECEIVER.equals(r) && !NodeSettings.ROLE_SENDER.equals(r) &&
                    !NodeSettings.ROLE_SIM.equals(r))
                {
                    throw new IllegalArgumentException("--role '" + role + "' must be receiver, sender or sim");
                }
                trimmed.add(r);
            }
            overrides.put("pekko.cluster.roles", trimmed);
        }
        return RhccConfig.load(config, overrides);
    }

    /**
     * Starts a node, waits until it has joined its cluster, then blocks until its actor system terminates, the JVM
     * shuts down or, if asked, standard input closes.
     *
     * @param config     the node's resolved configuration ({@link #load}).
     * @param hardware   the receiver host's open hardware, which the node owns from now on; null for the simulated
     *                   platform.
     * @param stdinWatch true to stop when standard input reaches its end.
     * @throws IllegalArgumentException for a bad setting, a cluster not joined in time, or when the node shut itself
     *                                  down because its configured session did not open ({@link AutostartFailed}).
     */
    public static void run(final Config config, final ReceiverHardware hardware, final boolean stdinWatch)
    {
        run(config, hardware, stdinWatch, null);
    }

    /**
     * Like {@link #run(Config, ReceiverHardware, boolean)}, with something the node hosts once it has joined (the
     * simulated platform of a {@code sim} node), closed before the node.
     *
     * @param config     the node's resolved configuration ({@link #load}).
     * @param hardware   the receiver host's open hardware, or null.
     * @param stdinWatch true to stop when standard input reaches its end.
     * @param hosted     started with the joined node; null for nothing.
     * @throws IllegalArgumentException as {@link #run(Config, ReceiverHardware, boolean)}.
     */
    public static void run(final Config config, final ReceiverHardware hardware, final boolean stdinWatch,
        final Function<RhccNode, AutoCloseable> hosted)
    {
        final RhccNode node = RhccNode.start(config, hardware);
        final AutoCloseable extension = joined(node, hosted);
        DownedExit.watch(node);
        final CountDownLatch stop = new CountDownLatch(1);
        final Thread hook = shutdownHook(node, extension, stop);
        Runtime.getRuntime().addShutdownHook(hook);
        node.system().getWhenTerminated().thenRun(stop::countDown);
        if (stdinWatch)
        {
            watchStdin(stop);
        }
        System.out.println("rhcc node up: " + node.address() + " roles " + node.settings().roles());
        System.out.flush();
        try
        {
            stop.await();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        final boolean downed = downed(node);
        closeAfterStop(node, hook, extension, downed);
        throwIfAutostartFailed(node);
        if (downed)
        {
            throw new NodeDowned(node.settings().archiveName());
        }
    }

    /**
     * Waits until the node has joined its cluster, then starts what it hosts; on failure closes the node.
     *
     * @return what the node hosts, or null.
     */
    private static AutoCloseable joined(final RhccNode node, final Function<RhccNode, AutoCloseable> hosted)
    {
        try
        {
            node.awaitJoined();
            return null == hosted ? null : hosted.apply(node);
        }
        catch (final RuntimeException ex)
        {
            node.close();
            throwIfAutostartFailed(node);
            throw ex;
        }
    }

    /**
     * @return a hook that closes the hosted extension and the node on SIGTERM, then releases {@code stop}.
     */
    private static Thread shutdownHook(final RhccNode node, final AutoCloseable extension, final CountDownLatch stop)
    {
        return new Thread(() ->
        {
            try
            {
                CloseHelper.quietClose(extension);
                node.close();
            }
            catch (final RuntimeException ex)
            {
                // SIGTERM: whatever did not close cleanly is one line, never a stack trace
                System.err.println("rhcc node: stopped, but not cleanly: " + ex);
            }
            stop.countDown();
        }, "rhcc-node-shutdown");
    }

    /**
     * Releases {@code stop} when standard input reaches its end, from a daemon thread.
     */
    private static void watchStdin(final CountDownLatch stop)
    {
        final Thread watcher = new Thread(() ->
        {
            drain(System.in);
            stop.countDown();
        }, "rhcc-node-stdin");
        watcher.setDaemon(true);
        watcher.start();
    }

    /**
     * Closes the hosted extension and the node once the node has stopped, unless the JVM is already shutting down
     * (then the hook does).
     *
     * @param downed whether the cluster downed the node: then a failure to close is expected and not thrown.
     */
    private static void closeAfterStop(final RhccNode node, final Thread hook, final AutoCloseable extension,
        final boolean downed)
    {
        try
        {
            Runtime.getRuntime().removeShutdownHook(hook);
            CloseHelper.quietClose(extension);
            node.close();
        }
        catch (final IllegalStateException shuttingDown)
        {
            // the JVM is already shutting down: the hook closes the node
        }
        catch (final RuntimeException ex)
        {
            if (!downed)
            {
                throw ex;
            }
            // a node downed after a long pause finds its Aeron client timed out: nothing more to close
        }
    }

    static boolean downed(final RhccNode node)
    {
        final var reason = CoordinatedShutdown.get(node.system()).getShutdownReason();
        return reason.isPresent() && reason.get() == CoordinatedShutdown.clusterDowningReason();
    }

    private static void throwIfAutostartFailed(final RhccNode node)
    {
        final var reason = CoordinatedShutdown.get(node.system()).getShutdownReason();
        if (reason.isPresent() && reason.get() instanceof AutostartFailed failed)
        {
            throw new IllegalArgumentException(failed.message());
        }
    }

    private static void drain(final InputStream in)
    {
        final byte[] buffer = new byte[256];
        try
        {
            while (in.read(buffer) >= 0)
            {
                Thread.onSpinWait();
            }
        }
        catch (final IOException ignore)
        {
            // end of input
        }
    }

    private static String value(final String[] args, final int i, final String option)
    {
        if (i >= args.length)
        {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }
}
