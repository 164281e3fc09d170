package org.rhcc.metrics;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.agrona.CloseHelper;
import org.rhcc.actors.config.HttpEndpointSettings;
import org.rhcc.actors.node.NodeExtension;
import org.rhcc.actors.node.RhccNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every node's HTTP endpoint ({@code rhcc.node.http-port}, {@code rhcc.node.http-hostname}; conf/reference.conf):
 * {@code /metrics} ({@link NodeMetrics}), {@code /health}, {@code /ready} ({@link NodeReadiness}). Found by the node
 * as a {@link NodeExtension} on the classpath, started as the node starts, before it has joined its cluster (so
 * {@code /ready} says 503 until it has).
 */
public final class NodeEndpoint implements NodeExtension
{
    private static final Logger LOGGER = LoggerFactory.getLogger(NodeEndpoint.class);

    @Override
    public AutoCloseable start(final RhccNode node)
    {
        final HttpEndpointSettings http = HttpEndpointSettings.from(node.system().settings().config());
        if (!http.enabled())
        {
            return null;
        }
        final PrometheusRegistry registry = NodeMetrics.register(new PrometheusRegistry(), node);
        final NodeReadiness readiness = new NodeReadiness(node);
        final MetricsEndpoint endpoint;
        try
        {
            endpoint = MetricsEndpoint.start(http.hostname(), http.port(), registry, readiness,
                HttpEndpointSettings.PORT_KEY);
        }
        catch (final RuntimeException ex)
        {
            readiness.close();
            throw ex;
        }
        LOGGER.info("rhcc node {}: metrics at http://{}/metrics, health /health, readiness /ready", node.address(),
            endpoint.address());
        return () -> CloseHelper.closeAll(endpoint, readiness);
    }
}
