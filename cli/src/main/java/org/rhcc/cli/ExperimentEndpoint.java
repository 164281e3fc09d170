package org.rhcc.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Supplier;

import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.agrona.CloseHelper;
import org.rhcc.actors.node.RhccNode;
import org.rhcc.experiments.RunListener;

import org.rhcc.metrics.MetricsEndpoint;
import org.rhcc.metrics.NodeMetrics;
import org.rhcc.metrics.NodeReadiness;

/**
 * {@code rhcc experiment --metrics-port N}: an HTTP endpoint on 127.0.0.1:N for as long as the experiment runs, with
 * {@code /metrics} (the experiment's progress, {@link ExperimentMetrics}; with {@code --via cluster} also this JVM's
 * node, {@link NodeMetrics}; the JVM's own), {@code /health} and {@code /ready} (always ready in process; the node's
 * readiness through the cluster).
 */
final class ExperimentEndpoint implements AutoCloseable
{
    /** The address the endpoint binds: this host only (a development tool's endpoint). */
    static final String HOST = "127.0.0.1";

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final int port;
    private MetricsEndpoint endpoint;
    private NodeReadiness readiness;

    private ExperimentEndpoint(final int port)
    {
        this.port = port;
    }

    /**
     * @param port --metrics-port, or null for no endpoint.
     * @return the endpoint, not yet started, or null.
     * @throws UsageException for a port out of range.
     */
    static ExperimentEndpoint of(final Integer port)
    {
        if (null == port)
        {
            return null;
        }
        if (port < 1 || port > 65535)
        {
            throw new UsageException("--metrics-port " + port + " must be within 1..65535");
        }
        return new ExperimentEndpoint(port);
    }

    /**
     * @param next the progress display.
     * @return a listener that counts the runs and tells the display.
     */
    RunListener listener(final RunListener next)
    {
        return new ExperimentMetrics(registry, next);
    }

    /**
     * Serves the endpoint, with the metrics of this JVM's cluster node if there is one.
     *
     * @param node   the node of {@code --via cluster} in this JVM, or null in process.
     * @param stderr told where the endpoint is.
     * @throws UsageException if the port is in use.
     */
    void start(final RhccNode node, final PrintWriter stderr)
    {
        final Supplier<String> ready;
        if (null == node)
        {
            JvmMetrics.builder().register(registry);
            ready = () -> null;
        }
        else
        {
            NodeMetrics.register(registry, node);
            readiness = new NodeReadiness(node);
            ready = readiness;
        }
        try
        {
            endpoint = MetricsEndpoint.start(HOST, port, registry, ready, "--metrics-port");
        }
        catch (final IllegalArgumentException ex)
        {
            CloseHelper.quietClose(readiness);
            throw new UsageException(ex.getMessage());
        }
        stderr.printf(Locale.ROOT, "metrics at http://%s/metrics (health /health, readiness /ready)%n",
            endpoint.address());
        stderr.flush();
    }

    /**
     * @return the port, to number the child JVMs' nodes' endpoints after it.
     */
    int port()
    {
        return port;
    }

    /**
     * Stops serving.
     */
    public void close()
    {
        CloseHelper.quietCloseAll(endpoint, readiness);
    }
}
