package org.rhcc.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.aeron.Aeron;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.rhcc.actors.config.JournalSettings;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.node.RhccNode;

/**
 * Whether a node is ready to work, in the order an operator would check: it is {@code Up} in its cluster (joined, seen
 * by the leader), its Aeron media driver is alive (its heartbeat in the CnC file within {@link #DRIVER_TIMEOUT_MS}),
 * its journal answers ({@link JournalProbe}, on receiver and sender nodes: they journal), and each of its receiver
 * and sender roles can take a session (its guardian is registered and not shutting down). The first that fails is the
 * reason given.
 */
public final class NodeReadiness implements Supplier<String>, AutoCloseable
{
    /** Longest the driver's heartbeat may be silent. */
    static final long DRIVER_TIMEOUT_MS = 2_000;

    private final RhccNode node;
    private final JournalProbe journal;
    private final List<String> dataPlaneRoles = new ArrayList<>();

    /**
     * @param node the node.
     */
    public NodeReadiness(final RhccNode node)
    {
        this.node = node;
        final NodeSettings settings = node.settings();
        for (final String role : List.of(NodeSettings.ROLE_RECEIVER, NodeSettings.ROLE_SENDER))
        {
            if (settings.hasRole(role))
            {
                dataPlaneRoles.add(role);
            }
        }
        this.journal = dataPlaneRoles.isEmpty() ? null :
            new JournalProbe(JournalSettings.from(node.system().settings().config()));
    }

    /**
     * @return null when the node is ready, else the first reason it is not (one line).
     */
    @Override
    public String get()
    {
        if (node.system().getWhenTerminated().toCompletableFuture().isDone())
        {
            return "the node has stopped";
        }
        final MemberStatus status = Cluster.get(node.system()).selfMember().status();
        if (MemberStatus.up() != status)
        {
            final List<String> seeds = node.system().settings().config().getStringList("pekko.cluster.seed-nodes");
            return MemberStatus.removed() == status ? "has not joined its cluster yet (seed nodes " + seeds + ")" :
                "not Up in its cluster yet (status " + ClusterMetrics.statusName(status) + ")";
        }
        final Aeron aeron = node.context().aeron();
        if (aeron.isClosed() || !aeron.context().isDriverActive(DRIVER_TIMEOUT_MS, (message) -> { }))
        {
            return "Aeron media driver in " + node.driver().aeronDirectoryName() + " is not alive";
        }
        if (null != journal)
        {
            final String problem = journal.problem();
            if (null != problem)
            {
                return problem;
            }
        }
        final String role = node.context().readiness().firstNotAccepting(dataPlaneRoles);
        if (null != role)
        {
            return "the " + role + " role cannot take a session yet (its guardian is not registered, or it is " +
                "shutting down)";
        }
        return null;
    }

    /**
     * Stops the journal probe's thread.
     */
    public void close()
    {
        if (null != journal)
        {
            journal.close();
        }
    }
}
