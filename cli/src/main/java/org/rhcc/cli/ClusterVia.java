package org.rhcc.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.rhcc.actors.node.RhccNode;
import org.rhcc.clusterservice.ClusterHooks;
import org.rhcc.clustersim.ClusterControllers;
import org.rhcc.experiments.RunHookFactory;

import org.rhcc.experiments.scheme.SchemeEntry;

/**
 * {@code rhcc experiment --via}: in process (nothing to start), or a local rhcc cluster whose work area is
 * {@code DIR/cluster} (journal, recordings, node logs) and whose lockstep hooks replace the in-process controllers.
 */
final class ClusterVia implements AutoCloseable
{
    private final ClusterControllers cluster;

    private ClusterVia(final ClusterControllers cluster)
    {
        this.cluster = cluster;
    }

    /**
     * @param via       {@code inproc} or {@code cluster}.
     * @param nodes     JVMs of the cluster.
     * @param schemes   the schemes to run (each must be one of core's).
     * @param directory the output directory.
     * @param stderr    told where the journal and recordings are.
     * @return the mode, started.
     * @throws UsageException for a bad --via, --nodes or scheme.
     */
    static ClusterVia open(final String via, final int nodes, final List<SchemeEntry> schemes, final Path directory,
        final PrintWriter stderr)
    {
        return open(via, nodes, schemes, directory, stderr, 0);
    }

    /**
     * @param via               {@code inproc} or {@code cluster}.
     * @param nodes             JVMs of the cluster.
     * @param schemes           the schemes to run (each must be one of core's).
     * @param directory         the output directory.
     * @param stderr            told where the journal and recordings are.
     * @param childHttpPortBase HTTP endpoint port of the first child JVM's node, the next child's one more; 0 for none.
     * @return the mode, started.
     * @throws UsageException for a bad --via, --nodes or scheme.
     */
    static ClusterVia open(final String via, final int nodes, final List<SchemeEntry> schemes, final Path directory,
        final PrintWriter stderr, final int childHttpPortBase)
    {
        final String mode = via.trim().toLowerCase(Locale.ROOT);
        if ("inproc".equals(mode))
        {
            if (1 != nodes)
            {
                throw new UsageException("--nodes " + nodes + " needs --via cluster");
            }
            return new ClusterVia(null);
        }
        if (!"cluster".equals(mode))
        {
            throw new UsageException("--via '" + via + "' must be inproc or cluster");
        }
        if (nodes < 1 || nodes > 3)
        {
            throw new UsageException("--nodes " + nodes + " must be 1, 2 or 3");
        }
        ClusterHooks.requireClusterSchemes(schemes);
        // initialise logging on this thread before Pekko's threads log concurrently (no SLF4J replay warnings)
        org.slf4j.LoggerFactory.getLogger("rhcc");
        final Path work = directory.resolve("cluster");
        stderr.printf(Locale.ROOT, "starting a %d-node rhcc cluster in %s%n", nodes, work);
        stderr.flush();
        final ClusterControllers cluster = ClusterControllers.start(nodes, work, Map.of(), childHttpPortBase);
        stderr.printf(Locale.ROOT, "cluster up; journal %s, recordings %s%n", cluster.journalFile(),
            cluster.archiveDir());
        stderr.flush();
        return new ClusterVia(cluster);
    }

    /**
     * @param requested --threads.
     * @return runs at once: one through the cluster (runs share its streams), else as requested.
     */
    int threads(final int requested)
    {
        return null == cluster ? requested : 1;
    }

    /**
     * @return each run's controller factory.
     */
    RunHookFactory hookFactory()
    {
        return null == cluster ? RunHookFactory.IN_PROCESS : ClusterHooks.hookFactory(cluster.platform());
    }

    /**
     * @return the cluster node of this JVM, or null in process.
     */
    RhccNode node()
    {
        return null == cluster ? null : cluster.node();
    }

    /**
     * Stops the cluster, if one was started.
     */
    public void close()
    {
        if (null != cluster)
        {
            cluster.close();
        }
    }
}
