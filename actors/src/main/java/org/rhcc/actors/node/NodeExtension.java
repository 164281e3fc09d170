package org.rhcc.actors.node;

/**
 * Something a node runs beside its actors, found on the classpath ({@link java.util.ServiceLoader}, a
 * {@code META-INF/services/org.rhcc.actors.node.NodeExtension} file): the {@code metrics} module's HTTP endpoint
 * ({@code /metrics}, {@code /health}, {@code /ready}) is one, so that every node of {@code rhcc.jar} serves it while
 * actors, which it reads, does not depend on it. Started once the node's actor system exists (before it has joined
 * its cluster: readiness says when it has), closed first when the node closes.
 */
public interface NodeExtension
{
    /**
     * @param node the node, started and joining its cluster.
     * @return what to close when the node closes, or null if the extension has nothing to run for this node.
     * @throws IllegalArgumentException for a bad setting or a port in use, on one line naming the key (the node's
     *                                  start then fails with it).
     */
    AutoCloseable start(RhccNode node);
}
