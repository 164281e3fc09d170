package org.rhcc.metrics;

import java.util.Set;

import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.rhcc.actors.node.RhccNode;
import org.rhcc.actors.sender.SenderAgents;
import org.rhcc.transport.counters.NodeCounters;

/**
 * What a node's {@code /metrics} serves, registered in a registry: its counters ({@link CounterMetrics}), the R_rev
 * distribution of its sender hosts ({@link ReceivableRateSummary}), the cluster as it sees it
 * ({@link ClusterMetrics}), and the JVM's metrics (the Prometheus client's {@link JvmMetrics}).
 */
public final class NodeMetrics
{
    private NodeMetrics()
    {
    }

    /**
     * @param registry where to register.
     * @param node     the node.
     */
    public static PrometheusRegistry register(final PrometheusRegistry registry, final RhccNode node)
    {
        registerAgents(registry, node.context().counters(), node.senderAgents(), Set.copyOf(node.settings().roles()));
        registry.register(new ClusterMetrics(node.system(), node.settings()));
        JvmMetrics.builder().register(registry);
        return registry;
    }

    /**
     * The agents' metrics alone, for agents run outside a node (a benchmark).
     *
     * @param registry where to register.
     * @param counters where the agents' counters come from.
     * @param senders  the sender host states the rate updaters run.
     * @param roles    the roles whose metrics are reported at 0 before anything is counted.
     */
    public static PrometheusRegistry registerAgents(final PrometheusRegistry registry, final NodeCounters counters,
        final SenderAgents senders, final Set<String> roles)
    {
        registry.register(new CounterMetrics(counters, roles));
        registry.register(new ReceivableRateSummary(senders));
        return registry;
    }
}
